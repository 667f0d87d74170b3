"""The client: one typed method per operation of the API, on top of the generated code (csi_client/_generated/).

Each method takes the parameters of the generated operation (its `_get_kwargs`, so names and types follow the served
document without being written twice), sends the call through the retrying transport, and returns the 200 body as the
generated model, or raises the CsiApiError subclass of the answer's code.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Generic, ParamSpec, Protocol, Self, TypeVar, cast, overload

import httpx

from ._generated.api.default import export_creators as _export_creators
from ._generated.api.default import find_similar_creators as _find_similar_creators
from ._generated.api.default import get_creator as _get_creator
from ._generated.api.default import get_creator_audience as _get_creator_audience
from ._generated.api.default import get_creator_history as _get_creator_history
from ._generated.api.default import get_creator_sponsorships as _get_creator_sponsorships
from ._generated.api.default import get_credits as _get_credits
from ._generated.api.default import get_sponsor as _get_sponsor
from ._generated.api.default import get_usage as _get_usage
from ._generated.api.default import list_niches as _list_niches
from ._generated.api.default import search_creators as _search_creators
from ._generated.api.default import search_sponsors as _search_sponsors
from ._generated.client import AuthenticatedClient
from ._generated.models import (
    CreatorSummary,
    Credits,
    FindSimilarCreatorsResponse200,
    GetCreatorAudienceResponse200,
    GetCreatorHistoryResponse200,
    GetCreatorResponse200,
    GetCreatorSponsorshipsResponse200,
    GetSponsorResponse200,
    ListNichesResponse200,
    SearchCreatorsResponse200,
    SearchSponsorsResponse200,
    Usage,
)
from .call_info import CallInfo
from .errors import error_from_response
from .retry import RetryTransport

P = ParamSpec("P")


class _Model(Protocol):
    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self: ...


class _Page(Protocol):
    @property
    def has_more(self) -> bool: ...
    @property
    def next_page(self) -> int | None: ...


M = TypeVar("M", bound=_Model)
Pg = TypeVar("Pg", bound=_Page)
R = TypeVar("R")


def _model(model: type[M]) -> Callable[[httpx.Response], M]:
    """Reads a 200 body as the generated model of the operation."""
    return lambda response: model.from_dict(response.json())


def _text(response: httpx.Response) -> str:
    """Reads a 200 body that is a file, not JSON (the export's CSV or NDJSON)."""
    return response.text


class _Operation(Generic[P, R]):
    """A method of Client: the generated request builder for its parameters, `read` for its answer."""

    def __init__(self, request: Callable[P, dict[str, Any]], read: Callable[[httpx.Response], R]) -> None:
        self._request = request
        self._read = read
        self._doc = sys.modules[request.__module__].sync_detailed.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, client: None, owner: type) -> Self: ...
    @overload
    def __get__(self, client: Client, owner: type) -> Callable[P, R]: ...
    def __get__(self, client: Client | None, owner: type) -> Self | Callable[P, R]:
        if client is None:
            return self

        def call(*args: P.args, **kwargs: P.kwargs) -> R:
            return self._read(client._send(self._request(*args, **kwargs)))

        call.__name__ = self._name
        call.__doc__ = self._doc
        return call


class Client:
    """The API at `base_url` (the service's root, e.g. http://127.0.0.1:3000) with one API key.

    429 and 503 answers are retried after their Retry-After, at most `max_retries` times and only when the wait is at
    most `max_retry_delay` seconds (see retry.py). `last_call` holds the last answer's credit and rate-limit headers.
    `generated` is the generated client, for the generated functions (csi_client/_generated/api/): same key, retries.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        max_retries: int = 2,
        max_retry_delay: float = 10.0,
        timeout: float = 30.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        retrying = RetryTransport(
            transport or httpx.HTTPTransport(), max_retries=max_retries, max_delay=max_retry_delay
        )
        self.generated = AuthenticatedClient(
            base_url=base_url.rstrip("/"),
            token=api_key,
            timeout=httpx.Timeout(timeout),
            httpx_args={"transport": retrying},
        )
        self.last_call: CallInfo | None = None

    search_creators = _Operation(_search_creators._get_kwargs, _model(SearchCreatorsResponse200))
    get_creator = _Operation(_get_creator._get_kwargs, _model(GetCreatorResponse200))
    get_creator_audience = _Operation(_get_creator_audience._get_kwargs, _model(GetCreatorAudienceResponse200))
    find_similar_creators = _Operation(_find_similar_creators._get_kwargs, _model(FindSimilarCreatorsResponse200))
    get_creator_sponsorships = _Operation(
        _get_creator_sponsorships._get_kwargs, _model(GetCreatorSponsorshipsResponse200)
    )
    get_creator_history = _Operation(_get_creator_history._get_kwargs, _model(GetCreatorHistoryResponse200))
    search_sponsors = _Operation(_search_sponsors._get_kwargs, _model(SearchSponsorsResponse200))
    get_sponsor = _Operation(_get_sponsor._get_kwargs, _model(GetSponsorResponse200))
    list_niches = _Operation(_list_niches._get_kwargs, _model(ListNichesResponse200))
    get_credits = _Operation(_get_credits._get_kwargs, _model(Credits))
    get_usage = _Operation(_get_usage._get_kwargs, _model(Usage))
    #: Up to max_rows creators of a search as CSV (format_="csv", the default) or NDJSON text. It costs what paging
    #: them would: the unused part of what it reserves is refunded; last_call.credits_reserved says what was reserved.
    export_creators = _Operation(_export_creators._get_kwargs, _text)

    def iter_pages(self, operation: Callable[P, Pg], *args: P.args, **kwargs: P.kwargs) -> Iterator[Pg]:
        """Every page of a paged operation from `page` (default 1), one call (one credit) each, until the service says
        there is no next page: the last match or the search depth limit. Lazy: a page is fetched when it is asked for,
        so `itertools.islice(client.iter_pages(...), 3)` spends at most 3 credits.

            for page in client.iter_pages(client.search_creators, query="gaming"): ...
        """
        page = cast("int | None", kwargs.pop("page", 1))
        while page is not None:
            result = operation(*args, **{**kwargs, "page": page})  # type: ignore[arg-type]
            yield result
            page = result.next_page if result.has_more else None

    def iter_creators(self, query: str, **filters: Any) -> Iterator[CreatorSummary]:
        """Every creator of a search, page after page (one credit a page): search_creators' parameters, lazily."""
        for page in self.iter_pages(self.search_creators, query=query, **filters):
            yield from page.creators

    def close(self) -> None:
        self.generated.get_httpx_client().close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def _send(self, request: dict[str, Any]) -> httpx.Response:
        """Sends one generated request; its successful response, or the error of its code."""
        response = self.generated.get_httpx_client().request(**request)
        self.last_call = CallInfo.from_response(response)
        if response.is_success:
            return response
        raise error_from_response(response, self.last_call)

from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.search_creators_niche_category import (
    SearchCreatorsNicheCategory,
)
from ...models.search_creators_response_200 import SearchCreatorsResponse200
from ...models.search_creators_sort import (
    SearchCreatorsSort,
)
from ...models.search_creators_video_format import (
    SearchCreatorsVideoFormat,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    query: str,
    niche_category: SearchCreatorsNicheCategory | Unset = UNSET,
    primary_niche_only: bool | Unset = UNSET,
    country: str | Unset = UNSET,
    language: str | Unset = UNSET,
    min_subscribers: int | Unset = UNSET,
    max_subscribers: int | Unset = UNSET,
    min_avg_views: int | Unset = UNSET,
    min_engagement_rate: float | Unset = UNSET,
    min_subs_growth: float | Unset = UNSET,
    has_sponsors: bool | Unset = UNSET,
    video_format: SearchCreatorsVideoFormat | Unset = UNSET,
    sort: SearchCreatorsSort | Unset = UNSET,
    facets: str | Unset = UNSET,
    page: int | Unset = 1,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["query"] = query

    json_niche_category: str | Unset = UNSET
    if not isinstance(niche_category, Unset):
        json_niche_category = niche_category

    params["niche_category"] = json_niche_category

    params["primary_niche_only"] = primary_niche_only

    params["country"] = country

    params["language"] = language

    params["min_subscribers"] = min_subscribers

    params["max_subscribers"] = max_subscribers

    params["min_avg_views"] = min_avg_views

    params["min_engagement_rate"] = min_engagement_rate

    params["min_subs_growth"] = min_subs_growth

    params["has_sponsors"] = has_sponsors

    json_video_format: str | Unset = UNSET
    if not isinstance(video_format, Unset):
        json_video_format = video_format

    params["video_format"] = json_video_format

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort

    params["sort"] = json_sort

    params["facets"] = facets

    params["page"] = page

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/creators",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | SearchCreatorsResponse200 | None:
    if response.status_code == 200:
        response_200 = SearchCreatorsResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 402:
        response_402 = Error.from_dict(response.json())

        return response_402

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | SearchCreatorsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    query: str,
    niche_category: SearchCreatorsNicheCategory | Unset = UNSET,
    primary_niche_only: bool | Unset = UNSET,
    country: str | Unset = UNSET,
    language: str | Unset = UNSET,
    min_subscribers: int | Unset = UNSET,
    max_subscribers: int | Unset = UNSET,
    min_avg_views: int | Unset = UNSET,
    min_engagement_rate: float | Unset = UNSET,
    min_subs_growth: float | Unset = UNSET,
    has_sponsors: bool | Unset = UNSET,
    video_format: SearchCreatorsVideoFormat | Unset = UNSET,
    sort: SearchCreatorsSort | Unset = UNSET,
    facets: str | Unset = UNSET,
    page: int | Unset = 1,
) -> Response[Error | SearchCreatorsResponse200]:
    """Search creators by topic, keyword, brand or name

     Relevance-ranked, paginated. Costs 1 credit per page. `query` is at most 200 characters; only the
    first SEARCH_DEPTH_LIMIT matches (default 1,000) can be paged through, while totalFound counts all.

    Args:
        query (str):
        niche_category (SearchCreatorsNicheCategory | Unset):
        primary_niche_only (bool | Unset):
        country (str | Unset):
        language (str | Unset):
        min_subscribers (int | Unset):
        max_subscribers (int | Unset):
        min_avg_views (int | Unset):
        min_engagement_rate (float | Unset):
        min_subs_growth (float | Unset):
        has_sponsors (bool | Unset):
        video_format (SearchCreatorsVideoFormat | Unset):
        sort (SearchCreatorsSort | Unset):
        facets (str | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SearchCreatorsResponse200]
    """

    kwargs = _get_kwargs(
        query=query,
        niche_category=niche_category,
        primary_niche_only=primary_niche_only,
        country=country,
        language=language,
        min_subscribers=min_subscribers,
        max_subscribers=max_subscribers,
        min_avg_views=min_avg_views,
        min_engagement_rate=min_engagement_rate,
        min_subs_growth=min_subs_growth,
        has_sponsors=has_sponsors,
        video_format=video_format,
        sort=sort,
        facets=facets,
        page=page,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    query: str,
    niche_category: SearchCreatorsNicheCategory | Unset = UNSET,
    primary_niche_only: bool | Unset = UNSET,
    country: str | Unset = UNSET,
    language: str | Unset = UNSET,
    min_subscribers: int | Unset = UNSET,
    max_subscribers: int | Unset = UNSET,
    min_avg_views: int | Unset = UNSET,
    min_engagement_rate: float | Unset = UNSET,
    min_subs_growth: float | Unset = UNSET,
    has_sponsors: bool | Unset = UNSET,
    video_format: SearchCreatorsVideoFormat | Unset = UNSET,
    sort: SearchCreatorsSort | Unset = UNSET,
    facets: str | Unset = UNSET,
    page: int | Unset = 1,
) -> Error | SearchCreatorsResponse200 | None:
    """Search creators by topic, keyword, brand or name

     Relevance-ranked, paginated. Costs 1 credit per page. `query` is at most 200 characters; only the
    first SEARCH_DEPTH_LIMIT matches (default 1,000) can be paged through, while totalFound counts all.

    Args:
        query (str):
        niche_category (SearchCreatorsNicheCategory | Unset):
        primary_niche_only (bool | Unset):
        country (str | Unset):
        language (str | Unset):
        min_subscribers (int | Unset):
        max_subscribers (int | Unset):
        min_avg_views (int | Unset):
        min_engagement_rate (float | Unset):
        min_subs_growth (float | Unset):
        has_sponsors (bool | Unset):
        video_format (SearchCreatorsVideoFormat | Unset):
        sort (SearchCreatorsSort | Unset):
        facets (str | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SearchCreatorsResponse200
    """

    return sync_detailed(
        client=client,
        query=query,
        niche_category=niche_category,
        primary_niche_only=primary_niche_only,
        country=country,
        language=language,
        min_subscribers=min_subscribers,
        max_subscribers=max_subscribers,
        min_avg_views=min_avg_views,
        min_engagement_rate=min_engagement_rate,
        min_subs_growth=min_subs_growth,
        has_sponsors=has_sponsors,
        video_format=video_format,
        sort=sort,
        facets=facets,
        page=page,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    query: str,
    niche_category: SearchCreatorsNicheCategory | Unset = UNSET,
    primary_niche_only: bool | Unset = UNSET,
    country: str | Unset = UNSET,
    language: str | Unset = UNSET,
    min_subscribers: int | Unset = UNSET,
    max_subscribers: int | Unset = UNSET,
    min_avg_views: int | Unset = UNSET,
    min_engagement_rate: float | Unset = UNSET,
    min_subs_growth: float | Unset = UNSET,
    has_sponsors: bool | Unset = UNSET,
    video_format: SearchCreatorsVideoFormat | Unset = UNSET,
    sort: SearchCreatorsSort | Unset = UNSET,
    facets: str | Unset = UNSET,
    page: int | Unset = 1,
) -> Response[Error | SearchCreatorsResponse200]:
    """Search creators by topic, keyword, brand or name

     Relevance-ranked, paginated. Costs 1 credit per page. `query` is at most 200 characters; only the
    first SEARCH_DEPTH_LIMIT matches (default 1,000) can be paged through, while totalFound counts all.

    Args:
        query (str):
        niche_category (SearchCreatorsNicheCategory | Unset):
        primary_niche_only (bool | Unset):
        country (str | Unset):
        language (str | Unset):
        min_subscribers (int | Unset):
        max_subscribers (int | Unset):
        min_avg_views (int | Unset):
        min_engagement_rate (float | Unset):
        min_subs_growth (float | Unset):
        has_sponsors (bool | Unset):
        video_format (SearchCreatorsVideoFormat | Unset):
        sort (SearchCreatorsSort | Unset):
        facets (str | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SearchCreatorsResponse200]
    """

    kwargs = _get_kwargs(
        query=query,
        niche_category=niche_category,
        primary_niche_only=primary_niche_only,
        country=country,
        language=language,
        min_subscribers=min_subscribers,
        max_subscribers=max_subscribers,
        min_avg_views=min_avg_views,
        min_engagement_rate=min_engagement_rate,
        min_subs_growth=min_subs_growth,
        has_sponsors=has_sponsors,
        video_format=video_format,
        sort=sort,
        facets=facets,
        page=page,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    query: str,
    niche_category: SearchCreatorsNicheCategory | Unset = UNSET,
    primary_niche_only: bool | Unset = UNSET,
    country: str | Unset = UNSET,
    language: str | Unset = UNSET,
    min_subscribers: int | Unset = UNSET,
    max_subscribers: int | Unset = UNSET,
    min_avg_views: int | Unset = UNSET,
    min_engagement_rate: float | Unset = UNSET,
    min_subs_growth: float | Unset = UNSET,
    has_sponsors: bool | Unset = UNSET,
    video_format: SearchCreatorsVideoFormat | Unset = UNSET,
    sort: SearchCreatorsSort | Unset = UNSET,
    facets: str | Unset = UNSET,
    page: int | Unset = 1,
) -> Error | SearchCreatorsResponse200 | None:
    """Search creators by topic, keyword, brand or name

     Relevance-ranked, paginated. Costs 1 credit per page. `query` is at most 200 characters; only the
    first SEARCH_DEPTH_LIMIT matches (default 1,000) can be paged through, while totalFound counts all.

    Args:
        query (str):
        niche_category (SearchCreatorsNicheCategory | Unset):
        primary_niche_only (bool | Unset):
        country (str | Unset):
        language (str | Unset):
        min_subscribers (int | Unset):
        max_subscribers (int | Unset):
        min_avg_views (int | Unset):
        min_engagement_rate (float | Unset):
        min_subs_growth (float | Unset):
        has_sponsors (bool | Unset):
        video_format (SearchCreatorsVideoFormat | Unset):
        sort (SearchCreatorsSort | Unset):
        facets (str | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SearchCreatorsResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            query=query,
            niche_category=niche_category,
            primary_niche_only=primary_niche_only,
            country=country,
            language=language,
            min_subscribers=min_subscribers,
            max_subscribers=max_subscribers,
            min_avg_views=min_avg_views,
            min_engagement_rate=min_engagement_rate,
            min_subs_growth=min_subs_growth,
            has_sponsors=has_sponsors,
            video_format=video_format,
            sort=sort,
            facets=facets,
            page=page,
        )
    ).parsed

from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_creator_sponsorships_response_200 import (
    GetCreatorSponsorshipsResponse200,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    sponsor: int | Unset = UNSET,
    min_confidence: float | Unset = 0.7,
    page: int | Unset = 1,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["sponsor"] = sponsor

    params["min_confidence"] = min_confidence

    params["page"] = page

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/creators/{id}/sponsorships".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | GetCreatorSponsorshipsResponse200 | None:
    if response.status_code == 200:
        response_200 = GetCreatorSponsorshipsResponse200.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

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
) -> Response[Error | GetCreatorSponsorshipsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    sponsor: int | Unset = UNSET,
    min_confidence: float | Unset = 0.7,
    page: int | Unset = 1,
) -> Response[Error | GetCreatorSponsorshipsResponse200]:
    """List a creator's detected sponsorships with their evidence

     Beyond the spec. Costs 1 credit per page, paged like search. Same ids as getCreator. Each
    sponsorship is a video with its title, date, sponsor, the line that discloses it, the rule that
    found it and a confidence; newest first. sponsor filters by numeric sponsor id (an unknown one gives
    an empty page); min_confidence (0 to 1) defaults to 0.7, the threshold sponsorshipCount and the
    sponsor lists count at, so the default pages add up to them.

    Args:
        id (str):
        sponsor (int | Unset):
        min_confidence (float | Unset):  Default: 0.7.
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetCreatorSponsorshipsResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        sponsor=sponsor,
        min_confidence=min_confidence,
        page=page,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    sponsor: int | Unset = UNSET,
    min_confidence: float | Unset = 0.7,
    page: int | Unset = 1,
) -> Error | GetCreatorSponsorshipsResponse200 | None:
    """List a creator's detected sponsorships with their evidence

     Beyond the spec. Costs 1 credit per page, paged like search. Same ids as getCreator. Each
    sponsorship is a video with its title, date, sponsor, the line that discloses it, the rule that
    found it and a confidence; newest first. sponsor filters by numeric sponsor id (an unknown one gives
    an empty page); min_confidence (0 to 1) defaults to 0.7, the threshold sponsorshipCount and the
    sponsor lists count at, so the default pages add up to them.

    Args:
        id (str):
        sponsor (int | Unset):
        min_confidence (float | Unset):  Default: 0.7.
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetCreatorSponsorshipsResponse200
    """

    return sync_detailed(
        id=id,
        client=client,
        sponsor=sponsor,
        min_confidence=min_confidence,
        page=page,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    sponsor: int | Unset = UNSET,
    min_confidence: float | Unset = 0.7,
    page: int | Unset = 1,
) -> Response[Error | GetCreatorSponsorshipsResponse200]:
    """List a creator's detected sponsorships with their evidence

     Beyond the spec. Costs 1 credit per page, paged like search. Same ids as getCreator. Each
    sponsorship is a video with its title, date, sponsor, the line that discloses it, the rule that
    found it and a confidence; newest first. sponsor filters by numeric sponsor id (an unknown one gives
    an empty page); min_confidence (0 to 1) defaults to 0.7, the threshold sponsorshipCount and the
    sponsor lists count at, so the default pages add up to them.

    Args:
        id (str):
        sponsor (int | Unset):
        min_confidence (float | Unset):  Default: 0.7.
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetCreatorSponsorshipsResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        sponsor=sponsor,
        min_confidence=min_confidence,
        page=page,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    sponsor: int | Unset = UNSET,
    min_confidence: float | Unset = 0.7,
    page: int | Unset = 1,
) -> Error | GetCreatorSponsorshipsResponse200 | None:
    """List a creator's detected sponsorships with their evidence

     Beyond the spec. Costs 1 credit per page, paged like search. Same ids as getCreator. Each
    sponsorship is a video with its title, date, sponsor, the line that discloses it, the rule that
    found it and a confidence; newest first. sponsor filters by numeric sponsor id (an unknown one gives
    an empty page); min_confidence (0 to 1) defaults to 0.7, the threshold sponsorshipCount and the
    sponsor lists count at, so the default pages add up to them.

    Args:
        id (str):
        sponsor (int | Unset):
        min_confidence (float | Unset):  Default: 0.7.
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetCreatorSponsorshipsResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            sponsor=sponsor,
            min_confidence=min_confidence,
            page=page,
        )
    ).parsed

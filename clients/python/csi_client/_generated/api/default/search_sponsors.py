from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.search_sponsors_response_200 import SearchSponsorsResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    query: str,
    facets: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["query"] = query

    params["facets"] = facets

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/sponsors",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | SearchSponsorsResponse200 | None:
    if response.status_code == 200:
        response_200 = SearchSponsorsResponse200.from_dict(response.json())

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
) -> Response[Error | SearchSponsorsResponse200]:
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
    facets: str | Unset = UNSET,
) -> Response[Error | SearchSponsorsResponse200]:
    """Search sponsors (brands) by name, domain or keyword

     Costs 1 credit. Ranked by detected sponsorships; at most SPONSOR_RESULTS (default 25).

    Args:
        query (str):
        facets (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SearchSponsorsResponse200]
    """

    kwargs = _get_kwargs(
        query=query,
        facets=facets,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    query: str,
    facets: str | Unset = UNSET,
) -> Error | SearchSponsorsResponse200 | None:
    """Search sponsors (brands) by name, domain or keyword

     Costs 1 credit. Ranked by detected sponsorships; at most SPONSOR_RESULTS (default 25).

    Args:
        query (str):
        facets (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SearchSponsorsResponse200
    """

    return sync_detailed(
        client=client,
        query=query,
        facets=facets,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    query: str,
    facets: str | Unset = UNSET,
) -> Response[Error | SearchSponsorsResponse200]:
    """Search sponsors (brands) by name, domain or keyword

     Costs 1 credit. Ranked by detected sponsorships; at most SPONSOR_RESULTS (default 25).

    Args:
        query (str):
        facets (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SearchSponsorsResponse200]
    """

    kwargs = _get_kwargs(
        query=query,
        facets=facets,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    query: str,
    facets: str | Unset = UNSET,
) -> Error | SearchSponsorsResponse200 | None:
    """Search sponsors (brands) by name, domain or keyword

     Costs 1 credit. Ranked by detected sponsorships; at most SPONSOR_RESULTS (default 25).

    Args:
        query (str):
        facets (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SearchSponsorsResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            query=query,
            facets=facets,
        )
    ).parsed

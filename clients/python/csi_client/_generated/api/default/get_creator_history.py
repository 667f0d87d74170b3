import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_creator_history_response_200 import GetCreatorHistoryResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    page: int | Unset = 1,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to: str | Unset = UNSET
    if not isinstance(to, Unset):
        json_to = to.isoformat()
    params["to"] = json_to

    params["page"] = page

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/creators/{id}/history".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | GetCreatorHistoryResponse200 | None:
    if response.status_code == 200:
        response_200 = GetCreatorHistoryResponse200.from_dict(response.json())

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
) -> Response[Error | GetCreatorHistoryResponse200]:
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
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    page: int | Unset = 1,
) -> Response[Error | GetCreatorHistoryResponse200]:
    """List a creator's dated snapshots (subscribers, views, videos)

     Beyond the spec. Costs 1 credit per page, paged like search. Same ids as getCreator. One snapshot
    per day an import or refresh read the creator, newest first; from and to (YYYY-MM-DD) bound the
    dates. The newest is the figures the profile shows (its asOf); growth is derived from them.

    Args:
        id (str):
        from_ (datetime.date | Unset):
        to (datetime.date | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetCreatorHistoryResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        from_=from_,
        to=to,
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
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    page: int | Unset = 1,
) -> Error | GetCreatorHistoryResponse200 | None:
    """List a creator's dated snapshots (subscribers, views, videos)

     Beyond the spec. Costs 1 credit per page, paged like search. Same ids as getCreator. One snapshot
    per day an import or refresh read the creator, newest first; from and to (YYYY-MM-DD) bound the
    dates. The newest is the figures the profile shows (its asOf); growth is derived from them.

    Args:
        id (str):
        from_ (datetime.date | Unset):
        to (datetime.date | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetCreatorHistoryResponse200
    """

    return sync_detailed(
        id=id,
        client=client,
        from_=from_,
        to=to,
        page=page,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    page: int | Unset = 1,
) -> Response[Error | GetCreatorHistoryResponse200]:
    """List a creator's dated snapshots (subscribers, views, videos)

     Beyond the spec. Costs 1 credit per page, paged like search. Same ids as getCreator. One snapshot
    per day an import or refresh read the creator, newest first; from and to (YYYY-MM-DD) bound the
    dates. The newest is the figures the profile shows (its asOf); growth is derived from them.

    Args:
        id (str):
        from_ (datetime.date | Unset):
        to (datetime.date | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetCreatorHistoryResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        from_=from_,
        to=to,
        page=page,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    page: int | Unset = 1,
) -> Error | GetCreatorHistoryResponse200 | None:
    """List a creator's dated snapshots (subscribers, views, videos)

     Beyond the spec. Costs 1 credit per page, paged like search. Same ids as getCreator. One snapshot
    per day an import or refresh read the creator, newest first; from and to (YYYY-MM-DD) bound the
    dates. The newest is the figures the profile shows (its asOf); growth is derived from them.

    Args:
        id (str):
        from_ (datetime.date | Unset):
        to (datetime.date | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetCreatorHistoryResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            from_=from_,
            to=to,
            page=page,
        )
    ).parsed

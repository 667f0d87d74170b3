from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.find_similar_creators_niche_category import (
    FindSimilarCreatorsNicheCategory,
)
from ...models.find_similar_creators_response_200 import FindSimilarCreatorsResponse200
from ...models.find_similar_creators_video_format import (
    FindSimilarCreatorsVideoFormat,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    niche_category: FindSimilarCreatorsNicheCategory | Unset = UNSET,
    primary_niche_only: bool | Unset = UNSET,
    country: str | Unset = UNSET,
    language: str | Unset = UNSET,
    min_subscribers: int | Unset = UNSET,
    max_subscribers: int | Unset = UNSET,
    min_avg_views: int | Unset = UNSET,
    min_engagement_rate: float | Unset = UNSET,
    min_subs_growth: float | Unset = UNSET,
    has_sponsors: bool | Unset = UNSET,
    video_format: FindSimilarCreatorsVideoFormat | Unset = UNSET,
    page: int | Unset = 1,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

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

    params["page"] = page

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/creators/{id}/similar".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | FindSimilarCreatorsResponse200 | None:
    if response.status_code == 200:
        response_200 = FindSimilarCreatorsResponse200.from_dict(response.json())

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
) -> Response[Error | FindSimilarCreatorsResponse200]:
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
    niche_category: FindSimilarCreatorsNicheCategory | Unset = UNSET,
    primary_niche_only: bool | Unset = UNSET,
    country: str | Unset = UNSET,
    language: str | Unset = UNSET,
    min_subscribers: int | Unset = UNSET,
    max_subscribers: int | Unset = UNSET,
    min_avg_views: int | Unset = UNSET,
    min_engagement_rate: float | Unset = UNSET,
    min_subs_growth: float | Unset = UNSET,
    has_sponsors: bool | Unset = UNSET,
    video_format: FindSimilarCreatorsVideoFormat | Unset = UNSET,
    page: int | Unset = 1,
) -> Response[Error | FindSimilarCreatorsResponse200]:
    """Find creators similar to a creator

     Beyond the spec. Costs 1 credit per page, like search, with the same filters, paging and page size.
    Same ids as getCreator. Ranked by how near in meaning each creator's content is, and by a shared
    niche, size band and sponsors; each says which it matched.

    Args:
        id (str):
        niche_category (FindSimilarCreatorsNicheCategory | Unset):
        primary_niche_only (bool | Unset):
        country (str | Unset):
        language (str | Unset):
        min_subscribers (int | Unset):
        max_subscribers (int | Unset):
        min_avg_views (int | Unset):
        min_engagement_rate (float | Unset):
        min_subs_growth (float | Unset):
        has_sponsors (bool | Unset):
        video_format (FindSimilarCreatorsVideoFormat | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | FindSimilarCreatorsResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
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
    niche_category: FindSimilarCreatorsNicheCategory | Unset = UNSET,
    primary_niche_only: bool | Unset = UNSET,
    country: str | Unset = UNSET,
    language: str | Unset = UNSET,
    min_subscribers: int | Unset = UNSET,
    max_subscribers: int | Unset = UNSET,
    min_avg_views: int | Unset = UNSET,
    min_engagement_rate: float | Unset = UNSET,
    min_subs_growth: float | Unset = UNSET,
    has_sponsors: bool | Unset = UNSET,
    video_format: FindSimilarCreatorsVideoFormat | Unset = UNSET,
    page: int | Unset = 1,
) -> Error | FindSimilarCreatorsResponse200 | None:
    """Find creators similar to a creator

     Beyond the spec. Costs 1 credit per page, like search, with the same filters, paging and page size.
    Same ids as getCreator. Ranked by how near in meaning each creator's content is, and by a shared
    niche, size band and sponsors; each says which it matched.

    Args:
        id (str):
        niche_category (FindSimilarCreatorsNicheCategory | Unset):
        primary_niche_only (bool | Unset):
        country (str | Unset):
        language (str | Unset):
        min_subscribers (int | Unset):
        max_subscribers (int | Unset):
        min_avg_views (int | Unset):
        min_engagement_rate (float | Unset):
        min_subs_growth (float | Unset):
        has_sponsors (bool | Unset):
        video_format (FindSimilarCreatorsVideoFormat | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | FindSimilarCreatorsResponse200
    """

    return sync_detailed(
        id=id,
        client=client,
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
        page=page,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    niche_category: FindSimilarCreatorsNicheCategory | Unset = UNSET,
    primary_niche_only: bool | Unset = UNSET,
    country: str | Unset = UNSET,
    language: str | Unset = UNSET,
    min_subscribers: int | Unset = UNSET,
    max_subscribers: int | Unset = UNSET,
    min_avg_views: int | Unset = UNSET,
    min_engagement_rate: float | Unset = UNSET,
    min_subs_growth: float | Unset = UNSET,
    has_sponsors: bool | Unset = UNSET,
    video_format: FindSimilarCreatorsVideoFormat | Unset = UNSET,
    page: int | Unset = 1,
) -> Response[Error | FindSimilarCreatorsResponse200]:
    """Find creators similar to a creator

     Beyond the spec. Costs 1 credit per page, like search, with the same filters, paging and page size.
    Same ids as getCreator. Ranked by how near in meaning each creator's content is, and by a shared
    niche, size band and sponsors; each says which it matched.

    Args:
        id (str):
        niche_category (FindSimilarCreatorsNicheCategory | Unset):
        primary_niche_only (bool | Unset):
        country (str | Unset):
        language (str | Unset):
        min_subscribers (int | Unset):
        max_subscribers (int | Unset):
        min_avg_views (int | Unset):
        min_engagement_rate (float | Unset):
        min_subs_growth (float | Unset):
        has_sponsors (bool | Unset):
        video_format (FindSimilarCreatorsVideoFormat | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | FindSimilarCreatorsResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
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
        page=page,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    niche_category: FindSimilarCreatorsNicheCategory | Unset = UNSET,
    primary_niche_only: bool | Unset = UNSET,
    country: str | Unset = UNSET,
    language: str | Unset = UNSET,
    min_subscribers: int | Unset = UNSET,
    max_subscribers: int | Unset = UNSET,
    min_avg_views: int | Unset = UNSET,
    min_engagement_rate: float | Unset = UNSET,
    min_subs_growth: float | Unset = UNSET,
    has_sponsors: bool | Unset = UNSET,
    video_format: FindSimilarCreatorsVideoFormat | Unset = UNSET,
    page: int | Unset = 1,
) -> Error | FindSimilarCreatorsResponse200 | None:
    """Find creators similar to a creator

     Beyond the spec. Costs 1 credit per page, like search, with the same filters, paging and page size.
    Same ids as getCreator. Ranked by how near in meaning each creator's content is, and by a shared
    niche, size band and sponsors; each says which it matched.

    Args:
        id (str):
        niche_category (FindSimilarCreatorsNicheCategory | Unset):
        primary_niche_only (bool | Unset):
        country (str | Unset):
        language (str | Unset):
        min_subscribers (int | Unset):
        max_subscribers (int | Unset):
        min_avg_views (int | Unset):
        min_engagement_rate (float | Unset):
        min_subs_growth (float | Unset):
        has_sponsors (bool | Unset):
        video_format (FindSimilarCreatorsVideoFormat | Unset):
        page (int | Unset):  Default: 1.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | FindSimilarCreatorsResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
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
            page=page,
        )
    ).parsed

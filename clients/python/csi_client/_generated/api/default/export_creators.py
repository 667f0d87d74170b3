from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.export_creators_format import (
    ExportCreatorsFormat,
)
from ...models.export_creators_niche_category import (
    ExportCreatorsNicheCategory,
)
from ...models.export_creators_sort import (
    ExportCreatorsSort,
)
from ...models.export_creators_video_format import (
    ExportCreatorsVideoFormat,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    query: str,
    niche_category: ExportCreatorsNicheCategory | Unset = UNSET,
    primary_niche_only: bool | Unset = UNSET,
    country: str | Unset = UNSET,
    language: str | Unset = UNSET,
    min_subscribers: int | Unset = UNSET,
    max_subscribers: int | Unset = UNSET,
    min_avg_views: int | Unset = UNSET,
    min_engagement_rate: float | Unset = UNSET,
    min_subs_growth: float | Unset = UNSET,
    has_sponsors: bool | Unset = UNSET,
    video_format: ExportCreatorsVideoFormat | Unset = UNSET,
    sort: ExportCreatorsSort | Unset = UNSET,
    format_: ExportCreatorsFormat | Unset = "csv",
    max_rows: int | Unset = 1000,
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

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_

    params["format"] = json_format_

    params["max_rows"] = max_rows

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/creators/export",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
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
) -> Response[Error | str]:
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
    niche_category: ExportCreatorsNicheCategory | Unset = UNSET,
    primary_niche_only: bool | Unset = UNSET,
    country: str | Unset = UNSET,
    language: str | Unset = UNSET,
    min_subscribers: int | Unset = UNSET,
    max_subscribers: int | Unset = UNSET,
    min_avg_views: int | Unset = UNSET,
    min_engagement_rate: float | Unset = UNSET,
    min_subs_growth: float | Unset = UNSET,
    has_sponsors: bool | Unset = UNSET,
    video_format: ExportCreatorsVideoFormat | Unset = UNSET,
    sort: ExportCreatorsSort | Unset = UNSET,
    format_: ExportCreatorsFormat | Unset = "csv",
    max_rows: int | Unset = 1000,
) -> Response[Error | str]:
    """Export a creator search as CSV or NDJSON

     Beyond the spec. Up to 1000 creators of a search (the same parameters but page and facets), streamed
    in the search's order: the same creators as its pages. Costs 1 credit per page's worth of rows (the
    caller's page size), as paging would: what max_rows can cost is reserved up front (X-Credits-
    Reserved), the pages not sent are refunded, and the trailers X-Credits-Charged and X-Credits-
    Remaining say what it cost. A client that hangs up pays for the pages handed to the network before
    it left. CSV columns: id, name, handle, youtubeUrl, influesqueUrl, country, language, verified,
    primaryNiche, topSponsors, subscribers, avgViews, totalViews, videoCount, engagementRate,
    subscribersGained30Days, subscribersGrowth30DaysPct, subscribersGained90Days,
    subscribersGrowth90DaysPct, asOf.

    Args:
        query (str):
        niche_category (ExportCreatorsNicheCategory | Unset):
        primary_niche_only (bool | Unset):
        country (str | Unset):
        language (str | Unset):
        min_subscribers (int | Unset):
        max_subscribers (int | Unset):
        min_avg_views (int | Unset):
        min_engagement_rate (float | Unset):
        min_subs_growth (float | Unset):
        has_sponsors (bool | Unset):
        video_format (ExportCreatorsVideoFormat | Unset):
        sort (ExportCreatorsSort | Unset):
        format_ (ExportCreatorsFormat | Unset):  Default: 'csv'.
        max_rows (int | Unset):  Default: 1000.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
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
        format_=format_,
        max_rows=max_rows,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    query: str,
    niche_category: ExportCreatorsNicheCategory | Unset = UNSET,
    primary_niche_only: bool | Unset = UNSET,
    country: str | Unset = UNSET,
    language: str | Unset = UNSET,
    min_subscribers: int | Unset = UNSET,
    max_subscribers: int | Unset = UNSET,
    min_avg_views: int | Unset = UNSET,
    min_engagement_rate: float | Unset = UNSET,
    min_subs_growth: float | Unset = UNSET,
    has_sponsors: bool | Unset = UNSET,
    video_format: ExportCreatorsVideoFormat | Unset = UNSET,
    sort: ExportCreatorsSort | Unset = UNSET,
    format_: ExportCreatorsFormat | Unset = "csv",
    max_rows: int | Unset = 1000,
) -> Error | str | None:
    """Export a creator search as CSV or NDJSON

     Beyond the spec. Up to 1000 creators of a search (the same parameters but page and facets), streamed
    in the search's order: the same creators as its pages. Costs 1 credit per page's worth of rows (the
    caller's page size), as paging would: what max_rows can cost is reserved up front (X-Credits-
    Reserved), the pages not sent are refunded, and the trailers X-Credits-Charged and X-Credits-
    Remaining say what it cost. A client that hangs up pays for the pages handed to the network before
    it left. CSV columns: id, name, handle, youtubeUrl, influesqueUrl, country, language, verified,
    primaryNiche, topSponsors, subscribers, avgViews, totalViews, videoCount, engagementRate,
    subscribersGained30Days, subscribersGrowth30DaysPct, subscribersGained90Days,
    subscribersGrowth90DaysPct, asOf.

    Args:
        query (str):
        niche_category (ExportCreatorsNicheCategory | Unset):
        primary_niche_only (bool | Unset):
        country (str | Unset):
        language (str | Unset):
        min_subscribers (int | Unset):
        max_subscribers (int | Unset):
        min_avg_views (int | Unset):
        min_engagement_rate (float | Unset):
        min_subs_growth (float | Unset):
        has_sponsors (bool | Unset):
        video_format (ExportCreatorsVideoFormat | Unset):
        sort (ExportCreatorsSort | Unset):
        format_ (ExportCreatorsFormat | Unset):  Default: 'csv'.
        max_rows (int | Unset):  Default: 1000.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
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
        format_=format_,
        max_rows=max_rows,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    query: str,
    niche_category: ExportCreatorsNicheCategory | Unset = UNSET,
    primary_niche_only: bool | Unset = UNSET,
    country: str | Unset = UNSET,
    language: str | Unset = UNSET,
    min_subscribers: int | Unset = UNSET,
    max_subscribers: int | Unset = UNSET,
    min_avg_views: int | Unset = UNSET,
    min_engagement_rate: float | Unset = UNSET,
    min_subs_growth: float | Unset = UNSET,
    has_sponsors: bool | Unset = UNSET,
    video_format: ExportCreatorsVideoFormat | Unset = UNSET,
    sort: ExportCreatorsSort | Unset = UNSET,
    format_: ExportCreatorsFormat | Unset = "csv",
    max_rows: int | Unset = 1000,
) -> Response[Error | str]:
    """Export a creator search as CSV or NDJSON

     Beyond the spec. Up to 1000 creators of a search (the same parameters but page and facets), streamed
    in the search's order: the same creators as its pages. Costs 1 credit per page's worth of rows (the
    caller's page size), as paging would: what max_rows can cost is reserved up front (X-Credits-
    Reserved), the pages not sent are refunded, and the trailers X-Credits-Charged and X-Credits-
    Remaining say what it cost. A client that hangs up pays for the pages handed to the network before
    it left. CSV columns: id, name, handle, youtubeUrl, influesqueUrl, country, language, verified,
    primaryNiche, topSponsors, subscribers, avgViews, totalViews, videoCount, engagementRate,
    subscribersGained30Days, subscribersGrowth30DaysPct, subscribersGained90Days,
    subscribersGrowth90DaysPct, asOf.

    Args:
        query (str):
        niche_category (ExportCreatorsNicheCategory | Unset):
        primary_niche_only (bool | Unset):
        country (str | Unset):
        language (str | Unset):
        min_subscribers (int | Unset):
        max_subscribers (int | Unset):
        min_avg_views (int | Unset):
        min_engagement_rate (float | Unset):
        min_subs_growth (float | Unset):
        has_sponsors (bool | Unset):
        video_format (ExportCreatorsVideoFormat | Unset):
        sort (ExportCreatorsSort | Unset):
        format_ (ExportCreatorsFormat | Unset):  Default: 'csv'.
        max_rows (int | Unset):  Default: 1000.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
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
        format_=format_,
        max_rows=max_rows,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    query: str,
    niche_category: ExportCreatorsNicheCategory | Unset = UNSET,
    primary_niche_only: bool | Unset = UNSET,
    country: str | Unset = UNSET,
    language: str | Unset = UNSET,
    min_subscribers: int | Unset = UNSET,
    max_subscribers: int | Unset = UNSET,
    min_avg_views: int | Unset = UNSET,
    min_engagement_rate: float | Unset = UNSET,
    min_subs_growth: float | Unset = UNSET,
    has_sponsors: bool | Unset = UNSET,
    video_format: ExportCreatorsVideoFormat | Unset = UNSET,
    sort: ExportCreatorsSort | Unset = UNSET,
    format_: ExportCreatorsFormat | Unset = "csv",
    max_rows: int | Unset = 1000,
) -> Error | str | None:
    """Export a creator search as CSV or NDJSON

     Beyond the spec. Up to 1000 creators of a search (the same parameters but page and facets), streamed
    in the search's order: the same creators as its pages. Costs 1 credit per page's worth of rows (the
    caller's page size), as paging would: what max_rows can cost is reserved up front (X-Credits-
    Reserved), the pages not sent are refunded, and the trailers X-Credits-Charged and X-Credits-
    Remaining say what it cost. A client that hangs up pays for the pages handed to the network before
    it left. CSV columns: id, name, handle, youtubeUrl, influesqueUrl, country, language, verified,
    primaryNiche, topSponsors, subscribers, avgViews, totalViews, videoCount, engagementRate,
    subscribersGained30Days, subscribersGrowth30DaysPct, subscribersGained90Days,
    subscribersGrowth90DaysPct, asOf.

    Args:
        query (str):
        niche_category (ExportCreatorsNicheCategory | Unset):
        primary_niche_only (bool | Unset):
        country (str | Unset):
        language (str | Unset):
        min_subscribers (int | Unset):
        max_subscribers (int | Unset):
        min_avg_views (int | Unset):
        min_engagement_rate (float | Unset):
        min_subs_growth (float | Unset):
        has_sponsors (bool | Unset):
        video_format (ExportCreatorsVideoFormat | Unset):
        sort (ExportCreatorsSort | Unset):
        format_ (ExportCreatorsFormat | Unset):  Default: 'csv'.
        max_rows (int | Unset):  Default: 1000.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
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
            format_=format_,
            max_rows=max_rows,
        )
    ).parsed

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.find_similar_creators_response_200_creators_item_matched_item import (
    FindSimilarCreatorsResponse200CreatorsItemMatchedItem,
    check_find_similar_creators_response_200_creators_item_matched_item,
)

if TYPE_CHECKING:
    from ..models.growth import Growth


T = TypeVar("T", bound="FindSimilarCreatorsResponse200CreatorsItem")


@_attrs_define
class FindSimilarCreatorsResponse200CreatorsItem:
    """
    Attributes:
        id (str): Stable slug: the handle without @, or creator-<numeric id>
        name (str):
        handle (str): YouTube handle with its leading @
        influesque_url (str):
        youtube_url (None | str):
        country (None | str): Full country name
        language (None | str):
        verified (bool):
        primary_niche (None | str): Display label of the dominant niche
        top_sponsors (list[str]): Sponsor names
        subscribers (int):
        avg_views (int): Average views per video
        total_views (int):
        video_count (int):
        engagement_rate (float | None): Percent: 3 means 3%
        growth (Growth):
        as_of (datetime.date | None): Beyond the spec: the day these figures were read; null when not recorded
        matched (list[FindSimilarCreatorsResponse200CreatorsItemMatchedItem]): What it shares with the creator: content
            (nearest in meaning), niche, size (band), sponsors
    """

    id: str
    name: str
    handle: str
    influesque_url: str
    youtube_url: None | str
    country: None | str
    language: None | str
    verified: bool
    primary_niche: None | str
    top_sponsors: list[str]
    subscribers: int
    avg_views: int
    total_views: int
    video_count: int
    engagement_rate: float | None
    growth: Growth
    as_of: datetime.date | None
    matched: list[FindSimilarCreatorsResponse200CreatorsItemMatchedItem]

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        handle = self.handle

        influesque_url = self.influesque_url

        youtube_url: None | str
        youtube_url = self.youtube_url

        country: None | str
        country = self.country

        language: None | str
        language = self.language

        verified = self.verified

        primary_niche: None | str
        primary_niche = self.primary_niche

        top_sponsors = self.top_sponsors

        subscribers = self.subscribers

        avg_views = self.avg_views

        total_views = self.total_views

        video_count = self.video_count

        engagement_rate: float | None
        engagement_rate = self.engagement_rate

        growth = self.growth.to_dict()

        as_of: None | str
        if isinstance(self.as_of, datetime.date):
            as_of = self.as_of.isoformat()
        else:
            as_of = self.as_of

        matched = []
        for matched_item_data in self.matched:
            matched_item: str = matched_item_data
            matched.append(matched_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "handle": handle,
                "influesqueUrl": influesque_url,
                "youtubeUrl": youtube_url,
                "country": country,
                "language": language,
                "verified": verified,
                "primaryNiche": primary_niche,
                "topSponsors": top_sponsors,
                "subscribers": subscribers,
                "avgViews": avg_views,
                "totalViews": total_views,
                "videoCount": video_count,
                "engagementRate": engagement_rate,
                "growth": growth,
                "asOf": as_of,
                "matched": matched,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.growth import Growth

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        handle = d.pop("handle")

        influesque_url = d.pop("influesqueUrl")

        def _parse_youtube_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        youtube_url = _parse_youtube_url(d.pop("youtubeUrl"))

        def _parse_country(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        country = _parse_country(d.pop("country"))

        def _parse_language(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        language = _parse_language(d.pop("language"))

        verified = d.pop("verified")

        def _parse_primary_niche(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        primary_niche = _parse_primary_niche(d.pop("primaryNiche"))

        top_sponsors = cast(list[str], d.pop("topSponsors"))

        subscribers = d.pop("subscribers")

        avg_views = d.pop("avgViews")

        total_views = d.pop("totalViews")

        video_count = d.pop("videoCount")

        def _parse_engagement_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        engagement_rate = _parse_engagement_rate(d.pop("engagementRate"))

        growth = Growth.from_dict(d.pop("growth"))

        def _parse_as_of(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                as_of_type_0 = datetime.date.fromisoformat(data)

                return as_of_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        as_of = _parse_as_of(d.pop("asOf"))

        matched = []
        _matched = d.pop("matched")
        for matched_item_data in _matched:
            matched_item = (
                check_find_similar_creators_response_200_creators_item_matched_item(
                    matched_item_data
                )
            )

            matched.append(matched_item)

        find_similar_creators_response_200_creators_item = cls(
            id=id,
            name=name,
            handle=handle,
            influesque_url=influesque_url,
            youtube_url=youtube_url,
            country=country,
            language=language,
            verified=verified,
            primary_niche=primary_niche,
            top_sponsors=top_sponsors,
            subscribers=subscribers,
            avg_views=avg_views,
            total_views=total_views,
            video_count=video_count,
            engagement_rate=engagement_rate,
            growth=growth,
            as_of=as_of,
            matched=matched,
        )

        return find_similar_creators_response_200_creators_item

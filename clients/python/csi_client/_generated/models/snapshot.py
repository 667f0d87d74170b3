from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Snapshot")


@_attrs_define
class Snapshot:
    """
    Attributes:
        date (datetime.date): YYYY-MM-DD
        subscribers (int):
        total_views (int):
        video_count (int):
        avg_views (int): Average views per video
    """

    date: datetime.date
    subscribers: int
    total_views: int
    video_count: int
    avg_views: int

    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        subscribers = self.subscribers

        total_views = self.total_views

        video_count = self.video_count

        avg_views = self.avg_views

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "date": date,
                "subscribers": subscribers,
                "totalViews": total_views,
                "videoCount": video_count,
                "avgViews": avg_views,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))

        subscribers = d.pop("subscribers")

        total_views = d.pop("totalViews")

        video_count = d.pop("videoCount")

        avg_views = d.pop("avgViews")

        snapshot = cls(
            date=date,
            subscribers=subscribers,
            total_views=total_views,
            video_count=video_count,
            avg_views=avg_views,
        )

        return snapshot

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GrowthLast30DaysType0")


@_attrs_define
class GrowthLast30DaysType0:
    """
    Attributes:
        from_ (datetime.date): The first snapshot within 30 days before asOf
        days (int): Days from `from` to asOf
        subscribers (int): Subscribers gained (negative: lost)
        subscribers_pct (float | None): As a percent of the subscribers on `from`
        views (int): Views gained
        views_pct (float | None): As a percent of the total views on `from`
    """

    from_: datetime.date
    days: int
    subscribers: int
    subscribers_pct: float | None
    views: int
    views_pct: float | None

    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_.isoformat()

        days = self.days

        subscribers = self.subscribers

        subscribers_pct: float | None
        subscribers_pct = self.subscribers_pct

        views = self.views

        views_pct: float | None
        views_pct = self.views_pct

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from": from_,
                "days": days,
                "subscribers": subscribers,
                "subscribersPct": subscribers_pct,
                "views": views,
                "viewsPct": views_pct,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        from_ = datetime.date.fromisoformat(d.pop("from"))

        days = d.pop("days")

        subscribers = d.pop("subscribers")

        def _parse_subscribers_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        subscribers_pct = _parse_subscribers_pct(d.pop("subscribersPct"))

        views = d.pop("views")

        def _parse_views_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        views_pct = _parse_views_pct(d.pop("viewsPct"))

        growth_last_30_days_type_0 = cls(
            from_=from_,
            days=days,
            subscribers=subscribers,
            subscribers_pct=subscribers_pct,
            views=views,
            views_pct=views_pct,
        )

        return growth_last_30_days_type_0

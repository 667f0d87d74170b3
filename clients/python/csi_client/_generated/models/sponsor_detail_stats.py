from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SponsorDetailStats")


@_attrs_define
class SponsorDetailStats:
    """
    Attributes:
        creator_count (int):
        total_reach (int | None):
        average_creator_size (float | None):
        first_sponsorship_date (datetime.date | None):
    """

    creator_count: int
    total_reach: int | None
    average_creator_size: float | None
    first_sponsorship_date: datetime.date | None

    def to_dict(self) -> dict[str, Any]:
        creator_count = self.creator_count

        total_reach: int | None
        total_reach = self.total_reach

        average_creator_size: float | None
        average_creator_size = self.average_creator_size

        first_sponsorship_date: None | str
        if isinstance(self.first_sponsorship_date, datetime.date):
            first_sponsorship_date = self.first_sponsorship_date.isoformat()
        else:
            first_sponsorship_date = self.first_sponsorship_date

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "creatorCount": creator_count,
                "totalReach": total_reach,
                "averageCreatorSize": average_creator_size,
                "firstSponsorshipDate": first_sponsorship_date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        creator_count = d.pop("creatorCount")

        def _parse_total_reach(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        total_reach = _parse_total_reach(d.pop("totalReach"))

        def _parse_average_creator_size(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        average_creator_size = _parse_average_creator_size(d.pop("averageCreatorSize"))

        def _parse_first_sponsorship_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                first_sponsorship_date_type_0 = datetime.date.fromisoformat(data)

                return first_sponsorship_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        first_sponsorship_date = _parse_first_sponsorship_date(
            d.pop("firstSponsorshipDate")
        )

        sponsor_detail_stats = cls(
            creator_count=creator_count,
            total_reach=total_reach,
            average_creator_size=average_creator_size,
            first_sponsorship_date=first_sponsorship_date,
        )

        return sponsor_detail_stats

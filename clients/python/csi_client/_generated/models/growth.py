from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.growth_last_30_days_type_0 import GrowthLast30DaysType0
    from ..models.growth_last_90_days_type_0 import GrowthLast90DaysType0


T = TypeVar("T", bound="Growth")


@_attrs_define
class Growth:
    """
    Attributes:
        last_30_days (GrowthLast30DaysType0 | None): Null when no snapshot is within 30 days before asOf
        last_90_days (GrowthLast90DaysType0 | None): Null when no snapshot is within 90 days before asOf
    """

    last_30_days: GrowthLast30DaysType0 | None
    last_90_days: GrowthLast90DaysType0 | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.growth_last_30_days_type_0 import GrowthLast30DaysType0
        from ..models.growth_last_90_days_type_0 import GrowthLast90DaysType0

        last_30_days: dict[str, Any] | None
        if isinstance(self.last_30_days, GrowthLast30DaysType0):
            last_30_days = self.last_30_days.to_dict()
        else:
            last_30_days = self.last_30_days

        last_90_days: dict[str, Any] | None
        if isinstance(self.last_90_days, GrowthLast90DaysType0):
            last_90_days = self.last_90_days.to_dict()
        else:
            last_90_days = self.last_90_days

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "last30Days": last_30_days,
                "last90Days": last_90_days,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.growth_last_30_days_type_0 import GrowthLast30DaysType0
        from ..models.growth_last_90_days_type_0 import GrowthLast90DaysType0

        d = dict(src_dict)

        def _parse_last_30_days(data: object) -> GrowthLast30DaysType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_30_days_type_0 = GrowthLast30DaysType0.from_dict(data)

                return last_30_days_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GrowthLast30DaysType0 | None, data)

        last_30_days = _parse_last_30_days(d.pop("last30Days"))

        def _parse_last_90_days(data: object) -> GrowthLast90DaysType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_90_days_type_0 = GrowthLast90DaysType0.from_dict(data)

                return last_90_days_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GrowthLast90DaysType0 | None, data)

        last_90_days = _parse_last_90_days(d.pop("last90Days"))

        growth = cls(
            last_30_days=last_30_days,
            last_90_days=last_90_days,
        )

        return growth

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.usage_days_item import UsageDaysItem
    from ..models.usage_endpoints_item import UsageEndpointsItem
    from ..models.usage_keys_item import UsageKeysItem


T = TypeVar("T", bound="Usage")


@_attrs_define
class Usage:
    """
    Attributes:
        period (str): The period: 2026-11 (month), the Monday of a week, or a day
        renews_at (datetime.datetime | None): When the next period starts; null when unlimited
        spent (int): Credits spent this period, every key together (reservations not yet settled included)
        keys (list[UsageKeysItem]): Every key of the account, oldest first, with what it spent (a key's cap applies to
            this)
        endpoints (list[UsageEndpointsItem]): By endpoint (REST and MCP together), the biggest spender first; endpoints
            that spent nothing are left out
        days (list[UsageDaysItem]): By day (UTC), in order; days that spent nothing are left out
    """

    period: str
    renews_at: datetime.datetime | None
    spent: int
    keys: list[UsageKeysItem]
    endpoints: list[UsageEndpointsItem]
    days: list[UsageDaysItem]

    def to_dict(self) -> dict[str, Any]:
        period = self.period

        renews_at: None | str
        if isinstance(self.renews_at, datetime.datetime):
            renews_at = self.renews_at.isoformat()
        else:
            renews_at = self.renews_at

        spent = self.spent

        keys = []
        for keys_item_data in self.keys:
            keys_item = keys_item_data.to_dict()
            keys.append(keys_item)

        endpoints = []
        for endpoints_item_data in self.endpoints:
            endpoints_item = endpoints_item_data.to_dict()
            endpoints.append(endpoints_item)

        days = []
        for days_item_data in self.days:
            days_item = days_item_data.to_dict()
            days.append(days_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "period": period,
                "renewsAt": renews_at,
                "spent": spent,
                "keys": keys,
                "endpoints": endpoints,
                "days": days,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.usage_days_item import UsageDaysItem
        from ..models.usage_endpoints_item import UsageEndpointsItem
        from ..models.usage_keys_item import UsageKeysItem

        d = dict(src_dict)
        period = d.pop("period")

        def _parse_renews_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                renews_at_type_0 = datetime.datetime.fromisoformat(data)

                return renews_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        renews_at = _parse_renews_at(d.pop("renewsAt"))

        spent = d.pop("spent")

        keys = []
        _keys = d.pop("keys")
        for keys_item_data in _keys:
            keys_item = UsageKeysItem.from_dict(keys_item_data)

            keys.append(keys_item)

        endpoints = []
        _endpoints = d.pop("endpoints")
        for endpoints_item_data in _endpoints:
            endpoints_item = UsageEndpointsItem.from_dict(endpoints_item_data)

            endpoints.append(endpoints_item)

        days = []
        _days = d.pop("days")
        for days_item_data in _days:
            days_item = UsageDaysItem.from_dict(days_item_data)

            days.append(days_item)

        usage = cls(
            period=period,
            renews_at=renews_at,
            spent=spent,
            keys=keys,
            endpoints=endpoints,
            days=days,
        )

        return usage

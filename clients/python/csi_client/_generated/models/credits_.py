from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Credits")


@_attrs_define
class Credits:
    """
    Attributes:
        plan (str):
        unlimited (bool):
        balance (int | None): Null when unlimited
        allowance (int):
        renews_at (datetime.datetime | None):
    """

    plan: str
    unlimited: bool
    balance: int | None
    allowance: int
    renews_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        plan = self.plan

        unlimited = self.unlimited

        balance: int | None
        balance = self.balance

        allowance = self.allowance

        renews_at: None | str
        if isinstance(self.renews_at, datetime.datetime):
            renews_at = self.renews_at.isoformat()
        else:
            renews_at = self.renews_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "plan": plan,
                "unlimited": unlimited,
                "balance": balance,
                "allowance": allowance,
                "renewsAt": renews_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        plan = d.pop("plan")

        unlimited = d.pop("unlimited")

        def _parse_balance(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        balance = _parse_balance(d.pop("balance"))

        allowance = d.pop("allowance")

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

        credits_ = cls(
            plan=plan,
            unlimited=unlimited,
            balance=balance,
            allowance=allowance,
            renews_at=renews_at,
        )

        return credits_

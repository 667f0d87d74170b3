from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="UsageDaysItem")


@_attrs_define
class UsageDaysItem:
    """
    Attributes:
        date (datetime.date):
        spent (int):
    """

    date: datetime.date
    spent: int

    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        spent = self.spent

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "date": date,
                "spent": spent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))

        spent = d.pop("spent")

        usage_days_item = cls(
            date=date,
            spent=spent,
        )

        return usage_days_item

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="UsageEndpointsItem")


@_attrs_define
class UsageEndpointsItem:
    """
    Attributes:
        operation (str): The operationId
        spent (int):
    """

    operation: str
    spent: int

    def to_dict(self) -> dict[str, Any]:
        operation = self.operation

        spent = self.spent

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "operation": operation,
                "spent": spent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        operation = d.pop("operation")

        spent = d.pop("spent")

        usage_endpoints_item = cls(
            operation=operation,
            spent=spent,
        )

        return usage_endpoints_item

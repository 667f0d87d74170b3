from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="FacetValue")


@_attrs_define
class FacetValue:
    """
    Attributes:
        value (str): The value as a filter takes it (a niche value, a country or language code, a size band)
        label (str):
        count (int):
    """

    value: str
    label: str
    count: int

    def to_dict(self) -> dict[str, Any]:
        value = self.value

        label = self.label

        count = self.count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "value": value,
                "label": label,
                "count": count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        value = d.pop("value")

        label = d.pop("label")

        count = d.pop("count")

        facet_value = cls(
            value=value,
            label=label,
            count=count,
        )

        return facet_value

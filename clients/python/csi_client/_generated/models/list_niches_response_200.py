from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.niche import Niche


T = TypeVar("T", bound="ListNichesResponse200")


@_attrs_define
class ListNichesResponse200:
    """
    Attributes:
        niches (list[Niche]):
    """

    niches: list[Niche]

    def to_dict(self) -> dict[str, Any]:
        niches = []
        for niches_item_data in self.niches:
            niches_item = niches_item_data.to_dict()
            niches.append(niches_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "niches": niches,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.niche import Niche

        d = dict(src_dict)
        niches = []
        _niches = d.pop("niches")
        for niches_item_data in _niches:
            niches_item = Niche.from_dict(niches_item_data)

            niches.append(niches_item)

        list_niches_response_200 = cls(
            niches=niches,
        )

        return list_niches_response_200

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.creator_detail import CreatorDetail


T = TypeVar("T", bound="GetCreatorResponse200")


@_attrs_define
class GetCreatorResponse200:
    """
    Attributes:
        creator (CreatorDetail):
    """

    creator: CreatorDetail

    def to_dict(self) -> dict[str, Any]:
        creator = self.creator.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "creator": creator,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.creator_detail import CreatorDetail

        d = dict(src_dict)
        creator = CreatorDetail.from_dict(d.pop("creator"))

        get_creator_response_200 = cls(
            creator=creator,
        )

        return get_creator_response_200

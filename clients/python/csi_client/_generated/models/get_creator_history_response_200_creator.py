from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetCreatorHistoryResponse200Creator")


@_attrs_define
class GetCreatorHistoryResponse200Creator:
    """
    Attributes:
        id (str): The slug id of the creator asked about
        name (str):
    """

    id: str
    name: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        get_creator_history_response_200_creator = cls(
            id=id,
            name=name,
        )

        return get_creator_history_response_200_creator

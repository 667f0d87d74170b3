from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SponsorshipSponsor")


@_attrs_define
class SponsorshipSponsor:
    """
    Attributes:
        id (int): Numeric sponsor id
        name (str):
        website (None | str):
        influesque_url (str):
    """

    id: int
    name: str
    website: None | str
    influesque_url: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        website: None | str
        website = self.website

        influesque_url = self.influesque_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "website": website,
                "influesqueUrl": influesque_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        def _parse_website(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        website = _parse_website(d.pop("website"))

        influesque_url = d.pop("influesqueUrl")

        sponsorship_sponsor = cls(
            id=id,
            name=name,
            website=website,
            influesque_url=influesque_url,
        )

        return sponsorship_sponsor

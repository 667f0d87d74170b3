from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreatorDetailLinks")


@_attrs_define
class CreatorDetailLinks:
    """
    Attributes:
        instagram (str | Unset):
        twitter (str | Unset):
        tiktok (str | Unset):
        website (str | Unset):
    """

    instagram: str | Unset = UNSET
    twitter: str | Unset = UNSET
    tiktok: str | Unset = UNSET
    website: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        instagram = self.instagram

        twitter = self.twitter

        tiktok = self.tiktok

        website = self.website

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if instagram is not UNSET:
            field_dict["instagram"] = instagram
        if twitter is not UNSET:
            field_dict["twitter"] = twitter
        if tiktok is not UNSET:
            field_dict["tiktok"] = tiktok
        if website is not UNSET:
            field_dict["website"] = website

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        instagram = d.pop("instagram", UNSET)

        twitter = d.pop("twitter", UNSET)

        tiktok = d.pop("tiktok", UNSET)

        website = d.pop("website", UNSET)

        creator_detail_links = cls(
            instagram=instagram,
            twitter=twitter,
            tiktok=tiktok,
            website=website,
        )

        return creator_detail_links

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.sponsor_detail import SponsorDetail


T = TypeVar("T", bound="GetSponsorResponse200")


@_attrs_define
class GetSponsorResponse200:
    """
    Attributes:
        sponsor (SponsorDetail):
    """

    sponsor: SponsorDetail

    def to_dict(self) -> dict[str, Any]:
        sponsor = self.sponsor.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sponsor": sponsor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.sponsor_detail import SponsorDetail

        d = dict(src_dict)
        sponsor = SponsorDetail.from_dict(d.pop("sponsor"))

        get_sponsor_response_200 = cls(
            sponsor=sponsor,
        )

        return get_sponsor_response_200

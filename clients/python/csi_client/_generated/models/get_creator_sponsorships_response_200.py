from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_creator_sponsorships_response_200_creator import (
        GetCreatorSponsorshipsResponse200Creator,
    )
    from ..models.sponsorship import Sponsorship


T = TypeVar("T", bound="GetCreatorSponsorshipsResponse200")


@_attrs_define
class GetCreatorSponsorshipsResponse200:
    """
    Attributes:
        creator (GetCreatorSponsorshipsResponse200Creator):
        min_confidence (float): The confidence floor applied
        page (int):
        total_found (int): Every matching sponsorship, counted exactly
        returned (int):
        has_more (bool):
        next_page (int | None):
        sponsorships (list[Sponsorship]):
    """

    creator: GetCreatorSponsorshipsResponse200Creator
    min_confidence: float
    page: int
    total_found: int
    returned: int
    has_more: bool
    next_page: int | None
    sponsorships: list[Sponsorship]

    def to_dict(self) -> dict[str, Any]:
        creator = self.creator.to_dict()

        min_confidence = self.min_confidence

        page = self.page

        total_found = self.total_found

        returned = self.returned

        has_more = self.has_more

        next_page: int | None
        next_page = self.next_page

        sponsorships = []
        for sponsorships_item_data in self.sponsorships:
            sponsorships_item = sponsorships_item_data.to_dict()
            sponsorships.append(sponsorships_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "creator": creator,
                "minConfidence": min_confidence,
                "page": page,
                "totalFound": total_found,
                "returned": returned,
                "hasMore": has_more,
                "nextPage": next_page,
                "sponsorships": sponsorships,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_creator_sponsorships_response_200_creator import (
            GetCreatorSponsorshipsResponse200Creator,
        )
        from ..models.sponsorship import Sponsorship

        d = dict(src_dict)
        creator = GetCreatorSponsorshipsResponse200Creator.from_dict(d.pop("creator"))

        min_confidence = d.pop("minConfidence")

        page = d.pop("page")

        total_found = d.pop("totalFound")

        returned = d.pop("returned")

        has_more = d.pop("hasMore")

        def _parse_next_page(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_page = _parse_next_page(d.pop("nextPage"))

        sponsorships = []
        _sponsorships = d.pop("sponsorships")
        for sponsorships_item_data in _sponsorships:
            sponsorships_item = Sponsorship.from_dict(sponsorships_item_data)

            sponsorships.append(sponsorships_item)

        get_creator_sponsorships_response_200 = cls(
            creator=creator,
            min_confidence=min_confidence,
            page=page,
            total_found=total_found,
            returned=returned,
            has_more=has_more,
            next_page=next_page,
            sponsorships=sponsorships,
        )

        return get_creator_sponsorships_response_200

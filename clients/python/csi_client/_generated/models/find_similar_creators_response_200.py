from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.find_similar_creators_response_200_creator import (
        FindSimilarCreatorsResponse200Creator,
    )
    from ..models.find_similar_creators_response_200_creators_item import (
        FindSimilarCreatorsResponse200CreatorsItem,
    )


T = TypeVar("T", bound="FindSimilarCreatorsResponse200")


@_attrs_define
class FindSimilarCreatorsResponse200:
    """
    Attributes:
        creator (FindSimilarCreatorsResponse200Creator):
        page (int):
        total_found (int): Every lookalike found, counted exactly (at most the profile's k with vectors)
        returned (int):
        has_more (bool):
        next_page (int | None):
        creators (list[FindSimilarCreatorsResponse200CreatorsItem]):
    """

    creator: FindSimilarCreatorsResponse200Creator
    page: int
    total_found: int
    returned: int
    has_more: bool
    next_page: int | None
    creators: list[FindSimilarCreatorsResponse200CreatorsItem]

    def to_dict(self) -> dict[str, Any]:
        creator = self.creator.to_dict()

        page = self.page

        total_found = self.total_found

        returned = self.returned

        has_more = self.has_more

        next_page: int | None
        next_page = self.next_page

        creators = []
        for creators_item_data in self.creators:
            creators_item = creators_item_data.to_dict()
            creators.append(creators_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "creator": creator,
                "page": page,
                "totalFound": total_found,
                "returned": returned,
                "hasMore": has_more,
                "nextPage": next_page,
                "creators": creators,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.find_similar_creators_response_200_creator import (
            FindSimilarCreatorsResponse200Creator,
        )
        from ..models.find_similar_creators_response_200_creators_item import (
            FindSimilarCreatorsResponse200CreatorsItem,
        )

        d = dict(src_dict)
        creator = FindSimilarCreatorsResponse200Creator.from_dict(d.pop("creator"))

        page = d.pop("page")

        total_found = d.pop("totalFound")

        returned = d.pop("returned")

        has_more = d.pop("hasMore")

        def _parse_next_page(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_page = _parse_next_page(d.pop("nextPage"))

        creators = []
        _creators = d.pop("creators")
        for creators_item_data in _creators:
            creators_item = FindSimilarCreatorsResponse200CreatorsItem.from_dict(
                creators_item_data
            )

            creators.append(creators_item)

        find_similar_creators_response_200 = cls(
            creator=creator,
            page=page,
            total_found=total_found,
            returned=returned,
            has_more=has_more,
            next_page=next_page,
            creators=creators,
        )

        return find_similar_creators_response_200

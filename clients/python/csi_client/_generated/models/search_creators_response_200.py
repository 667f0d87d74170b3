from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.creator_facets import CreatorFacets
    from ..models.creator_summary import CreatorSummary


T = TypeVar("T", bound="SearchCreatorsResponse200")


@_attrs_define
class SearchCreatorsResponse200:
    """
    Attributes:
        query (str): The query sent
        page (int):
        total_found (int): Every matching creator, counted exactly
        returned (int):
        has_more (bool):
        next_page (int | None):
        creators (list[CreatorSummary]):
        facets (CreatorFacets | Unset): Beyond the spec, when facets= asks: counts over the whole match set, each
            facet's without its own filter
    """

    query: str
    page: int
    total_found: int
    returned: int
    has_more: bool
    next_page: int | None
    creators: list[CreatorSummary]
    facets: CreatorFacets | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        query = self.query

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

        facets: dict[str, Any] | Unset = UNSET
        if not isinstance(self.facets, Unset):
            facets = self.facets.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "query": query,
                "page": page,
                "totalFound": total_found,
                "returned": returned,
                "hasMore": has_more,
                "nextPage": next_page,
                "creators": creators,
            }
        )
        if facets is not UNSET:
            field_dict["facets"] = facets

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.creator_facets import CreatorFacets
        from ..models.creator_summary import CreatorSummary

        d = dict(src_dict)
        query = d.pop("query")

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
            creators_item = CreatorSummary.from_dict(creators_item_data)

            creators.append(creators_item)

        _facets = d.pop("facets", UNSET)
        facets: CreatorFacets | Unset
        if isinstance(_facets, Unset):
            facets = UNSET
        else:
            facets = CreatorFacets.from_dict(_facets)

        search_creators_response_200 = cls(
            query=query,
            page=page,
            total_found=total_found,
            returned=returned,
            has_more=has_more,
            next_page=next_page,
            creators=creators,
            facets=facets,
        )

        return search_creators_response_200

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.sponsor_facets import SponsorFacets
    from ..models.sponsor_summary import SponsorSummary


T = TypeVar("T", bound="SearchSponsorsResponse200")


@_attrs_define
class SearchSponsorsResponse200:
    """
    Attributes:
        query (str):
        returned (int):
        sponsors (list[SponsorSummary]):
        facets (SponsorFacets | Unset): Beyond the spec, when facets= asks: counts over the whole match set
    """

    query: str
    returned: int
    sponsors: list[SponsorSummary]
    facets: SponsorFacets | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        query = self.query

        returned = self.returned

        sponsors = []
        for sponsors_item_data in self.sponsors:
            sponsors_item = sponsors_item_data.to_dict()
            sponsors.append(sponsors_item)

        facets: dict[str, Any] | Unset = UNSET
        if not isinstance(self.facets, Unset):
            facets = self.facets.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "query": query,
                "returned": returned,
                "sponsors": sponsors,
            }
        )
        if facets is not UNSET:
            field_dict["facets"] = facets

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.sponsor_facets import SponsorFacets
        from ..models.sponsor_summary import SponsorSummary

        d = dict(src_dict)
        query = d.pop("query")

        returned = d.pop("returned")

        sponsors = []
        _sponsors = d.pop("sponsors")
        for sponsors_item_data in _sponsors:
            sponsors_item = SponsorSummary.from_dict(sponsors_item_data)

            sponsors.append(sponsors_item)

        _facets = d.pop("facets", UNSET)
        facets: SponsorFacets | Unset
        if isinstance(_facets, Unset):
            facets = UNSET
        else:
            facets = SponsorFacets.from_dict(_facets)

        search_sponsors_response_200 = cls(
            query=query,
            returned=returned,
            sponsors=sponsors,
            facets=facets,
        )

        return search_sponsors_response_200

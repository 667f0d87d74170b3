from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.facet_value import FacetValue


T = TypeVar("T", bound="SponsorFacets")


@_attrs_define
class SponsorFacets:
    """Beyond the spec, when facets= asks: counts over the whole match set

    Attributes:
        kind (list[FacetValue] | Unset): Per kind of business
        niche (list[FacetValue] | Unset): Per niche the sponsors sponsor in
    """

    kind: list[FacetValue] | Unset = UNSET
    niche: list[FacetValue] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = []
            for kind_item_data in self.kind:
                kind_item = kind_item_data.to_dict()
                kind.append(kind_item)

        niche: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.niche, Unset):
            niche = []
            for niche_item_data in self.niche:
                niche_item = niche_item_data.to_dict()
                niche.append(niche_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if kind is not UNSET:
            field_dict["kind"] = kind
        if niche is not UNSET:
            field_dict["niche"] = niche

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.facet_value import FacetValue

        d = dict(src_dict)
        _kind = d.pop("kind", UNSET)
        kind: list[FacetValue] | Unset = UNSET
        if _kind is not UNSET:
            kind = []
            for kind_item_data in _kind:
                kind_item = FacetValue.from_dict(kind_item_data)

                kind.append(kind_item)

        _niche = d.pop("niche", UNSET)
        niche: list[FacetValue] | Unset = UNSET
        if _niche is not UNSET:
            niche = []
            for niche_item_data in _niche:
                niche_item = FacetValue.from_dict(niche_item_data)

                niche.append(niche_item)

        sponsor_facets = cls(
            kind=kind,
            niche=niche,
        )

        return sponsor_facets

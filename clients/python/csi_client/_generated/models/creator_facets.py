from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.facet_value import FacetValue


T = TypeVar("T", bound="CreatorFacets")


@_attrs_define
class CreatorFacets:
    """Beyond the spec, when facets= asks: counts over the whole match set, each facet's without its own filter

    Attributes:
        niche (list[FacetValue] | Unset): Per niche value, primary or secondary
        country (list[FacetValue] | Unset): Per country code (creators with no country are not counted)
        language (list[FacetValue] | Unset): Per language code
        size (list[FacetValue] | Unset): Per subscriber band: nano (under 10K), micro (10K–100K), mid (100K–500K), macro
            (500K–1M), mega (1M+)
        format_ (list[FacetValue] | Unset): Per dominant video format: short or long
    """

    niche: list[FacetValue] | Unset = UNSET
    country: list[FacetValue] | Unset = UNSET
    language: list[FacetValue] | Unset = UNSET
    size: list[FacetValue] | Unset = UNSET
    format_: list[FacetValue] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        niche: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.niche, Unset):
            niche = []
            for niche_item_data in self.niche:
                niche_item = niche_item_data.to_dict()
                niche.append(niche_item)

        country: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.country, Unset):
            country = []
            for country_item_data in self.country:
                country_item = country_item_data.to_dict()
                country.append(country_item)

        language: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.language, Unset):
            language = []
            for language_item_data in self.language:
                language_item = language_item_data.to_dict()
                language.append(language_item)

        size: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.size, Unset):
            size = []
            for size_item_data in self.size:
                size_item = size_item_data.to_dict()
                size.append(size_item)

        format_: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = []
            for format_item_data in self.format_:
                format_item = format_item_data.to_dict()
                format_.append(format_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if niche is not UNSET:
            field_dict["niche"] = niche
        if country is not UNSET:
            field_dict["country"] = country
        if language is not UNSET:
            field_dict["language"] = language
        if size is not UNSET:
            field_dict["size"] = size
        if format_ is not UNSET:
            field_dict["format"] = format_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.facet_value import FacetValue

        d = dict(src_dict)
        _niche = d.pop("niche", UNSET)
        niche: list[FacetValue] | Unset = UNSET
        if _niche is not UNSET:
            niche = []
            for niche_item_data in _niche:
                niche_item = FacetValue.from_dict(niche_item_data)

                niche.append(niche_item)

        _country = d.pop("country", UNSET)
        country: list[FacetValue] | Unset = UNSET
        if _country is not UNSET:
            country = []
            for country_item_data in _country:
                country_item = FacetValue.from_dict(country_item_data)

                country.append(country_item)

        _language = d.pop("language", UNSET)
        language: list[FacetValue] | Unset = UNSET
        if _language is not UNSET:
            language = []
            for language_item_data in _language:
                language_item = FacetValue.from_dict(language_item_data)

                language.append(language_item)

        _size = d.pop("size", UNSET)
        size: list[FacetValue] | Unset = UNSET
        if _size is not UNSET:
            size = []
            for size_item_data in _size:
                size_item = FacetValue.from_dict(size_item_data)

                size.append(size_item)

        _format_ = d.pop("format", UNSET)
        format_: list[FacetValue] | Unset = UNSET
        if _format_ is not UNSET:
            format_ = []
            for format_item_data in _format_:
                format_item = FacetValue.from_dict(format_item_data)

                format_.append(format_item)

        creator_facets = cls(
            niche=niche,
            country=country,
            language=language,
            size=size,
            format_=format_,
        )

        return creator_facets

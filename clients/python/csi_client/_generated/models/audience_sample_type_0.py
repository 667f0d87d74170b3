from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AudienceSampleType0")


@_attrs_define
class AudienceSampleType0:
    """
    Attributes:
        comments (int): Public comments read
        commenters (int): Distinct commenters among them
        with_language (int): Comments whose language could be told: languageDistribution counts these
        with_country (int): Commenters whose channel declares a country: geoDistribution counts these
        with_gender (int): Commenters with an unambiguous first name: genderDistribution counts these
    """

    comments: int
    commenters: int
    with_language: int
    with_country: int
    with_gender: int

    def to_dict(self) -> dict[str, Any]:
        comments = self.comments

        commenters = self.commenters

        with_language = self.with_language

        with_country = self.with_country

        with_gender = self.with_gender

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "comments": comments,
                "commenters": commenters,
                "withLanguage": with_language,
                "withCountry": with_country,
                "withGender": with_gender,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        comments = d.pop("comments")

        commenters = d.pop("commenters")

        with_language = d.pop("withLanguage")

        with_country = d.pop("withCountry")

        with_gender = d.pop("withGender")

        audience_sample_type_0 = cls(
            comments=comments,
            commenters=commenters,
            with_language=with_language,
            with_country=with_country,
            with_gender=with_gender,
        )

        return audience_sample_type_0

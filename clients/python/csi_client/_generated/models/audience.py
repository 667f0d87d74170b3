from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.audience_confidence_label import (
    AudienceConfidenceLabel,
    check_audience_confidence_label,
)

if TYPE_CHECKING:
    from ..models.audience_age_distribution import AudienceAgeDistribution
    from ..models.audience_gender_distribution import AudienceGenderDistribution
    from ..models.audience_geo_distribution import AudienceGeoDistribution
    from ..models.audience_language_distribution import AudienceLanguageDistribution
    from ..models.audience_sample_type_0 import AudienceSampleType0


T = TypeVar("T", bound="Audience")


@_attrs_define
class Audience:
    """
    Attributes:
        age_distribution (AudienceAgeDistribution):
        gender_distribution (AudienceGenderDistribution):
        geo_distribution (AudienceGeoDistribution): Keys are ISO 3166-1 alpha-2 country codes
        language_distribution (AudienceLanguageDistribution): Keys are ISO 639-1 language codes
        interests (list[str]):
        confidence (float):
        confidence_label (AudienceConfidenceLabel):
        estimated (bool):
        computed_at (datetime.datetime | None):
        sample (AudienceSampleType0 | None): Beyond the spec: the comment sample an estimate is drawn from; null for one
            not drawn from comments
        note (None | str): Beyond the spec: what the estimate is drawn from and what it leaves out (an empty
            distribution)
    """

    age_distribution: AudienceAgeDistribution
    gender_distribution: AudienceGenderDistribution
    geo_distribution: AudienceGeoDistribution
    language_distribution: AudienceLanguageDistribution
    interests: list[str]
    confidence: float
    confidence_label: AudienceConfidenceLabel
    estimated: bool
    computed_at: datetime.datetime | None
    sample: AudienceSampleType0 | None
    note: None | str

    def to_dict(self) -> dict[str, Any]:
        from ..models.audience_sample_type_0 import AudienceSampleType0

        age_distribution = self.age_distribution.to_dict()

        gender_distribution = self.gender_distribution.to_dict()

        geo_distribution = self.geo_distribution.to_dict()

        language_distribution = self.language_distribution.to_dict()

        interests = self.interests

        confidence = self.confidence

        confidence_label: str = self.confidence_label

        estimated = self.estimated

        computed_at: None | str
        if isinstance(self.computed_at, datetime.datetime):
            computed_at = self.computed_at.isoformat()
        else:
            computed_at = self.computed_at

        sample: dict[str, Any] | None
        if isinstance(self.sample, AudienceSampleType0):
            sample = self.sample.to_dict()
        else:
            sample = self.sample

        note: None | str
        note = self.note

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ageDistribution": age_distribution,
                "genderDistribution": gender_distribution,
                "geoDistribution": geo_distribution,
                "languageDistribution": language_distribution,
                "interests": interests,
                "confidence": confidence,
                "confidenceLabel": confidence_label,
                "estimated": estimated,
                "computedAt": computed_at,
                "sample": sample,
                "note": note,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.audience_age_distribution import AudienceAgeDistribution
        from ..models.audience_gender_distribution import AudienceGenderDistribution
        from ..models.audience_geo_distribution import AudienceGeoDistribution
        from ..models.audience_language_distribution import AudienceLanguageDistribution
        from ..models.audience_sample_type_0 import AudienceSampleType0

        d = dict(src_dict)
        age_distribution = AudienceAgeDistribution.from_dict(d.pop("ageDistribution"))

        gender_distribution = AudienceGenderDistribution.from_dict(
            d.pop("genderDistribution")
        )

        geo_distribution = AudienceGeoDistribution.from_dict(d.pop("geoDistribution"))

        language_distribution = AudienceLanguageDistribution.from_dict(
            d.pop("languageDistribution")
        )

        interests = cast(list[str], d.pop("interests"))

        confidence = d.pop("confidence")

        confidence_label = check_audience_confidence_label(d.pop("confidenceLabel"))

        estimated = d.pop("estimated")

        def _parse_computed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                computed_at_type_0 = datetime.datetime.fromisoformat(data)

                return computed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        computed_at = _parse_computed_at(d.pop("computedAt"))

        def _parse_sample(data: object) -> AudienceSampleType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sample_type_0 = AudienceSampleType0.from_dict(data)

                return sample_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AudienceSampleType0 | None, data)

        sample = _parse_sample(d.pop("sample"))

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        audience = cls(
            age_distribution=age_distribution,
            gender_distribution=gender_distribution,
            geo_distribution=geo_distribution,
            language_distribution=language_distribution,
            interests=interests,
            confidence=confidence,
            confidence_label=confidence_label,
            estimated=estimated,
            computed_at=computed_at,
            sample=sample,
            note=note,
        )

        return audience

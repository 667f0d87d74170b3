from typing import Literal

AudienceConfidenceLabel = Literal["high", "low", "medium"]

AUDIENCE_CONFIDENCE_LABEL_VALUES: set[AudienceConfidenceLabel] = {
    "high",
    "low",
    "medium",
}


def check_audience_confidence_label(value: str) -> AudienceConfidenceLabel:
    if value in AUDIENCE_CONFIDENCE_LABEL_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUDIENCE_CONFIDENCE_LABEL_VALUES!r}"
    )

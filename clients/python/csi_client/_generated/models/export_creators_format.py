from typing import Literal

ExportCreatorsFormat = Literal["csv", "ndjson"]

EXPORT_CREATORS_FORMAT_VALUES: set[ExportCreatorsFormat] = {
    "csv",
    "ndjson",
}


def check_export_creators_format(value: str) -> ExportCreatorsFormat:
    if value in EXPORT_CREATORS_FORMAT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXPORT_CREATORS_FORMAT_VALUES!r}"
    )

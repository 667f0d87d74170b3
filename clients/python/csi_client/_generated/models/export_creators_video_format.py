from typing import Literal

ExportCreatorsVideoFormat = Literal["long", "short"]

EXPORT_CREATORS_VIDEO_FORMAT_VALUES: set[ExportCreatorsVideoFormat] = {
    "long",
    "short",
}


def check_export_creators_video_format(value: str) -> ExportCreatorsVideoFormat:
    if value in EXPORT_CREATORS_VIDEO_FORMAT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXPORT_CREATORS_VIDEO_FORMAT_VALUES!r}"
    )

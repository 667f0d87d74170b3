from typing import Literal

SearchCreatorsVideoFormat = Literal["long", "short"]

SEARCH_CREATORS_VIDEO_FORMAT_VALUES: set[SearchCreatorsVideoFormat] = {
    "long",
    "short",
}


def check_search_creators_video_format(value: str) -> SearchCreatorsVideoFormat:
    if value in SEARCH_CREATORS_VIDEO_FORMAT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEARCH_CREATORS_VIDEO_FORMAT_VALUES!r}"
    )

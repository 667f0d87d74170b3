from typing import Literal

FindSimilarCreatorsVideoFormat = Literal["long", "short"]

FIND_SIMILAR_CREATORS_VIDEO_FORMAT_VALUES: set[FindSimilarCreatorsVideoFormat] = {
    "long",
    "short",
}


def check_find_similar_creators_video_format(
    value: str,
) -> FindSimilarCreatorsVideoFormat:
    if value in FIND_SIMILAR_CREATORS_VIDEO_FORMAT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FIND_SIMILAR_CREATORS_VIDEO_FORMAT_VALUES!r}"
    )

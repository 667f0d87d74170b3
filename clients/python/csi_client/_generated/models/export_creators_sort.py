from typing import Literal

ExportCreatorsSort = Literal[
    "avg_views_desc",
    "engagement_desc",
    "subs_asc",
    "subs_desc",
    "subs_growth_desc",
    "views_desc",
]

EXPORT_CREATORS_SORT_VALUES: set[ExportCreatorsSort] = {
    "avg_views_desc",
    "engagement_desc",
    "subs_asc",
    "subs_desc",
    "subs_growth_desc",
    "views_desc",
}


def check_export_creators_sort(value: str) -> ExportCreatorsSort:
    if value in EXPORT_CREATORS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EXPORT_CREATORS_SORT_VALUES!r}"
    )

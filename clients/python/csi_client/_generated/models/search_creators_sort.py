from typing import Literal

SearchCreatorsSort = Literal[
    "avg_views_desc",
    "engagement_desc",
    "subs_asc",
    "subs_desc",
    "subs_growth_desc",
    "views_desc",
]

SEARCH_CREATORS_SORT_VALUES: set[SearchCreatorsSort] = {
    "avg_views_desc",
    "engagement_desc",
    "subs_asc",
    "subs_desc",
    "subs_growth_desc",
    "views_desc",
}


def check_search_creators_sort(value: str) -> SearchCreatorsSort:
    if value in SEARCH_CREATORS_SORT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEARCH_CREATORS_SORT_VALUES!r}"
    )

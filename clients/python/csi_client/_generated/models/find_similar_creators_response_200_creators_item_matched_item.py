from typing import Literal

FindSimilarCreatorsResponse200CreatorsItemMatchedItem = Literal[
    "content", "niche", "size", "sponsors"
]

FIND_SIMILAR_CREATORS_RESPONSE_200_CREATORS_ITEM_MATCHED_ITEM_VALUES: set[
    FindSimilarCreatorsResponse200CreatorsItemMatchedItem
] = {
    "content",
    "niche",
    "size",
    "sponsors",
}


def check_find_similar_creators_response_200_creators_item_matched_item(
    value: str,
) -> FindSimilarCreatorsResponse200CreatorsItemMatchedItem:
    if value in FIND_SIMILAR_CREATORS_RESPONSE_200_CREATORS_ITEM_MATCHED_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FIND_SIMILAR_CREATORS_RESPONSE_200_CREATORS_ITEM_MATCHED_ITEM_VALUES!r}"
    )

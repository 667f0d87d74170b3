from typing import Literal

ErrorErrorCode = Literal[
    "forbidden",
    "internal_error",
    "invalid_request",
    "key_cap_reached",
    "method_not_allowed",
    "not_found",
    "out_of_credits",
    "rate_limited",
    "unauthorized",
    "unavailable",
]

ERROR_ERROR_CODE_VALUES: set[ErrorErrorCode] = {
    "forbidden",
    "internal_error",
    "invalid_request",
    "key_cap_reached",
    "method_not_allowed",
    "not_found",
    "out_of_credits",
    "rate_limited",
    "unauthorized",
    "unavailable",
}


def check_error_error_code(value: str) -> ErrorErrorCode:
    if value in ERROR_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ERROR_ERROR_CODE_VALUES!r}"
    )

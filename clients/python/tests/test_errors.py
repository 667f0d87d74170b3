"""The error classes against the contract: one per code the served document lists, chosen by the body's code."""

from __future__ import annotations

import httpx

from csi_client import ERRORS_BY_CODE, CallInfo, CsiApiError, OutOfCreditsError
from csi_client._generated.models.error_error_code import ERROR_ERROR_CODE_VALUES
from csi_client.errors import error_from_response


def info(response: httpx.Response) -> CallInfo:
    return CallInfo.from_response(response)


def test_every_code_of_the_contract_has_its_class() -> None:
    assert set(ERRORS_BY_CODE) == set(ERROR_ERROR_CODE_VALUES)


def test_the_class_follows_the_code_and_carries_the_message() -> None:
    response = httpx.Response(
        402,
        json={"error": {"code": "out_of_credits", "message": "No credits left this period."}},
        headers={"x-credits-charged": "0", "x-credits-remaining": "0"},
    )
    error = error_from_response(response, info(response))
    assert isinstance(error, OutOfCreditsError)
    assert (error.status, error.code, error.message) == (402, "out_of_credits", "No credits left this period.")
    assert (error.info.credits_charged, error.info.credits_remaining) == (0, 0)


def test_an_answer_without_the_error_shape_is_a_plain_csi_api_error() -> None:
    response = httpx.Response(502, text="<html>Bad gateway</html>")
    error = error_from_response(response, info(response))
    assert type(error) is CsiApiError
    assert (error.status, error.code) == (502, "unknown")


def test_the_headers_are_parsed() -> None:
    response = httpx.Response(
        200,
        headers={
            "x-credits-charged": "1",
            "x-credits-remaining": "unlimited",
            "ratelimit-policy": '"key";q=120;w=60',
            "ratelimit": '"key";r=119;t=42',
        },
    )
    parsed = info(response)
    assert (parsed.credits_charged, parsed.credits_remaining) == (1, "unlimited")
    assert parsed.rate_limit is not None
    assert (parsed.rate_limit.limit, parsed.rate_limit.remaining, parsed.rate_limit.reset_seconds) == (120, 119, 42)
    assert parsed.retry_after is None

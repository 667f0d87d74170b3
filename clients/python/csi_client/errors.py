"""The service's errors as exceptions: a class per code of the contract's error shape `{"error": {"code", "message"}}`.

Catch CsiApiError for any of them, or a subclass for one code. tests/test_errors.py holds the classes to the codes the
served document lists, so a code added to the contract fails it until it has its class here.
"""

from __future__ import annotations

from typing import ClassVar

import httpx

from .call_info import CallInfo


class CsiApiError(Exception):
    """Any answer other than 2xx. `code` is the contract's (`not_found`, …), or `unknown` without the error shape."""

    code_name: ClassVar[str | None] = None

    def __init__(self, status: int, code: str, message: str, info: CallInfo) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.info = info


class UnauthorizedError(CsiApiError):
    """401: the API key is missing, unknown or revoked."""

    code_name = "unauthorized"


class OutOfCreditsError(CsiApiError):
    """402: no credits left this period; billable calls fail until the allowance renews."""

    code_name = "out_of_credits"


class KeyCapReachedError(CsiApiError):
    """402: this API key has spent its cap for the period; the account's other keys may still spend."""

    code_name = "key_cap_reached"


class ForbiddenError(CsiApiError):
    """403: the plan has no API access."""

    code_name = "forbidden"


class NotFoundError(CsiApiError):
    """404: no creator or sponsor matches the id (the call is not charged)."""

    code_name = "not_found"


class MethodNotAllowedError(CsiApiError):
    """405: the path exists, the method does not."""

    code_name = "method_not_allowed"


class InvalidRequestError(CsiApiError):
    """422: a parameter is missing or invalid."""

    code_name = "invalid_request"


class RateLimitedError(CsiApiError):
    """429: over the per-key or per-address window; raised once the client's retries are spent or the wait too long."""

    code_name = "rate_limited"

    @property
    def retry_after(self) -> float | None:
        """Seconds the service asked to wait."""
        return self.info.retry_after


class UnavailableError(CsiApiError):
    """503: a backing service cannot answer now; retried like a 429."""

    code_name = "unavailable"

    @property
    def retry_after(self) -> float | None:
        return self.info.retry_after


class InternalError(CsiApiError):
    """500: the service failed."""

    code_name = "internal_error"


ERRORS_BY_CODE: dict[str, type[CsiApiError]] = {
    cls.code_name: cls
    for cls in (
        UnauthorizedError,
        OutOfCreditsError,
        KeyCapReachedError,
        ForbiddenError,
        NotFoundError,
        MethodNotAllowedError,
        InvalidRequestError,
        RateLimitedError,
        UnavailableError,
        InternalError,
    )
    if cls.code_name is not None
}


def error_from_response(response: httpx.Response, info: CallInfo) -> CsiApiError:
    """The exception for a non-2xx response: its class by the body's code; CsiApiError when the body has no code."""
    code, message = "unknown", f"HTTP {response.status_code} without the error shape"
    try:
        error = response.json().get("error")
        if isinstance(error, dict) and isinstance(error.get("code"), str):
            code, message = error["code"], str(error.get("message", ""))
    except (ValueError, AttributeError):
        pass
    return ERRORS_BY_CODE.get(code, CsiApiError)(response.status_code, code, message, info)

"""What a response's headers tell a caller: credits charged and left, the rate-limit window, Retry-After."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Literal

import httpx


@dataclass(frozen=True)
class RateLimit:
    """The key's (or address's) one-minute window (draft-ietf-httpapi-ratelimit-headers)."""

    limit: int | None
    remaining: int | None
    reset_seconds: int | None


@dataclass(frozen=True)
class CallInfo:
    """One call's status and headers, parsed; None where the service sent none (free endpoints carry no credits)."""

    status: int
    credits_charged: int | None
    credits_remaining: int | Literal["unlimited"] | None
    rate_limit: RateLimit | None
    retry_after: float | None
    #: An export's: the most it could cost, reserved before its first row (what it did cost is in its trailers).
    credits_reserved: int | None = None

    @classmethod
    def from_response(cls, response: httpx.Response) -> CallInfo:
        headers = response.headers
        remaining = headers.get("x-credits-remaining")
        policy, window = headers.get("ratelimit-policy"), headers.get("ratelimit")
        return cls(
            status=response.status_code,
            credits_charged=_int(headers.get("x-credits-charged")),
            credits_remaining="unlimited" if remaining == "unlimited" else _int(remaining),
            rate_limit=RateLimit(_field(policy, "q"), _field(window, "r"), _field(window, "t"))
            if policy or window
            else None,
            retry_after=retry_after_seconds(headers),
            credits_reserved=_int(headers.get("x-credits-reserved")),
        )


def retry_after_seconds(headers: httpx.Headers) -> float | None:
    """Retry-After in seconds: the service sends whole seconds; an HTTP date (RFC 9110 allows one) is read too."""
    value = headers.get("retry-after")
    if value is None or value.strip() == "":
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


def _int(text: str | None) -> int | None:
    return int(text) if text is not None and text.strip().isdigit() else None


def _field(text: str | None, key: str) -> int | None:
    match = re.search(rf";{key}=(\d+)", text or "")
    return int(match.group(1)) if match else None

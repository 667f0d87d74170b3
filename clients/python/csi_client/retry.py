"""Retries of 429 and 503 after their Retry-After, as an httpx transport: the client's calls and the generated
functions called with `client.generated` alike. Bounded: at most `max_retries` times, and only when the wait is at most
`max_delay` seconds; a longer one is returned at once (and raised as RateLimitedError), so a caller never sleeps
through a minute-long window without knowing. Those answers are never charged, so repeating the call is safe; nothing
else is retried: a network error may come after the service has charged the call.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import httpx

from .call_info import retry_after_seconds

RETRIED = frozenset({429, 503})
# Without a Retry-After (the service always sends one), wait this long.
DEFAULT_WAIT_S = 1.0


class RetryTransport(httpx.BaseTransport):
    def __init__(
        self,
        inner: httpx.BaseTransport,
        *,
        max_retries: int = 2,
        max_delay: float = 10.0,
        sleep: Callable[[float], None] | None = None,
    ) -> None:
        self._inner = inner
        self._max_retries = max_retries
        self._max_delay = max_delay
        self._sleep = sleep or time.sleep

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        attempt = 0
        while True:
            response = self._inner.handle_request(request)
            if response.status_code not in RETRIED or attempt >= self._max_retries:
                return response
            wait = retry_after_seconds(response.headers)
            wait = DEFAULT_WAIT_S if wait is None else wait
            if wait > self._max_delay:
                return response
            response.close()
            self._sleep(wait)
            attempt += 1

    def close(self) -> None:
        self._inner.close()

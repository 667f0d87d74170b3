"""A real 429: raised as RateLimitedError with its Retry-After when the client may not wait, retried when it may.

The key's window ends within seconds (the harness shortened it), so this file runs first and waits at most that long.
"""

from __future__ import annotations

import time

import pytest

from csi_client import Client, RateLimitedError
from csi_client.models import Credits


def test_a_spent_window_is_raised_with_its_retry_after_then_retried_after_it(service, limited_key) -> None:
    with pytest.raises(RateLimitedError) as refused:
        Client(service.base_url, limited_key, max_retries=0).get_credits()
    assert refused.value.status == 429
    assert refused.value.code == "rate_limited"
    wait = refused.value.retry_after
    assert wait is not None and 1 <= wait <= 30

    # A wait longer than the client accepts is raised at once, not slept through.
    started = time.monotonic()
    with pytest.raises(RateLimitedError):
        Client(service.base_url, limited_key, max_retry_delay=0.5).get_credits()
    assert time.monotonic() - started < 1

    started = time.monotonic()
    client = Client(service.base_url, limited_key, max_retries=3, max_retry_delay=30)
    credits = client.get_credits()
    waited = time.monotonic() - started
    assert isinstance(credits, Credits)
    assert client.last_call is not None and client.last_call.status == 200
    # It slept what the service asked (the window may have been a little older by then), and not much more.
    assert wait - 2 <= waited <= wait + 5, (wait, waited)

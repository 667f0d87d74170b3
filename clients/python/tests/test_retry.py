"""The retry rules on a scripted transport: which answers are retried, after how long, how many times."""

from __future__ import annotations

import httpx
import pytest

from csi_client import Client, NotFoundError, RateLimitedError, UnavailableError
from csi_client.retry import RetryTransport


def scripted(*answers: tuple[int, dict[str, str]]):
    """A transport answering each request with the next (status, headers); the error shape for a non-2xx."""
    sent: list[httpx.Request] = []
    queue = list(answers)

    def handle(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        status, headers = queue.pop(0)
        codes = {404: "not_found", 429: "rate_limited", 503: "unavailable"}
        body = {"plan": "user", "unlimited": True, "balance": None, "allowance": 0, "renewsAt": None}
        if status >= 400:
            body = {"error": {"code": codes[status], "message": "scripted"}}
        return httpx.Response(status, headers=headers, json=body)

    return httpx.MockTransport(handle), sent


def test_a_429_is_retried_after_its_retry_after() -> None:
    transport, sent = scripted((429, {"retry-after": "2"}), (503, {"retry-after": "1"}), (200, {}))
    waits: list[float] = []
    retrying = RetryTransport(transport, max_retries=2, max_delay=10, sleep=waits.append)
    with httpx.Client(transport=retrying) as http:
        assert http.get("http://csi/api/v1/credits").status_code == 200
    assert waits == [2, 1] and len(sent) == 3


def test_retries_are_bounded_then_the_error_is_raised(monkeypatch) -> None:
    waits: list[float] = []
    monkeypatch.setattr("time.sleep", waits.append)
    transport, sent = scripted(*[(429, {"retry-after": "1"})] * 3)
    client = Client("http://csi", "k", max_retries=2, transport=transport)
    with pytest.raises(RateLimitedError) as limited:
        client.get_credits()
    assert len(sent) == 3 and waits == [1, 1]
    assert limited.value.retry_after == 1


def test_a_wait_longer_than_allowed_is_raised_at_once() -> None:
    transport, sent = scripted((503, {"retry-after": "60"}))
    client = Client("http://csi", "k", max_retry_delay=10, transport=transport)
    with pytest.raises(UnavailableError) as unavailable:
        client.get_credits()
    assert len(sent) == 1 and unavailable.value.retry_after == 60


def test_other_errors_are_not_retried() -> None:
    transport, sent = scripted((404, {}))
    with pytest.raises(NotFoundError):
        Client("http://csi", "k", transport=transport).get_creator("x")
    assert len(sent) == 1


def test_the_key_goes_as_a_bearer_token_to_the_api_path() -> None:
    transport, sent = scripted((200, {}))
    Client("http://csi/", "csi_key", transport=transport).get_credits()
    assert sent[0].url == "http://csi/api/v1/credits"
    assert sent[0].headers["authorization"] == "Bearer csi_key"

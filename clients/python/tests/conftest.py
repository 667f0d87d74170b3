"""The service the live tests call, from the environment; without CSI_BASE_URL they are skipped (the unit tests run).

test/e2e/python-client.test.ts starts the service on a dataset of its own, makes the keys and sets these:
  CSI_BASE_URL     the service's root, e.g. http://127.0.0.1:3000
  CSI_API_KEY      a key with credits (a thousand is plenty)
  CSI_QUERY        a creator search with more than one page of matches
  CSI_BROKE_KEY    a key of an account with no credits left (402)
  CSI_LIMITED_KEY  a key whose rate window is spent and ends within seconds (429, then a retry that passes)
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import pytest


@dataclass(frozen=True)
class Service:
    base_url: str
    api_key: str
    query: str


def _env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.skip(f"{name} is not set: no service to call")
    return value


@pytest.fixture(scope="session")
def service() -> Service:
    return Service(_env("CSI_BASE_URL"), _env("CSI_API_KEY"), os.environ.get("CSI_QUERY", "gaming"))


@pytest.fixture(scope="session")
def broke_key() -> str:
    return _env("CSI_BROKE_KEY")


@pytest.fixture(scope="session")
def limited_key() -> str:
    return _env("CSI_LIMITED_KEY")

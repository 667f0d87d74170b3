"""Typed Python client of the Creator & Sponsor Intelligence API.

from csi_client import Client
client = Client("http://127.0.0.1:3000", api_key)
page = client.search_creators(query="personal finance", country="US")
"""

from .call_info import CallInfo, RateLimit
from .client import Client
from .dataframe import rows, to_dataframe
from .errors import (
    ERRORS_BY_CODE,
    CsiApiError,
    ForbiddenError,
    InternalError,
    InvalidRequestError,
    KeyCapReachedError,
    MethodNotAllowedError,
    NotFoundError,
    OutOfCreditsError,
    RateLimitedError,
    UnauthorizedError,
    UnavailableError,
)

__all__ = [
    "ERRORS_BY_CODE",
    "CallInfo",
    "Client",
    "CsiApiError",
    "ForbiddenError",
    "InternalError",
    "InvalidRequestError",
    "KeyCapReachedError",
    "MethodNotAllowedError",
    "NotFoundError",
    "OutOfCreditsError",
    "RateLimit",
    "RateLimitedError",
    "UnauthorizedError",
    "UnavailableError",
    "rows",
    "to_dataframe",
]

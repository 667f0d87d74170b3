"""A client library for accessing Creator & Sponsor Intelligence API"""

from .client import AuthenticatedClient, Client

__all__ = (
    "AuthenticatedClient",
    "Client",
)

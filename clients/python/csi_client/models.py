"""The generated models, typed: what the client's methods return (`from csi_client.models import CreatorSummary`)."""

from ._generated.models import *  # noqa: F403
from ._generated.models import __all__ as __all__

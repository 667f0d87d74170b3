"""Every operation of the served document is a method of Client: a new endpoint fails here until it has its line."""

from __future__ import annotations

import pkgutil

from csi_client import Client
from csi_client._generated.api import default


def test_every_generated_operation_is_a_client_method() -> None:
    operations = {module.name for module in pkgutil.iter_modules(default.__path__)}
    assert operations, "no generated operations"
    missing = sorted(name for name in operations if not hasattr(Client, name))
    assert not missing, f"add to csi_client/client.py: {missing}"

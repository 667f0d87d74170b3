"""Rows for a DataFrame: flattened without pandas; the DataFrame itself where pandas is installed."""

from __future__ import annotations

import sys

import pytest

from csi_client import rows, to_dataframe
from csi_client.models import Growth

LAST_30_DAYS = {
    "from": "2026-10-01",
    "days": 30,
    "subscribers": 120,
    "subscribersPct": 1.2,
    "views": 5000,
    "viewsPct": None,
}


def test_nested_objects_flatten_with_dots_and_lists_stay_whole() -> None:
    record = {"id": "creator-1", "stats": {"views": {"total": 9, "avg": 3}}, "niches": ["tech", "gaming"], "links": {}}
    assert rows([record]) == [
        {"id": "creator-1", "stats.views.total": 9, "stats.views.avg": 3, "niches": ["tech", "gaming"], "links": {}}
    ]


def test_models_are_read_through_their_json_form() -> None:
    growth = Growth.from_dict({"last30Days": LAST_30_DAYS, "last90Days": None})
    [row] = rows([growth])
    assert row["last30Days.from"] == "2026-10-01"
    assert row["last30Days.subscribers"] == 120
    assert row["last90Days"] is None


def test_without_pandas_it_says_how_to_install_it(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"csi-client\[pandas\]"):
        to_dataframe([])


def test_with_pandas_a_row_per_record() -> None:
    pytest.importorskip("pandas")
    frame = to_dataframe([{"id": "a", "stats": {"n": 1}}, {"id": "b", "stats": {"n": 2}}])
    assert list(frame.columns) == ["id", "stats.n"]
    assert list(frame["stats.n"]) == [1, 2]

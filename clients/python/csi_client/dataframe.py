"""Results as a pandas DataFrame (pandas is optional: `pip install "./clients/python[pandas]"`).

A row per record, its columns the API's field names, nested objects flattened with dots
(`growth.last30Days.subscribers`); lists stay in their cell. `rows` does the flattening without pandas.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas  # type: ignore[import-untyped, unused-ignore]


def rows(records: Iterable[Any]) -> list[dict[str, Any]]:
    """Flat dicts of generated models (their JSON form, `to_dict`) or of mappings."""
    return [_flatten(record.to_dict() if hasattr(record, "to_dict") else dict(record)) for record in records]


def to_dataframe(records: Iterable[Any]) -> pandas.DataFrame:
    """A DataFrame of models: `to_dataframe(page.creators)`, `to_dataframe(client.iter_creators(query="chess"))`."""
    try:
        import pandas
    except ImportError as error:
        raise ImportError(
            'to_dataframe needs pandas: pip install "csi-client[pandas]" (or pip install pandas)'
        ) from error
    return pandas.DataFrame(rows(records))


def _flatten(record: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in record.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping) and value:
            flat.update(_flatten(value, f"{name}."))
        else:
            flat[name] = value
    return flat

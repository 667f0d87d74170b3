from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="UsageKeysItem")


@_attrs_define
class UsageKeysItem:
    """
    Attributes:
        key_id (str):
        name (None | str):
        cap (int | None): Credits per period this key may spend; null for no cap
        spent (int):
        revoked (bool):
    """

    key_id: str
    name: None | str
    cap: int | None
    spent: int
    revoked: bool

    def to_dict(self) -> dict[str, Any]:
        key_id = self.key_id

        name: None | str
        name = self.name

        cap: int | None
        cap = self.cap

        spent = self.spent

        revoked = self.revoked

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "keyId": key_id,
                "name": name,
                "cap": cap,
                "spent": spent,
                "revoked": revoked,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key_id = d.pop("keyId")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        def _parse_cap(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        cap = _parse_cap(d.pop("cap"))

        spent = d.pop("spent")

        revoked = d.pop("revoked")

        usage_keys_item = cls(
            key_id=key_id,
            name=name,
            cap=cap,
            spent=spent,
            revoked=revoked,
        )

        return usage_keys_item

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.audience import Audience


T = TypeVar("T", bound="GetCreatorAudienceResponse200")


@_attrs_define
class GetCreatorAudienceResponse200:
    """
    Attributes:
        id (int): Numeric creator id
        name (str):
        handle (str):
        audience (Audience | None):
        note (str | Unset): Present only when there is no estimate; says why
    """

    id: int
    name: str
    handle: str
    audience: Audience | None
    note: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.audience import Audience

        id = self.id

        name = self.name

        handle = self.handle

        audience: dict[str, Any] | None
        if isinstance(self.audience, Audience):
            audience = self.audience.to_dict()
        else:
            audience = self.audience

        note = self.note

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "handle": handle,
                "audience": audience,
            }
        )
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.audience import Audience

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        handle = d.pop("handle")

        def _parse_audience(data: object) -> Audience | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                audience_type_0 = Audience.from_dict(data)

                return audience_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Audience | None, data)

        audience = _parse_audience(d.pop("audience"))

        note = d.pop("note", UNSET)

        get_creator_audience_response_200 = cls(
            id=id,
            name=name,
            handle=handle,
            audience=audience,
            note=note,
        )

        return get_creator_audience_response_200

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CreatorSponsor")


@_attrs_define
class CreatorSponsor:
    """
    Attributes:
        name (str):
        website (None | str):
        influesque_url (str):
        sponsorship_count (int):
        last_seen (datetime.date | None):
    """

    name: str
    website: None | str
    influesque_url: str
    sponsorship_count: int
    last_seen: datetime.date | None

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        website: None | str
        website = self.website

        influesque_url = self.influesque_url

        sponsorship_count = self.sponsorship_count

        last_seen: None | str
        if isinstance(self.last_seen, datetime.date):
            last_seen = self.last_seen.isoformat()
        else:
            last_seen = self.last_seen

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "website": website,
                "influesqueUrl": influesque_url,
                "sponsorshipCount": sponsorship_count,
                "lastSeen": last_seen,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_website(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        website = _parse_website(d.pop("website"))

        influesque_url = d.pop("influesqueUrl")

        sponsorship_count = d.pop("sponsorshipCount")

        def _parse_last_seen(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_seen_type_0 = datetime.date.fromisoformat(data)

                return last_seen_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        last_seen = _parse_last_seen(d.pop("lastSeen"))

        creator_sponsor = cls(
            name=name,
            website=website,
            influesque_url=influesque_url,
            sponsorship_count=sponsorship_count,
            last_seen=last_seen,
        )

        return creator_sponsor

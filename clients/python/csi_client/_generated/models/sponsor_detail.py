from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.creator_summary import CreatorSummary
    from ..models.sponsor_detail_social_links_type_0 import (
        SponsorDetailSocialLinksType0,
    )
    from ..models.sponsor_detail_stats import SponsorDetailStats


T = TypeVar("T", bound="SponsorDetail")


@_attrs_define
class SponsorDetail:
    """
    Attributes:
        id (int): Numeric sponsor id
        name (str):
        kind (None | str): consumer_brand, app, financial, retail, service or game
        website (None | str):
        domain (None | str):
        influesque_url (str):
        sponsorship_count (int): Number of detected sponsorships
        last_sponsorship_date (datetime.date | None):
        as_of (datetime.date | None): Beyond the spec: the newest day its creators' figures were read
        description (None | str):
        social_links (None | SponsorDetailSocialLinksType0):
        stats (SponsorDetailStats):
        niches (list[str]): Niches the brand sponsors in
        top_creators (list[CreatorSummary]):
    """

    id: int
    name: str
    kind: None | str
    website: None | str
    domain: None | str
    influesque_url: str
    sponsorship_count: int
    last_sponsorship_date: datetime.date | None
    as_of: datetime.date | None
    description: None | str
    social_links: None | SponsorDetailSocialLinksType0
    stats: SponsorDetailStats
    niches: list[str]
    top_creators: list[CreatorSummary]

    def to_dict(self) -> dict[str, Any]:
        from ..models.sponsor_detail_social_links_type_0 import (
            SponsorDetailSocialLinksType0,
        )

        id = self.id

        name = self.name

        kind: None | str
        kind = self.kind

        website: None | str
        website = self.website

        domain: None | str
        domain = self.domain

        influesque_url = self.influesque_url

        sponsorship_count = self.sponsorship_count

        last_sponsorship_date: None | str
        if isinstance(self.last_sponsorship_date, datetime.date):
            last_sponsorship_date = self.last_sponsorship_date.isoformat()
        else:
            last_sponsorship_date = self.last_sponsorship_date

        as_of: None | str
        if isinstance(self.as_of, datetime.date):
            as_of = self.as_of.isoformat()
        else:
            as_of = self.as_of

        description: None | str
        description = self.description

        social_links: dict[str, Any] | None
        if isinstance(self.social_links, SponsorDetailSocialLinksType0):
            social_links = self.social_links.to_dict()
        else:
            social_links = self.social_links

        stats = self.stats.to_dict()

        niches = self.niches

        top_creators = []
        for top_creators_item_data in self.top_creators:
            top_creators_item = top_creators_item_data.to_dict()
            top_creators.append(top_creators_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "kind": kind,
                "website": website,
                "domain": domain,
                "influesqueUrl": influesque_url,
                "sponsorshipCount": sponsorship_count,
                "lastSponsorshipDate": last_sponsorship_date,
                "asOf": as_of,
                "description": description,
                "socialLinks": social_links,
                "stats": stats,
                "niches": niches,
                "topCreators": top_creators,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.creator_summary import CreatorSummary
        from ..models.sponsor_detail_social_links_type_0 import (
            SponsorDetailSocialLinksType0,
        )
        from ..models.sponsor_detail_stats import SponsorDetailStats

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        def _parse_kind(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        kind = _parse_kind(d.pop("kind"))

        def _parse_website(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        website = _parse_website(d.pop("website"))

        def _parse_domain(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        domain = _parse_domain(d.pop("domain"))

        influesque_url = d.pop("influesqueUrl")

        sponsorship_count = d.pop("sponsorshipCount")

        def _parse_last_sponsorship_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_sponsorship_date_type_0 = datetime.date.fromisoformat(data)

                return last_sponsorship_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        last_sponsorship_date = _parse_last_sponsorship_date(
            d.pop("lastSponsorshipDate")
        )

        def _parse_as_of(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                as_of_type_0 = datetime.date.fromisoformat(data)

                return as_of_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        as_of = _parse_as_of(d.pop("asOf"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        def _parse_social_links(data: object) -> None | SponsorDetailSocialLinksType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                social_links_type_0 = SponsorDetailSocialLinksType0.from_dict(data)

                return social_links_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SponsorDetailSocialLinksType0, data)

        social_links = _parse_social_links(d.pop("socialLinks"))

        stats = SponsorDetailStats.from_dict(d.pop("stats"))

        niches = cast(list[str], d.pop("niches"))

        top_creators = []
        _top_creators = d.pop("topCreators")
        for top_creators_item_data in _top_creators:
            top_creators_item = CreatorSummary.from_dict(top_creators_item_data)

            top_creators.append(top_creators_item)

        sponsor_detail = cls(
            id=id,
            name=name,
            kind=kind,
            website=website,
            domain=domain,
            influesque_url=influesque_url,
            sponsorship_count=sponsorship_count,
            last_sponsorship_date=last_sponsorship_date,
            as_of=as_of,
            description=description,
            social_links=social_links,
            stats=stats,
            niches=niches,
            top_creators=top_creators,
        )

        return sponsor_detail

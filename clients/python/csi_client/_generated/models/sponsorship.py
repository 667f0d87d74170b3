from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.sponsorship_sponsor import SponsorshipSponsor


T = TypeVar("T", bound="Sponsorship")


@_attrs_define
class Sponsorship:
    """
    Attributes:
        video_id (str): YouTube video id
        video_url (str): https://www.youtube.com/watch?v=<videoId>
        title (str): The video's title
        published_at (datetime.date): The video's publish date, YYYY-MM-DD
        sponsor (SponsorshipSponsor):
        line (str): The line of the title or description that discloses it
        confidence (float): 0 to 1: how sure the detector is (the measured precision of its rule today)
        rule (str): What proposed it: a rule (disclosure, deal, partners, vanity-link), or mention: a name or site the
            scorer weighed where no rule looked
    """

    video_id: str
    video_url: str
    title: str
    published_at: datetime.date
    sponsor: SponsorshipSponsor
    line: str
    confidence: float
    rule: str

    def to_dict(self) -> dict[str, Any]:
        video_id = self.video_id

        video_url = self.video_url

        title = self.title

        published_at = self.published_at.isoformat()

        sponsor = self.sponsor.to_dict()

        line = self.line

        confidence = self.confidence

        rule = self.rule

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "videoId": video_id,
                "videoUrl": video_url,
                "title": title,
                "publishedAt": published_at,
                "sponsor": sponsor,
                "line": line,
                "confidence": confidence,
                "rule": rule,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.sponsorship_sponsor import SponsorshipSponsor

        d = dict(src_dict)
        video_id = d.pop("videoId")

        video_url = d.pop("videoUrl")

        title = d.pop("title")

        published_at = datetime.date.fromisoformat(d.pop("publishedAt"))

        sponsor = SponsorshipSponsor.from_dict(d.pop("sponsor"))

        line = d.pop("line")

        confidence = d.pop("confidence")

        rule = d.pop("rule")

        sponsorship = cls(
            video_id=video_id,
            video_url=video_url,
            title=title,
            published_at=published_at,
            sponsor=sponsor,
            line=line,
            confidence=confidence,
            rule=rule,
        )

        return sponsorship

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_creator_history_response_200_creator import (
        GetCreatorHistoryResponse200Creator,
    )
    from ..models.snapshot import Snapshot


T = TypeVar("T", bound="GetCreatorHistoryResponse200")


@_attrs_define
class GetCreatorHistoryResponse200:
    """
    Attributes:
        creator (GetCreatorHistoryResponse200Creator):
        page (int):
        total_found (int): Every snapshot in the range, counted exactly
        returned (int):
        has_more (bool):
        next_page (int | None):
        snapshots (list[Snapshot]):
    """

    creator: GetCreatorHistoryResponse200Creator
    page: int
    total_found: int
    returned: int
    has_more: bool
    next_page: int | None
    snapshots: list[Snapshot]

    def to_dict(self) -> dict[str, Any]:
        creator = self.creator.to_dict()

        page = self.page

        total_found = self.total_found

        returned = self.returned

        has_more = self.has_more

        next_page: int | None
        next_page = self.next_page

        snapshots = []
        for snapshots_item_data in self.snapshots:
            snapshots_item = snapshots_item_data.to_dict()
            snapshots.append(snapshots_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "creator": creator,
                "page": page,
                "totalFound": total_found,
                "returned": returned,
                "hasMore": has_more,
                "nextPage": next_page,
                "snapshots": snapshots,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_creator_history_response_200_creator import (
            GetCreatorHistoryResponse200Creator,
        )
        from ..models.snapshot import Snapshot

        d = dict(src_dict)
        creator = GetCreatorHistoryResponse200Creator.from_dict(d.pop("creator"))

        page = d.pop("page")

        total_found = d.pop("totalFound")

        returned = d.pop("returned")

        has_more = d.pop("hasMore")

        def _parse_next_page(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_page = _parse_next_page(d.pop("nextPage"))

        snapshots = []
        _snapshots = d.pop("snapshots")
        for snapshots_item_data in _snapshots:
            snapshots_item = Snapshot.from_dict(snapshots_item_data)

            snapshots.append(snapshots_item)

        get_creator_history_response_200 = cls(
            creator=creator,
            page=page,
            total_found=total_found,
            returned=returned,
            has_more=has_more,
            next_page=next_page,
            snapshots=snapshots,
        )

        return get_creator_history_response_200

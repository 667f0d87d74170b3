from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.error_error_code import ErrorErrorCode, check_error_error_code

T = TypeVar("T", bound="ErrorError")


@_attrs_define
class ErrorError:
    """
    Attributes:
        code (ErrorErrorCode): Machine-readable error code
        message (str): Human-readable explanation
    """

    code: ErrorErrorCode
    message: str

    def to_dict(self) -> dict[str, Any]:
        code: str = self.code

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = check_error_error_code(d.pop("code"))

        message = d.pop("message")

        error_error = cls(
            code=code,
            message=message,
        )

        return error_error

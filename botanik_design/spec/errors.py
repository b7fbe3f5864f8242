"""Errors raised when a spec cannot be loaded."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from botanik_design.spec.diagnostics import Diagnostic


class SpecError(Exception):
    """A tile set, variant or record could not be loaded.

    ``problems`` holds one human-readable line per problem, each starting with
    ``file:line:col:`` where a position is known; ``diagnostics``, the validator's
    :class:`~botanik_design.spec.diagnostics.Diagnostic` of each when the error came
    from them (``problems`` defaults to their formatted lines; empty for an error of
    another kind, e.g. a name that names nothing), for the commands' ``--format json``.
    ``exit_code``: the command's exit status for it (1: invalid content; subclasses
    for I/O problems say 2).
    """

    exit_code: int = 1

    def __init__(self, message: str, problems: list[str] | None = None,
                 diagnostics: Sequence[Diagnostic] = ()) -> None:
        super().__init__(message)
        self.diagnostics: list[Diagnostic] = list(diagnostics)
        self.problems: list[str] = problems or [d.format() for d in self.diagnostics]

    def __str__(self) -> str:
        head = super().__str__()
        if not self.problems:
            return head
        return head + "\n" + "\n".join("  " + p for p in self.problems)


class SpecNotFoundError(SpecError):
    """A reference names no file and no bundled spec (a usage or I/O problem: exit 2)."""

    exit_code = 2


class SpecUnreadableError(SpecError):
    """The file exists but cannot be read (an ``io-*`` problem: exit 2)."""

    exit_code = 2

"""Engine errors."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that is not legal in the current state; the state is unchanged."""


class RecordError(ValueError):
    """A game record or position file cannot be used.

    ``problems`` lists one human-readable line per problem.
    """

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems: list[str] = problems or []

    def __str__(self) -> str:
        head = super().__str__()
        if not self.problems:
            return head
        return head + "\n" + "\n".join("  " + p for p in self.problems)

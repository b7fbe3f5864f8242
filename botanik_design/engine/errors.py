"""Engine errors."""

from __future__ import annotations

from botanik_design.spec.errors import SpecError


class IllegalActionError(ValueError):
    """An action that is not legal in the current state; the state is unchanged."""


class RecordError(SpecError, ValueError):
    """A game record or position file cannot be used.

    ``problems`` lists one human-readable line per problem (as :class:`SpecError`).
    """

"""Engine errors."""

from __future__ import annotations

from botanik_design.games.base import IllegalActionError as _GameIllegalAction
from botanik_design.spec.errors import SpecError


class IllegalActionError(_GameIllegalAction):
    """An action that is not legal in the current state; the state is unchanged.

    A :class:`botanik_design.games.base.IllegalActionError` (game-neutral code
    catches that one)."""


class RecordError(SpecError, ValueError):
    """A game record or position file cannot be used.

    ``problems`` lists one human-readable line per problem (as :class:`SpecError`).
    """

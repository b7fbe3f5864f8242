"""Actions of a Botanik game state in words: typed forms, readable strings, refusals.

:class:`ActionText` reads the fields of :class:`~.fields.StateData` to name actions
(``action_to_string``, its inverse ``string_to_action``), gives their typed forms
(:mod:`.actions`) and words the error of an illegal one.
"""

from __future__ import annotations

from botanik_design.games.botanik.engine import actions as A
from botanik_design.games.botanik.engine.errors import IllegalActionError
from botanik_design.games.botanik.engine.fields import _KIND_NAMES, PLACE, SWAP, StateData
from botanik_design.games.botanik.engine.registry import EMPTY
from botanik_design.model.words import plural


class ActionText(StateData):
    """Typed and readable forms of the actions of :class:`~.state.GameState`."""

    def decode(self, action: int) -> A.Action:
        """Typed form of an action integer (see :mod:`.actions`)."""
        return A.decode(action)

    def encode(self, action: A.Action) -> int:
        """Integer of a typed action (no legality check)."""
        return A.encode(action)

    def action_to_string(self, action: int) -> str:
        """Readable ``action`` here, e.g. ``pick arrival#1 red-corner -> middle 3``."""
        try:
            act = A.decode(action)
        except ValueError:
            return f"<invalid action {action}>"
        d = self.decision
        if isinstance(act, A.Pick):
            name = self._arrival_name(act.arrival)
            where = "middle" if act.middle else "own slot"
            return f"pick arrival#{act.arrival + 1} {name} -> {where} {act.column + 1}"
        if isinstance(act, A.Discard):
            return f"discard arrival#{act.arrival + 1} {self._arrival_name(act.arrival)}"
        if isinstance(act, A.Swap):
            top = self.registry.top(act.column) if act.column < self.registry.columns else EMPTY
            mecha = self.table.name(d[2]) if d is not None and d[0] == SWAP else "mecha-botanist"
            taken = self.table.name(top) if top != EMPTY else "?"
            return f"swap {mecha} with middle {act.column + 1} ({taken})"
        name = self.table.name(d[2]) if d is not None and d[0] == PLACE else "tile"
        return f"place {name} at ({act.x},{act.y}) r{act.rotation}"

    def string_to_action(self, text: str) -> int:
        """The legal action whose :meth:`action_to_string` is ``text`` (spaces normalised).

        Raises :class:`IllegalActionError` when none matches.
        """
        want = " ".join(text.split())
        for a in self._legal:
            if self.action_to_string(a) == want:
                return a
        raise IllegalActionError(f"no legal action reads {text!r} at step {len(self._history)}")

    def _illegal(self, action: int) -> IllegalActionError:
        if self.decision is None:
            return IllegalActionError(f"action {action}: the game is over")
        kind = _KIND_NAMES[self.decision[0]]
        return IllegalActionError(
            f"action {action} ({self.action_to_string(action)}) is not legal: "
            f"player {self.decision[1]} must {kind}; {plural(len(self._legal), 'legal action')}"
        )

    def _arrival_name(self, i: int) -> str:
        return self.table.name(self.arrival[i]) if 0 <= i < len(self.arrival) else "?"

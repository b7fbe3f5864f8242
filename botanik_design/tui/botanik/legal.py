"""What the player to move may do, read from the engine's legal actions and typed views.

:class:`LegalMoves` is the part of the play-test
:class:`~botanik_design.tui.botanik.controller.Controller` that answers the board's
questions (where can this arrival tile go, which cells take the tile being placed,
which middle stacks a mecha-botanist can swap with) and words a move for the log.
It reads only typed values: decoded actions
(:mod:`botanik_design.games.botanik.engine.actions`), :meth:`GameState.pending` (a
:class:`~botanik_design.games.botanik.engine.Decision`) and :meth:`GameState.queued`.
"""

from __future__ import annotations

from dataclasses import dataclass

from botanik_design.games.botanik.engine import GameState
from botanik_design.games.botanik.engine.actions import Action, Discard, Pick, Place, Swap, decode
from botanik_design.games.botanik.engine.preview import pick_preview, place_preview
from botanik_design.games.botanik.engine.whynot import RotationNotOffered, reason_text, why_not
from botanik_design.model.words import noun


@dataclass(frozen=True)
class Destination:
    """A legal registry destination of one arrival tile."""

    action: int
    column: int
    middle: bool


class LegalMoves:
    """Queries on the legal actions of :attr:`state` (set by the subclass)."""

    state: GameState

    def destinations(self, arrival: int) -> list[Destination]:
        """Legal registry destinations of arrival tile ``arrival`` (column order, slot first)."""
        out: list[Destination] = []
        for a in self.state.legal_actions():
            act = decode(a)
            if isinstance(act, Pick) and act.arrival == arrival:
                out.append(Destination(a, act.column, act.middle))
        out.sort(key=lambda d: (d.column, d.middle))
        return out

    def discards(self) -> dict[int, int]:
        """Arrival index -> discard action, when the decision is a forced discard."""
        out: dict[int, int] = {}
        for a in self.state.legal_actions():
            act = decode(a)
            if isinstance(act, Discard):
                out[act.arrival] = a
        return out

    def placements(self) -> dict[tuple[int, int], list[tuple[int, int]]]:
        """Cell -> ``[(rotation, action), ...]`` of the tile waiting to be placed."""
        out: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for a in self.state.legal_actions():
            act = decode(a)
            if isinstance(act, Place):
                out.setdefault((act.x, act.y), []).append((act.rotation, a))
        return out

    def swaps(self) -> dict[int, int]:
        """Middle column -> swap action, for a released mecha-botanist."""
        out: dict[int, int] = {}
        for a in self.state.legal_actions():
            act = decode(a)
            if isinstance(act, Swap):
                out[act.column] = a
        return out

    def why_not(self, action: Action) -> str | None:
        """Why ``action`` is refused, worded from the engine's typed reason (``None``: legal)."""
        reason = why_not(self.state, action)
        return None if reason is None else reason_text(self.state, reason)

    def why_not_cell(self, x: int, y: int) -> str | None:
        """Why the tile being placed cannot go on cell ``(x, y)`` in any rotation
        (the distinct reasons of the offered rotations; ``None``: some rotation is legal)."""
        texts: list[str] = []
        for r in range(4):
            reason = why_not(self.state, Place(x, y, r))
            if reason is None:
                return None
            if not isinstance(reason, RotationNotOffered):
                text = reason_text(self.state, reason)
                if text not in texts:
                    texts.append(text)
        return "; ".join(texts)

    def preview(self, action: int) -> str:
        """What a legal pick or placement would do, from the engine on a clone:
        ``releases P1's red-corner`` / ``+4 pts: +3 group, +1 flower · piped to the
        Source`` (the parts that change); empty for other decisions."""
        s = self.state
        act = decode(action)
        if isinstance(act, Pick):
            if not act.middle:
                return ""
            rel = pick_preview(s, action)
            if not rel:
                return "releases nothing"
            return "releases " + ", ".join(f"P{r.player}'s {s.tile(r.tile).id}" for r in rel)
        if isinstance(act, Place):
            pv = place_preview(s, action)
            parts = [f"{n:+d} {what}" for n, what in
                     ((pv.groups, "group"), (pv.flowers, "flower"), (pv.mecha, "mecha"))
                     if n]
            where = "piped to Source" if pv.connected else "NOT piped to Source"
            return f"{pv.total:+d} {noun(abs(pv.total), 'pt')}" \
                + (f": {', '.join(parts)}" if parts else "") + f" · {where}"
        return ""

    def legal(self) -> list[tuple[int, str]]:
        """Every legal action with its text (the fallback list)."""
        s = self.state
        return [(a, s.action_to_string(a)) for a in s.legal_actions()]

    def waiting_swaps(self) -> list[tuple[int, str]]:
        """Mecha-botanist swaps waiting after the current decision: ``(player, tile id)``."""
        return [(d.player, d.tile_id) for d in self.state.queued() if d.kind == "swap"]

    def describe(self, action: int) -> str:
        """A short line for the move log: ``P0 red-corner → mid 3``."""
        s = self.state
        d = s.pending()
        who = f"P{s.current_player()}"
        act = decode(action)
        if isinstance(act, Pick):
            name = s.tile(s.arrival_tiles()[act.arrival]).id
            where = "mid" if act.middle else "slot"
            return f"{who} {name} → {where} {act.column + 1}"
        if isinstance(act, Discard):
            return f"{who} discards {s.tile(s.arrival_tiles()[act.arrival]).id}"
        if isinstance(act, Swap):
            top = s.middle_stacks()[act.column][-1]
            mecha = d.tile_id if d is not None else "mecha"
            return f"{who} swaps {mecha} for {s.tile(top).id} (mid {act.column + 1})"
        tile = d.tile_id if d is not None else "tile"
        return f"{who} places {tile} at ({act.x},{act.y}) r{act.rotation}"

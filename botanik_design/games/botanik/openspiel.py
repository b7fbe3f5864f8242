"""Botanik's facts for OpenSpiel (:mod:`botanik_design.games.openspiel`).

Chance: the shuffle of the pile (brief §2) is explicit: before the first move, one
chance node per machine tile in dealing order (middle stacks, then the arrival zone
round after round), each outcome a tile definition with probability (its copies
not yet dealt) / (tiles not yet dealt), the distribution of a uniform shuffle;
the engine then plays that deal (``BotanikGame.deal``).  A variant with a scripted
``deal`` has no chance nodes.  Information is imperfect: the pile is face down,
and a player's observation (``GameState.observation``) shows only its size.

Action ids: picks, discards and swaps keep the engine's ints (all below
:data:`~.engine.actions.PLACE_BASE`); a placement at ``(x, y)`` with rotation ``r``
becomes ``PLACE_BASE + ((x + R) * W + (y + R)) * 4 + r`` with ``R`` the number of
machine tiles plus one (no machine reaches further from its Source) and
``W = 2R + 1``, so ids stay dense and keep the engine's order within a decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from botanik_design.games.base import Game, State
from botanik_design.games.botanik.engine import actions as A
from botanik_design.games.botanik.engine.game import BotanikGame
from botanik_design.games.botanik.engine.state import GameState
from botanik_design.games.botanik.engine.tiles import compile_tiles
from botanik_design.games.openspiel import SpielFacts


def _reach(state: State) -> int:
    assert isinstance(state, GameState)
    return state.table.n_machine + 1


def num_actions(game: Game) -> int:
    """Distinct action ids under ``game``'s tile set."""
    assert isinstance(game, BotanikGame)
    r = compile_tiles(game.tileset, game.variant).n_machine + 1
    return A.PLACE_BASE + (2 * r + 1) ** 2 * 4


def to_spiel(state: State, actions: Sequence[int]) -> list[int]:
    """The OpenSpiel ids of engine ``actions``."""
    r = _reach(state)
    w = 2 * r + 1
    out = []
    for action in actions:
        if action < A.PLACE_BASE:
            out.append(action)
            continue
        place = A.decode(action)
        assert isinstance(place, A.Place)
        out.append(A.PLACE_BASE + ((place.x + r) * w + place.y + r) * 4 + place.rotation)
    return out


def from_spiel(state: State, action: int) -> int:
    """The engine action of OpenSpiel id ``action`` (inverse of :func:`to_spiel`)."""
    if action < A.PLACE_BASE:
        return action
    r = _reach(state)
    cell, rotation = divmod(action - A.PLACE_BASE, 4)
    x, y = divmod(cell, 2 * r + 1)
    return A.encode(A.Place(x - r, y - r, rotation))


class BotanikDealer:
    """The shuffle of the pile as chance nodes (see the module docstring); outcomes
    are indices of the tile set's machine tile definitions, in tile-set order."""

    def __init__(self) -> None:
        self._cache: dict[int, tuple[BotanikGame, list[str], list[int]]] = {}

    def _defs(self, game: Game) -> tuple[BotanikGame, list[str], list[int]]:
        hit = self._cache.get(id(game))
        if hit is not None and hit[0] is game:
            return hit
        assert isinstance(game, BotanikGame)
        table = compile_tiles(game.tileset, game.variant)
        counts: dict[str, int] = {}
        for i in range(table.n_machine):  # copies are consecutive, in tile-set order
            counts[table.name(i)] = counts.get(table.name(i), 0) + 1
        out = (game, list(counts), list(counts.values()))
        self._cache[id(game)] = out
        return out

    def draws(self, game: Game) -> int:
        """Machine tiles to deal (0 when the variant scripts the deal)."""
        g, _, counts = self._defs(game)
        return 0 if g.deal is not None else sum(counts)

    def max_outcomes(self, game: Game) -> int:
        return len(self._defs(game)[1])

    def outcomes(self, game: Game, drawn: Sequence[int]) -> list[tuple[int, float]]:
        _, _, counts = self._defs(game)
        left = list(counts)
        for d in drawn:
            left[d] -= 1
        total = sum(left)
        return [(i, n / total) for i, n in enumerate(left) if n]

    def outcome_name(self, game: Game, outcome: int) -> str:
        return f"deal {self._defs(game)[1][outcome]}"

    def deal(self, game: Game, drawn: Sequence[int]) -> State:
        g, names, _ = self._defs(game)
        return replace(g, deal=tuple(names[d] for d in drawn)).new_initial_state(0)


FACTS = SpielFacts(
    short_name="python_botanik",
    long_name="Botanik (botanik-design)",
    default_variant="standard",
    dealer=BotanikDealer(),
    imperfect=True,
    num_actions=num_actions,
    to_spiel=to_spiel,
    from_spiel=from_spiel,
)

"""Botanik as a :class:`botanik_design.games.base.Game` (registered as ``botanik``).

``load_botanik(variant=..., tileset=...)`` takes references (bundled names or
paths) or loaded :class:`Variant` / :class:`TileSet` objects and returns a
:class:`BotanikGame`; ``game.new_initial_state(seed)`` deals a
:class:`~botanik_design.games.botanik.engine.state.GameState` exactly as
``new_game(tileset, variant, seed, first_player)`` does.

Player 0 holds the Meca pawn first (moves first, as Hive's White) unless the
game is loaded with ``first_player=None``: then ``random.Random(seed)`` draws
it, as :func:`new_game` does by default.

Per-game numbers for simulations (:meth:`BotanikGame.metrics`): the score and
its parts (colour groups, flowers, bonus), releases, mecha-botanist swaps,
discards during play, tiles left at the end, unconnected tiles and stalls.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from botanik_design.games.base import GameInfo, Metric, State
from botanik_design.games.botanik.engine.actions import PLACE_BASE
from botanik_design.games.botanik.engine.analysis import analyse, cells_of, winner_of
from botanik_design.games.botanik.engine.eventcodes import END_REASONS
from botanik_design.games.botanik.engine.state import GameState, length_bound
from botanik_design.games.botanik.engine.tiles import compile_tiles
from botanik_design.games.botanik.model.tileset import TileSet
from botanik_design.games.botanik.model.variant import Variant


def _first_values(state: GameState, legal: Sequence[int]) -> list[float]:
    """:func:`.search_values.action_values`, imported at the first call (games between
    random bots never need the heuristic), which puts it in :data:`_fast_values`."""
    global _fast_values
    from botanik_design.games.botanik.engine.search_values import action_values

    _fast_values = action_values
    return action_values(state, legal)


def _first_win(state: GameState) -> float:
    """:func:`.search_values.win_probability`, imported at the first call (see
    :func:`_first_values`), which puts it in :data:`_fast_win`."""
    global _fast_win
    from botanik_design.games.botanik.engine.search_values import win_probability

    _fast_win = win_probability
    return win_probability(state)


#: The heuristic's fast twin (:mod:`.search_values`): its loader until the first call.
_fast_values: Callable[[GameState, Sequence[int]], list[float]] = _first_values
_fast_win: Callable[[GameState], float] = _first_win

#: The default tile set when a variant names none.
DEFAULT_TILESET = "botanik"

#: What a Botanik game reports to simulations, in report order (``part_of="score"``:
#: a part of the ``score`` metric).
METRICS: tuple[Metric, ...] = (
    Metric("score", "score", per_player=True),
    Metric("groups", "colour groups", per_player=True, part_of="score"),
    Metric("flowers", "flowers", per_player=True, part_of="score"),
    Metric("bonus", "bonus", per_player=True, part_of="score"),
    Metric("releases", "releases"),
    Metric("swaps", "mecha-botanist swaps"),
    Metric("discards", "discarded during play"),
    Metric("left_at_end", "left on the registry at the end"),
    Metric("unconnected", "unconnected tiles (per player)", per_player=True),
    Metric("stalls", "stalls (no registry move)"),
)


@dataclass(frozen=True, slots=True)
class BotanikGame:
    """Botanik under one variant and tile set (immutable, picklable).

    ``first_player``: the first Meca holder (0 or 1), ``None`` to draw it from
    the seed; ``deal``: a scripted deal (tile definition ids, see ``new_game``).
    """

    tileset: TileSet
    variant: Variant
    first_player: int | None = 0
    deal: tuple[str, ...] | None = None

    @property
    def info(self) -> GameInfo:
        """Facts: two players; the length bound is the simulator's decision bound."""
        bound = length_bound(compile_tiles(self.tileset, self.variant))
        return GameInfo("botanik", "Botanik", 2, bound, ("tileset", "variant"))

    def new_initial_state(self, seed: int = 0) -> GameState:
        """The state at the first decision (``new_game`` with this game's options).

        Raises ``ValueError`` when the tiles cannot make a game (see ``new_game``).
        """
        return GameState(self, seed)

    def deserialize_state(self, text: str) -> GameState:
        """Inverse of ``GameState.serialize`` (``ValueError``/``IllegalActionError``)."""
        return deserialize(text, self.tileset)

    def metrics(self) -> Sequence[Metric]:
        """:data:`METRICS`."""
        return METRICS

    def final_metrics(self, state: State) -> Mapping[str, Any]:
        """Numbers of a finished game from the fast analysis (:func:`~.analysis.analyse`,
        the same numbers as the networkx breakdown :meth:`GameState.scores`:
        ``tests/botanik/test_engine_machine_property.py``) and the engine's counters."""
        assert isinstance(state, GameState)
        table, variant = state.table, state.variant
        m0, m1 = state.machines
        f0, f1 = analyse(cells_of(m0, table), variant), analyse(cells_of(m1, table), variant)
        winner = winner_of((f0.score, f1.score), (f0.largest, f1.largest), variant)
        counts = state.stats()
        why = state.discard_why  # a reason per discarded tile: count the end's at C speed
        end = sum(map(why.count, END_REASONS))
        return {
            "score": (f0.score, f1.score),
            "groups": (f0.groups, f1.groups),
            "flowers": (f0.flowers, f1.flowers),
            "bonus": (f0.bonus, f1.bonus),
            "releases": counts["releases_p0"] + counts["releases_p1"],
            "swaps": counts["swaps"],
            "discards": len(state.discard_why) - end,
            "left_at_end": end,
            "unconnected": (f0.unconnected, f1.unconnected),
            "stalls": counts["no_registry_move"],
            "winner": -1 if winner is None else winner,
            "end_reason": "piles-empty",
        }

    def evaluate(self, state: State, player: int) -> float:
        """Heuristic value in [-1, 1] for ``player``: the exact result at the end, else
        ``2 p - 1`` with ``p`` :func:`~.move_values.win_probability`."""
        assert isinstance(state, GameState)
        if state.is_terminal():
            return float(state.returns()[player])
        p0 = self.win_probability(state)
        return 2.0 * p0 - 1.0 if player == 0 else 1.0 - 2.0 * p0

    # -- the game's own heuristic (games.base.Heuristic) --------------------------------
    def action_values(self, state: State, legal: Sequence[int]) -> list[float]:
        """Greedy values of ``legal`` for the player to move (:mod:`.move_values`, through
        its fast twin :mod:`.search_values`)."""
        assert isinstance(state, GameState)
        return _fast_values(state, legal)

    def win_probability(self, state: State) -> float:
        """Player 0's estimated result in [0, 1] (:mod:`.move_values`, through
        :mod:`.search_values`)."""
        assert isinstance(state, GameState)
        return _fast_win(state)

    def search_functions(self) -> tuple[Callable[[Any, Sequence[int]], Sequence[int]],
                                        Callable[[Any], float]]:
        """The greedy ties and the win probability as plain functions for MCTS rollouts
        (``games.base.SearchFunctions``): :func:`.search_values.greedy_top` and
        :func:`.search_values.win_probability`."""
        from botanik_design.games.botanik.engine.search_values import greedy_top, win_probability

        return greedy_top, win_probability

    def may_prune(self, state: State, legal: Sequence[int]) -> bool:
        """Placements may be cut to the best few; picks, swaps and discards may not."""
        return legal[0] >= PLACE_BASE

    def spec_names(self) -> Mapping[str, str]:
        """Names for reports: ``variant``, ``variant_title``, ``tileset``."""
        return {"variant": self.variant.name, "variant_title": self.variant.title,
                "tileset": self.tileset.name}


def new_game(
    tileset: TileSet,
    variant: Variant,
    seed: int,
    first_player: int | None = None,
    deal: Sequence[str] | None = None,
) -> GameState:
    """Set up a game and return the state at the first decision: the shortcut for
    ``BotanikGame(tileset, variant, first_player, deal).new_initial_state(seed)``
    (``first_player=None``: the seed draws the first Meca holder; see
    :func:`~.setup.deal` for the deal and its errors).
    """
    game = BotanikGame(tileset, variant, first_player, None if deal is None else tuple(deal))
    return GameState(game, seed)


def deserialize(text: str, tileset: TileSet) -> GameState:
    """Rebuild a state from :meth:`GameState.serialize` output.

    Raises ``ValueError`` on malformed text and :class:`IllegalActionError`
    (a ``ValueError``) when an action no longer applies (e.g. a different tile set).
    """
    data = json.loads(text)
    variant = Variant.from_options(data["options"], name=data["variant"])
    s = new_game(
        tileset, variant, int(data["seed"]), int(data["first_player"]), data.get("deal")
    )
    for a in data["actions"]:
        s.apply_action(int(a))
    return s


def load_botanik(
    variant: str | Variant = "standard",
    tileset: str | TileSet | None = None,
    first_player: int | None = 0,
    deal: Sequence[str] | None = None,
    relative_to: Path | None = None,
) -> BotanikGame:
    """Build a :class:`BotanikGame` (the ``botanik`` registry factory).

    ``variant``/``tileset``: references or loaded objects; the tile set
    defaults to the variant's own, else :data:`DEFAULT_TILESET`.  Raises
    ``SpecError`` when a reference does not load.
    """
    from botanik_design.games.botanik.spec.load import load_tileset, load_variant

    v = variant if isinstance(variant, Variant) else load_variant(variant, relative_to)
    if isinstance(tileset, TileSet):
        ts = tileset
    else:
        ts = load_tileset(tileset or v.tileset or DEFAULT_TILESET, relative_to)
    return BotanikGame(ts, v, first_player, None if deal is None else tuple(deal))


def botanik_from_doc(
    session: Any, doc: Any, tileset: str | TileSet | None = None, first_player: int | None = 0,
    deal: Sequence[str] | None = None,
) -> BotanikGame:
    """The ``botanik`` variant loader of :mod:`botanik_design.games.loading`: check the
    variant document read once by the validator's reader and build the game."""
    from botanik_design.games.botanik.spec.load import load_tileset_for, variant_of
    from botanik_design.spec.load import check_doc

    check_doc(session, doc, "variant")
    variant = variant_of(session, doc)
    if isinstance(tileset, str):
        # a tile set in place of the variant's own: the setup-size and scoring checks
        # validate makes on a variant's tile set (else the first game would fail)
        tileset = load_tileset_for(tileset, variant)
    return load_botanik(variant, tileset, first_player, deal)

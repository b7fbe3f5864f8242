"""One simulated game as a flat, picklable record (a CSV row), for any game.

The columns every game has come first (:data:`BASE_COLUMNS`); the game's own
numbers (:meth:`botanik_design.games.base.Game.metrics`) follow: per-player
metrics as two columns (``score0``, ``score1``), then ``decisions`` and
``branching``, then the per-game metrics.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter, itemgetter
from typing import Any

from botanik_design.games.base import Metric

#: ``end_reason`` of a game the simulator stopped at its length bound because no rule of
#: the game ends it (``GameInfo.length_cutoff``, Hive under ``ply_cap: null``): it counts
#: as a draw, and every report says how many there were.
CUT_OFF = "cut-off"

#: Columns of every game, in order.
BASE_COLUMNS: tuple[str, ...] = (
    "game", "seed", "bot_seat0", "bot_seat1", "first_bot", "winner",
)


def csv_columns(metrics: Sequence[Metric]) -> tuple[str, ...]:
    """CSV column names for a game with ``metrics`` (``GameRow.csv_values`` follows it)."""
    pairs = [f"{m.key}{s}" for m in metrics if m.per_player for s in (0, 1)]
    singles = [m.key for m in metrics if not m.per_player]
    return (*BASE_COLUMNS, *pairs, "decisions", "branching", *singles)


def values_at(rows: Sequence[GameRow], at: int, key: str) -> list[Any] | None:
    """The values of metric ``key`` of ``rows`` when every row holds it at place ``at`` of
    its ``values`` (the rows of one run do), read at C speed; ``None`` when a row does
    not (the caller asks such rows, :meth:`GameRow.metric`)."""
    try:
        items = list(map(itemgetter(at), map(attrgetter("values"), rows)))
        if list(map(itemgetter(0), items)).count(key) == len(items):
            return list(map(itemgetter(1), items))
    except (AttributeError, IndexError, TypeError):
        pass
    return None


@dataclass(frozen=True, slots=True)
class GameRow:
    """Outcome and statistics of one game.

    Seat 0 moves first.  Pairs are ``(seat 0, seat 1)``.

    * ``game``: index in the run; ``seed``: the engine seed it used.
    * ``bots``: bot specs in seat 0 and seat 1; ``first_bot``: 0 when the run's
      first bot (``A``) sat in seat 0, else 1.
    * ``winner``: 0 or 1 (seat), or -1 for a shared win (draw).
    * ``decisions``: actions applied; ``branching``: mean number of legal
      actions over those decisions.
    * ``values``: the game's numbers (``Game.final_metrics``) as ``(key, value)``
      pairs in ``Game.metrics()`` order; a per-player value is a pair.  Botanik:
      ``score`` and its parts, ``releases``, ``swaps``, ``discards``,
      ``left_at_end``, ``unconnected``, ``stalls`` (see ``engine.game``).
    * ``end_reason``: the game's short word for how it ended.
    """

    game: int
    seed: int
    bots: tuple[str, str]
    first_bot: int
    winner: int
    decisions: int
    branching: float
    values: tuple[tuple[str, Any], ...]
    end_reason: str = ""

    def metric(self, key: str) -> Any:
        """The value of metric ``key``; ``KeyError`` when the game has none."""
        for k, v in self.values:
            if k == key:
                return v
        raise KeyError(key)

    def first_player_result(self) -> float:
        """Result of the player in seat 0: 1 win, 0 loss, 0.5 draw."""
        return 0.5 if self.winner < 0 else (1.0 if self.winner == 0 else 0.0)

    def bot_result(self, bot: int) -> float:
        """Result of the run's bot ``bot`` (0 = A, 1 = B): 1 win, 0 loss, 0.5 draw."""
        if self.winner < 0:
            return 0.5
        seat = self.first_bot if bot == 0 else 1 - self.first_bot
        return 1.0 if self.winner == seat else 0.0

    def bot_seat(self, bot: int) -> int:
        """The seat of the run's bot ``bot`` (0 = A, 1 = B) in this game."""
        return self.first_bot if bot == 0 else 1 - self.first_bot

    def csv_values(self, metrics: Sequence[Metric]) -> list[Any]:
        """Values in :func:`csv_columns` order (``winner`` is 0, 1 or ``draw``)."""
        found = dict(reversed(self.values))  # a key's first value, as metric() reads it
        pairs = [x for m in metrics if m.per_player for x in found[m.key]]
        singles = [found[m.key] for m in metrics if not m.per_player]
        return [
            self.game, self.seed, self.bots[0], self.bots[1], self.first_bot,
            "draw" if self.winner < 0 else self.winner,
            *pairs, self.decisions, f"{self.branching:.4f}", *singles,
        ]

"""One simulated game as a flat, picklable record (a CSV row)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: CSV column names, in order (``GameRow.csv_values`` follows it).
CSV_COLUMNS: tuple[str, ...] = (
    "game", "seed", "bot_seat0", "bot_seat1", "first_bot", "winner",
    "score0", "score1", "groups0", "groups1", "flowers0", "flowers1",
    "bonus0", "bonus1", "unconnected0", "unconnected1",
    "decisions", "branching", "releases", "swaps", "discards", "left_at_end", "stalls",
)


@dataclass(frozen=True, slots=True)
class GameRow:
    """Outcome and statistics of one game.

    Seat 0 moves first.  Pairs are ``(seat 0, seat 1)``.

    * ``game``: index in the run; ``seed``: the engine seed it used.
    * ``bots``: bot specs in seat 0 and seat 1; ``first_bot``: 0 when the run's
      first bot (``A``) sat in seat 0, else 1.
    * ``winner``: 0 or 1 (seat), or -1 for a shared win (draw).
    * ``scores``: final totals; ``groups``/``flowers``/``bonus``: their parts
      (colour-group points, flower points, bonus points — registre-3 connected
      mecha-botanists, 0 elsewhere).
    * ``unconnected``: tiles in each machine with no pipe path to the Source at
      the end (the Source itself excluded), i.e. tiles that scored nothing.
    * ``decisions``: actions applied (every pick, discard, swap and placement).
    * ``branching``: mean number of legal actions over those decisions.
    * ``releases``: tiles released from a player slot to its owner (both players).
    * ``swaps``: mecha-botanist swaps.
    * ``discards``: tiles removed from the game during play (no legal
      placement, arrival tile discarded, mecha-botanist with no swap target).
    * ``left_at_end``: tiles never played into a machine because the game
      ended (left on the registry, or a short last round discarded).
    * ``stalls``: decisions where the picker had no legal registry move (the
      ``no_registry_move`` option applied).
    """

    game: int
    seed: int
    bots: tuple[str, str]
    first_bot: int
    winner: int
    scores: tuple[int, int]
    groups: tuple[int, int]
    flowers: tuple[int, int]
    bonus: tuple[int, int]
    unconnected: tuple[int, int]
    decisions: int
    branching: float
    releases: int
    swaps: int
    discards: int
    left_at_end: int
    stalls: int

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

    def csv_values(self) -> list[Any]:
        """Values in :data:`CSV_COLUMNS` order (``winner`` is 0, 1 or ``draw``)."""
        return [
            self.game, self.seed, self.bots[0], self.bots[1], self.first_bot,
            "draw" if self.winner < 0 else self.winner,
            *self.scores, *self.groups, *self.flowers, *self.bonus, *self.unconnected,
            self.decisions, f"{self.branching:.4f}", self.releases, self.swaps,
            self.discards, self.left_at_end, self.stalls,
        ]

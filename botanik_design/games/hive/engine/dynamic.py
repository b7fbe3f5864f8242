"""``validate --simulate N`` for Hive variants: seeded random games that look for defects.

:func:`simulate_hive` plays ``games`` games with a uniformly random player
(seeded, ``seed + i`` for game ``i``) within a time budget and returns a
:class:`HiveSimResult` whose findings are validator diagnostics:

====================  =======  =================================================
rule                  level    when
====================  =======  =================================================
``sim-crash``         error    the engine raised (exception text in the message)
``sim-stall``         error    no legal action although the game is not over
``sim-invariant``     error    the hive split (networkx) or a piece was lost
``sim-never-ends``    error    at least 5 games, and none ended within the length
                               bound (``ply_cap``, else ``max_game_length``)
``sim-too-long``      warning  some games reached the length bound unfinished
                               (random play is slow to surround a Queen; set
                               ``ply_cap`` to end such games as draws)
``sim-budget``        note     the time budget ran out before all games were played
====================  =======  =================================================

The invariants are checked at geometrically spaced plies (1, 2, 4, 8 ...) and
at the end of every game.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from botanik_design.games.hive.engine.game import HiveGame
from botanik_design.games.hive.engine.hivegraph import is_one_hive
from botanik_design.games.hive.engine.state import HiveState
from botanik_design.games.hive.model import HiveVariant, PieceSet
from botanik_design.model.words import plural
from botanik_design.spec.diagnostics import Diagnostic

DEFAULT_BUDGET = 20.0
NEVER_ENDS_MIN_GAMES = 5


@dataclass
class HiveSimResult:
    """Counts of a :func:`simulate_hive` run and its findings."""

    file: str
    played: int = 0
    plies: int = 0
    unfinished: int = 0
    ends: Counter[str] = field(default_factory=Counter)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def summary(self) -> str:
        mean = self.plies / self.played if self.played else 0.0
        ends = ", ".join(f"{k} {v}" for k, v in sorted(self.ends.items())) or "none"
        length = plural(round(mean), "ply", "plies")
        return (f"{plural(self.played, 'random game')}, mean length {length}, "
                f"{self.unfinished} unfinished at the length bound; ends: {ends}")

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "games": self.played, "plies": self.plies,
                "unfinished": self.unfinished, "ends": dict(self.ends)}


def _check(state: HiveState) -> str | None:
    board = state.board
    if not is_one_hive(board.stacks):
        return "the hive split into parts"
    placed = sum(len(s) for s in board.stacks.values())
    if placed != sum(1 for p in board.pos if p is not None):
        return "pieces on the board and piece cells disagree"
    return None


def simulate_hive(variant: HiveVariant, games: int, seed: int = 0, file: str | None = None,
                  budget: float = DEFAULT_BUDGET, pieceset: PieceSet | None = None
                  ) -> HiveSimResult:
    """Play and check ``games`` random games of ``variant`` (see the module docstring)."""
    name = file or variant.name
    result = HiveSimResult(name)
    diags = result.diagnostics
    try:
        game = HiveGame(variant, pieceset)
    except ValueError as exc:
        diags.append(Diagnostic(name, None, None, "error", "sim-crash",
                                f"the variant cannot be played: {exc}"))
        return result
    bound = game.info.max_game_length
    deadline = time.monotonic() + budget
    for i in range(games):
        if time.monotonic() > deadline:
            diags.append(Diagnostic(name, None, None, "note", "sim-budget",
                                    f"time budget of {budget:g} s ran out after "
                                    f"{result.played} of {plural(games, 'game')}"))
            break
        rng = random.Random(seed + i)
        state = game.new_initial_state()
        try:
            ply, next_check = 0, 1
            while not state.is_terminal() and ply < bound:
                legal = state.legal_actions()
                if not legal:
                    diags.append(Diagnostic(name, None, None, "error", "sim-stall",
                                            f"game {i} (seed {seed + i}): no legal action at "
                                            f"ply {ply} although the game is not over"))
                    break
                state.apply_action(legal[rng.randrange(len(legal))])
                ply += 1
                if ply == next_check or state.is_terminal():
                    next_check *= 2
                    problem = _check(state)
                    if problem:
                        diags.append(Diagnostic(name, None, None, "error", "sim-invariant",
                                                f"game {i} (seed {seed + i}), ply {ply}: "
                                                f"{problem}"))
                        break
        except Exception as exc:  # noqa: BLE001 - a crash is a finding
            diags.append(Diagnostic(name, None, None, "error", "sim-crash",
                                    f"game {i} (seed {seed + i}): {type(exc).__name__}: {exc}"))
            continue
        result.played += 1
        result.plies += len(state.history())
        if state.is_terminal():
            result.ends[state.end_reason or "?"] += 1
        else:
            result.unfinished += 1
    finished = sum(result.ends.values())
    if result.unfinished and finished == 0 and result.played >= NEVER_ENDS_MIN_GAMES:
        diags.append(Diagnostic(
            name, None, None, "error", "sim-never-ends",
            f"none of {plural(result.played, 'random game')} ended within "
            f"{plural(bound, 'ply', 'plies')}",
            hint="can a Queen be surrounded with these pieces? a ply_cap ends games as draws"))
    elif result.unfinished:
        diags.append(Diagnostic(
            name, None, None, "warning", "sim-too-long",
            f"{result.unfinished} of {plural(result.played, 'random game')} did not end "
            f"within {plural(bound, 'ply', 'plies')}",
            hint="set ply_cap to end long games as draws"))
    return result

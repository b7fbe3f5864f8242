"""Dynamic tier of the validator (issue 3, item 8): ``validate --simulate N``.

:func:`simulate_variant` plays ``games`` seeded games with the random player
(:mod:`.playout`) within a time budget and returns a :class:`SimResult`
(counts, and findings as :class:`~botanik_design.spec.validate.Diagnostic`);
:func:`simulate_check` returns just the findings:

=========================  =======  ===============================================
rule                       level    when
=========================  =======  ===============================================
``sim-crash``              error    the engine raised (exception text in the message)
``sim-stall``              error    no legal action before the game ended
``sim-invariant``          error    a tile lost or duplicated, the closure rule broken
``sim-too-long``           error    a game needed more decisions than the bound
                                    (:func:`~.invariants.decision_bound`), i.e. never ends
``sim-discards``           warning  on average more than half of the machine tiles were
                                    discarded by a rule during play (no legal placement,
                                    no swap target, no registry move, a discarded short
                                    round); tiles left on the registry at the end are
                                    not counted: that loss is part of every game (§7)
``sim-no-score``           warning  every game (at least 3) ended with both scores 0
``sim-no-registry-move``   note     some game reached a pick with no legal registry move
                                    (brief §9 asks the validator to report it; the
                                    ``no_registry_move`` option handles it, so it is
                                    information, not a defect)
``sim-budget``             note     the time budget ran out before all games were
                                    played, or the tile set is too large to simulate
=========================  =======  ===============================================

Cost: the invariants (:func:`~.invariants.check_invariants`, linear in the
tiles, the deep check builds networkx graphs) are checked after every step of
the first games when a game is short (at most :data:`SMALL_GAME` decisions),
and otherwise at geometrically spaced steps plus the end of every game, so
that a game costs ``O(n log n)`` invariant work rather than ``O(n^2)``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from botanik_design.games.botanik.engine.game import new_game
from botanik_design.games.botanik.engine.invariants import check_invariants, decision_bound
from botanik_design.games.botanik.engine.playout import random_action
from botanik_design.games.botanik.model.tileset import TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.model.words import plural

#: Games whose decision bound is at most this are checked at every step (first games).
SMALL_GAME = 400
#: Games checked at every step when they are small (later ones: every 16th step).
FULL_CHECK_GAMES = 3
#: Ratio between two sampled steps of a large game.
SAMPLE_RATIO = 1.25
#: Default time budget per variant, in seconds.
DEFAULT_BUDGET = 20.0
#: Fewest finished games before ``sim-no-score`` is reported (fewer could be chance).
MIN_NO_SCORE_GAMES = 3
#: Most machine tiles simulated: the engine's tile table grows with the square of it.
MAX_SIM_TILES = 4000


def _diag(file: str, level: str, rule: str, message: str) -> Any:
    from botanik_design.spec.diagnostics import diagnostic

    return diagnostic(file, rule, message, level=level)  # type: ignore[arg-type]


@dataclass
class SimResult:
    """What ``validate --simulate`` found for one variant."""

    file: str
    variant: str
    tileset: str
    requested: int
    played: int = 0
    crashed: int = 0
    stalled: int = 0
    too_long: int = 0
    broken_invariants: int = 0
    no_registry_move: int = 0
    no_score: int = 0
    mean_rule_discards: float = 0.0
    stopped_early: bool = False
    skipped: str = ""
    seconds: float = 0.0
    diagnostics: list[Any] = field(default_factory=list)

    @property
    def problems(self) -> int:
        """Findings of level error or warning."""
        return sum(1 for d in self.diagnostics if d.level in ("error", "warning"))

    def summary(self) -> str:
        """``20 games played: no problems`` (or what went wrong, or why it stopped)."""
        if self.skipped:
            return "no game played: the tile set is too large to simulate (see sim-budget)"
        text = f"{plural(self.played, 'game')} played"
        if self.played != self.requested:
            text = f"{self.played} of {plural(self.requested, 'game')} played"
        bad = [f"{n} {what}" for n, what in (
            (self.crashed, "crashed"), (self.stalled, "stalled"),
            (self.too_long, "never ended"), (self.broken_invariants, "broke an invariant"))
            if n]
        if self.stopped_early:
            bad.append("stopped by the time budget")
        if not bad and not self.problems:
            return text + ": no problems"
        n = self.problems
        found = [f"{plural(n, 'problem')} reported"] if n else []
        return f"{text}: " + ", ".join(bad + found)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready counts."""
        return {
            "file": self.file, "variant": self.variant, "tileset": self.tileset,
            "games": self.requested, "played": self.played, "crashed": self.crashed,
            "stalled": self.stalled, "too_long": self.too_long,
            "broken_invariants": self.broken_invariants,
            "no_registry_move": self.no_registry_move, "no_score": self.no_score,
            "mean_rule_discards": round(self.mean_rule_discards, 2),
            "stopped_early": self.stopped_early, "skipped": self.skipped,
            "seconds": round(self.seconds, 2), "summary": self.summary(),
        }


def _next_sample(step: int) -> int:
    return max(step + 1, int(step * SAMPLE_RATIO))


def simulate_variant(
    tileset: TileSet, variant: Variant, games: int, seed: int = 0, file: str | None = None,
    budget: float = DEFAULT_BUDGET, clock: Callable[[], float] = time.monotonic,
) -> SimResult:
    """Play up to ``games`` random games (seeds ``seed``, ``seed + 1``, ...) within ``budget``
    seconds and report problems.  Never raises for a problem found in play."""
    label = file or variant.name
    res = SimResult(label, variant.name, tileset.name, games)
    out = res.diagnostics
    where = f"variant {variant.name} with tile set {tileset.name}"
    n_tiles = max(1, tileset.machine_tile_count())
    if n_tiles > MAX_SIM_TILES:
        res.skipped = (f"{plural(n_tiles, 'machine tile')}; at most {MAX_SIM_TILES} are simulated "
                       "(the engine's setup grows with the square of the tile count)")
        out.append(_diag(label, "note", "sim-budget", f"{where}: {res.skipped}"))
        return res
    start = clock()
    rule_discards = 0
    crashes: dict[str, int] = {}
    for i in range(games):
        if clock() - start > budget:
            res.stopped_early = True
            break
        game_seed = seed + i
        rng = random.Random(game_seed)
        try:
            s = new_game(tileset, variant, game_seed)
        except Exception as exc:  # noqa: BLE001 - reported, not raised
            out.append(_diag(label, "error", "sim-crash",
                             f"{where}: setup failed (seed {game_seed}): "
                             f"{exc.__class__.__name__}: {exc}"))
            res.crashed += 1
            break
        bound = decision_bound(s)
        every_step = bound <= SMALL_GAME
        steps = 0
        sample = 1
        failed = False
        try:
            while not s.is_terminal():
                if not s.legal_actions():
                    out.append(_diag(label, "error", "sim-stall",
                                     f"{where}: no legal action at step {steps} "
                                     f"(seed {game_seed})"))
                    res.stalled += 1
                    failed = True
                    break
                if steps >= bound:
                    out.append(_diag(label, "error", "sim-too-long",
                                     f"{where}: game of seed {game_seed} exceeds "
                                     f"{plural(bound, 'decision')}"))
                    res.too_long += 1
                    failed = True
                    break
                s.apply_action(random_action(s, rng))
                steps += 1
                if every_step:
                    due = i < FULL_CHECK_GAMES or steps % 16 == 0
                else:
                    due = steps == sample
                    if due:
                        sample = _next_sample(sample)
                if due or s.is_terminal():
                    problems = check_invariants(s, deep=i == 0)
                    if problems:
                        out.append(_diag(label, "error", "sim-invariant",
                                         f"{where}: seed {game_seed}, step {steps}: "
                                         f"{problems[0]}"))
                        res.broken_invariants += 1
                        failed = True
                        break
                if clock() - start > budget:
                    res.stopped_early = True
                    break
        except Exception as exc:  # noqa: BLE001 - a crash is a finding
            key = f"{exc.__class__.__name__}: {exc}"
            if key not in crashes:
                out.append(_diag(label, "error", "sim-crash",
                                 f"{where}: seed {game_seed}, step {steps}: {key}"))
            crashes[key] = crashes.get(key, 0) + 1
            res.crashed += 1
            continue
        if res.stopped_early:
            break
        if failed:
            continue
        res.played += 1
        rule_discards += sum(1 for _, why in s.discard_reasons() if why != "registry-end")
        if s.stats()["no_registry_move"]:
            res.no_registry_move += 1
        if not any(s.totals()):
            res.no_score += 1
    res.seconds = clock() - start
    if res.played:
        res.mean_rule_discards = mean = rule_discards / res.played
        if mean > n_tiles / 2:
            out.append(_diag(label, "warning", "sim-discards",
                             f"{where}: on average {mean:.1f} of {plural(n_tiles, 'tile')} are "
                             f"discarded by a rule during play "
                             f"({plural(res.played, 'random game')})"))
        if res.no_score == res.played >= MIN_NO_SCORE_GAMES:
            out.append(_diag(label, "warning", "sim-no-score",
                             f"{where}: all {plural(res.played, 'random game')} ended with both "
                             "scores 0"))
        if res.no_registry_move:
            out.append(_diag(label, "note", "sim-no-registry-move",
                             f"{where}: {res.no_registry_move} of "
                             f"{plural(res.played, 'random game')} reached a pick with no "
                             "legal registry move (handled by no_registry_move: "
                             f"{variant.no_registry_move})"))
    if res.stopped_early:
        out.append(_diag(label, "note", "sim-budget",
                         f"{where}: the time budget of {budget:g} s ran out after "
                         f"{res.played} of {plural(games, 'game')}; raise --simulate-budget to "
                         "play them all"))
    return res


def simulate_check(
    tileset: TileSet, variant: Variant, games: int, seed: int = 0, file: str | None = None,
    budget: float = DEFAULT_BUDGET,
) -> list[Any]:
    """The findings of :func:`simulate_variant` (a list of ``Diagnostic``)."""
    return simulate_variant(tileset, variant, games, seed, file, budget).diagnostics

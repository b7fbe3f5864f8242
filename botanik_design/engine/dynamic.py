"""Dynamic tier of the validator (issue 3, item 8): ``validate --simulate N``.

:func:`simulate_check` plays ``games`` seeded games with the random player
(:mod:`.playout`) and reports, as :class:`~botanik_design.spec.validate.Diagnostic`:

=======================  =======  =================================================
rule                     level    when
=======================  =======  =================================================
``sim-crash``            error    the engine raised (exception text in the message)
``sim-stall``            error    no legal action before the game ended
``sim-invariant``        error    a tile lost or duplicated, the closure rule broken
``sim-too-long``         error    a game needed more decisions than the bound
                                  (:func:`~.invariants.decision_bound`), i.e. never ends
``sim-discards``         warning  on average more than half of the machine tiles were
                                  discarded by a rule during play (no legal placement,
                                  no swap target, no registry move, a discarded short
                                  round); tiles left on the registry at the end are
                                  not counted: that loss is part of every game (§7)
``sim-no-registry-move`` warning  some game reached a pick with no legal registry move
                                  (brief §9 asks the validator to report it)
=======================  =======  =================================================
"""

from __future__ import annotations

import random
from typing import Any

from botanik_design.engine.invariants import check_invariants, decision_bound
from botanik_design.engine.playout import random_action
from botanik_design.engine.state import new_game
from botanik_design.model.tileset import TileSet
from botanik_design.model.variant import Variant


def _diag(file: str, level: str, rule: str, message: str) -> Any:
    from botanik_design.spec.validate import Diagnostic

    return Diagnostic(file, None, None, level, rule, message)  # type: ignore[arg-type]


def simulate_check(
    tileset: TileSet, variant: Variant, games: int, seed: int = 0, file: str | None = None
) -> list[Any]:
    """Play ``games`` random games (seeds ``seed``, ``seed + 1``, ...) and report problems.

    ``file`` labels the diagnostics (default: the variant's name).  Returns
    a list of ``Diagnostic``; never raises for a problem found in play.
    """
    label = file or variant.name
    out: list[Any] = []
    where = f"variant {variant.name} with tile set {tileset.name}"
    rule_discards = 0
    no_move_games = 0
    crashes: dict[str, int] = {}
    played = 0
    n_tiles = max(1, tileset.machine_tile_count())
    for i in range(games):
        game_seed = seed + i
        rng = random.Random(game_seed)
        try:
            s = new_game(tileset, variant, game_seed)
        except Exception as exc:  # noqa: BLE001 - reported, not raised
            out.append(_diag(label, "error", "sim-crash",
                             f"{where}: setup failed (seed {game_seed}): "
                             f"{exc.__class__.__name__}: {exc}"))
            return out
        bound = decision_bound(s)
        steps = 0
        try:
            while not s.is_terminal():
                if not s.legal_actions():
                    out.append(_diag(label, "error", "sim-stall",
                                     f"{where}: no legal action at step {steps} "
                                     f"(seed {game_seed})"))
                    break
                if steps >= bound:
                    out.append(_diag(label, "error", "sim-too-long",
                                     f"{where}: game of seed {game_seed} exceeds "
                                     f"{bound} decisions"))
                    break
                s.apply_action(random_action(s, rng))
                steps += 1
                if i < 3 or steps % 16 == 0:
                    problems = check_invariants(s, deep=i == 0)
                    if problems:
                        out.append(_diag(label, "error", "sim-invariant",
                                         f"{where}: seed {game_seed}, step {steps}: {problems[0]}"))
                        break
        except Exception as exc:  # noqa: BLE001 - a crash is a finding
            key = f"{exc.__class__.__name__}: {exc}"
            if key not in crashes:
                out.append(_diag(label, "error", "sim-crash",
                                 f"{where}: seed {game_seed}, step {steps}: {key}"))
            crashes[key] = crashes.get(key, 0) + 1
            continue
        played += 1
        rule_discards += sum(1 for _, why in s.discard_reasons() if why != "registry-end")
        if any("no legal registry move" in e for _, e in s.log()):
            no_move_games += 1
    if played:
        mean = rule_discards / played
        if mean > n_tiles / 2:
            out.append(_diag(label, "warning", "sim-discards",
                             f"{where}: on average {mean:.1f} of {n_tiles} tiles are discarded "
                             f"by a rule during play ({played} random games)"))
        if no_move_games:
            out.append(_diag(label, "warning", "sim-no-registry-move",
                             f"{where}: {no_move_games} of {played} random games reached a pick "
                             f"with no legal registry move (handled by "
                             f"no_registry_move: {variant.no_registry_move})"))
    return out

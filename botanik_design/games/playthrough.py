"""Seeded random playthroughs of any game, from the game interface alone.

:func:`random_playout` plays a :class:`~botanik_design.games.base.Game` with a
seeded uniform random choice among ``legal_actions()`` until the state is
terminal or ``info.max_game_length`` actions were played (where simulations
stop a game; only a game with ``info.length_cutoff`` may reach it).
:func:`playthrough_text` writes such a game as a golden file: one line per
action in the game's own notation (``action_to_string``), then the returns and
``final_metrics``, so a changed rule, move generator or notation shows up as a
diff.  The same seed always gives the same text, whatever the hash seed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from botanik_design.games.base import Game, State
from botanik_design.model.words import plural

#: Format line at the top of every playthrough file.
HEADER = "# playthrough/1: seeded random play (action_to_string per step, then the result)"


def random_playout(game: Game, seed: int, on_step: Any = None) -> State:
    """The state after a seeded random game of ``game`` (deal seed and choice seed ``seed``).

    Each step picks ``legal[rng.randrange(len(legal))]`` with ``rng =
    random.Random(seed)``.  ``on_step(state, action)``, if given, is called
    before each action is applied.  Stops when terminal or after
    ``game.info.max_game_length`` actions.
    """
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    cap = game.info.max_game_length
    while not state.is_terminal() and len(state.history()) < cap:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if on_step is not None:
            on_step(state, action)
        state.apply_action(action)
    return state


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def playthrough_text(game: Game, seed: int, variant: str) -> str:
    """The golden text of the seeded random game of ``game`` (``variant``: the name
    written in the header).  Lines: the header, ``game:``, ``variant:``, ``seed:``,
    then ``<step> p<player> <action_to_string>`` per action (steps from 1), then
    ``end:`` (``terminal`` or ``cutoff``), ``returns:`` and ``metrics:`` (JSON, keys
    sorted; ``metrics`` only for a terminal game)."""
    lines = [HEADER, f"game: {game.info.name}", f"variant: {variant}", f"seed: {seed}"]

    def step(state: State, action: int) -> None:
        n = len(state.history()) + 1
        lines.append(f"{n} p{state.current_player()} {state.action_to_string(action)}")

    state = random_playout(game, seed, step)
    lines.append(f"end: {'terminal' if state.is_terminal() else 'cutoff'} "
                 f"after {plural(len(state.history()), 'action')}")
    lines.append(f"returns: {json.dumps(state.returns(), allow_nan=False)}")
    if state.is_terminal():
        metrics = json.dumps(_plain(game.final_metrics(state)), sort_keys=True, allow_nan=False)
        lines.append(f"metrics: {metrics}")
    return "\n".join(lines) + "\n"


def seed_of(text: str) -> int:
    """The seed a :func:`playthrough_text` names; ``ValueError`` if it names none."""
    for line in text.splitlines()[:5]:
        if line.startswith("seed: "):
            return int(line.removeprefix("seed: "))
    raise ValueError("not a playthrough: no `seed:` line")

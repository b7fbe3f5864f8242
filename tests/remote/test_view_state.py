"""The local view state a joining seat builds from what the host sends equals the host's real
state in everything a player sees, at every step of seeded games: the legal actions, the
previews and the "why not" reasons of the play screen; and it never holds the real pile
order (it is the same whatever that order is)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from remote_helpers import SHORT_WIN

from botanik_design.games.base import Determinizable
from botanik_design.games.botanik.engine import GameState
from botanik_design.games.botanik.engine.actions import Place
from botanik_design.games.botanik.engine.viewstate import state_from_observation
from botanik_design.games.hive.engine.blocked import blocked_reason
from botanik_design.games.hive.engine.viewstate import (
    state_from_observation as hive_from_observation,
)
from botanik_design.remote.records import Hosted, new_hosted
from botanik_design.remote.table import Table
from botanik_design.remote.tokens import new_tokens
from botanik_design.tui.botanik.legal import LegalMoves


class Moves(LegalMoves):
    """The play screen's questions (previews, why not) on one state."""

    def __init__(self, state: GameState) -> None:
        self.state = state


def sent(table: Table, seat: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The rules of the ``welcome`` and the observation of the ``state``, as received."""
    return (json.loads(table.welcome(seat))["rules"],
            json.loads(table.view(seat))["observation"])


def pile_names(state: GameState) -> list[str]:
    return [state.table.name(t) for t in state.pile]


def same_screen(host: GameState, view: GameState, rng: random.Random) -> None:
    legal = host.legal_actions()
    assert view.legal_actions() == legal
    assert [view.observation(p) for p in (0, 1)] == [host.observation(p) for p in (0, 1)]
    assert [p.total for p in view.scores().players] == [p.total for p in host.scores().players]
    real, seen = Moves(host), Moves(view)
    for a in rng.sample(legal, min(4, len(legal))):
        assert seen.preview(a) == real.preview(a)
        assert seen.describe(a) == real.describe(a)
    if host.pending() is not None and host.pending().kind == "place":
        for x, y in [(x, y) for x in range(-3, 4) for y in range(-3, 4)][::5]:
            assert seen.why_not_cell(x, y) == real.why_not_cell(x, y)
            assert seen.why_not(Place(x, y, 0)) == real.why_not(Place(x, y, 0))


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 2**32))
def test_botanik_view_states_match_the_host_at_every_step(seed: int, shuffle: int) -> None:
    hosted = new_hosted("standard", None, seed)
    table = Table(hosted, Path("unused.yaml"), new_tokens())
    rng = random.Random(shuffle)
    while True:
        host = hosted.state
        for seat in ("0", "1", "watch"):
            rules, obs = sent(table, seat)
            view = state_from_observation(rules, obs)
            same_screen(host, view, rng)
            # the pile: same size and tiles as the host's, but built without its order:
            # a twin host whose unseen pile is shuffled otherwise yields the same view
            assert sorted(pile_names(view)) == sorted(pile_names(host))
            if seat != "0":
                continue
            twin = host.clone()
            assert isinstance(twin, Determinizable)
            twin.determinize(random.Random(shuffle))
            other = Table(Hosted(hosted.game, twin, hosted.refs, hosted.playtest),
                          Path("unused.yaml"), table.tokens)
            assert pile_names(state_from_observation(*sent(other, seat))) == pile_names(view)
        if host.is_terminal():
            assert view.returns() == host.returns()
            break
        host.apply_action(rng.choice(host.legal_actions()))  # the table's own move, unwritten


def test_hive_view_states_match_the_host_at_every_step() -> None:
    hosted = new_hosted("hive-tournament", None, 0)
    table = Table(hosted, Path("unused.yaml"), new_tokens())
    rng = random.Random(7)
    moves = [*SHORT_WIN[:10]] + [None] * 30  # a known opening, then seeded random moves
    for text in moves:
        host = hosted.state
        for seat in ("0", "1", "watch"):
            view = hive_from_observation(*sent(table, seat))
            assert view.legal_actions() == host.legal_actions()
            assert view.board_state() == host.board_state()
            game = host.get_game()
            for pid in range(len(host.board.pos)):
                assert blocked_reason(view.board, game.variant, pid) == \
                    blocked_reason(host.board, game.variant, pid)
        if host.is_terminal():
            break
        host.apply_action(host.string_to_action(text) if text
                          else rng.choice(host.legal_actions()))

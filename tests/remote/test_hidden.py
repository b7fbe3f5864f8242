"""No hidden information reaches a client: what the host sends a seat is the same whatever
the order of the face-down pile (the hidden part of Botanik's state), at every step."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.base import Determinizable
from botanik_design.remote.records import Hosted, new_hosted
from botanik_design.remote.table import Table
from botanik_design.remote.tokens import new_tokens


@settings(max_examples=15)
@given(st.integers(0, 10_000), st.integers(0, 60), st.integers(0, 2**32))
def test_messages_do_not_depend_on_the_hidden_pile(seed: int, moves: int, shuffle: int
                                                   ) -> None:
    hosted = new_hosted("standard", None, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if hosted.state.is_terminal():
            break
        hosted.state.apply_action(rng.choice(hosted.state.legal_actions()))
    other = hosted.state.clone()
    assert isinstance(other, Determinizable)
    other.determinize(random.Random(shuffle))
    twin = Hosted(hosted.game, other, hosted.refs, hosted.playtest)
    path = Path("unused.yaml")
    a = Table(hosted, path, new_tokens())
    b = Table(twin, path, a.tokens)
    for seat in ("0", "1", "watch"):
        assert a.view(seat) == b.view(seat)
        msg = json.loads(a.view(seat))
        assert msg["observation"] is not None and "seed" not in msg["observation"]


def test_the_state_message_is_the_observation_and_public_facts() -> None:
    hosted = new_hosted("standard", None, 4)
    table = Table(hosted, Path("unused.yaml"), new_tokens())
    msg = json.loads(table.view("0"))
    assert msg["observation"] == hosted.state.observation(0)
    assert msg["observation_text"] == hosted.state.observation_string(0)
    assert [a for a, _ in msg["legal"]] == hosted.state.legal_actions()
    assert json.loads(table.view("1"))["legal"] == []  # not seat 1's turn

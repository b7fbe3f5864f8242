"""``State.observation(player)``: JSON data of what a player may see, never the hidden pile.

Botanik hides only the order (and so the content) of its face-down pile: states that
differ only there observe alike, for both seats.  Hive and the toy game have perfect
information: the observation follows the position, the same for both seats but the seat.
"""

from __future__ import annotations

import json
import random

import pytest
import toy_nim
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.base import State, observation_text
from botanik_design.games.registry import load_game


def _played(game_name: str, variant: str | None, seed: int, steps: int) -> State:
    game = load_game(game_name, variant=variant) if variant else toy_nim.load_nim()
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


_BOTANIK = st.sampled_from(["standard", "registre-3", "no-loops"])


@settings(max_examples=40)
@given(variant=_BOTANIK, seed=st.integers(0, 10_000), steps=st.integers(0, 80),
       reshuffle=st.integers(0, 10_000))
def test_botanik_observation_ignores_the_pile_order(variant: str, seed: int, steps: int,
                                                     reshuffle: int) -> None:
    state = _played("botanik", variant, seed, steps)
    other = state.clone()
    other.determinize(random.Random(reshuffle))  # type: ignore[attr-defined]
    for player in (0, 1):
        seen = state.observation(player)
        assert other.observation(player) == seen
        assert other.observation_string(player) == state.observation_string(player)
        assert json.loads(json.dumps(seen)) == seen
        assert seen["pile_size"] == len(state.pile)  # type: ignore[attr-defined]
        assert seen["player"] == player
    # both seats see the same (public) things
    a, b = state.observation(0), state.observation(1)
    a.pop("player"), b.pop("player")
    assert a == b


def test_botanik_observation_names_no_pile_tile_and_no_seed() -> None:
    """A pile tile's position is never written: the text is the same for the true pile
    and for every reshuffle, and the seed, which decides the shuffle, is absent."""
    state = _played("botanik", "standard", 7, 10)
    assert len(state.pile) > 10  # type: ignore[attr-defined]
    text = state.observation_string(0)
    assert "seed" not in state.observation(0)
    for k in range(5):
        other = state.clone()
        other.determinize(random.Random(k))  # type: ignore[attr-defined]
        assert other.pile != state.pile  # type: ignore[attr-defined]
        assert other.observation_string(0) == text


def test_botanik_observation_shows_what_is_public() -> None:
    """The observation is not blind: it changes with every action (a pick moves a tile)."""
    state = _played("botanik", "standard", 3, 0)
    before = state.observation(0)
    assert before["arrival"] and all(isinstance(t, str) for t in before["arrival"])
    state.apply_action(state.legal_actions()[0])
    assert state.observation(0) != before


@settings(max_examples=25)
@given(variant=st.sampled_from(["hive-tournament", "hive-box", "hive-mlp", None]),
       seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_perfect_information_games_observe_the_whole_position(variant: str | None, seed: int,
                                                                steps: int) -> None:
    name = "nim" if variant is None else "hive"
    state = _played(name, variant, seed, steps)
    copy = state.get_game().deserialize_state(state.serialize())
    for player in (0, 1):
        seen = state.observation(player)
        assert json.loads(json.dumps(seen)) == seen
        assert copy.observation(player) == seen
        assert state.observation_string(player) == observation_text(seen)
    a, b = state.observation(0), state.observation(1)
    assert a.pop("player") == 0 and b.pop("player") == 1
    assert a == b


@pytest.mark.parametrize("name,variant", [("botanik", "standard"), ("hive", "hive-tournament"),
                                          ("nim", None)])
@pytest.mark.parametrize("seat", [-1, 2, "0"])
def test_a_seat_out_of_range_is_a_value_error(name: str, variant: str | None,
                                              seat: object) -> None:
    state = _played(name, variant, 0, 0)
    with pytest.raises(ValueError, match="not a seat"):
        state.observation(seat)  # type: ignore[arg-type]


def test_observation_text_is_independent_of_key_order() -> None:
    assert observation_text({"b": [1, None], "a": {"y": 1, "x": "t"}}) == (
        'a: {"x":"t","y":1}\nb: [1,null]')
    assert observation_text({"a": 1, "b": 2}) == observation_text({"b": 2, "a": 1})

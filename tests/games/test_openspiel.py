"""Both games as OpenSpiel games (the ``openspiel`` extra): OpenSpiel's own random
simulation test with serialisation on every bundled variant, honest game types,
observation strings that never show Botanik's pile, the action codecs, and the
README's example."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pyspiel = pytest.importorskip("pyspiel")  # CI installs the extra (.ci/run)

from botanik_design.games.openspiel import facts_of, register  # noqa: E402
from botanik_design.spec.bundled import bundled_variants  # noqa: E402
from botanik_design.spec.errors import SpecError  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
BOTANIK = register("botanik")
HIVE = register("hive")

#: Hive's random games may wander to the 2,000-move limit; OpenSpiel's check plays
#: every step through clones and string comparisons, so its Hive games stop at 200
HIVE_CAP = 200


@pytest.mark.parametrize("variant", sorted(bundled_variants("botanik")))
def test_openspiel_random_simulation_passes_on_botanik(variant: str) -> None:
    game = pyspiel.load_game(BOTANIK, {"variant": variant})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", sorted(bundled_variants("hive")))
def test_openspiel_random_simulation_passes_on_hive(variant: str) -> None:
    game = pyspiel.load_game(HIVE, {"variant": variant, "max_game_length": HIVE_CAP})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_game_types_are_honest() -> None:
    t = pyspiel.GameType
    botanik = pyspiel.load_game(BOTANIK).get_type()
    hive = pyspiel.load_game(HIVE).get_type()
    for kind in (botanik, hive):
        assert kind.dynamics == t.Dynamics.SEQUENTIAL
        assert kind.utility == t.Utility.ZERO_SUM
        assert kind.provides_observation_string and kind.provides_information_state_string
    assert botanik.chance_mode == t.ChanceMode.EXPLICIT_STOCHASTIC
    assert botanik.information == t.Information.IMPERFECT_INFORMATION
    assert hive.chance_mode == t.ChanceMode.DETERMINISTIC
    assert hive.information == t.Information.PERFECT_INFORMATION
    assert pyspiel.load_game(HIVE, {"max_game_length": 50}).max_game_length() == 50
    with pytest.raises(ValueError, match="max_game_length"):
        pyspiel.load_game(HIVE, {"max_game_length": -1})


def _deal(game: object, order: list[int]) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    for outcome in order:
        assert state.is_chance_node()
        assert outcome in dict(state.chance_outcomes())
        state.apply_action(outcome)
    return state


def _chance_order(game: object, rng: random.Random) -> list[int]:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    order = []
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        assert sum(probs) == pytest.approx(1.0)
        pick = rng.choices(outcomes, probs)[0]
        order.append(pick)
        state.apply_action(pick)
    return order


@settings(max_examples=12)
@given(variant=st.sampled_from(sorted(bundled_variants("botanik"))),
       seed=st.integers(0, 1000), steps=st.integers(0, 60))
def test_no_player_sees_the_pile(variant: str, seed: int, steps: int) -> None:
    """Two deals that agree on every tile shown so far and differ in the pile's order
    give both players the same observation and information state strings."""
    game = pyspiel.load_game(BOTANIK, {"variant": variant})
    rng = random.Random(seed)
    order = _chance_order(game, rng)
    one = _deal(game, order)
    moves = []
    for _ in range(steps):
        if one.is_terminal():
            break
        moves.append(rng.choice(one.legal_actions()))
        one.apply_action(moves[-1])
    pile = one.engine_state.pile_size()
    shown = len(order) - pile
    tail = order[shown:]
    rng.shuffle(tail)
    other = _deal(game, order[:shown] + tail)
    for m in moves:
        other.apply_action(m)
    for p in (0, 1):
        assert other.observation_string(p) == one.observation_string(p)
        assert other.information_state_string(p) == one.information_state_string(p)
    if pile > 1 and tail != order[shown:]:
        assert str(other) != str(one)  # the states differ, in the pile only


@settings(max_examples=10)
@given(name=st.sampled_from(["botanik", "hive"]), seed=st.integers(0, 1000),
       steps=st.integers(0, 80))
def test_the_action_codec_is_one_to_one_and_dense(name: str, seed: int, steps: int) -> None:
    short = register(name)
    game = pyspiel.load_game(short)
    facts = facts_of(name)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
    for _ in range(steps):
        if state.is_terminal():
            break
        engine = state.engine_state
        legal = engine.legal_actions()
        ids = facts.to_spiel(engine, legal)
        assert len(set(ids)) == len(ids) and all(0 <= i < game.num_distinct_actions()
                                                 for i in ids)
        assert [facts.from_spiel(engine, i) for i in ids] == legal
        assert state.legal_actions() == sorted(ids)
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_mid_game_state_survives_serialisation() -> None:
    game = pyspiel.load_game(BOTANIK, {"variant": "registre-3"})
    state = _deal(game, _chance_order(game, random.Random(4)))
    for _ in range(9):
        state.apply_action(state.legal_actions()[-1])
    text = pyspiel.serialize_game_and_state(game, state)
    _, copy = pyspiel.deserialize_game_and_state(text)
    assert str(copy) == str(state)
    assert copy.observation_string(1) == state.observation_string(1)
    assert copy.legal_actions() == state.legal_actions()


def _readme_example() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## OpenSpiel\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.+?)\n```", section, flags=re.S)
    assert len(blocks) == 1
    return blocks[0]


def test_the_readme_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(_readme_example(), "README.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    assert any(line.startswith("pile_size: ") for line in out)
    assert re.match(r"(pick|discard) arrival#\d", out[-1])


_UNPICKLE = """
import pickle, sys
for game, state, game_text, state_text, legal in pickle.loads(sys.stdin.buffer.read()):
    assert str(game) == game_text and str(state) == state_text
    assert state.legal_actions() == legal and str(state.get_game()) == game_text
print("ok")
"""


@pytest.mark.parametrize(("name", "variant"), [("botanik", "registre-3"), ("hive", "hive-mlp")])
def test_games_and_states_pickle_here_and_in_a_fresh_process(name: str, variant: str) -> None:
    """As OpenSpiel's own Python games do (their ``test_pickle``): the game classes are
    made by ``register``, so loading registers them again (a fresh process has not)."""
    import pickle
    import subprocess
    import sys

    game = pyspiel.load_game(register(name), {"variant": variant, "max_game_length": 90})
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(30):
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    copy_game, copy_state = pickle.loads(pickle.dumps((game, state)))
    assert str(copy_game) == str(game) and copy_game.max_game_length() == 90
    assert str(copy_state) == str(state) and copy_state.legal_actions() == state.legal_actions()
    blob = pickle.dumps([(game, state, str(game), str(state), state.legal_actions())])
    proc = subprocess.run([sys.executable, "-c", _UNPICKLE], input=blob, capture_output=True,
                          cwd=ROOT, timeout=120, check=False)
    assert proc.returncode == 0 and proc.stdout == b"ok\n", proc.stderr.decode()


@pytest.mark.parametrize(("short", "variant", "said"), [
    (HIVE, "standard", "variant 'standard' is a variant of botanik, not of hive"),
    (BOTANIK, "hive-mlp", "variant 'hive-mlp' is a variant of hive, not of botanik"),
    (HIVE, "nope", "no variant named 'nope'"),
])
def test_a_variant_of_another_game_or_none_is_refused_by_name(short: str, variant: str,
                                                              said: str) -> None:
    with pytest.raises((ValueError, SpecError), match=said):
        pyspiel.load_game(short, {"variant": variant})

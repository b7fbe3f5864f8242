"""Property tests: the engine's hot-path shortcuts equal what they stand for.

* ``Turns.apply_action`` plays a legal ``int`` at once: along random games, any
  action (legal, illegal, negative, huge, a bool, a float, a string) gives the same
  result as :meth:`BaseState.apply_action` on a clone: the same error type and
  words, or the same state, history, legal actions and events afterwards.
* A new game copies its Source-only machines from one kept per tile table and variant
  (``setup._fresh_machines``), sharing the placement keys kept on them: the legal
  placements of every place decision equal :func:`legal_placements` computed afresh,
  with games of several variants and tile sets dealt in turn in one process.
* The raw event codes (:mod:`.eventcodes`) build the typed event of the same name.
"""

from __future__ import annotations

import random

from engine_helpers import VARIANTS, tileset, variant
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.games.basestate import BaseState
from botanik_design.games.botanik.engine import eventcodes as C
from botanik_design.games.botanik.engine import events as E
from botanik_design.games.botanik.engine.actions import PLACE_BASE
from botanik_design.games.botanik.engine.game import new_game
from botanik_design.games.botanik.engine.placement import legal_placements
from botanik_design.games.botanik.engine.playout import random_action
from botanik_design.games.botanik.engine.state import PLACE, GameState

_ODD: list[object] = [True, False, 3.0, "9", None, -1, 10**9]


def _outcome(state: GameState, action: object, base: bool) -> tuple[str, object]:
    try:
        if base:
            BaseState.apply_action(state, action)  # type: ignore[arg-type]
        else:
            state.apply_action(action)  # type: ignore[arg-type]
    except Exception as exc:  # noqa: BLE001 - the error itself is compared
        return type(exc).__name__, str(exc)
    return "ok", (state.to_dict(), state.history(), state.legal_actions(), state.events(-1))


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6))
def test_apply_action_equals_the_base_class(name: str, seed: int) -> None:
    v = variant(name)
    state = new_game(tileset(v.tileset or "botanik"), v, seed)
    rng = random.Random(seed)
    refused = played = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        probes: list[object] = [rng.choice(_ODD), legal[0] + 1, legal[-1] + 1,
                                rng.randrange(-3, 3000)]
        for probe in probes:
            fast, ref = state.clone(), state.clone()
            got = _outcome(fast, probe, base=False)
            assert got == _outcome(ref, probe, base=True)
            refused += got[0] != "ok"
        action = random_action(state, rng)
        fast, ref = state.clone(), state.clone()
        assert _outcome(fast, action, base=False) == _outcome(ref, action, base=True)
        state.apply_action(action)
        played += 1
    assert refused > 0 and played > 0
    assert _outcome(state.clone(), 0, base=False) == _outcome(state.clone(), 0, base=True)


@settings(max_examples=30, deadline=None)
@given(seeds=st.lists(st.tuples(st.sampled_from(VARIANTS), st.integers(0, 10**6)),
                      min_size=2, max_size=5))
def test_placements_of_shared_fresh_machines_equal_a_fresh_computation(
    seeds: list[tuple[str, int]],
) -> None:
    places = 0
    for name, seed in seeds:
        v = variant(name)
        state = new_game(tileset(v.tileset or "botanik"), v, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            d = state.decision
            assert d is not None
            if d[0] == PLACE:
                machine = state.machines[d[1]].copy()
                machine.placements = {}
                assert state.legal_actions() == legal_placements(
                    machine, state.table, d[2], v.closure, v.closure_scope, PLACE_BASE)
                places += 1
            state.apply_action(random_action(state, rng))
    assert places > 0


_CODES = {name: getattr(C, name) for name in dir(C) if name.isupper() and name != "END_REASONS"}


def test_each_event_code_builds_the_event_of_its_name() -> None:
    assert sorted(_CODES.values()) == list(range(len(E.KINDS)))
    for name, code in _CODES.items():
        cls = E.KINDS[code]
        assert name == "".join(f"_{ch}" if ch.isupper() else ch.upper()
                               for ch in cls.__name__).lstrip("_")
        fields = [f for f in cls.__dataclass_fields__ if f != "step"]
        raw = (code, 4, *range(len(fields)))
        (event,) = E.build([raw])
        assert type(event) is cls and event.step == 4

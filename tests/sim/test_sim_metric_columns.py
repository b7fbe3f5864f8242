"""``metric_values`` reads a run's columns at the first row's place of each key: the same
values as asking every row (``GameRow.metric``), whatever order a row keeps its values in."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.sim.report import metric_values
from botanik_design.sim.rows import GameRow

KEYS = ("score", "releases", "swaps", "left_at_end")


@st.composite
def runs(draw: st.DrawFn) -> list[GameRow]:
    n = draw(st.integers(1, 12))
    rows = []
    for i in range(n):
        values = {k: (draw(st.integers(0, 40)), draw(st.integers(0, 40))) if k != "swaps"
                  else draw(st.integers(0, 9)) for k in KEYS}
        order = draw(st.permutations(KEYS))  # a row may keep another order
        rows.append(GameRow(game=i, seed=i, bots=("a", "b"), first_bot=i % 2,
                            winner=draw(st.sampled_from([-1, 0, 1])), decisions=3,
                            branching=1.0, values=tuple((k, values[k]) for k in order)))
    return rows


def naive(rows: list[GameRow], key: str) -> list[float]:
    if key == "score_first":
        return [r.metric("score")[0] for r in rows]
    if key == "score_second":
        return [r.metric("score")[1] for r in rows]
    if key == "margin":
        return [r.metric("score")[0] - r.metric("score")[1] for r in rows]
    if key in ("score_A", "score_B"):
        return [r.metric("score")[r.bot_seat(0 if key == "score_A" else 1)] for r in rows]
    if isinstance(rows[0].metric(key), tuple):
        return [x for r in rows for x in r.metric(key)]
    return [float(r.metric(key)) for r in rows]


@settings(max_examples=150, deadline=None)
@given(rows=runs(), key=st.sampled_from(
    ["score_first", "score_second", "margin", "score_A", "score_B", *KEYS]))
def test_columns_are_every_rows_metric(rows: list[GameRow], key: str) -> None:
    assert metric_values(rows, key) == naive(rows, key)


def test_an_unknown_key_is_a_key_error() -> None:
    row = GameRow(game=0, seed=0, bots=("a", "b"), first_bot=0, winner=0, decisions=1,
                  branching=1.0, values=(("score", (1, 2)),))
    with pytest.raises(KeyError):
        metric_values([row], "nothing")
    with pytest.raises(KeyError):  # a later row without the key
        metric_values([row, GameRow(game=1, seed=1, bots=("a", "b"), first_bot=1, winner=1,
                                    decisions=1, branching=1.0, values=())], "score_first")
    assert metric_values([], "score_first") == []

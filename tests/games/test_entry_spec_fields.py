"""The spec layer's parts of an entry: sweeps (hooks and metrics), rule ids, spreadsheet
forms and record formats are read from the entries, so a game brings its own and the
shared code names none."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from botanik_design.games.entry import GameEntry
from botanik_design.games.registry import (
    entries,
    entry,
    register_entry,
    replace_entry,
    resolve,
    unregister,
)
from botanik_design.sim.sweep.output import short
from botanik_design.sim.sweep.report import METRICS, OUTCOME_METRICS, metric_keys
from botanik_design.spec.errors import SpecError
from botanik_design.spec.load import load_sweep
from botanik_design.spec.rule_ids import RULES, SHARED, Rule, declared
from botanik_design.spec.sweep import SweepHooks
from botanik_design.spec.tables import read_csv_text
from botanik_design.spec.tabular import TableFormat, table_formats, table_kind

#: a later game's own rule ids (registered by :func:`test_a_registered_game_declares_its_rule_ids`)
QUIZ_RULES = (Rule("quiz-no-answer", "error", "a quiz question without an answer"),)


@pytest.fixture
def restore_hive() -> Iterator[None]:
    yield
    unregister("hive")  # the bundled entry comes back


@pytest.mark.parametrize("name", ["botanik", "hive"])
def test_every_spec_part_of_a_bundled_entry_resolves(name: str) -> None:
    e = entry(name)
    assert e.sweep is not None and isinstance(resolve(e.sweep.hooks), SweepHooks)
    assert e.rule_ids is not None and all(isinstance(r, Rule) for r in resolve(e.rule_ids))
    assert e.records is not None and callable(resolve(f"{e.records}:load"))
    tables = [k for k in e.kinds if k.table]
    assert len(tables) == 1 and isinstance(resolve(tables[0].table or ""), TableFormat)


def test_each_game_metric_has_its_words_and_a_known_interval() -> None:
    for e in entries():
        if e.sweep is None:
            continue
        keys = metric_keys(e.name)
        assert keys[:len(OUTCOME_METRICS)] == tuple(OUTCOME_METRICS)
        assert set(e.sweep.default_metrics) <= set(keys), e.name
        for m in e.sweep.metrics:
            assert m.key not in OUTCOME_METRICS, f"{e.name} redefines {m.key}"
            assert METRICS[m.key] == (m.label, m.kind)
            assert m.kind in ("proportion", "mean-result", "mean", "ludii")
            assert short(m.key) == (m.short or m.key)


def test_rule_ids_are_declared_once_across_the_games() -> None:
    seen = dict.fromkeys(SHARED, "shared")
    for e in entries():
        for r in resolve(e.rule_ids) if e.rule_ids else ():
            assert r.id not in seen, f"{r.id}: {seen.get(r.id)} and {e.name}"
            seen[r.id] = e.name
    assert list(RULES) == list(seen)


def test_a_registered_game_declares_its_rule_ids() -> None:
    assert not declared("quiz-no-answer")
    register_entry(GameEntry(name="quiz", title="Quiz", factory="x:y", variant_loader="",
                             variant_kind="", rule_ids=f"{__name__}:QUIZ_RULES"))
    try:
        assert declared("quiz-no-answer") and RULES["quiz-no-answer"].level == "error"
    finally:
        unregister("quiz")
    assert not declared("quiz-no-answer")


@pytest.mark.parametrize("header,kind", [
    ("bug,copies", "pieceset"),
    ("Bug,Copies", "pieceset"),
    ("copies,bug", "pieceset"),
    ("id,colour,type,kind,exits,flowers,copies,label", "tileset"),
    ("id,color,type,exits,copies", "tileset"),
    ("copies", "tileset"),  # no marker column: the kind whose format has none
])
def test_a_table_is_of_the_kind_whose_marker_it_has(header: str, kind: str) -> None:
    assert table_kind(read_csv_text(header + "\n", "t.csv")) == kind
    assert kind in table_formats()


def _sweep(tmp_path: Path, base: dict[str, str], axis: dict[str, object]) -> list[str]:
    path = tmp_path / "s.yaml"
    path.write_text(json.dumps({"sweep": "s", "base": base, "axes": [axis], "games": 2}))
    with pytest.raises(SpecError) as err:
        load_sweep(path)
    return err.value.problems


@pytest.mark.parametrize("variant,axis,message", [
    ("hive-tournament", {"tiles": {"type": "cross"}, "field": "copies", "values": [1]},
     "a `tiles` axis applies to Botanik sweeps (a base variant of Botanik), not to Hive ones"),
    ("standard", {"pieces": {"bug": "ant"}, "values": [1]},
     "a `pieces` axis applies to Hive sweeps (a base variant of Hive), not to Botanik ones"),
])
def test_an_axis_of_another_games_kind_is_named_as_such(tmp_path: Path, variant: str,
                                                         axis: dict[str, object],
                                                         message: str) -> None:
    problems = _sweep(tmp_path, {"variant": variant}, axis)
    assert any(message in p and "[sweep-axis]" in p for p in problems), problems


def test_a_game_without_sweep_axes_is_refused_by_name(tmp_path: Path,
                                                      restore_hive: None) -> None:
    replace_entry("hive", sweep=None)
    problems = _sweep(tmp_path, {"variant": "hive-tournament"},
                      {"option": "ply_cap", "values": [40]})
    assert any("`hive-tournament` is a Hive variant, and Hive has no sweep axes" in p
               for p in problems), problems


def test_a_game_without_a_record_format_cannot_be_hosted(restore_hive: None) -> None:
    from botanik_design.remote.records import new_hosted

    replace_entry("hive", records=None)
    with pytest.raises(SpecError, match="cannot host a game of Hive: it has no record format"):
        new_hosted("hive-tournament", None, 0)

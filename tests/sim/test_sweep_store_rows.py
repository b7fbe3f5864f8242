"""A results store whose lines are valid JSON of the wrong shape: every line is checked
when read, the bad one is named, the run refuses (exit 2) or rebuilds with --restart.
Also: a point with the base's rules shares its games, and every run command has one
rule for its default number of workers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from botanik_design.cli import main
from botanik_design.sim.sweep.store import ResultStore, StoreError
from botanik_design.spec.load import load_sweep
from botanik_design.spec.validate import validate_path

SPEC = """\
sweep: rows
base: {variant: registre-3, tileset: quick-3}
axes:
  - option: mecha_bonus
    values: [0, 4]
bots: greedy,greedy
games: 4
"""

#: JSON values to put where a field belongs.
ODD = st.one_of(
    st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True),
    st.text(max_size=5), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    """A finished store of the sweep (its spec path and bytes)."""
    folder = tmp_path_factory.mktemp("rows")
    spec = folder / "rows.yaml"
    spec.write_text(SPEC)
    store = folder / "rows.store.jsonl"
    assert main(["sweep", str(spec), "-q", "--store", str(store), "-o",
                 str(folder / "r.txt")]) == 0
    return spec, store.read_bytes()


def _open(spec: Path, store: Path, restart: bool = False) -> ResultStore:
    s = ResultStore.open(store, load_sweep(spec), restart=restart)
    s.close()
    return s


def _mutated(data: bytes, line: int, change: Any) -> bytes:
    lines = data.splitlines(keepends=True)
    obj = json.loads(lines[line - 1])
    change(obj)
    lines[line - 1] = (json.dumps(obj) + "\n").encode()
    return b"".join(lines)


def _set_field(field: str, value: Any) -> Any:
    def change(obj: dict[str, Any]) -> None:
        obj["rows"][0][field] = value
    return change


def _set_value(k: int, value: Any) -> Any:
    def change(obj: dict[str, Any]) -> None:
        obj["rows"][0]["values"][k][1] = value
    return change


CASES = [
    (_set_field("branching", None), "`branching` must be a number, found None"),
    (_set_field("branching", [1, 2]), "`branching` must be a number"),
    (_set_field("decisions", 1.5), "`decisions` must be a whole number"),
    (_set_field("winner", 7), "`winner` must be between -1 and 1"),
    (_set_field("game", 99), "`game` must be between 0 and 3"),
    (_set_field("seed", 1), "not the sweep's seed"),
    (_set_field("first_bot", True), "`first_bot` must be a whole number"),
    (_set_field("bots", "greedy"), "not the sweep's"),
    (_set_field("end_reason", 3), "`end_reason` must be text"),
    (_set_field("values", {}), "`values` must be a list"),
    (_set_value(0, 3), "`score` must be a pair of numbers"),
    (_set_value(4, [1, 2]), "`releases` must be a number"),
    (_set_value(4, float("nan")), "must be a finite number"),
    (lambda o: o["rows"][0].pop("winner"), "lacks `winner`"),
    (lambda o: o["rows"][0].update(extra=1), "has unknown `extra`"),
    (lambda o: o.update(point=9), "`point` must be a point index"),
    (lambda o: o.update(point="1"), "`point` must be a point index"),
    (lambda o: o.update(rows=None), "`rows` must be a list"),
    (lambda o: o.update(rows=[3]), "a row must be an object"),
]


@pytest.mark.parametrize(("change", "message"), CASES)
def test_a_wrong_row_is_named_and_refused_then_rebuilt_with_restart(
        played: tuple[Path, bytes], tmp_path: Path, change: Any, message: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    spec, data = played
    store = tmp_path / "s.jsonl"
    store.write_bytes(_mutated(data, 2, change))
    with pytest.raises(StoreError) as err:
        _open(spec, store)
    assert f"{store}:2: " in str(err.value) and message in str(err.value)
    assert "--restart" in str(err.value)
    out = tmp_path / "r.txt"
    args = ["sweep", str(spec), "-q", "--store", str(store), "-o", str(out)]
    assert main(args) == 2
    assert f"{store}:2: " in capsys.readouterr().err and not out.exists()
    assert main([*args, "--restart"]) == 0
    assert store.read_bytes() == data


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line=st.integers(2, 5), row=st.integers(0, 3), field=st.sampled_from(
    ["game", "seed", "bots", "first_bot", "winner", "decisions", "branching", "values",
     "end_reason"]), value=ODD)
def test_any_field_of_any_row_may_hold_anything(
        played: tuple[Path, bytes], tmp_path: Path, line: int, row: int, field: str,
        value: Any) -> None:
    """Whatever a row's field holds, opening the store either reads the very same rows
    (the value is the one written) or names the line; it never raises anything else."""
    spec, data = played
    lines = data.splitlines()
    if line > len(lines):
        return
    obj = json.loads(lines[line - 1])
    if row >= len(obj["rows"]):
        return
    same = obj["rows"][row][field] == value and type(obj["rows"][row][field]) is type(value)
    obj["rows"][row][field] = value
    store = tmp_path / f"p-{line}-{row}-{field}.jsonl"
    store.write_bytes(_mutated(data, line, lambda o: o.update(rows=obj["rows"])))
    try:
        opened = _open(spec, store)
    except StoreError as exc:
        assert f"{store}:{line}: " in str(exc) and not same
        return
    assert opened.count() == _open(spec, _copy(tmp_path, data)).count()


def _copy(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "good.jsonl"
    path.write_bytes(data)
    return path


def test_only_the_last_line_may_be_torn(played: tuple[Path, bytes], tmp_path: Path) -> None:
    spec, data = played
    lines = data.splitlines(keepends=True)
    store = tmp_path / "s.jsonl"
    store.write_bytes(b"".join(lines[:-1]) + b"\x00" * 20 + b"\n")  # a crash's zeros
    assert _open(spec, store).count() < _open(spec, _copy(tmp_path, data)).count()
    store.write_bytes(lines[0] + b"{not json\n" + b"".join(lines[1:]))
    with pytest.raises(StoreError, match=f"{store}:2: not a JSON line"):
        _open(spec, store)


# --------------------------------------------------------------------------- the base


def test_a_point_with_the_base_rules_shares_the_base_games(tmp_path: Path) -> None:
    spec = tmp_path / "same.yaml"
    spec.write_text(SPEC.replace("values: [0, 4]", "values: [0, 2]"))  # registre-3: 2
    assert validate_path(spec) == []
    sweep = load_sweep(spec)
    assert [p.same_as_base for p in sweep.points] == [False, True]
    out = tmp_path / "r.json"
    store = tmp_path / "s.jsonl"
    assert main(["sweep", str(spec), "-q", "--format", "json", "-o", str(out), "--store",
                 str(store)]) == 0
    stored = {json.loads(x)["point"] for x in store.read_text().splitlines()[1:]}
    assert stored == {0, 1}  # point 2 (= base) was not played again
    base, _, same = json.loads(out.read_text())["points"]
    assert same["same_as_base"] and same["metrics"] == base["metrics"] and same["p"] == 1.0


@pytest.mark.parametrize(("tiles", "shared"), [
    ("change: add\n    values: [0, -1]", [True, False]),
    ("change: add\n    values: [-1, 1]", [False, False]),
    ("change: set\n    values: [1, 2]", [True, False]),   # quick-3's crosses: 1 copy
])
def test_zero_on_an_add_axis_and_the_base_value_on_a_set_axis_are_the_base(
        tmp_path: Path, tiles: str, shared: list[bool]) -> None:
    spec = tmp_path / "t.yaml"
    spec.write_text(SPEC.replace("  - option: mecha_bonus\n    values: [0, 4]",
                                 f"  - tiles: {{type: cross}}\n    field: copies\n    {tiles}")
                    .replace("registre-3", "standard"))
    assert [p.same_as_base for p in load_sweep(spec).points] == shared


# --------------------------------------------------------------------------- workers


@pytest.mark.parametrize("command", ["simulate", "compare", "sweep"])
def test_every_run_command_defaults_to_one_worker_and_says_so(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--help"]) == 0
    helptext = " ".join(capsys.readouterr().out.split())
    assert "(default 1" in helptext.split("--workers W, -w W", 1)[1][:60]

"""A whole number written as a float (``2.0``) where the schema wants an integer.

The schema accepts it (JSON Schema's ``integer`` does), so from then on it is
the integer: for every later check and for ``score``, ``replay`` and
``play --load``, which therefore agree with ``validate`` on every file
(issue 8, item 6: ``[0, 0.0]`` passed ``validate`` but not ``score``;
``first_player: 1.0`` crashed ``replay``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from botanik_design.cli import main
from botanik_design.spec.validate import read_checked, validate_text

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = sorted((ROOT / "examples" / "positions").glob("*.yaml"))
RECORDS = sorted((ROOT / "examples" / "records").glob("*.yaml"))


def _floated(text: str) -> list[tuple[int, str]]:
    """Each integer scalar of the document rewritten as a float (``2`` -> ``2.0``), one at a
    time."""
    out, todo = [], [yaml.compose(text)]
    while todo:
        node = todo.pop()
        if isinstance(node, yaml.ScalarNode) and node.tag.endswith(":int") and not node.style:
            a, b = node.start_mark.index, node.end_mark.index
            out.append((a, text[:a] + text[a:b] + ".0" + text[b:]))
        elif isinstance(node, yaml.MappingNode):
            todo += [v for _, v in node.value]
        elif isinstance(node, yaml.SequenceNode):
            todo += node.value
    return sorted(out)


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv)
    out = capsys.readouterr().out
    return code, out


def _result(kind: str, out: str) -> object:
    data = json.loads(out)
    if kind == "position":
        return [p.get("total") for p in data.get("players", [])], data.get("ok")
    return data.get("ok"), data.get("winner"), data.get("totals")


@pytest.mark.parametrize("path", POSITIONS + RECORDS, ids=lambda p: p.name)
def test_every_integer_written_as_a_float_changes_nothing(
        path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    kind = "position" if path in POSITIONS else "record"
    command = "score" if kind == "position" else "replay"
    text = path.read_text(encoding="utf-8")
    target = tmp_path / path.name
    target.write_text(text, encoding="utf-8")
    code, out = _run([command, "--format", "json", str(target)], capsys)
    assert code == 0
    want = _result(kind, out)
    cases = _floated(text)
    assert len(cases) >= 3
    for at, changed in cases:
        target.write_text(changed, encoding="utf-8")
        assert _run(["validate", str(target)], capsys)[0] == 0, (at, changed[at - 20:at + 20])
        code, out = _run([command, "--format", "json", str(target)], capsys)
        assert code == 0 and _result(kind, out) == want, (at, changed[at - 20:at + 20])


@pytest.mark.parametrize(("old", "new", "rule"), [
    ("cell: [0, 1]", "cell: [0, 0.0]", "sem-source-cell"),
    ("cell: [0, 1]", "cell: [0.0, 0]", "sem-source-cell"),
    ("cell: [0, 2]", "cell: [0, 1.0]", "sem-cell-taken"),
])
def test_validate_and_score_agree_on_float_cells(old: str, new: str, rule: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The reported case and its kin: ``[0, 0.0]`` is ``[0, 0]`` for both commands."""
    path = ROOT / "examples" / "positions" / "tie-break.yaml"
    target = tmp_path / "p.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    code, out = _run(["validate", "--format", "json", str(target)], capsys)
    assert code == 1 and f'"rule": "{rule}"' in out
    code, out = _run(["score", "--format", "json", str(target)], capsys)
    assert code == 1 and f'"rule": "{rule}"' in out


@pytest.mark.parametrize(("old", "new", "codes"), [
    ("first_player: 0", "first_player: 1.0", (0, 0)),  # the reported case: a TypeError
    ("first_player: 0", "first_player: 0.0", (0, 0)),
    ("seed: 0", "seed: 0.0", (0, 0)),
    ("  - pick arrival#1 red-mecha -> own slot 1", "  - 3.0", (1, 1)),  # illegal here
    ("  - pick arrival#1 red-mecha -> own slot 1", "  - {action: 3.0}", (1, 1)),
    ("winner: null", "winner: 1.0", (0, 1)),  # validate does not check `expect`
    ("totals: [0, 0]", "totals: [0.0, 0.0]", (0, 0)),
])
def test_records_with_float_numbers_never_crash_replay(
        old: str, new: str, codes: tuple[int, int], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "examples" / "records" / "mecha-swap.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    target = tmp_path / "r.yaml"
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    v_code, _ = _run(["validate", str(target)], capsys)
    code, out = _run(["replay", "--format", "json", str(target)], capsys)
    assert json.loads(out)["ok"] is (code == 0)
    assert (v_code, code) == codes
    from botanik_design.games.botanik.engine import RecordError
    from botanik_design.tui.botanik.controller import Controller

    try:
        Controller.from_record(target, "random")
        assert v_code == 0
    except RecordError:
        assert v_code == 1


def test_the_checked_data_holds_ints() -> None:
    text = ("position: p\ntileset: botanik\nvariant: standard\noptions: {registry_columns: 2.0}\n"
            "machines:\n  - - {tile: red-plant, cell: [0.0, 1.0], rotation: 2.0}\n")
    diagnostics, data = read_checked(text, "p.yaml")
    assert diagnostics == [] and data is not None
    entry = data["machines"][0][0]
    assert [type(v) for v in (*entry["cell"], entry["rotation"])] == [int, int, int]
    assert type(data["options"]["registry_columns"]) is int
    assert validate_text(text.replace("cell: [0.0, 1.0]", "cell: [0.5, 1]"), "p.yaml")

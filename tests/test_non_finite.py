"""No non-finite number is read from a file, and no JSON output holds NaN or infinity.

``.nan``, ``.inf``, ``-.inf`` and floats too large to hold are refused by the reader
(``yaml-non-finite``) at their position, whatever the file kind; every ``json.dump(s)`` of
the package refuses NaN (``allow_nan=False``), so a non-finite value can never be printed
as the non-JSON ``NaN``.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from botanik_design.cli import main
from botanik_design.spec.validate import validate_text

PACKAGE = Path(__file__).resolve().parents[1] / "botanik_design"
NON_FINITE = [".nan", ".NaN", ".inf", ".Inf", "-.inf", "+.inf", "-.INF", "1.0e+999",
              "-1.5E+400", "!!float .nan", "!!float 1e999", "!!float -.inf"]
SWEEP = ("sweep: s\nbase: {variant: standard}\naxes:\n  - option: mecha_bonus\n"
         "    values: [0, 1]\nbots: greedy,greedy\ngames: 2\n"
         "target: {metric: advantage_p1, value: X}\n")


@pytest.mark.parametrize("number", NON_FINITE)
@pytest.mark.parametrize("text", [
    SWEEP,
    "variant: v\noptions:\n  mecha_bonus: X\n",
    "tileset: t\ntiles:\n  - {id: a, type: straight, colour: red, copies: X}\n",
    "record: r\ntileset: botanik\nvariant: standard\nseed: X\nactions: []\n",
    "position: p\ngame: hive\nvariant: hive-tournament\nto_move: white\nturn: X\n"
    "stacks: []\n",
    "variant: v\ngame: hive\npieceset: hive-base\noptions: {queen_deadline: X}\n",
], ids=["sweep-target", "option", "copies", "seed", "hive-turn", "hive-option"])
def test_a_non_finite_number_is_refused_where_it_stands(number: str, text: str) -> None:
    before = text[:text.index("X")].split("\n")
    found = validate_text(text.replace("X", number), "t.yaml")
    bad = [d for d in found if d.rule == "yaml-non-finite"]
    assert len(bad) == 1, found
    assert (bad[0].line, bad[0].column) == (len(before), len(before[-1]) + 1)


@pytest.mark.parametrize("number", [".nan", ".inf", "-.inf"])
def test_the_reported_sweep_is_refused_before_any_game(number: str, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    sweep = tmp_path / "s.yaml"
    sweep.write_text(SWEEP.replace("X", number))
    assert main(["sweep", str(sweep), "--format", "json", "--quiet"]) == 1
    out = capsys.readouterr()
    assert "NaN" not in out.out and "Infinity" not in out.out
    failure = json.loads(out.out)  # --format json: the failure object, on stdout
    assert failure["ok"] is False and out.err == ""
    assert [(d["line"], d["column"], d["rule"]) for d in failure["diagnostics"]] == [
        (8, 39, "yaml-non-finite")]
    assert main(["sweep", str(sweep), "--quiet"]) == 1  # as text, on stderr
    err = capsys.readouterr().err
    assert "s.yaml:8:39: error:" in err and "[yaml-non-finite]" in err


def _dumps_calls() -> list[tuple[str, int, bool]]:
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    isinstance(node.func.value, ast.Name) and node.func.value.id == "json" and \
                    node.func.attr in ("dump", "dumps"):
                ok = any(k.arg == "allow_nan" and isinstance(k.value, ast.Constant) and
                         k.value.value is False for k in node.keywords)
                found.append((str(path.relative_to(PACKAGE)), node.lineno, ok))
    return found


def test_every_json_output_refuses_nan() -> None:
    calls = _dumps_calls()
    assert len(calls) >= 6  # the scan sees the package's writers (json_text is the main one)
    assert [(f, line) for f, line, ok in calls if not ok] == []

"""``simulate``, ``compare`` and ``sweep --format json`` report a spec that does not load
as a JSON failure object on stdout (``botanik_design.cli.failures``): the diagnostics
``validate --format json`` gives for the same file, with the text mode's exit status;
text mode is unchanged (the problems on stderr, nothing on stdout)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from botanik_design.cli import main

FIXTURES = Path(__file__).resolve().parents[1] / "spec" / "fixtures"


def _f(name: str) -> str:
    return str(FIXTURES / f"{name}.yaml")


def _simulate(variant: str, *more: str) -> list[str]:
    return ["simulate", "-q", "-n", "2", "--variant", variant, *more]


def _sweep(spec: str) -> list[str]:
    return ["sweep", "-q", spec]


#: (command line without --format, the input validate checks the same way (or None),
#:  exit status, rules of the diagnostics in order; None: a rule-less error)
CASES: list[tuple[str, list[str], str | None, int, list[str | None]]] = [
    ("simulate-schema", _simulate(_f("schema-type")), _f("schema-type"), 1, ["schema-type"]),
    ("simulate-enum", _simulate(_f("schema-enum")), _f("schema-enum"), 1, ["schema-enum"]),
    ("simulate-yaml-alias", _simulate(_f("yaml-undefined-alias")),
     _f("yaml-undefined-alias"), 1, ["yaml-undefined-alias"]),
    ("simulate-yaml-tag", _simulate(_f("yaml-tag")), _f("yaml-tag"), 1, ["yaml-tag"]),
    ("simulate-unknown-parent", _simulate(_f("sem-unknown-parent")),
     _f("sem-unknown-parent"), 1, ["sem-unknown-parent"]),
    ("simulate-extends-cycle", _simulate(_f("sem-extends-cycle")), _f("sem-extends-cycle"),
     1, ["sem-extends-cycle"]),
    ("simulate-its-tileset", _simulate(_f("sem-tileset-invalid")),
     _f("sem-tileset-invalid"), 1, ["sem-tileset-invalid"]),
    ("simulate-too-few-tiles", _simulate(_f("sem-too-few-tiles")), _f("sem-too-few-tiles"),
     1, ["sem-too-few-tiles"]),
    ("simulate-wrong-kind", _simulate(_f("ok-mini-tileset")), None, 1, ["spec-wrong-kind"]),
    ("simulate-hive-schema", _simulate(_f("hive-schema-botanik-option")),
     _f("hive-schema-botanik-option"), 1,
     ["schema-additional-properties", "schema-minimum", "schema-minimum", "schema-enum",
      "schema-unique-items", "schema-enum"]),
    ("simulate-hive-pieceset", _simulate(_f("hive-sem-unknown-pieceset")),
     _f("hive-sem-unknown-pieceset"), 1, ["sem-unknown-pieceset"]),
    ("simulate-tileset-too-small",
     _simulate("standard", "--tileset", _f("sem-too-few-tiles-set")), None, 1,
     ["sem-too-few-tiles"]),
    ("simulate-unknown-name", _simulate("no-such-variant"), None, 2, ["io-missing"]),
    ("simulate-unknown-tileset", _simulate("standard", "--tileset", "no-such-set"), None, 2,
     ["io-missing"]),
    ("simulate-tileset-for-hive", _simulate("hive-tournament", "--tileset", "quick-3"), None,
     2, [None]),
    ("compare-one-broken", ["compare", "-q", "-n", "2", "standard", _f("schema-type")],
     _f("schema-type"), 1, ["schema-type"]),
    ("compare-unknown-item", ["compare", "-q", "-n", "2", "standard", "no-such-item"], None,
     2, ["io-missing"]),
    ("sweep-axis", _sweep(_f("sweep-axis")), _f("sweep-axis"), 1, ["sweep-axis", "sweep-axis"]),
    ("sweep-bots", _sweep(_f("sweep-bad-bots")), _f("sweep-bad-bots"), 1, ["sweep-bad-bots"]),
    ("sweep-option", _sweep(_f("sweep-unknown-option")), _f("sweep-unknown-option"), 1,
     ["sweep-unknown-option"]),
    ("sweep-hive-option", _sweep(_f("sweep-hive-unknown-option")),
     _f("sweep-hive-unknown-option"), 1, ["sweep-unknown-option"]),
    ("sweep-variant", _sweep(_f("sweep-unknown-variant")), _f("sweep-unknown-variant"), 1,
     ["sweep-unknown-variant"]),
    ("sweep-values", _sweep(_f("sweep-bad-value")), _f("sweep-bad-value"), 1,
     ["sweep-bad-value"] * 3),
    ("sweep-wrong-kind", _sweep(_f("ok-variant")), None, 1, ["spec-wrong-kind"]),
    ("sweep-missing", _sweep(str(FIXTURES / "no-such-sweep.yaml")), None, 2, ["io-missing"]),
    ("sweep-folder", _sweep(str(FIXTURES)), None, 2, ["io-unreadable"]),
]


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _key(d: dict[str, Any]) -> tuple[Any, ...]:
    return (d["line"], d["column"], d["level"], d["rule"], d["message"], d["json_path"])


@pytest.mark.parametrize(("argv", "checked", "status", "rules"),
                         [pytest.param(*c[1:], id=c[0]) for c in CASES])
def test_json_errors_are_validates_diagnostics(
        argv: list[str], checked: str | None, status: int, rules: list[str | None],
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)  # a sweep's store would go here: nothing may be written
    code, out, err = _run([*argv, "--format", "json"], capsys)
    assert code == status
    assert err == ""  # all of it on stdout, as validate --format json
    report = json.loads(out)
    assert report["ok"] is False and report["exit_code"] == status
    assert [d["rule"] for d in report["diagnostics"]] == rules
    assert report["error"] == report["diagnostics"][0]["message"]
    assert all(d["level"] == "error" for d in report["diagnostics"])
    if checked is not None:  # the very diagnostics validate reports for that file
        assert main(["validate", "--format", "json", checked]) == 1
        validated = [d for d in json.loads(capsys.readouterr().out)["diagnostics"]
                     if d["level"] == "error"]
        assert [_key(d) for d in report["diagnostics"]] == [_key(d) for d in validated]
        assert all(d["line"] is not None for d in report["diagnostics"])
    assert list(tmp_path.iterdir()) == []

    # text mode: the same exit status, the problems at their positions on stderr
    code, out, err = _run(argv, capsys)
    assert code == status and out == "" and err
    for d in report["diagnostics"]:
        if d["line"] is not None:
            assert f":{d['line']}:{d['column']}: error: " in err
        else:
            assert d["message"] in err


def test_a_json_run_that_loads_prints_its_report(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(_simulate("standard", "--bots", "random,random", "--format", "json"),
                          capsys)
    assert code == 0
    assert json.loads(out)["run"]["games"] == 2  # the report, not a failure object

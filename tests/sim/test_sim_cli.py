"""The simulate and compare commands: outputs, determinism, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from botanik_design.cli import main


def _simulate(tmp_path: Path, name: str, *extra: str) -> Path:
    out = tmp_path / name
    code = main(["simulate", "--games", "12", "--seed", "4", "--bots", "random,greedy",
                 "--format", "json", "-q", "-o", str(out), *extra])
    assert code == 0
    return out


def test_json_identical_for_1_and_2_workers(tmp_path: Path) -> None:
    one = _simulate(tmp_path, "one.json", "--workers", "1")
    two = _simulate(tmp_path, "two.json", "--workers", "2")
    assert one.read_bytes() == two.read_bytes()
    data = json.loads(one.read_text())
    assert data["run"]["games"] == 12 and data["run"]["bots"] == {"A": "random", "B": "greedy"}


def test_csv_and_plot(tmp_path: Path) -> None:
    csv_path = tmp_path / "games.csv"
    png = tmp_path / "scores.png"
    _simulate(tmp_path, "r.json", "--csv", str(csv_path), "--plot", str(png))
    lines = csv_path.read_text().splitlines()
    assert len(lines) == 13 and lines[0].startswith("game,seed,")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_text_report_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--games", "6", "--variant", "registre-3", "--tileset", "quick-3",
                 "-q"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Variant registre-3" in out and "tile set quick-3" in out and "Wilson" in out


@pytest.mark.parametrize("args,code,message", [
    (["--bots", "random,nobot"], 2, "unknown bot"),
    (["--bots", "random,greedy,mcts"], 2, "two bot specs"),
    (["--games", "0"], 2, ""),
    (["--workers", "0"], 2, ""),
    (["--variant", "no-such-variant.yaml"], 2, "no variant named"),
    (["--tileset", "no-such-set"], 2, "no tile set named"),
    (["--plot", "x.pdf"], 2, ".png or .svg"),
    (["--csv", "/no/such/folder/x.csv"], 2, "no such folder"),
])
def test_usage_errors(args: list[str], code: int, message: str,
                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "-q", *args]) == code
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_invalid_variant_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("variant: bad\noptions:\n  registry_columns: banana\n")
    assert main(["simulate", "--games", "2", "-q", "--variant", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "bad.yaml" in err and "Traceback" not in err


def test_compare_text_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["compare", "standard", "registre-3", "--games", "10", "--tileset", "quick-3",
                 "-q"])
    out = capsys.readouterr().out
    assert code == 0
    assert "baseline: standard" in out and "Fisher's exact test" in out
    assert "Mann-Whitney U" in out and "Holm" in out
    target = tmp_path / "c.json"
    csv_path = tmp_path / "c.csv"
    assert main(["compare", "standard", "no-loops", "--games", "6", "--format", "json",
                 "-o", str(target), "--csv", str(csv_path), "-q"]) == 0
    data = json.loads(target.read_text())
    assert [r["label"] for r in data["runs"]] == ["standard", "no-loops"]
    assert data["tests_used"] == {"proportion": "Fisher's exact test",
                                  "distribution": "Mann-Whitney U test"}
    assert len(csv_path.read_text().splitlines()) == 1 + 12


def test_compare_tile_sets_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "botanik", "quick-3", "--games", "4", "-q"]) == 0
    out = capsys.readouterr().out
    assert "tile set quick-3" in out and "tile set botanik" in out
    assert main(["compare", "standard", "nothing-here", "--games", "2", "-q"]) == 2
    assert "not a bundled variant or tile set" in capsys.readouterr().err
    assert main(["compare", "standard", "--games", "2", "-q"]) == 2

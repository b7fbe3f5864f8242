"""``validate --simulate`` end to end: notes, summaries, the budget option."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "botanik_design", "validate", *args],
                          cwd=ROOT, capture_output=True, text=True, env=env, timeout=300)


def test_readme_strict_simulate_example_passes_on_registre_3() -> None:
    result = cli("--strict", "--simulate", "20", "--seed", "1", "spec/variants/registre-3.yaml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "note: " in result.stdout and "[sim-no-registry-move]" in result.stdout
    assert "registre-3.yaml: note: 20 games played: no problems [sim-summary]" in result.stdout


def test_json_has_simulation_counts() -> None:
    result = cli("--format", "json", "--simulate", "2", "spec/variants/standard.yaml")
    report = json.loads(result.stdout)
    assert result.returncode == 0
    [sim] = report["simulation"]
    assert sim["played"] == 2 and sim["games"] == 2 and sim["stopped_early"] is False
    assert report["summary"]["notes"] == 1 and report["summary"]["warnings"] == 0


def test_a_tile_set_alone_says_it_is_not_simulated() -> None:
    result = cli("--simulate", "3", "tilesets/quick-3.yaml")
    assert result.returncode == 0
    assert result.stdout.startswith("tilesets/quick-3.yaml: note: not simulated: a tile set")
    assert "[sim-no-variant]" in result.stdout


def test_budget_must_be_positive() -> None:
    result = cli("--simulate", "1", "--simulate-budget", "0", "spec/variants/standard.yaml")
    assert result.returncode == 2 and "positive" in result.stderr


def test_no_score_is_a_warning(tmp_path: Path) -> None:
    (tmp_path / "ts.yaml").write_text(
        "tileset: mechas\npalette:\n  - {name: red, symbol: R, display: '#ff0000'}\ntiles:\n"
        "  - {id: source, type: source, kind: source, exits: [N, E, S, W], copies: 2}\n"
        "  - {id: m, colour: red, type: mecha, kind: mecha, exits: [], copies: 30}\n",
        encoding="utf-8")
    (tmp_path / "v.yaml").write_text("variant: m\nextends: standard\ntileset: ts.yaml\n",
                                     encoding="utf-8")
    result = cli("--simulate", "3", str(tmp_path / "v.yaml"))
    assert "warning: " in result.stdout and "[sim-no-score]" in result.stdout
    assert cli("--strict", "--simulate", "3", str(tmp_path / "v.yaml")).returncode == 1


def test_a_bundled_name_is_a_path_when_no_such_file_exists(tmp_path: Path) -> None:
    env = {**os.environ, "NO_COLOR": "1"}
    result = subprocess.run([sys.executable, "-m", "botanik_design", "validate", "--strict",
                             "--simulate", "2", "registre-3"], cwd=tmp_path,
                            capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "registre-3: note: 2 games played: no problems [sim-summary]" in result.stdout
    missing = subprocess.run([sys.executable, "-m", "botanik_design", "validate", "nosuch"],
                             cwd=tmp_path, capture_output=True, text=True, env=env, timeout=60)
    assert missing.returncode == 2 and "[io-missing]" in missing.stdout

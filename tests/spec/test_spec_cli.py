"""``botanik-design validate``: exit codes, formats, start-up imports, bundled specs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from botanik_design.cli import main
from botanik_design.spec.diagnostics import Diagnostic

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "botanik_design", "validate", *args],
                          cwd=cwd, capture_output=True, text=True, env=env, timeout=120)


def test_validate_imports_neither_networkx_nor_textual() -> None:
    code = ("import botanik_design.cli.validate_cmd, botanik_design.spec.validate; import sys; "
            "assert 'networkx' not in sys.modules and 'textual' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=60)


def test_bundled_specs_are_valid_without_warnings(tmp_path: Path) -> None:
    result = cli(cwd=tmp_path)  # any directory: resources come from the package
    assert result.returncode == 0, result.stdout + result.stderr
    assert ": warning:" not in result.stdout and ": error:" not in result.stdout
    assert "Traceback" not in result.stderr


def test_bundled_specs_json_lists_every_file() -> None:
    result = cli("--format", "json")
    report = json.loads(result.stdout)
    kinds = sorted(f["kind"] for f in report["files"])
    assert kinds == ["hive-variant"] * 3 + ["pieceset"] * 2 + ["tileset"] * 2 + ["variant"] * 3
    assert report["diagnostics"] == [] and result.returncode == 0


def test_invalid_file_exits_1_with_positions() -> None:
    result = cli(str(FIXTURES / "schema-enum.yaml"))
    assert result.returncode == 1
    assert result.stdout.startswith(f"{FIXTURES / 'schema-enum.yaml'}:5:19: error: ")
    first, summary = result.stdout.splitlines()
    assert first.endswith("[schema-enum]")
    assert summary == "1 error, 0 warnings in 1 file"  # on stdout, for a script to read


def test_folder_is_searched_and_every_file_checked() -> None:
    result = cli("--format", "json", str(FIXTURES))
    report = json.loads(result.stdout)
    assert result.returncode == 1
    checked = {Path(f["file"]).name for f in report["files"]}
    assert checked == {p.name for p in FIXTURES.glob("*.yaml")}
    assert "Traceback" not in result.stderr


def test_missing_path_exits_2_but_other_files_are_checked() -> None:
    result = cli("no/such/file.yaml", str(FIXTURES / "schema-enum.yaml"))
    assert result.returncode == 2
    assert "no/such/file.yaml: error: no such file or folder [io-missing]" in result.stdout
    assert "[schema-enum]" in result.stdout


def test_unreadable_file_exits_2_and_does_not_stop_the_others(tmp_path: Path) -> None:
    (tmp_path / "loop.yaml").symlink_to(tmp_path / "loop.yaml")
    (tmp_path / "b.yaml").write_text("variant: b\nextends: nope\n", encoding="utf-8")
    result = cli(str(tmp_path))
    assert result.returncode == 2
    assert "[io-unreadable]" in result.stdout and "[sem-unknown-parent]" in result.stdout


def test_unknown_yaml_in_a_folder_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "ci.yml").write_text("jobs: {}\n", encoding="utf-8")
    result = cli(str(tmp_path))
    assert result.returncode == 1 and "[spec-unknown-kind]" in result.stdout


def test_strict_turns_warnings_into_failure() -> None:
    path = str(FIXTURES / "lint-no-effect.yaml")
    assert cli(path).returncode == 0
    assert cli("--strict", path).returncode == 1


def test_github_format() -> None:
    result = cli("--format", "github", str(FIXTURES / "lint-no-effect.yaml"))
    assert result.stdout.startswith("::warning file=")
    assert ",line=5,col=3,title=lint-no-effect::" in result.stdout


def test_show_effective_prints_yaml_with_origins() -> None:
    import yaml

    result = cli("--show-effective", str(ROOT / "spec" / "variants" / "registre-3.yaml"))
    assert result.returncode == 0
    doc = yaml.safe_load(result.stdout)
    assert doc["variant"] == "registre-3" and doc["tileset"] == "botanik"
    assert doc["options"]["registry_columns"] == 3 and doc["options"]["closure"] == "open-end"
    assert "registry_columns: 3  # registre-3 (" in result.stdout
    assert "closure: open-end  # standard" in result.stdout


def test_usage_error_exits_2() -> None:
    assert cli("--format", "xml").returncode == 2
    assert cli("--simulate", "0").returncode == 2


def _fake_engine(monkeypatch: pytest.MonkeyPatch, behaviour: str) -> list[tuple[int, int]]:
    calls: list[tuple[int, int]] = []

    def simulate_check(tileset: object, variant: object, games: int, seed: int,
                       file: str | None = None) -> list[Diagnostic]:
        calls.append((games, seed))
        if behaviour == "crash":
            raise RuntimeError("boom")
        return [Diagnostic(str(file), None, None, "error", "sim-stall", "stalled")]

    module = types.ModuleType("botanik_design.games.botanik.engine.dynamic")
    module.simulate_check = simulate_check  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "botanik_design.games.botanik.engine.dynamic", module)
    return calls


def test_simulate_calls_the_engine(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    calls = _fake_engine(monkeypatch, "report")
    code = main(["validate", "--simulate", "4", "--seed", "9",
                 str(ROOT / "spec" / "variants" / "standard.yaml")])
    assert code == 1 and calls == [(4, 9)]
    assert "standard.yaml: error: stalled [sim-stall]" in capsys.readouterr().out


def test_simulate_crash_is_a_diagnostic(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    _fake_engine(monkeypatch, "crash")
    code = main(["validate", "--simulate", "1", str(ROOT / "spec" / "variants")])
    assert code == 1 and "[sim-crash]" in capsys.readouterr().out


def test_simulate_without_engine_exits_2(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "botanik_design.games.botanik.engine.dynamic", None)
    assert main(["validate", "--simulate", "1"]) == 2
    assert "engine is not available" in capsys.readouterr().err


def test_pipes_and_devices_are_not_read(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")  # reading it would block forever
    result = cli(str(tmp_path), "/dev/null")
    assert result.returncode == 2
    assert result.stdout.count("[io-unreadable]") == 2


def test_hidden_files_and_folders_are_skipped(tmp_path: Path) -> None:
    (tmp_path / ".pre-commit-config.yaml").write_text("repos: []\n", encoding="utf-8")
    (tmp_path / ".github").mkdir()
    (tmp_path / ".github" / "ci.yml").write_text("on: push\n", encoding="utf-8")
    (tmp_path / "v.yaml").write_text("variant: v\nextends: standard\n", encoding="utf-8")
    result = cli("--format", "json", str(tmp_path))
    assert result.returncode == 0
    assert [Path(f["file"]).name for f in json.loads(result.stdout)["files"]] == ["v.yaml"]


def test_the_whole_command_line_stays_light() -> None:
    """Every sub-command module is imported to build the parser: none may pull in
    networkx or textual at import time (DEVELOPING.md), or validate would start slowly."""
    code = ("import sys; from botanik_design.cli import main; code = main(['validate']); "
            "heavy = sorted(m for m in ('networkx', 'textual', 'rich', 'scipy', 'matplotlib') "
            "if m in sys.modules); assert code == 0 and not heavy, heavy")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=60,
                   capture_output=True)


def test_validate_path_api_on_a_missing_path(tmp_path: Path) -> None:
    from botanik_design.spec.validate import validate_path

    (d,) = validate_path(tmp_path / "nope.yaml")
    assert (d.rule, d.line, d.level) == ("io-missing", None, "error")

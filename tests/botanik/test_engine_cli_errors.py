"""``score``, ``replay`` and ``golden`` as a new user meets them: default folders
outside a checkout, JSON on failure, what a bad path really is, wrong kinds,
step numbers, too-short deals and the ``--board`` flags."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from engine_helpers import tileset, variant

from botanik_design.cli import main
from botanik_design.games.botanik.engine.errors import RecordError
from botanik_design.games.botanik.engine.golden import find_golden_dir, inside_installation
from botanik_design.games.botanik.engine.record import GameRecord, record_from_data
from botanik_design.games.botanik.engine.state import setup_need
from botanik_design.games.botanik.model.tileset import TileSet
from botanik_design.spec.validate import validate_path

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = ROOT / "examples" / "positions"
RECORDS = ROOT / "examples" / "records"
DIAGNOSTIC_KEYS = {"file", "line", "column", "level", "rule", "message"}


def _write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def _record(tmp_path: Path, actions: list[Any], **extra: Any) -> Path:
    return _write(tmp_path / "rec.yaml", {"record": "r", "variant": "standard", "seed": 1,
                                          **extra, "actions": actions})


def _json(out: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(out)
    return data


# -- 1. golden: the checkout's folder, never the installed package ------------------------


def test_golden_default_folder_is_found_from_the_working_directory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT / "tests" / "botanik")
    assert find_golden_dir() == ROOT / "tests" / "botanik" / "golden"


def test_golden_walks_up_to_the_checkout_and_writes_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    golden = tmp_path / "tests" / "botanik" / "golden"
    golden.mkdir(parents=True)
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    assert main(["golden"]) == 0
    assert {p.name for p in golden.glob("*.txt")} >= {"standard.txt"}
    assert str(golden) in capsys.readouterr().out
    assert main(["golden", "--check"]) == 0


def test_golden_outside_a_checkout_asks_for_dir_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    before = {p: p.stat().st_mtime_ns for p in (ROOT / "tests" / "botanik" / "golden").iterdir()}
    assert main(["golden", "--check"]) == 2
    assert "--dir" in capsys.readouterr().err
    assert main(["golden"]) == 2
    assert "--dir" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
    after = {p: p.stat().st_mtime_ns for p in (ROOT / "tests" / "botanik" / "golden").iterdir()}
    assert after == before


def test_golden_never_writes_into_site_packages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    installed = tmp_path / "lib" / "python3.12" / "site-packages"
    target = installed / "tests" / "botanik" / "golden"
    assert inside_installation(target) and not inside_installation(ROOT / "tests")
    assert main(["golden", "--dir", str(target)]) == 2
    assert "installed package" in capsys.readouterr().err
    assert not target.exists()
    # nor into the tree an earlier version wrote there (no pyproject.toml: no checkout)
    target.mkdir(parents=True)
    monkeypatch.chdir(installed)
    assert main(["golden"]) == 2
    assert list(target.iterdir()) == []


# -- 2. --format json on failure ----------------------------------------------------------


def test_replay_json_failure_prints_an_error_object(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _record(tmp_path, [9, "place red-corner at (5,5) r0"])
    assert main(["replay", "--format", "json", str(path)]) == 1
    out = _json(capsys.readouterr().out)
    assert out["ok"] is False and out["exit_code"] == 1 and out["file"] == str(path)
    diag = out["diagnostics"][0]
    assert DIAGNOSTIC_KEYS <= set(diag)
    assert diag["rule"] == "record-illegal-action" and diag["level"] == "error"
    assert [s["step"] for s in out["steps"]] == [1]


def test_score_json_failure_prints_an_error_object(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "p.yaml"
    bad.write_text("position: x\nvariant: standard\nmachines:\n"
                   "  - - {tile: red-plant, cell: [0, 1]}\n"
                   "    - {tile: red-corner, cell: [0, 1]}\n")
    assert main(["score", "--format", "json", str(bad)]) == 1
    out = _json(capsys.readouterr().out)
    assert out["ok"] is False and out["exit_code"] == 1
    assert all(DIAGNOSTIC_KEYS <= set(d) for d in out["diagnostics"])
    assert out["diagnostics"][0]["line"] == 5  # the second entry's line
    assert main(["score", "--format", "json", str(tmp_path / "nope.yaml")]) == 2
    out = _json(capsys.readouterr().out)
    assert out["exit_code"] == 2 and out["diagnostics"][0]["rule"] == "io-missing"


def test_json_success_says_ok(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--format", "json", str(POSITIONS / "tie-break.yaml")]) == 0
    assert _json(capsys.readouterr().out)["ok"] is True
    assert main(["replay", "--format", "json", str(RECORDS / "mecha-swap.yaml")]) == 0
    assert _json(capsys.readouterr().out)["ok"] is True


# -- 3. what a bad path really is; the kind first; the validator's reader -------------------


@pytest.mark.parametrize("command", ["score", "replay"])
def test_a_folder_is_named_a_folder(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "folder" in err and "no such file" not in err


@pytest.mark.parametrize("command", ["score", "replay"])
def test_a_pipe_is_refused_without_reading_it(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)  # opening it would block: the command must not
    assert main([command, str(fifo)]) == 2
    err = capsys.readouterr().err
    assert "pipe" in err and "no such file" not in err


def test_a_device_is_refused_without_reading_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "/dev/zero"]) == 2  # reading it would never end
    assert "character device" in capsys.readouterr().err


def test_score_names_a_tile_set_and_replay_names_a_position(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["score", str(ROOT / "tilesets" / "botanik.yaml")]) == 1
    err = capsys.readouterr().err
    assert "this is a tile set, not a position" in err and "schema" not in err
    assert main(["replay", str(POSITIONS / "tie-break.yaml")]) == 1
    assert "this is a position, not a game record" in capsys.readouterr().err
    assert main(["score", str(RECORDS / "mecha-swap.yaml")]) == 1
    assert "replay" in capsys.readouterr().err  # the hint names the right command


def test_score_names_an_invalid_record_by_its_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _record(tmp_path, [], seed="one")  # an invalid record is still a record
    assert main(["score", str(path)]) == 1
    assert "this is a game record, not a position" in capsys.readouterr().err
    broken = tmp_path / "broken.yaml"  # not even clean YAML: still recognised as a variant
    broken.write_text("variant: v\noptions:\n  registry_columns: 3: 4\n")
    assert main(["score", str(broken)]) == 1
    assert "this is a variant, not a position" in capsys.readouterr().err
    broken.write_text("position: p\nvariant: standard\nmachines: [[\n")  # the right kind
    assert main(["score", str(broken)]) == 1
    assert "yaml-syntax" in capsys.readouterr().err


@pytest.mark.parametrize(("content", "rule"), [
    (b"position: x\n\x00\x01\xd0binary\n", "yaml-binary"),
    ("position: x\n".encode("utf-16"), "yaml-encoding"),
])
@pytest.mark.parametrize("command", ["score", "replay"])
def test_unreadable_text_is_reported_as_validate_reports_it(
    command: str, content: bytes, rule: str, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "odd.yaml"
    path.write_bytes(content)
    expected = [d for d in validate_path(path) if d.level == "error"]
    assert [d.rule for d in expected] == [rule]
    code = main([command, str(path)])
    err = capsys.readouterr().err
    assert code == main(["validate", str(path)]) == 1
    assert expected[0].format() in err and "codec" not in err


# -- 4. actions numbered from 1, at the action's line and column ----------------------------


def test_illegal_action_names_its_step_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "rec.yaml"
    path.write_text("record: r\nvariant: standard\nseed: 1\nactions:\n"
                    "  - 9\n  - {action: 'place red-corner at (5,5) r0', comment: why}\n")
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert "   1  player" in captured.out  # the listing counts from 1 ...
    err = captured.err
    assert f"{path}:6:14: error: action 2 (player" in err  # ... so does the error, at the action
    assert "action 1 " not in err and "at step" not in err


def test_illegal_integer_action_says_action_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _record(tmp_path, [99999])
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "error: action 1 (player" in err and "): `99999` (" in err and "is not legal" in err


def test_record_past_the_end_names_the_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = yaml.safe_load((RECORDS / "mecha-swap.yaml").read_text(encoding="utf-8"))
    n = len(data["actions"])
    data.pop("expect", None)
    data["actions"].append(0)
    data["tileset"] = str(ROOT / "tilesets" / "botanik.yaml") if "tileset" in data else None
    if data["tileset"] is None:
        del data["tileset"]
    path = _write(tmp_path / "long.yaml", data)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"action {n + 1}: the game is already over (it ended after action {n})" in err


# -- 5. a deal (or a tile set) too short for the setup and one round -------------------------


def test_a_too_short_deal_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record(tmp_path, [], deal=["red-cross"])
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "the deal has 1 tile; a game needs at least 6" in err
    assert ":5:" in err  # the `deal:` line


def test_setup_need_boundary() -> None:
    std = variant("standard")
    need = setup_need(std)
    assert need == std.registry_columns * std.initial_middle_tiles + 1
    names = [t.id for t in tileset("botanik").expand()]
    ok = record_from_data({"record": "x", "variant": "standard", "deal": names[:need],
                           "actions": []}, "x", None).new_game()
    assert not ok.is_terminal()
    with pytest.raises(RecordError, match="needs at least"):
        record_from_data({"record": "x", "variant": "standard", "deal": names[:need - 1],
                          "actions": []}, "x", None).new_game()
    strict = dataclasses.replace(std, short_last_round="discard-remaining")
    assert setup_need(strict) == need - 1 + std.arrival_tiles
    rec = GameRecord("x", tileset("botanik"), strict, 0, [], deal=names[:need])
    with pytest.raises(RecordError, match="full first round"):
        rec.new_game()
    rec.deal = names[:setup_need(strict)]
    assert not rec.new_game().is_terminal()


def test_a_tiny_tile_set_is_an_error_not_an_empty_game() -> None:
    full = tileset("botanik")
    tiny = TileSet(full.name, full.colours,
                   full.sources + tuple(dataclasses.replace(t, copies=1)
                                        for t in full.machine_tiles[:3]))
    rec = GameRecord("tiny", tiny, variant("standard"), 0, [])
    with pytest.raises(RecordError, match="has 3 machine tile"):
        rec.new_game()


# -- 6. --board / --no-board on both commands ------------------------------------------------


def test_score_board_flags(capsys: pytest.CaptureFixture[str]) -> None:
    pos = str(POSITIONS / "tie-break.yaml")
    assert main(["score", pos]) == 0
    assert "SRC" in capsys.readouterr().out
    assert main(["score", "--board", pos]) == 0
    assert "SRC" in capsys.readouterr().out
    assert main(["score", "--no-board", pos]) == 0
    assert "SRC" not in capsys.readouterr().out


def test_replay_board_flags(capsys: pytest.CaptureFixture[str]) -> None:
    rec = str(RECORDS / "mecha-swap.yaml")
    counts = {}
    for flags in ([], ["--board"], ["--boards"], ["--no-board"]):
        assert main(["replay", *flags, rec]) == 0
        counts[" ".join(flags)] = capsys.readouterr().out.count("SRC")
    assert counts[""] == 2  # the final machines only
    assert counts["--board"] == counts["--boards"] > 2  # after every step as well
    assert counts["--no-board"] == 0


def test_golden_from_a_non_editable_install(tmp_path: Path) -> None:
    """The tester's case: a wheel installed elsewhere neither reads nor writes its own tree."""
    dist, site = tmp_path / "dist", tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(dist), str(ROOT)], check=True, capture_output=True)
    (wheel,) = dist.glob("botanik_design-*.whl")
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(site), str(wheel)], check=True, capture_output=True)
    env = {**os.environ, "PYTHONPATH": str(site)}

    def golden(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
        code = ("import sys, botanik_design;"
                "assert botanik_design.__file__.startswith(sys.argv[1]);"
                "from botanik_design.cli import main; sys.exit(main(sys.argv[2:]))")
        return subprocess.run([sys.executable, "-c", code, str(site), "golden", *args],
                              cwd=cwd, env=env, capture_output=True, text=True)

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for args in ((), ("--check",)):
        out = golden(*args, cwd=elsewhere)
        assert out.returncode == 2 and "--dir" in out.stderr, out.stdout + out.stderr
    assert not (site / "tests").exists() and list(elsewhere.iterdir()) == []
    out = golden("--dir", str(site / "tests" / "botanik" / "golden"), cwd=elsewhere)
    assert out.returncode == 2 and not (site / "tests").exists(), out.stderr
    out = golden("--check", cwd=ROOT / "tests")  # inside the checkout: its golden files
    assert out.returncode == 0, out.stdout + out.stderr
    assert str(ROOT / "tests" / "botanik" / "golden") in out.stdout

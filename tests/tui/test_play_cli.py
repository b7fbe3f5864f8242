"""``botanik-design play``: bad arguments fail before the app starts, with a clear message."""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["play", *args])
    return code, capsys.readouterr().err


def test_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run(capsys, "--vs", "alphazero")
    assert code == 2
    assert "unknown bot 'alphazero'" in err and "human" in err
    assert "Traceback" not in err


def test_bad_bot_parameter(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run(capsys, "--vs", "mcts:iterations=x")
    assert code == 2 and "iterations" in err


def test_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run(capsys, "--variant", "no-such-variant")
    assert code == 2
    assert "no variant named 'no-such-variant'" in err and "standard" in err


def test_unknown_tileset(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run(capsys, "--tileset", "nope")
    assert code == 2 and "no tile set named 'nope'" in err


def test_invalid_variant_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("variant: bad\noptions:\n  closure: sometimes\n", encoding="utf-8")
    code, err = run(capsys, "--variant", str(bad))
    assert code == 1
    assert f"{bad}:3:" in err and "sometimes" in err
    assert "Traceback" not in err


def test_missing_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, err = run(capsys, "--load", str(tmp_path / "none.yaml"))
    assert code == 2 and "no such file" in err


def test_invalid_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "rec.yaml"
    bad.write_text("record: x\nvariant: standard\nseed: 1\nactions: [99999]\n",
                   encoding="utf-8")
    code, err = run(capsys, "--load", str(bad))
    assert code == 1 and "action 1" in err


def test_record_folder_must_exist(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, err = run(capsys, "--record", str(tmp_path / "no" / "game.yaml"))
    assert code == 2 and "does not exist" in err


def test_setup_checks_the_variant_too(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run(capsys, "--setup", "--variant", "nope")
    assert code == 2 and "no variant named" in err


def test_play_is_listed_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--help"]) == 0
    out = capsys.readouterr().out
    for flag in ("--tileset", "--variant", "--vs", "--seed", "--record", "--load", "--setup"):
        assert flag in out


def test_cli_module_does_not_import_textual() -> None:
    import subprocess
    import sys

    code = ("import sys, botanik_design.cli.play_cmd as m, argparse\n"
            "p = argparse.ArgumentParser(); m.register(p.add_subparsers())\n"
            "print(any(k == 'textual' or k.startswith('textual.') for k in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"


@pytest.mark.parametrize("delay", ["inf", "nan", "-1", "10.5", "-inf"])
def test_bot_delay_must_be_finite_and_in_range(capsys: pytest.CaptureFixture[str],
                                               delay: str) -> None:
    code, err = run(capsys, f"--bot-delay={delay}")
    assert code == 2 and "--bot-delay" in err and "0 to 10" in err


def test_seed_must_not_be_negative(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run(capsys, "--seed", "-1")
    assert code == 2 and "--seed" in err and ">= 0" in err


def test_record_must_not_be_the_loaded_file(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    from botanik_design.tui.botanik.controller import Controller, load_rules

    path = tmp_path / "g.yaml"
    c = Controller(load_rules("quick-3", "standard"), 3, "human")
    c.play(c.state.legal_actions()[0])
    c.save(path)
    before = path.read_bytes()
    code, err = run(capsys, "--load", str(path), "--record", str(tmp_path / "." / "g.yaml"))
    assert code == 2 and "--force" in err and "--load" in err
    assert path.read_bytes() == before

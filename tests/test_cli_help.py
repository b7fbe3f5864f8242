"""Every sub-command's ``--help`` ends with its exit statuses, and shell completion
(``completion bash|zsh|fish``, argcomplete) completes commands, options, bundled names,
bots and files."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from botanik_design.cli import COMMANDS, build_parser, main
from botanik_design.cli.exit_status import EXIT_STATUS

ROOT = Path(__file__).resolve().parents[1]


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_command_has_exit_statuses() -> None:
    assert set(COMMANDS) <= set(_subparsers()) == set(EXIT_STATUS)  # shared and games'


@pytest.mark.parametrize("command", list(EXIT_STATUS))
def test_help_ends_with_the_exit_statuses(command: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--help"]) == 0
    text = capsys.readouterr().out
    block = text[text.index("\nexit status:\n"):]
    lines = [ln.strip() for ln in block.splitlines()[2:]]
    for code, meaning in enumerate(EXIT_STATUS[command]):
        if meaning:
            assert any(ln.startswith(f"{code} ") and meaning.split()[0] in ln for ln in lines)
    assert any(ln.startswith("130 ") for ln in lines)
    assert "Exit status:" not in text  # said once, in the block


def _complete(line: str, tmp_path: Path, cwd: Path | None = None) -> list[str]:
    out = tmp_path / "completions"
    env = {**os.environ, "_ARGCOMPLETE": "1", "COMP_LINE": line, "COMP_POINT": str(len(line)),
           "_ARGCOMPLETE_STDOUT_FILENAME": str(out), "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-c", "from botanik_design.cli import main; main()"],
                   env=env, cwd=cwd or tmp_path, check=True, timeout=120,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return sorted(w.strip() for w in out.read_text(encoding="utf-8").split("\v") if w.strip())


CASES = [
    ("botanik-design sim", ["simulate"]),
    ("botanik-design rules sta", ["standard"]),
    ("botanik-design rules hive-t", ["hive-tournament"]),
    ("botanik-design simulate --variant reg", ["registre-3"]),
    ("botanik-design simulate --tileset qu", ["quick-3"]),
    ("botanik-design show hi", ["hive", "hive-base", "hive-full"]),
    ("botanik-design compare standard bot", ["botanik"]),
    ("botanik-design simulate --bots greedy,mc", ["greedy,mcts"]),
    ("botanik-design play --vs hu", ["human"]),
    ("botanik-design uhp --variant hive-b", ["hive-box"]),
    ("botanik-design sheet --outp", ["--output"]),
    ("botanik-design completion f", ["fish"]),
]


@pytest.mark.parametrize(("line", "want"), CASES, ids=[c[0][15:] for c in CASES])
def test_completion_offers_names(line: str, want: list[str], tmp_path: Path) -> None:
    assert _complete(line, tmp_path) == want


def test_completion_offers_spec_files(tmp_path: Path) -> None:
    (tmp_path / "my-set.yaml").write_text("tileset: x\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("x\n", encoding="utf-8")
    assert _complete("botanik-design validate my", tmp_path) == ["my-set.yaml"]
    assert _complete("botanik-design validate note", tmp_path) == []  # not a spec file


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_prints_a_script(shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", shell]) == 0
    script = capsys.readouterr().out
    assert "botanik-design" in script and "_ARGCOMPLETE" in script


def test_an_unknown_shell_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "tcshh"]) == 2
    assert "invalid choice" in capsys.readouterr().err

"""A command line that names its command is parsed by a parser holding that command
alone (``build_parser(only=...)``): the same answer as the parser of every command, for
good and bad command lines alike (exit status, output, error text)."""

from __future__ import annotations

import contextlib
import io

import pytest

import botanik_design.cli as cli

CASES = [
    ["simulate", "--bogus"],
    ["simulate", "--games"],
    ["simulate", "--games", "many"],
    ["simulate", "--help"],
    ["compare", "-h"],
    ["validate", "--no-such-option", "x.yaml"],
    ["list", "--what"],
    ["rules", "--bogus"],
    ["sweep"],
    ["replay"],
    ["golden", "--help"],
    ["perft", "--bogus"],
]


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = cli.main(argv)
    return rc, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("argv", CASES, ids=[" ".join(c) for c in CASES])
def test_one_command_parser_answers_as_the_full_one(
        argv: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    mine = _run(argv)
    full = cli.build_parser
    monkeypatch.setattr(cli, "build_parser", lambda only=None: full())
    assert mine == _run(argv)

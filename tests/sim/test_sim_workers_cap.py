"""``--workers`` is bounded, and a run never starts more worker processes than games:
under ``fork`` a ``ProcessPoolExecutor`` starts every worker at the first batch, so
``simulate --workers 1000 --games 1`` forked a thousand processes (9 s) for one game, and
``--workers 100000`` never got to the game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import botanik_design.sim.workers as workers_module
from botanik_design.cli import main
from botanik_design.cli.runs import MAX_WORKERS, workers_for

SWEEP = """\
sweep: s
base: {variant: standard, tileset: quick-3}
axes:
  - {option: mecha_bonus, values: [0, 1]}
bots: random,random
games: 1
"""

COMMANDS = [
    (["simulate", "-q", "--games", "2", "--bots", "random,random", "--tileset", "quick-3"], 2),
    (["compare", "-q", "--games", "3", "--bots", "random,random", "standard", "registre-3"], 3),
    (["sweep", "-q", "sweep.yaml", "-o", "out.json"], 3),  # the base and 2 points, 1 game each
]


@pytest.mark.parametrize(("args", "most"), COMMANDS, ids=[c[0][0] for c in COMMANDS])
def test_no_more_workers_than_games(args: list[str], most: int, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "sweep.yaml").write_text(SWEEP, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    asked: list[int] = []
    real = workers_module.make_pool

    def spy(workers: int, *rest: Any, **kw: Any) -> Any:
        asked.append(workers)
        return real(1, *rest[1:], **kw)  # play in-process: the count is what is checked

    monkeypatch.setattr(workers_module, "make_pool", spy)
    assert main([*args, "--workers", str(MAX_WORKERS)]) == 0, capsys.readouterr().err
    assert asked and all(1 <= n <= most for n in asked), asked


@pytest.mark.parametrize("command", [
    ["simulate", "-q", "--games", "1"], ["compare", "-q", "--games", "1", "standard", "standard"],
    ["sweep", "-q", "sweep.yaml"]], ids=lambda c: c[0])
def test_more_than_the_bound_is_a_usage_error(command: list[str], tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "sweep.yaml").write_text(SWEEP, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main([*command, "--workers", str(MAX_WORKERS + 1)]) == 2
    assert f"must be between 1 and {MAX_WORKERS}" in capsys.readouterr().err


@pytest.mark.parametrize(("workers", "games", "started"),
                         [(1, 1, 1), (4, 1, 1), (4, 3, 3), (4, 100, 4), (2, 0, 1)])
def test_workers_for(workers: int, games: int, started: int) -> None:
    assert workers_for(workers, games) == started

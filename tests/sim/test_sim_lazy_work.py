"""A huge run generates its work lazily: memory before the first games end does not grow
with ``--games`` (``simulate --games 1000000000000`` grew to 830 MB, nothing played), and
the commands refuse more games than a report can hold, with a clear message."""

from __future__ import annotations

import tracemalloc
from typing import Any

import pytest

from botanik_design.cli import main
from botanik_design.cli.simulate_cmd import MAX_GAMES
from botanik_design.sim import runner
from botanik_design.sim.runner import Job, run_games
from botanik_design.sim.workers import InlinePool, iter_batches, run_lazily
from tests.games.toy_nim import NimGame


class _Stop(Exception):
    pass


class _CountingPool(InlinePool):
    def __init__(self) -> None:
        super().__init__()
        self.submitted = 0

    def submit(self, fn: Any, *args: Any, name: str = "", detail: str = "") -> Any:
        self.submitted += 1
        return super().submit(fn, *args, name=name, detail=detail)


@pytest.mark.parametrize("games", [10**6, 10**12, 10**18])
def test_the_first_batches_start_without_the_list_of_all(games: int) -> None:
    pool = _CountingPool()
    finished: list[int] = []

    def progress(k: int) -> None:
        finished.append(k)
        if len(finished) == 3:
            raise _Stop

    tracemalloc.start()
    try:
        with pytest.raises(_Stop):
            run_games(Job(NimGame(), ("random", "random"), 1), games, pool, progress)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(finished) == 3
    assert pool.submitted <= 3 + max(2, 4 * pool.workers)  # a window, not every batch
    assert peak < 20_000_000


def test_run_lazily_draws_tasks_only_as_the_window_frees() -> None:
    drawn = 0

    def tasks() -> Any:
        nonlocal drawn
        for i in range(10**15):
            drawn += 1
            yield i, (lambda x: x * 2), (i,)

    results = run_lazily(InlinePool(), tasks(), window=5)
    assert [next(results) for _ in range(3)] == [(0, 0), (1, 2), (2, 4)]
    assert drawn <= 3 + 5
    results.close()


def test_batches_are_a_generator_with_the_same_split() -> None:
    first = next(iter_batches(10**15, 2))
    assert first == range(0, 200)
    assert list(iter_batches(1000, 3)) == [range(i, min(1000, i + 42))
                                          for i in range(0, 1000, 42)]


def test_lazy_results_equal_the_eager_ones() -> None:
    job = Job(NimGame(), ("random", "greedy"), 5)
    rows = run_games(job, 37, InlinePool())
    assert [r.game for r in rows] == list(range(37))
    assert rows == [runner.play_game(job, i) for i in range(37)]


@pytest.mark.parametrize("command", [["simulate"], ["compare", "standard", "no-loops"]])
@pytest.mark.parametrize("games", ["1000000000000", str(MAX_GAMES + 1)])
def test_more_games_than_a_run_holds_is_a_usage_error(
        command: list[str], games: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--games", games, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert f"must be between 1 and {MAX_GAMES}" in err and "Traceback" not in err

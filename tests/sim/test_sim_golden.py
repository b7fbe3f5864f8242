"""Golden simulate outputs: the per-game rows (CSV) and a JSON report of fixed runs are
byte for byte the files in ``golden/`` (written before the engine's fast paths were
added: the numbers a report gives must not depend on how the engine computes them).

A deliberate change of what a game reports (a new metric, other rules) changes these
files: regenerate them with the command in each case and review the difference."""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.cli import main

GOLDEN = Path(__file__).resolve().parent / "golden"

#: (golden file stem, variant, bots, games, seed, whether a JSON report is kept too)
CASES = [
    ("standard-random-random-seed1", "standard", "random,random", 60, 1, True),
    ("registre-3-greedy-greedy-seed7", "registre-3", "greedy,greedy", 60, 7, False),
    ("no-loops-greedy-greedy-seed1", "no-loops", "greedy,greedy", 60, 1, False),
    ("standard-mcts30-greedy-seed3", "standard", "mcts:iterations=30,greedy", 10, 3, False),
]


@pytest.mark.parametrize(("stem", "variant", "bots", "games", "seed", "with_report"), CASES,
                         ids=[c[0] for c in CASES])
def test_simulate_rows_equal_the_golden_files(tmp_path: Path, stem: str, variant: str,
                                              bots: str, games: int, seed: int,
                                              with_report: bool) -> None:
    csv_out, json_out = tmp_path / "rows.csv", tmp_path / "report.json"
    code = main(["simulate", "-v", variant, "--bots", bots, "--games", str(games),
                 "--seed", str(seed), "--format", "json", "-q", "-o", str(json_out),
                 "--csv", str(csv_out)])
    assert code == 0
    assert csv_out.read_bytes() == (GOLDEN / f"{stem}.csv").read_bytes()
    if with_report:
        assert json_out.read_bytes() == (GOLDEN / f"{stem}.json").read_bytes()

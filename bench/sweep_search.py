"""Balance search against the full grid: games used, and whether the search found the best.

Usage: ``python bench/sweep_search.py [--workers W] [--grid-games G] [--max-games N]
[--only NAME ...] [--keep DIR] [--finalists K]``

For each bundled example sweep (``examples/sweeps/*.yaml``) and one 100-point grid
(``registre-3``, ``mecha_bonus`` 0-9 x ``min_group_size`` 1-10, greedy bots, ``G``
games per point, default 200) it

1. plays the full grid (``sample: grid``: every point with rules of its own, all its
   games) and takes its best point: the closest to the target;
2. runs the search (``sample: search``, the file's ``search`` settings or the
   defaults) on a store of its own, from nothing, and counts the games it played;
3. runs the search again on the grid's store (which holds every game it needs, so it
   plays nothing) and checks that it reports the same, byte for byte: a search's
   decisions depend on the games' results only;
4. compares the two best points on the grid's games: the same point, or one not
   significantly farther from the target (the paired test the race uses,
   :func:`~botanik_design.sim.sweep.search.farther_p`, p >= 0.05).

It prints one line per sweep: the points, the grid's games, the search's games and
their share of the grid's (goal: at most 25%), the grid's best with its AdvantageP1
(the target metric) and 95% interval, the search's best, and the verdict.  Games,
not seconds, are the measure: they do not depend on the machine or its load.
``--max-games N`` caps every sweep's games per point (a quicker run; the figures in
the README use the files' own); ``--keep DIR`` keeps the stores there, so an
interrupted bench resumes.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import tempfile
from pathlib import Path
from typing import Any

from botanik_design.model.sweep import Sweep
from botanik_design.sim.sweep.executor import run_sweep
from botanik_design.sim.sweep.report import build_report, samples, to_json
from botanik_design.sim.sweep.search import farther_p, run_search
from botanik_design.sim.sweep.search_report import build_search_report
from botanik_design.sim.sweep.store import ResultStore
from botanik_design.sim.workers import Pool, make_pool
from botanik_design.spec.load import load_sweep
from botanik_design.spec.sweep import SEARCH_MIN_FIRST

ROOT = Path(__file__).resolve().parents[1]

GRID_100 = """\
sweep: grid-100
title: registre-3, mecha bonus 0-9 x minimum group size 1-10
base: {{variant: registre-3}}
axes:
  - option: mecha_bonus
    range: {{from: 0, to: 9}}
  - option: min_group_size
    range: {{from: 1, to: 10}}
bots: greedy,greedy
games: {games}
seed: 0
target: {{metric: advantage_p1, value: 0.5}}
"""


def _variants(sweep: Sweep, cap: int | None,
              finalists: int | None) -> tuple[Sweep, Sweep]:
    """The sweep as a grid and as a search (games per point capped at ``cap``; at least
    ``finalists`` points kept by the halving, default the file's)."""
    games = min(sweep.games, cap) if cap else sweep.games
    first = min(games, sweep.first or max(SEARCH_MIN_FIRST, games // 32))
    grid = dataclasses.replace(sweep, sample="grid", first=0, games=games)
    search = dataclasses.replace(sweep, sample="search", games=games,
                                 first=min(games, first + first % 2),
                                 finalists=finalists or sweep.finalists)
    return grid, search


def _search(search: Sweep, pool: Pool, store_path: Path) -> tuple[dict[str, Any], int]:
    store = ResultStore.open(store_path, search)
    try:
        report = build_search_report(search, run_search(search, pool, store))
    finally:
        store.close()
    return report, report["search"]["games"]


def _best(report: dict[str, Any]) -> dict[str, Any]:
    return next(e for e in report["points"] if e["rank"] == 1)


def _interval(entry: dict[str, Any], metric: str) -> str:
    m = entry["metrics"][metric]
    lo, hi = m["ci95"]
    return f"{m['value']:.3f} [{lo:.3f}, {hi:.3f}]"


def bench(path: Path, pool: Pool, folder: Path, cap: int | None,
          finalists: int | None = None) -> dict[str, Any]:
    """Both ways for the sweep file ``path``: a dict of the figures printed."""
    grid, search = _variants(load_sweep(path), cap, finalists)
    metric, goal = grid.target
    grid_store = folder / f"{grid.name}.grid.jsonl"
    store = ResultStore.open(grid_store, grid)
    try:
        rows = run_sweep(grid, pool, store)
    finally:
        store.close()
    grid_report = build_report(grid, rows)
    fresh, used = _search(search, pool,
                          folder / f"{grid.name}.search-{search.finalists}.jsonl")
    served, _ = _search(search, pool, grid_store)
    gbest, sbest = _best(grid_report), fresh["search"]["best"]
    g_rows = rows[gbest["index"]]
    s_rows = rows[sbest["index"]]
    same = gbest["index"] == sbest["index"] or g_rows == s_rows
    p = 1.0 if same else farther_p(samples(s_rows, metric), samples(g_rows, metric), goal)
    grid_games = grid.games * len(grid.played_points())
    return {
        "sweep": grid.name, "points": len(grid.points), "games": grid.games,
        "grid_games": grid_games, "search_games": used, "share": used / grid_games,
        "grid_best": f"{gbest['label']}: {_interval(gbest, metric)}",
        "search_best": f"{sbest['label']}: {sbest['value']:.3f} after {sbest['games']}",
        "verdict": "same point" if same else
        (f"not significantly farther (p = {p:.3f})" if p >= 0.05
         else f"SIGNIFICANTLY FARTHER (p = {p:.4f})"),
        "found": same or p >= 0.05,
        "rerun_same": to_json(fresh) == to_json(served),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the bench; exit 0 (figures printed), 1 when a rerun differed."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workers", "-w", type=int, default=1)
    ap.add_argument("--grid-games", type=int, default=200,
                    help="games per point of the 100-point grid (default 200)")
    ap.add_argument("--max-games", type=int, default=None,
                    help="cap every sweep's games per point")
    ap.add_argument("--only", nargs="*", default=None, help="sweep names to run")
    ap.add_argument("--keep", type=Path, default=None, help="keep the stores in DIR")
    ap.add_argument("--finalists", type=int, default=None,
                    help="the fewest points the search's halving keeps (default: the "
                    "file's `search.finalists`, else 2)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        grid100 = folder / "grid-100.yaml"
        grid100.write_text(GRID_100.format(games=args.grid_games))
        files = [*sorted((ROOT / "examples/sweeps").glob("*.yaml")), grid100]
        pool = make_pool(args.workers)
        results = []
        try:
            for path in files:
                if args.only and path.stem not in args.only:
                    continue
                r = bench(path, pool, folder, args.max_games, args.finalists)
                results.append(r)
                print(f"{r['sweep']}: {r['points']} points + base, {r['games']} games per "
                      f"point: grid {r['grid_games']:,} games, search {r['search_games']:,} "
                      f"({100 * r['share']:.1f}%); grid best {r['grid_best']}; search best "
                      f"{r['search_best']}: {r['verdict']}; rerun on the grid's store "
                      f"{'identical' if r['rerun_same'] else 'DIFFERENT'}", flush=True)
        finally:
            pool.shutdown()
    total_grid = sum(r["grid_games"] for r in results)
    total_search = sum(r["search_games"] for r in results)
    print(f"all: search {total_search:,} of the grids' {total_grid:,} games "
          f"({100 * total_search / max(1, total_grid):.1f}%; goal <= 25% each); best found "
          f"in {sum(r['found'] for r in results)} of {len(results)}")
    return 0 if all(r["rerun_same"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())

"""``botanik-design sweep SPEC``: play every point of a sweep on the same seeds and
report each against the base.

Exit codes: 0 done; 1 an invalid sweep file (every problem with its
``file:line:col``; nothing is played and nothing written) or a game failed;
2 a usage or I/O problem (missing file, unwritable output, a results store of
another sweep without ``--restart``, an unreachable scheduler).  Dask is
imported only when the sweep runs on it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from botanik_design.cli.runs import (
    add_run_options,
    bots_epilog,
    check_outputs,
    fill,
    named,
    progress_bar,
    workers_for,
    write_all,
)
from botanik_design.model.words import noun, plural


def register(subparsers: Any) -> None:
    """Add the ``sweep`` sub-command to the top-level parser."""
    from botanik_design.cli.words import help_of

    base = help_of("sweep.base", sep=", or ")
    numbers = help_of("sweep.numbers", sep="; ")
    p = subparsers.add_parser(
        "sweep",
        help="play a grid of rule variants on the same seeds and compare them with the base",
        description=fill(
            f"Read a sweep file (a base variant{': ' + base if base else ''}; the axes to "
            "vary; bots, games per point, seed, metrics), play every point with the same "
            "seeds (common random numbers), and report per point AdvantageP1 with its "
            "interval, Balance, Drawishness, game length and the game's own numbers"
            f"{' (' + numbers + ')' if numbers else ''}, and the significance "
            "of the difference from the base (Wilcoxon signed-rank, Holm-corrected over the "
            "points), sorted by closeness to the target. With `sample: search` the points "
            "race toward the target instead: each round doubles the games of the points "
            "still in it, and the report gives the best point (or those not "
            "distinguishable from it), its AdvantageP1 with a 95% interval, each point's "
            "games and why it was dropped. Every report names the bots and says when they "
            "are too weak to judge balance. Finished games go to a results "
            "store beside the output, so an interrupted sweep resumes where it stopped. "
            "Runs in-process by default (--workers 1, as simulate and compare), on an "
            "embedded Dask LocalCluster with more workers (local processes without the dask "
            "extra), or on a running Dask cluster with --scheduler; the results do not depend "
            "on it. With the dask extra installed (pip install \"botanik-design[dask]\"), the "
            "embedded cluster's dashboard address is printed on stderr: open it in a browser "
            "to see each point's tasks.",
        ),
        epilog=bots_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("spec", metavar="SPEC", type=named,
                   help="the sweep file (YAML, `sweep:` at the top)")
    add_run_options(
        p, workers=(1, "worker processes (default 1, as in simulate and compare: plays in "
                    "this process; more: an embedded Dask cluster with the dask extra "
                    "installed, whose dashboard address is printed on stderr, else plain "
                    "processes); results do not depend on it"),
        csv="write one CSV row per point to FILE",
        plot="write a heat map (two axes) or lines with intervals (one axis) to "
        "FILE (.png or .svg)",
        quiet="no progress bar and no messages on stderr")
    p.add_argument("--store", metavar="FILE", type=named,
                   help="the results store (default: beside the output, NAME.store.jsonl for "
                   "-o NAME.json; without -o, SPEC-NAME.store.jsonl in the current folder)")
    p.add_argument("--restart", action="store_true",
                   help="discard the games of a store written for another version of the "
                   "sweep, or of a damaged store, and start over")
    p.add_argument("--allow-weak-bots", action="store_true",
                   help="let `sample: search` race with random bots (random, or greedy "
                   "with epsilon 0.5 or more), which cannot judge balance; the report "
                   "says so either way")


def store_path(args: argparse.Namespace, spec: Path) -> Path:
    """Where the results store lives (see ``--store``)."""
    if args.store:
        return Path(args.store)
    if args.output:
        out = Path(args.output)
        return out.with_name(out.stem + ".store.jsonl")
    return Path(spec.stem + ".store.jsonl")


def _check_bot(spec: str) -> str | None:
    from botanik_design.bots.registry import BotSpecError, parse_bot_spec

    try:
        parse_bot_spec(spec)
    except BotSpecError as exc:
        return str(exc)
    return None


def _unreadable(args: argparse.Namespace, spec: Path) -> int:
    """A sweep file that is missing or not a regular file: exit 2 (with ``--format json``
    the failure object on stdout, its rule ``io-missing`` or ``io-unreadable``)."""
    missing = not spec.exists()
    why = "no such file" if missing else "not a regular file"
    if args.format != "json":
        print(f"sweep: {spec}: {why}", file=sys.stderr)
        return 2
    from botanik_design.cli.failures import io_failure, print_failure
    from botanik_design.spec.diagnostics import Diagnostic

    return print_failure(io_failure(Diagnostic(
        str(spec), None, None, "error", "io-missing" if missing else "io-unreadable", why)))


def _say(args: argparse.Namespace, text: str) -> None:
    if not args.quiet:
        print(f"sweep: {text}", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    """Run ``sweep``; returns the exit code."""
    from botanik_design.spec.errors import SpecError
    from botanik_design.spec.load import load_sweep

    spec = Path(args.spec)
    if not spec.is_file():
        return _unreadable(args, spec)
    problem = check_outputs(args)
    if problem:
        print(f"sweep: {problem}", file=sys.stderr)
        return 2
    try:
        sweep = load_sweep(spec, _check_bot)
    except SpecError as exc:  # --format json: the failure object on stdout
        from botanik_design.cli.failures import spec_failed

        return spec_failed("sweep", exc, args.format, str(spec), text=str(exc))
    weak = _weak_bots(sweep)
    if weak and sweep.sample == "search" and not args.allow_weak_bots:
        print(f"sweep: {spec}: `sample: search` with {weak}: random moves cannot judge "
              "balance, so the race would pick noise; use bots that try (e.g. "
              "`bots: greedy,greedy` or mcts), or pass --allow-weak-bots", file=sys.stderr)
        return 2
    if args.plot:
        from botanik_design.sim.sweep.plot import plot_problem

        why = plot_problem(len(sweep.axes), args.plot)
        if why:
            print(f"sweep: {why}", file=sys.stderr)
            return 2
    path = store_path(args, spec)
    if not path.parent.is_dir():
        print(f"sweep: --store {path}: no such folder {str(path.parent)!r}", file=sys.stderr)
        return 2

    from botanik_design.sim.errors import DaskUnavailableError
    from botanik_design.sim.runner import SimulationError
    from botanik_design.sim.sweep.executor import game_modules
    from botanik_design.sim.sweep.output import format_text, to_csv
    from botanik_design.sim.sweep.report import to_json
    from botanik_design.sim.sweep.store import ResultStore, StoreError
    from botanik_design.sim.workers import make_pool

    try:
        store = ResultStore.open(path, sweep, restart=args.restart)
    except StoreError as exc:
        print(f"sweep: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"sweep: cannot use the store {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    try:
        total = sweep.games * len(sweep.played_points())
        already = store.count()
        if already:
            _say(args, f"resuming: {already:,} of {total:,} {noun(total, 'game')} already "
                 f"done ({path})")
        from botanik_design.sim.runfolder import run_folder

        temp = run_folder()  # pymp-*, dask-scratch-space/: removed when the run ends
        temp.__enter__()
        try:
            pool = make_pool(workers_for(args.workers, total), args.scheduler, local="dask",
                             preload=game_modules(sweep))
        except DaskUnavailableError as exc:
            temp.__exit__(None, None, None)
            print(f"sweep: {exc}", file=sys.stderr)
            return 2
        dashboard = getattr(pool, "dashboard", "")
        if dashboard and args.scheduler is None:
            _say(args, f"Dask dashboard: {dashboard} (each task is named after its point)")
        finished = False
        try:
            report = _play(sweep, pool, store, args)
            finished = True
        except SimulationError as exc:
            print(f"sweep: {exc}", file=sys.stderr)
            return 1
        except DaskUnavailableError as exc:
            print(f"sweep: {exc}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            print(f"sweep: interrupted; {store.count():,} of {total:,} {noun(total, 'game')} "
                  "are kept in "
                  f"{path}: run the same command again to resume", file=sys.stderr)
            return 130
        finally:  # an error, an interrupt or SIGTERM ends the workers at once
            if finished:
                pool.shutdown()
            else:
                pool.abort()
            temp.__exit__(None, None, None)
    finally:
        store.close()
    text = to_json(report) if args.format == "json" else format_text(report)
    def plot(out: Any) -> None:
        from botanik_design.sim.sweep.plot import plot_sweep

        plot_sweep(report, args.plot, out)

    def html() -> str:
        from botanik_design.sim.html import sweep_page

        readable = text if args.format == "text" else format_text(report)
        return sweep_page(report, readable, getattr(args, "argv", []),
                          draw=len(sweep.axes) in (1, 2))

    problem = write_all(args, text, lambda: to_csv(report), plot, html)
    if problem:
        print(f"sweep: {problem}", file=sys.stderr)
        return 2
    return 0


def _weak_bots(sweep: Any) -> str:
    """The sweep's bots that play (mostly) random moves, as words (``""``: none)."""
    from botanik_design.sim.report import mostly_random

    weak = [f"bot {label} ({spec})" for label, spec in zip("AB", sweep.bots, strict=True)
            if mostly_random(spec)]
    return " and ".join(weak)


def _play(sweep: Any, pool: Any, store: Any, args: argparse.Namespace) -> dict[str, Any]:
    """Play the sweep (a race for ``sample: search``) and return its report."""
    if sweep.sample == "search":
        from botanik_design.sim.sweep.search import run_search
        from botanik_design.sim.sweep.search_report import build_search_report

        def say(k: int, games: int, alive: int) -> None:
            _say(args, f"round {k}: {plural(alive, 'point')} to {plural(games, 'game')} each")

        return build_search_report(sweep, run_search(sweep, pool, store, say))
    from botanik_design.sim.sweep.report import build_report

    return build_report(sweep, _play_grid(sweep, pool, store, args.quiet))


def _play_grid(sweep: Any, pool: Any, store: Any, quiet: bool) -> Any:
    """Run the sweep with a progress bar on stderr (unless quiet or not a terminal)."""
    from botanik_design.sim.sweep.executor import run_sweep

    points = len(sweep.played_points())
    total = sweep.games * points
    if quiet or not sys.stderr.isatty():
        return run_sweep(sweep, pool, store)
    done_points = sum(1 for p in sweep.played_points()
                      if len(store.done.get(p.index, {})) >= sweep.games)
    state = {"points": done_points, "games": 0}
    with progress_bar(sweep.name, total, store.count(), lambda task: state["games"],
                      before_bar=("{task.fields[points]}",), after_count=("games",),
                      points=f"points {done_points}/{points}") as (progress, task):

        def step(games: int, finished: int) -> None:
            state["games"] += games
            state["points"] += finished
            progress.update(task, advance=games, points=f"points {state['points']}/{points}")

        return run_sweep(sweep, pool, store, step)

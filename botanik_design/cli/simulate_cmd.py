"""``botanik-design simulate``: play N seeded bot-vs-bot games and report balance,
length, scores and tile flow.

Exit codes: 0 done; 1 an invalid tile set or variant, or a game failed; 2 a
usage or I/O problem (unknown bot, ``--games`` < 1, a missing file, an
unwritable output).  Imports nothing heavy at module level.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from botanik_design.cli.runs import (
    add_run_options,
    bots_epilog,
    check_outputs,
    fill,
    named,
    progress_bar,
    whole_number,
    workers_for,
    write_outputs,
)
from botanik_design.model.words import plural

#: Most games one ``simulate`` or ``compare`` run plays (its rows stay in memory, about
#: half a kilobyte each, for the report).
MAX_GAMES = 1_000_000


def add_common(p: argparse.ArgumentParser) -> None:
    """Options shared by ``simulate`` and ``compare``."""
    p.add_argument("--games", "-n", type=whole_number(1, MAX_GAMES), default=1000,
                   metavar="N", help=f"games to play, 1 to {MAX_GAMES:,} (default 1000; "
                   "every game's row is kept for the report)")
    p.add_argument("--bots", default="greedy,greedy", metavar="A,B",
                   help="two bot specs, comma-separated, one per seat: A,B (default "
                   "greedy,greedy; one name alone is refused, write greedy,greedy; random bots "
                   "play too weakly to judge balance, and the report says so): random, "
                   "greedy[:epsilon=E], mcts[:iterations=N][:time=S][:c=C][:depth=D]"
                   "[:rollout=random|greedy|none]; seats alternate between games")
    p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    add_run_options(
        p, workers=(1, "local worker processes (default 1); results do not depend on it"),
        csv="write one CSV row per game to FILE",
        plot="write a chart of AdvantageP1 and the win rates with their 95%% intervals to "
        "FILE (.png or .svg)",
        quiet="no progress bar and no timing on stderr")


def register(subparsers: Any) -> None:
    """Add the ``simulate`` sub-command to the top-level parser."""
    p = subparsers.add_parser(
        "simulate",
        help="play seeded bot-vs-bot games and report balance and scores",
        description=fill(
            "Play N seeded games between two bots (seats alternate) under one "
            "variant and tile set, and report win rates with 95% confidence intervals, "
            "Ludii's Balance/AdvantageP1/Drawishness, score distributions and their parts, "
            "game length, branching factor and tile flow. The same seed gives the same "
            "report whatever --workers is.",
        ),
        epilog=bots_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    from botanik_design.cli.words import default_ref

    add_specs(p, "bundled tile set name or path (default: the variant's own tile set, else "
              f"{default_ref('tileset')})", "bundled variant name or path")
    add_common(p)


def add_specs(p: argparse.ArgumentParser, tileset: str, variant: str) -> None:
    """``--tileset/-t`` and ``--variant/-v`` of ``simulate`` and ``compare`` (their helps;
    ``--variant`` defaults to the default game's, :func:`~.words.default_ref`)."""
    from botanik_design.cli.words import default_ref

    default = default_ref("variant")
    p.add_argument("--tileset", "-t", default=None, metavar="REF", type=named, help=tileset)
    p.add_argument("--variant", "-v", default=default, metavar="REF", type=named,
                   required=default is None,
                   help=variant + (f" (default {default})" if default else ""))


def parse_bots(text: str) -> tuple[str, str]:
    """``"A,B"`` -> the two validated bot specs
    (:func:`~botanik_design.model.botpair.split_bot_pair`); ``ValueError`` or
    ``BotSpecError`` with a clear message (one name is refused: ``greedy,greedy``)."""
    from botanik_design.bots.registry import parse_bot_spec
    from botanik_design.model.botpair import split_bot_pair

    try:
        pair = split_bot_pair(text)
    except ValueError as exc:
        raise ValueError(f"--bots {exc}") from None
    for spec in pair:
        parse_bot_spec(spec)
    return pair


def load_for_simulation(variant_ref: str, tileset_ref: str | None) -> Any:
    """The :class:`~botanik_design.games.base.Game` of a variant reference (any game,
    see :mod:`botanik_design.games.loading`); ``tileset_ref`` replaces a Botanik
    variant's tile set, and must fill its setup and allow a point
    (:func:`~botanik_design.games.botanik.spec.load.load_tileset_for`).  Raises ``SpecError`` (its
    ``exit_code`` is the exit status)."""
    from botanik_design.games.loading import game_of, load_from_variant
    from botanik_design.games.registry import UnknownGameError, entries, entry
    from botanik_design.spec.errors import SpecError
    from botanik_design.spec.load import read_ref

    params: dict[str, Any] = {} if tileset_ref is None else {"tileset": tileset_ref}
    if tileset_ref is not None:
        _, doc = read_ref(variant_ref, "variant")
        try:
            found = entry(game_of(doc.data))
        except UnknownGameError:
            found = None  # load_from_variant reports the unknown game at its line
        if found is not None and found.kind("tileset") is None:
            takers = " or ".join(e.title for e in entries() if e.kind("tileset"))
            material = found.parts.get("material", "own specs")
            usage = SpecError(f"--tileset {tileset_ref}: {doc.name} is a {found.title} "
                              f"variant; a tile set is for {takers} variants (a "
                              f"{found.title} variant takes its pieces from its {material})")
            usage.exit_code = 2
            raise usage
    return load_from_variant(variant_ref, **params)


def run_info(game: Any, variant_ref: str, games: int, seed: int,
             bots: tuple[str, str]) -> Any:
    """The report's :class:`~botanik_design.sim.report.RunInfo` of ``game``."""
    from botanik_design.games.base import SpecNamed
    from botanik_design.sim.report import RunInfo

    names = dict(game.spec_names()) if isinstance(game, SpecNamed) else {}
    return RunInfo(names.get("variant", variant_ref), names.get("tileset", ""), games, seed,
                   bots, names.get("variant_title", ""), tuple(game.metrics()))


def play(
    game: Any, bots: tuple[str, str], games: int, seed: int, workers: int,
    quiet: bool, label: str, scheduler: str | None = None,
) -> list[Any]:
    """Run the games with a progress bar on stderr (unless quiet or not a TTY), on local
    workers or on the Dask scheduler at ``scheduler``.

    An error, an interrupt or ``SIGTERM``/``SIGHUP`` ends the work at once
    (:meth:`~botanik_design.sim.workers.Pool.abort`: local workers are
    terminated, not waited for).  Raises
    ``botanik_design.sim.dask_pool.DaskUnavailableError`` when the scheduler
    cannot be reached.
    """
    from contextlib import nullcontext

    from botanik_design.cli.signals import terminate_as_exception
    from botanik_design.sim.runner import Job
    from botanik_design.sim.workers import make_pool

    job = Job(game, bots, seed)
    finished = False
    workers = workers_for(workers, games)
    if workers > 1 or scheduler is not None:  # workers' temporary files go there
        from botanik_design.sim.runfolder import run_folder

        folder: Any = run_folder()
    else:  # in this process: no worker to write any
        folder = nullcontext()
    with terminate_as_exception(), folder:
        pool = make_pool(workers, scheduler)
        try:
            rows = _play_on(pool, job, games, quiet, label)
            finished = True
            return rows
        finally:
            if finished:
                pool.shutdown()
            else:
                pool.abort()


def _play_on(pool: Any, job: Any, games: int, quiet: bool, label: str) -> list[Any]:
    """:func:`play` on a given pool, with the progress bar."""
    from botanik_design.sim.runner import run_games

    name = f"{label}: {job.bots[0]} vs {job.bots[1]}"  # the tasks' name on Dask's dashboard
    if quiet or not sys.stderr.isatty():
        return run_games(job, games, pool, name=name)
    with progress_bar(label, games) as (progress, task):
        return run_games(job, games, pool, lambda k: progress.advance(task, k), name=name)


def run(args: argparse.Namespace) -> int:
    """Run ``simulate``; returns the exit code."""
    import time

    from botanik_design.bots.registry import BotSpecError
    from botanik_design.spec.errors import SpecError

    try:
        bots = parse_bots(args.bots)
    except (BotSpecError, ValueError) as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    problem = check_outputs(args)
    if problem:
        print(f"simulate: {problem}", file=sys.stderr)
        return 2
    try:
        game = load_for_simulation(args.variant, args.tileset)
    except SpecError as exc:  # --format json: the failure object on stdout
        from botanik_design.cli.failures import spec_failed

        return spec_failed("simulate", exc, args.format, args.variant)

    from botanik_design.sim.errors import DaskUnavailableError
    from botanik_design.sim.report import format_text, summarize, to_csv, to_json
    from botanik_design.sim.runner import SimulationError

    info = run_info(game, args.variant, args.games, args.seed, bots)
    start = time.perf_counter()
    try:
        rows = play(game, bots, args.games, args.seed, args.workers, args.quiet, info.variant,
                    scheduler=args.scheduler)
    except DaskUnavailableError as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    except (SimulationError, ValueError) as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - start
    summary = summarize(rows, info)
    text = to_json(summary) if args.format == "json" else format_text(summary, info.metrics)
    where = f"{info.variant} / {info.tileset}" if info.tileset else info.variant
    def html() -> str:
        from botanik_design.sim.html import simulate_page

        readable = text if args.format == "text" else format_text(summary, info.metrics)
        return simulate_page(summary, where, readable, getattr(args, "argv", []))

    problem = write_outputs(args, text, lambda: to_csv(rows, info.metrics),
                            [(where, summary)], f"Outcomes: {where}", html)
    if problem:
        print(f"simulate: {problem}", file=sys.stderr)
        return 2
    if not args.quiet:
        rate = args.games / elapsed if elapsed > 0 else float("inf")
        print(
            f"simulate: {plural(args.games, 'game')} in {elapsed:.2f} s ({rate:,.1f} games/s, "
            + (f"on the Dask scheduler {args.scheduler})" if args.scheduler else
               f"{plural(args.workers, 'worker')})"),
            file=sys.stderr,
        )
    return 0

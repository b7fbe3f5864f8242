"""What ``simulate``, ``compare`` and ``sweep`` share: their run and output options, the
checks of those options, the progress bar, and the outputs written all or none.

Imports nothing heavy at module level (rich is imported when a bar is shown).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from botanik_design.model.numbers import MAX_WHOLE, parse_whole, shown


def whole_number(minimum: int = 1, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``minimum`` (to ``maximum``), else a clear
    ``ArgumentTypeError`` (``not a whole number: 'x'``, ``must be at least 1, got 0``)."""
    def parse(text: str) -> int:
        value = parse_whole(text)
        if value is None:
            raise argparse.ArgumentTypeError(
                f"not a whole number up to {MAX_WHOLE}: {shown(text)!r}") from None
        if maximum is not None and not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(
                f"must be between {minimum} and {maximum}, got {value}")
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {value}")
        return value

    return parse


#: argparse type: a whole number >= 1.
positive_int = whole_number(1)

#: The most local worker processes a run starts (``--workers``): under ``fork`` every
#: one of them is started at the first batch, whatever the number of games.
MAX_WORKERS = 256


def workers_for(workers: int, games: int) -> int:
    """The worker processes a run of ``games`` games starts: no more than its games
    (``--workers 1000 --games 1`` forked a thousand processes for one game)."""
    return max(1, min(workers, games))


def named(text: str) -> str:
    """An argparse type for a file, folder or bundled name: refuses an empty (or blank)
    argument, which ``pathlib`` would read as the working directory and an ``if`` as
    no value at all (``--image ""`` silently drew nothing)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name: give a file, a folder or a name")
    return text


def path_arg(text: str) -> Path:
    """:func:`named`, as a :class:`~pathlib.Path`."""
    return Path(named(text))


def fill(text: str) -> str:
    """Wrap a help description (the raw formatter keeps line breaks as written)."""
    import textwrap

    return textwrap.fill(text, 79)


def bots_epilog() -> str:
    """The ``--help`` epilog: every bot and its parameters with defaults."""
    from botanik_design.bots.registry import describe_bots

    return "bots and parameters (NAME[:KEY=VALUE...]):\n  " + describe_bots().replace(
        "\n", "\n  "
    )


def add_run_options(p: argparse.ArgumentParser, *, workers: tuple[int | None, str],
                    csv: str, plot: str, quiet: str) -> None:
    """``--workers/-w`` (``workers``: default and help), ``--scheduler``, ``--format``,
    ``--output/-o``, ``--csv`` and ``--plot`` (their helps), ``--html``, ``--quiet/-q``."""
    p.add_argument("--workers", "-w", type=whole_number(1, MAX_WORKERS), default=workers[0],
                   metavar="W", help=f"{workers[1]}; 1 to {MAX_WORKERS}, and never more "
                   "processes than games to play")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="play on a running Dask cluster (its scheduler's address, e.g. "
                   "tcp://127.0.0.1:8786) instead of local processes; needs the dask "
                   'extra (pip install "botanik-design[dask]"). Its dashboard (the '
                   "scheduler's http://HOST:8787/status, bokeh) names each task after "
                   "the variant or sweep point it plays")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="report on stdout: text (default) or json")
    p.add_argument("--output", "-o", metavar="FILE", type=named,
                   help="write the report to FILE instead of stdout")
    p.add_argument("--csv", metavar="FILE", type=named, help=csv)
    p.add_argument("--plot", metavar="FILE", type=named,
                   help=f"{plot} (needs the pictures extra)".replace("%", "%%"))
    p.add_argument("--html", metavar="FILE", type=named,
                   help="write one self-contained HTML page to FILE (.html): the tables, the "
                   "charts, the caveats and the command and versions to reproduce the run")
    p.add_argument("--quiet", "-q", action="store_true", help=quiet)


def check_outputs(args: argparse.Namespace) -> str | None:
    """A problem with the output options (bad plot extension, missing folder, two options
    or an input and an output naming one file), or ``None``."""
    for opt in ("output", "csv", "plot", "html"):
        value = getattr(args, opt, None)
        if value is None:
            continue
        path = Path(value)
        folder = path.parent
        if not folder.is_dir():
            return f"--{opt} {value}: no such folder {str(folder)!r}"
        if path.is_dir():
            return f"--{opt} {value}: is a folder; give a file name"
        if not os.access(folder, os.W_OK):
            return f"--{opt} {value}: cannot write into {str(folder)!r}"
    plot = getattr(args, "plot", None)
    if plot is not None and Path(plot).suffix.lower() not in (".png", ".svg"):
        return f"--plot {plot}: the file name must end in .png or .svg"
    page = getattr(args, "html", None)
    if page is not None and Path(page).suffix.lower() not in (".html", ".htm"):
        return f"--html {page}: the file name must end in .html or .htm"
    problem = _same_file(args)
    if problem is None:
        require_extras(args)
    return problem


def require_extras(args: argparse.Namespace) -> None:
    """Before any game is played: ``--plot`` needs the ``pictures`` extra and
    ``--scheduler`` the ``dask`` one; raises
    :class:`~botanik_design.extras.MissingExtra` (exit 2) when it is not installed."""
    from botanik_design.extras import require

    if getattr(args, "plot", None) is not None:
        require("pictures", "--plot")
    if getattr(args, "scheduler", None) is not None:
        require("dask", "--scheduler")


def _same_file(args: argparse.Namespace) -> str | None:
    """Two outputs naming one file (one would overwrite the other), or an output naming
    an input spec file (the run would overwrite what it read): the problem, else ``None``."""
    seen: dict[Path, str] = {}
    for opt in ("spec", "variant", "tileset", "items"):  # the input files given
        values = getattr(args, opt, None)
        for value in values if isinstance(values, list) else [values]:
            if isinstance(value, str) and Path(value).is_file():
                seen.setdefault(Path(value).resolve(), f"the input file {value}")
    for opt in ("output", "csv", "plot", "html", "store"):
        value = getattr(args, opt, None)
        if value is None:
            continue
        key = Path(value).resolve()
        if key in seen:
            return f"--{opt} {value}: {seen[key]} names the same file; give each its own"
        seen[key] = f"--{opt} {value}"
    return None


def write_error(exc: OSError) -> str:
    """The message for an output that could not be written, naming the file."""
    what = exc.strerror or str(exc)
    where = f" {exc.filename}" if exc.filename else ""
    return f"cannot write{where}: {what}; no output file was written"


def write_all(args: argparse.Namespace, report: str, csv: Callable[[], str],
              plot: Callable[[Any], None] | None,
              html: Callable[[], str] | None = None) -> str | None:
    """Write the report (``--output``, else stdout), ``--csv`` (``csv()``'s text),
    ``--plot`` (``plot(outputs)`` adds the image) and ``--html`` (``html()``'s page):
    all or none.

    The files are written in full first and renamed into place together
    (:class:`~botanik_design.spec.atomic.OutputSet`); the report goes to stdout
    only after they are.  Returns the problem (naming the file) or ``None``.
    """
    from botanik_design.spec.atomic import OutputSet

    try:
        with OutputSet() as out:
            if args.output:
                out.add_text(args.output, report)
            if args.csv:
                out.add_text(args.csv, csv())
            if args.plot and plot is not None:
                plot(out)
            if getattr(args, "html", None) and html is not None:
                out.add_text(args.html, html())
    except OSError as exc:
        return write_error(exc)
    if not args.output:
        sys.stdout.write(report)
    return None


def write_outputs(
    args: argparse.Namespace,
    report: str,
    csv: Callable[[], str],
    runs: Sequence[tuple[str, dict[str, Any]]],
    what: str,
    html: Callable[[], str] | None = None,
) -> str | None:
    """:func:`write_all` with ``--plot`` the outcome chart of ``runs`` (label and
    :func:`~botanik_design.sim.report.summarize` report of each run), titled ``what``
    (:func:`botanik_design.sim.plot.render_outcomes`)."""
    def draw(out: Any) -> None:
        from botanik_design.sim.plot import plot_format, render_outcomes

        out.add_bytes(args.plot, render_outcomes(runs, plot_format(args.plot), what))

    return write_all(args, report, csv, draw, html)


@contextmanager
def progress_bar(label: str, total: int, completed: int = 0,
                 games: Callable[[Any], int] | None = None,
                 before_bar: Sequence[str] = (), after_count: Sequence[str] = (),
                 **fields: Any) -> Iterator[tuple[Any, Any]]:
    """A rich progress bar on stderr: ``label``, the text columns ``before_bar`` (they may
    name ``{task.fields[...]}`` given in ``fields``), the bar, done/total, the columns
    ``after_count``, games per second (``games(task)``: games played in this run,
    default the task's completed count), elapsed time and ETA.  Yields
    ``(progress, task)``."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    played = games or (lambda task: int(task.completed))

    class _Rate(TextColumn):
        def __init__(self) -> None:
            super().__init__("")

        def render(self, task: Any) -> Any:
            elapsed = task.elapsed or 0.0
            n = played(task)
            if not n or elapsed <= 0:
                return Text("")
            return Text(f"{n / elapsed:,.0f} games/s")

    columns = (
        TextColumn(f"[bold]{label}"), *(TextColumn(c) for c in before_bar),
        BarColumn(), MofNCompleteColumn(), *(TextColumn(c) for c in after_count),
        _Rate(), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=False) as progress:
        task = progress.add_task("games", total=total, completed=completed, **fields)
        yield progress, task

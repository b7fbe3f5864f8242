"""``botanik-design compare A B ...``: the simulation report side by side for several
variants or tile sets, on the same seeds, with significant differences marked.

Each item is a variant or a tile set (bundled name or path; prefix with
``variant:`` or ``tileset:`` to say which, otherwise it is detected from the
bundled names or the file's top-level key).  A variant item uses ``--tileset``
(default: its own tile set); a tile-set item uses ``--variant``.  Exit codes
as for ``simulate``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from botanik_design.cli.runs import bots_epilog, check_outputs, fill, named, write_outputs
from botanik_design.cli.simulate_cmd import (
    add_common,
    add_specs,
    load_for_simulation,
    parse_bots,
    play,
    run_info,
)


def register(subparsers: Any) -> None:
    """Add the ``compare`` sub-command to the top-level parser."""
    p = subparsers.add_parser(
        "compare",
        help="simulate several variants or tile sets on the same seeds, side by side",
        description=fill(
            "Run the simulate report for each item (a variant or a tile set) with "
            "the same seed and bots, and show them side by side. Each item after the first is "
            "compared with the first: Fisher's exact test for win and draw rates, Mann-Whitney "
            "U for scores, game length and tile flow, Holm-corrected; significant differences "
            "(alpha 0.05) are marked with *.",
        ),
        epilog=bots_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    from botanik_design.cli.words import titles

    takers = titles(kind="tileset")  # the games that play a tile set
    p.add_argument("items", nargs="+", metavar="ITEM", type=named,
                   help=f"variant (of any game: {titles()}) or "
                   f"{takers + ' ' if takers else ''}tile set (bundled name or path; prefix "
                   "variant: or tileset: to force the kind); at least two")
    add_specs(p, "tile set for variant items (default: each variant's own)",
              "variant for tile-set items")
    add_common(p)


def item_kind(item: str) -> tuple[str, str]:
    """``(kind, ref)`` of an item: ``variant`` or ``tileset``.

    Raises ``ValueError`` when the kind cannot be told (a missing file, a file
    with neither top-level key).
    """
    for kind in ("variant", "tileset"):
        if item.startswith(kind + ":") and not Path(item).exists():
            return kind, item[len(kind) + 1:]
    from botanik_design.games.registry import spec_kind
    from botanik_design.spec.bundled import bundled_tilesets, bundled_variants
    from botanik_design.spec.refs import kind_name, variant_kinds

    path = Path(item)
    if path.is_file():
        from botanik_design.spec.report import format_text
        from botanik_design.spec.session import Session

        doc = Session().read_source(path, item)  # the validator's strict reader
        if doc.kind in ("variant", "tileset"):
            return doc.kind, item
        if doc.kind in variant_kinds():  # any game's variant file (`game: <name>`)
            return "variant", item
        if doc.kind is not None and spec_kind(doc.kind) is not None:  # a game's material
            raise ValueError(f"{item}: {kind_name(doc.kind)}; compare the variants that "
                             f"name it (`{doc.kind}:` in each variant file)")
        bad = [d for d in doc.diagnostics if d.level == "error"]
        if bad:  # broken YAML: the validator's messages, exit 1 (2: the file is unreadable)
            from botanik_design.spec.load import invalid

            error = invalid(doc, f"{item}: not a valid spec file", [])
            error.problems = [ln for ln in format_text(bad).splitlines() if ln.strip()]
            raise error
        raise ValueError(f"{item}: neither a variant (no 'variant:' key) nor a tile set")
    if item in bundled_variants(None):  # any game's variant (Botanik, Hive ...)
        return "variant", item
    if item in bundled_tilesets():
        return "tileset", item
    from botanik_design.spec.refs import unknown_name

    raise unknown_name(item, "variant or tile set", [*bundled_variants(None),
                                                     *bundled_tilesets()])


def run(args: argparse.Namespace) -> int:
    """Run ``compare``; returns the exit code."""
    from botanik_design.bots.registry import BotSpecError
    from botanik_design.spec.errors import SpecError

    if len(args.items) < 2:
        print("compare: give at least two variants or tile sets", file=sys.stderr)
        return 2
    from botanik_design.cli.failures import spec_failed

    kinds = []
    try:
        bots = parse_bots(args.bots)
        for item in args.items:
            try:
                kinds.append(item_kind(item))
            except SpecError as exc:  # --format json: the failure object on stdout
                return spec_failed("compare", exc, args.format, item)
    except (BotSpecError, ValueError) as exc:
        print(f"compare: {exc}", file=sys.stderr)
        return 2
    problem = check_outputs(args)
    if problem:
        print(f"compare: {problem}", file=sys.stderr)
        return 2
    loaded = []
    for item, (kind, ref) in zip(args.items, kinds, strict=True):
        try:
            variant_ref, tileset_ref = (ref, args.tileset) if kind == "variant" else (
                args.variant, ref)
            game = load_for_simulation(variant_ref, tileset_ref)
            loaded.append((item, game, run_info(game, variant_ref, args.games, args.seed, bots)))
        except SpecError as exc:
            return spec_failed("compare", exc, args.format, item)
    if len({info.metrics for _, _, info in loaded}) > 1:
        print("compare: the items are variants of different games", file=sys.stderr)
        return 2

    from botanik_design.sim.compare import Run, compare_runs, format_compare_text
    from botanik_design.sim.errors import DaskUnavailableError
    from botanik_design.sim.report import to_csv, to_json
    from botanik_design.sim.runner import SimulationError

    runs = []
    for label, game, info in loaded:
        try:
            rows = play(game, bots, args.games, args.seed, args.workers, args.quiet, label,
                        scheduler=args.scheduler)
        except DaskUnavailableError as exc:
            print(f"compare: {exc}", file=sys.stderr)
            return 2
        except (SimulationError, ValueError) as exc:
            print(f"compare: {label}: {exc}", file=sys.stderr)
            return 1
        runs.append(Run(label, info, rows))
    result = compare_runs(runs)
    text = to_json(result) if args.format == "json" else format_compare_text(result)

    def csv() -> str:
        parts = []
        for k, r in enumerate(runs):
            lines = to_csv(r.rows, r.info.metrics).splitlines(keepends=True)
            if k == 0:
                parts.append("run," + lines[0])
            label = '"' + r.label.replace('"', '""') + '"'
            parts += [f"{label},{line}" for line in lines[1:]]
        return "".join(parts)

    def html() -> str:
        from botanik_design.sim.html import compare_page

        readable = text if args.format == "text" else format_compare_text(result)
        return compare_page(result, readable, getattr(args, "argv", []))

    problem = write_outputs(args, text, csv,
                            [(r["label"], r["report"]) for r in result["runs"]],
                            f"Outcomes per run (baseline: {result['baseline']})", html)
    if problem:
        print(f"compare: {problem}", file=sys.stderr)
        return 2
    return 0

"""``botanik-design score POSITION``: the scoring breakdown of a position file."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from botanik_design.cli.runs import named


def register(subparsers: Any) -> None:
    """Add the ``score`` sub-command."""
    p = subparsers.add_parser(
        "score", help="score a position file (machines laid out by hand)",
        description="Print the scoring breakdown of a position file (spec/position.schema.json). "
        "Exit status: 0 scored (and any `expect` met), 1 invalid file or failed `expect`, "
        "2 the file cannot be read.",
    )
    p.add_argument("position", metavar="POSITION", type=named, help="position file (YAML)")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="output format; json prints an error object on failure too")
    p.add_argument("--board", action=argparse.BooleanOptionalAction, default=True,
                   help="draw the machines (default: yes)")
    p.add_argument("--image", metavar="FILE", type=named,
                   help="also draw the machines to FILE (.svg, .png or .pdf), removed tiles "
                   "greyed, colour groups and flowers marked")


def fail(command: str, exc: Any, file: str, fmt: str) -> int:
    """Report a :class:`RecordError` (text on stderr, or a JSON error object on stdout)
    and return its exit code (shared by ``score`` and ``replay``)."""
    from botanik_design.games.botanik.engine.specfiles import (
        diagnostics_of,
        error_report,
        exit_code_of,
    )

    if fmt == "json":
        print(json.dumps(error_report(exc, file), indent=2, ensure_ascii=False))
    else:
        for d in diagnostics_of(exc, file):
            print(f"{command}: {d.format()}", file=sys.stderr)
    return exit_code_of(exc)


def run(args: argparse.Namespace) -> int:
    """Exit 0 when scored (and any ``expect`` matches), 1 on an invalid file or a
    failed expectation, 2 when the file cannot be read."""
    from botanik_design.cli.board_images import (
        check_image_path,
        write_hive_position,
        write_machines,
    )
    from botanik_design.games.botanik.engine.errors import RecordError
    from botanik_design.games.botanik.engine.position import (
        check_expect,
        load_position,
        score_position,
    )
    from botanik_design.games.botanik.engine.render import render_machine, render_player_score

    path = Path(args.position)
    if args.image and not check_image_path("score", Path(args.image)):
        return 2
    from botanik_design.games.hive import files as hive_files

    hive = hive_files.read_hive_doc(path, ("hive-position",))
    if hive is not None:
        code = hive_files.run_score(*hive, args.format)
        if code == 0 and args.image and not write_hive_position("score", Path(args.image), *hive):
            return 2
        return code
    try:
        pos = load_position(path)
    except RecordError as exc:
        return fail("score", exc, str(path), args.format)
    result = score_position(pos)
    mismatches = check_expect(pos, result)
    if args.format == "json":
        data = {"ok": not mismatches, "file": str(path)}
        data.update(result.to_dict())
        data["position"] = pos.name
        data["variant"] = pos.variant.name
        data["tileset"] = pos.tileset.name
        data["expect_failures"] = mismatches
        print(json.dumps(data, indent=2))
    else:
        print(f"position: {pos.name}  (variant {pos.variant.name}, tile set {pos.tileset.name})")
        for w in result.warnings:
            print(f"warning: {w}")
        for p, s in enumerate(result.players):
            if args.board:
                print(render_machine(pos.machines[p], pos.defs))
            print(render_player_score(s))
        if result.game is not None:
            print(f"result: {result.game.outcome}")
        for m in mismatches:
            print(f"expect: {m}")
    if args.image and not write_machines(
        "score", Path(args.image), pos.machines, result.players, pos.defs, pos.tileset,
        f"{pos.name} ({pos.variant.name})",
    ):
        return 2
    return 1 if mismatches else 0

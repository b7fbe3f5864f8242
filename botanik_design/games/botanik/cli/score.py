"""Botanik's ``score`` (:mod:`botanik_design.cli.games` hook): the scoring breakdown of a
position file, and :func:`fail`, the error report of a Botanik record or position."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


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


def score(path: Path, args: argparse.Namespace) -> int:
    """Exit 0 when scored (and any ``expect`` matches), 1 on an invalid file or a
    failed expectation, 2 when the file cannot be read."""
    from botanik_design.games.botanik.cli.images import write_machines
    from botanik_design.games.botanik.engine.errors import RecordError
    from botanik_design.games.botanik.engine.position import (
        check_expect,
        load_position,
        score_position,
    )
    from botanik_design.games.botanik.engine.render import render_machine, render_player_score

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

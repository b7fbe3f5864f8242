"""Botanik's ``replay`` (:mod:`botanik_design.cli.games` hook): play a Botanik game
record step by step, then score it; ``--image`` draws the machines."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from botanik_design.model.words import plural


def _lines(events: Any, table: Any) -> list[str]:
    """The log lines of typed events (the engine's wording; events without one skipped)."""
    from botanik_design.games.botanik.engine.events import describe

    return [t for t in (describe(e, table) for e in events) if t is not None]


def _step_dict(s: Any, table: Any) -> dict[str, Any]:
    return {"step": s.number, "player": s.player, "legal": s.legal, "action": s.action,
            "text": s.text, "comment": s.comment, "events": _lines(s.events, table)}


def replay(path: Path, args: argparse.Namespace, images: Any) -> int:
    """Exit 0 on success, 1 on an invalid record (illegal action, failed ``expect``),
    2 when the file cannot be read."""
    from botanik_design.games.botanik.cli.images import final_image, step_image
    from botanik_design.games.botanik.cli.score import fail
    from botanik_design.games.botanik.engine.errors import RecordError
    from botanik_design.games.botanik.engine.placement import machine_view
    from botanik_design.games.botanik.engine.record import Step, check_expect, load_record, replay
    from botanik_design.games.botanik.engine.render import render_game_score, render_machine


    out_json = args.format == "json"
    steps: list[Step] = []
    try:
        record = load_record(path)
        state = record.new_game()
        setup_events = _lines(state.events(-1), state.table)
        if not out_json:
            print(f"record: {record.name}  (variant {record.variant.name}, "
                  f"tile set {record.tileset.name}, seed {record.seed}, "
                  f"first player {state.first_player})")
            for event in setup_events:
                print(f"        - {event}")
        for step, _ in replay(record, state):
            steps.append(step)
            if images is not None and not step_image(images, record, state, step.number):
                return 2
            if out_json:
                continue
            print(f"{step.number:4d}  player {step.player}  [{step.legal} legal]  {step.text}")
            for e in _lines(step.events, state.table):
                print(f"        - {e}")
            if step.comment:
                print(f"        # {step.comment}")
            if args.board:
                for p in (0, 1):
                    print(f"        machine {p}:")
                    art = render_machine(machine_view(state.machines[p]), state.table.defs)
                    print("\n".join("        " + line for line in art.splitlines()))
    except RecordError as exc:
        if out_json:
            from botanik_design.games.botanik.engine.specfiles import error_report

            report = error_report(exc, str(path))
            # the steps replayed before the error
            report["steps"] = [_step_dict(s, record.new_game().table) for s in steps]
            print(json.dumps(report, indent=2, ensure_ascii=False))
            return int(report["exit_code"])
        return fail("replay", exc, str(path), args.format)
    score = state.scores()
    mismatches = check_expect(record, state)
    if images is not None and not final_image(images, record, state):
        return 2
    if out_json:
        print(json.dumps({
            "ok": not mismatches, "file": str(path),
            "record": record.name, "variant": record.variant.name,
            "tileset": record.tileset.name, "seed": record.seed,
            "first_player": state.first_player,
            "setup": setup_events,
            "steps": [_step_dict(s, state.table) for s in steps],
            "terminal": state.is_terminal(),
            "scores": score.to_dict(),
            "expect_failures": mismatches,
        }, indent=2))
    else:
        status = "game over" if state.is_terminal() else "game NOT over (record ends early)"
        print(f"{status} after {plural(len(steps), 'action')}")
        if args.board is not False:
            for p in (0, 1):
                print(f"machine {p}:")
                print(render_machine(machine_view(state.machines[p]), state.table.defs))
        print(render_game_score(score))
        for m in mismatches:
            print(f"expect: {m}")
    return 1 if mismatches else 0

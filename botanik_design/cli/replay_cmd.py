"""``botanik-design replay RECORD``: play a game record step by step, then score it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    """Add the ``replay`` sub-command."""
    p = subparsers.add_parser(
        "replay", help="replay a game record step by step and score it",
        description="Replay a game record (spec/record.schema.json): every decision, "
        "the events it caused, and the final scores.",
    )
    p.add_argument("record", metavar="RECORD", help="game record file (YAML)")
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    p.add_argument("--boards", action="store_true", help="draw both machines after every step")


def run(args: argparse.Namespace) -> int:
    """Exit 0 on success, 1 on an invalid record (illegal action, failed ``expect``),
    2 when the file cannot be read."""
    from botanik_design.engine.errors import RecordError
    from botanik_design.engine.placement import machine_view
    from botanik_design.engine.record import check_expect, load_record, replay
    from botanik_design.engine.render import render_game_score, render_machine

    path = Path(args.record)
    if not path.is_file():
        print(f"replay: {path}: no such file", file=sys.stderr)
        return 2
    try:
        record = load_record(path)
        state = record.new_game()
        setup_events = [e for _, e in state.log()]
        steps = []
        out_json = args.format == "json"
        if not out_json:
            print(f"record: {record.name}  (variant {record.variant.name}, "
                  f"tile set {record.tileset.name}, seed {record.seed}, "
                  f"first player {state.first_player})")
            for _, event in state.log():
                print(f"        - {event}")
        for step, _ in replay(record, state):
            steps.append(step)
            if out_json:
                continue
            print(f"{step.index + 1:4d}  player {step.player}  [{step.legal} legal]  {step.text}")
            for e in step.events:
                print(f"        - {e}")
            if step.comment:
                print(f"        # {step.comment}")
            if args.boards:
                for p in (0, 1):
                    print(f"        machine {p}:")
                    art = render_machine(machine_view(state.machines[p]), state.table.defs)
                    print("\n".join("        " + line for line in art.splitlines()))
    except RecordError as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 2 if "cannot read" in str(exc) else 1
    score = state.scores()
    mismatches = check_expect(record, state)
    if out_json:
        print(json.dumps({
            "record": record.name, "variant": record.variant.name,
            "tileset": record.tileset.name, "seed": record.seed,
            "first_player": state.first_player,
            "setup": setup_events,
            "steps": [
                {"step": s.index + 1, "player": s.player, "legal": s.legal, "action": s.action,
                 "text": s.text, "comment": s.comment, "events": s.events}
                for s in steps
            ],
            "terminal": state.is_terminal(),
            "scores": score.to_dict(),
            "expect_failures": mismatches,
        }, indent=2))
    else:
        status = "game over" if state.is_terminal() else "game NOT over (record ends early)"
        print(f"{status} after {len(steps)} actions")
        for p in (0, 1):
            print(f"machine {p}:")
            print(render_machine(machine_view(state.machines[p]), state.table.defs))
        print(render_game_score(score))
        for m in mismatches:
            print(f"expect: {m}")
    return 1 if mismatches else 0

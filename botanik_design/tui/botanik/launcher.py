"""Botanik's play launcher (the entry's ``tui_play``): ``play`` on a Botanik variant or
record, and Botanik in the variant form.  No textual import until a board is built."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

from botanik_design.model.words import plural
from botanik_design.tui.plugins import FormChoice, FormProblem, Opening


class BotanikLauncher:
    """See :class:`botanik_design.tui.plugins.PlayLauncher`."""

    material_kind = "tileset"
    record_suffixes: tuple[str, ...] = ()

    def run(self, args: argparse.Namespace) -> int:
        """A new game of ``--variant``/``--tileset``, or the game of ``--load``: 0 on a
        normal exit, 1 for an invalid file, 2 for a missing one."""
        from botanik_design.games.botanik.engine import RecordError
        from botanik_design.spec.errors import SpecError
        from botanik_design.tui.botanik.controller import Controller, load_rules

        if args.load is not None:
            if not args.load.is_file():
                print(f"error: --load: {args.load}: no such file", file=sys.stderr)
                return 2
            try:
                controller = Controller.from_record(args.load, args.vs)
            except RecordError as exc:
                print(f"error: {exc}", file=sys.stderr)
                return 1
        else:
            seed = args.seed if args.seed is not None else \
                random.SystemRandom().randrange(1_000_000)
            try:
                rules = load_rules(args.tileset, args.variant)
            except SpecError as exc:
                print(f"error: {exc}", file=sys.stderr)
                return exc.exit_code
            try:
                controller = Controller(rules, seed, args.vs)
            except ValueError as exc:
                print(f"error: {exc}", file=sys.stderr)
                return 1

        from botanik_design.tui.botanik.app import BoardApp

        app = BoardApp(controller, bot_delay=args.bot_delay, record_path=args.record)
        app.run()
        if app.game_screen is not None:
            print(self.summary(app.game_screen, args.record))
        return 0

    def effective_options(self, ref: str) -> dict[str, Any]:
        from botanik_design.games.botanik.spec.load import effective_options

        return effective_options(ref)

    def opening(self, choice: FormChoice) -> Opening:
        from botanik_design.spec.errors import SpecError
        from botanik_design.tui.botanik.controller import Controller, load_rules

        try:
            rules = load_rules(choice.material, choice.base, choice.changed)
        except (SpecError, TypeError, ValueError) as exc:
            extra = list(exc.problems) if isinstance(exc, SpecError) else []
            raise FormProblem([str(exc), *extra]) from None

        def start(app: Any) -> None:
            from botanik_design.tui.botanik.playhost import BoardHost

            BoardHost(app, choice.opponent).switch_game(
                Controller(rules, choice.seed, choice.opponent), "")

        return start

    def summary(self, screen: Any, record_path: Path | None) -> str:
        """``seed N: <outcome or how far it went>[; record: FILE]``."""
        final = screen.ctl
        s = final.state
        where = f"; record: {record_path}" if record_path is not None else ""
        state = final.outcome() if s.is_terminal() else \
            f"stopped after {plural(len(s.history()), 'action')}"
        return f"seed {final.seed}: {state}{where}"


LAUNCHER = BotanikLauncher()

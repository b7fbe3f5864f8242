"""Hive's play launcher (the entry's ``tui_play``): ``play`` on a Hive variant or record,
and Hive in the variant form.  No textual import until a screen is built.

Exit codes as for every game: 0 normal, 1 invalid file, 2 bad arguments or missing file.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

from botanik_design.model.words import plural
from botanik_design.tui.plugins import FormChoice, FormProblem, Opening

#: The name the play app knows this game's screens by.
GAME = "hive"


def hive_session(base: str, changed: dict[str, Any], pieceset: str | None, opponent: str,
                 seed: int, saved: Path | None = None) -> Any:
    """A :class:`~botanik_design.tui.hive.session.HiveSession` of the form's Hive variant.

    Without changes the base variant is loaded as it is; with changes the variant the
    form would save is checked by the project's validator without being written
    (``saved``: a file the form saved with exactly these options, named in records
    instead).  Raises ``SpecError`` with the validator's problems, ``ValueError`` /
    ``BotSpecError`` for a bad opponent.
    """
    from botanik_design.games.hive.engine.game import HiveGame, load_hive
    from botanik_design.games.hive.spec.load import hive_variant_from_text
    from botanik_design.tui.hive.session import HiveSession
    from botanik_design.tui.play.setup_fields import variant_yaml

    if not changed and pieceset is None:
        return HiveSession(load_hive(base), base, opponent, seed=seed)
    here = Path.cwd() / "variant-form.yaml"
    text = variant_yaml(here, base, changed, pieceset, GAME)
    variant = hive_variant_from_text(text, "(the variant form)", here.parent)
    ref = str(saved) if saved is not None else base
    return HiveSession(HiveGame(variant, variant.piece_set()), ref, opponent, seed=seed)


class HiveLauncher:
    """See :class:`botanik_design.tui.plugins.PlayLauncher`."""

    material_kind = "pieceset"
    #: a `.txt` GameString file is a Hive record too (refused with a reason)
    record_suffixes: tuple[str, ...] = (".txt",)

    def run(self, args: argparse.Namespace) -> int:
        """Play Hive with the ``play`` arguments (``--tileset`` does not apply; ``--setup``
        is the play app's form, except with ``--load``)."""
        from botanik_design.spec.errors import SpecError
        from botanik_design.tui.hive.session import HiveSession, RecordLoadError

        if args.tileset:
            print("error: --tileset: a Hive variant takes its piece set from the variant",
                  file=sys.stderr)
            return 2
        if args.setup:
            print("error: --setup: the variant form starts new games; a Hive record given "
                  "to --load continues as it is (drop --setup)", file=sys.stderr)
            return 2
        seed = args.seed if args.seed is not None else \
            random.SystemRandom().randrange(1_000_000)
        try:
            if args.load is not None:
                session = HiveSession.from_record(args.load, args.vs, seed)
            else:
                session = HiveSession.new(args.variant, args.vs, seed)
        except RecordLoadError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        except SpecError as exc:  # its text already lists the problems, one per line
            print(f"error: {exc}", file=sys.stderr)
            return exc.exit_code
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        from botanik_design.tui.hive.app import HiveApp

        app = HiveApp(session, record_path=args.record, bot_delay=args.bot_delay)
        app.run()
        print(self.summary(app.game_screen, args.record))
        return 0

    def effective_options(self, ref: str) -> dict[str, Any]:
        from botanik_design.games.hive.spec.load import hive_effective_options

        return hive_effective_options(ref)

    def opening(self, choice: FormChoice) -> Opening:
        from botanik_design.spec.errors import SpecError

        if (choice.changed or choice.material) and choice.saved is None \
                and choice.record_path is not None:
            raise FormProblem(["the record names its variant file: save these options first "
                               "(type a name in the save box, ctrl+s), then play"])
        try:
            session = hive_session(choice.base, choice.changed, choice.material,
                                   choice.opponent, choice.seed, choice.saved)
        except SpecError as exc:
            raise FormProblem([str(exc).splitlines()[0], *exc.problems]) from None
        except ValueError as exc:
            raise FormProblem([str(exc)]) from None

        def start(app: Any) -> None:
            from botanik_design.tui.hive.screen import HiveScreen

            app.show_game(HiveScreen(session, record_path=app.record_path,
                                     bot_delay=app.bot_delay), GAME)

        return start

    def summary(self, screen: Any, record_path: Path | None) -> str:
        """``Hive: <outcome or how far it went>[; record: FILE]``."""
        s = screen.session
        where = f"; record: {record_path}" if record_path is not None else ""
        played = plural(len(s.state.history()), "move")
        state = s.outcome() if s.is_over() else f"stopped after {played}"
        return f"Hive: {state}{where}"


LAUNCHER = HiveLauncher()

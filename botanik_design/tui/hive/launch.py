"""``botanik-design play`` for Hive: recognise a Hive variant or record, start the Hive app.

:func:`wants_hive` is cheap (no textual import); :func:`run_hive` checks the
arguments, builds the :class:`~botanik_design.tui.hive.session.HiveSession`
and runs the app.  Exit codes as for Botanik: 0 normal, 1 invalid file,
2 bad arguments or missing file.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path


def _kind_of_file(path: Path) -> str | None:
    from botanik_design.spec.session import Session

    try:
        if not path.is_file():
            return None
        doc = Session().read_source(path, str(path))
    except (OSError, ValueError):
        return None
    return doc.kind


def wants_hive(variant: str | None, load: Path | None) -> bool:
    """Whether ``--load`` names a Hive record, or ``--variant`` a Hive variant (bundled or file)."""
    if load is not None:  # a `.txt` GameString file is Hive too (refused with a reason)
        return load.suffix.lower() == ".txt" or _kind_of_file(load) == "hive-record"
    if variant is None:
        return False
    from botanik_design.spec.refs import bundled

    if variant in bundled("hive-variant"):
        return True
    return _kind_of_file(Path(variant)) == "hive-variant"


def run_hive(args: argparse.Namespace) -> int:
    """Play Hive with the ``play`` arguments (``--tileset`` does not apply; ``--setup`` is
    handled by the play app's form, except with ``--load``)."""
    from botanik_design.model.words import plural
    from botanik_design.spec.errors import SpecError
    from botanik_design.tui.hive.session import HiveSession, RecordLoadError

    if args.tileset:
        print("error: --tileset: a Hive variant takes its piece set from the variant",
              file=sys.stderr)
        return 2
    if args.setup:
        print("error: --setup: the variant form starts new games; a Hive record given to "
              "--load continues as it is (drop --setup)", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
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
    s = app.session
    where = f"; record: {args.record}" if args.record is not None else ""
    played = plural(len(s.state.history()), "move")
    state = s.outcome() if s.is_over() else f"stopped after {played}"
    print(f"Hive: {state}{where}")
    return 0

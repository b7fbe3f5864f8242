"""``botanik-design edit``: the tile-set editor (a Textual TUI)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from botanik_design.cli.runs import named


def register(subparsers: Any) -> None:
    """Add the ``edit`` sub-command."""
    parser = subparsers.add_parser(
        "edit",
        help="edit a tile set or a Hive piece set in a terminal UI (keeps comments and "
        "formatting)",
        description=(
            "Edit a tile-set YAML file in a terminal UI (a table of the tiles, a preview, "
            "fields, live validation), or a Hive piece set (copies per bug, name and title, "
            "live validation).  Saving keeps comments, key order and formatting of "
            "everything you did not edit, and writes atomically.  Press ? in the editor "
            "for the keys."
        ),
    )
    parser.add_argument("file", metavar="TILESET.yaml", type=named,
                        help="the tile-set (or piece-set) file to edit")
    parser.add_argument(
        "--from", dest="from_", metavar="NAME", type=named,
        help="start a new set at TILESET.yaml from a bundled one (tile sets: botanik, "
        "quick-3; piece sets: hive-base, hive-full) or another file; nothing is written "
        "until you save",
    )
    parser.add_argument(
        "--force", action="store_true",
        help="with --from: replace TILESET.yaml when it already exists (on save)",
    )


def _stem_name(path: Path) -> str:
    """A valid ``tileset:`` name from a file name (``My Set.yaml`` -> ``my-set``)."""
    from botanik_design.spec.refs import name_from_path

    return name_from_path(path, "tileset")


#: What ``edit`` calls the kinds of spec it does not open.
OTHER_KINDS = {
    "variant": "a Botanik variant", "hive-variant": "a Hive variant",
    "record": "a game record", "hive-record": "a Hive game record",
    "position": "a position", "hive-position": "a Hive position", "sweep": "a sweep file",
}


def kind_of_text(text: str) -> str | None:
    """The spec kind the top level of ``text`` names (``None``: not YAML, or no kind key)."""
    import yaml

    from botanik_design.spec.schema_check import detect_kind

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return None  # the editor's own reader reports where
    return detect_kind(data) if isinstance(data, dict) else None


def _open_other(name: str, kind: str | None) -> int | None:
    """Exit status 1 and a message when ``kind`` is a spec ``edit`` does not open."""
    if kind in OTHER_KINDS:
        print(f"error: {name} is {OTHER_KINDS[kind]}, not a tile set or a piece set: `edit` "
              "opens those two; change this file in a text editor (`botanik-design validate "
              f"{name}` checks it)", file=sys.stderr)
        return 1
    return None


def _source_of(ref: str) -> tuple[str, str]:
    """``(kind, text)`` of the ``--from`` set: a tile set, else a piece set (``SpecError``)."""
    from botanik_design.spec.errors import SpecError
    from botanik_design.spec.load import resolve_ref
    from botanik_design.spec.refs import bundled, find_ref

    if ref in bundled("pieceset") and ref not in bundled("tileset"):
        found = find_ref(ref, "pieceset", None)
        if found is not None:
            return "pieceset", found[1].read_text(encoding="utf-8")
    try:
        _, source = resolve_ref(ref, "tileset")
    except SpecError as exc:
        raise SpecError(f"{exc} (piece sets: {', '.join(sorted(bundled('pieceset')))})") \
            from None
    text = source.read_text(encoding="utf-8")
    return ("pieceset" if kind_of_text(text) == "pieceset" else "tileset"), text


def _near_file(path: Path) -> str:
    """``; did you mean `sets/botanik.yaml`?`` for the spec file beside ``path`` whose name
    is closest (:func:`~botanik_design.model.words.near_miss`), else ``""``."""
    from botanik_design.model.words import near_miss

    folder = path.parent
    try:
        names = [str(p) for p in folder.iterdir() if p.suffix in (".yaml", ".yml")]
    except OSError:
        return ""
    near = near_miss(str(path), names)
    return f"; {near}" if near else ""


def run(args: argparse.Namespace) -> int:
    """Open the editor; 0 on a normal exit, 1 for a file that cannot be edited, 2 for usage/I-O."""
    from botanik_design.spec.atomic import remove_stale_temporaries
    from botanik_design.spec.errors import SpecError
    from botanik_design.tui.botanik.editor.document import DocumentError, TilesetDocument, read_raw
    from botanik_design.tui.hive.editor.document import PiecesetDocument

    path = Path(args.file)
    name = args.file
    try:
        if args.from_ is not None:
            if path.exists() and not args.force:
                print(f"error: {name} already exists; use --force to start over from "
                      f"{args.from_!r} (nothing is written until you save), or drop --from "
                      "to edit it", file=sys.stderr)
                return 2
            if not path.parent.is_dir():
                print(f"error: {name}: folder {str(path.parent)!r} does not exist",
                      file=sys.stderr)
                return 2
            try:
                kind, text = _source_of(args.from_)
            except SpecError as exc:
                print(f"error: --from: {exc}", file=sys.stderr)
                return 2
            doc: TilesetDocument | PiecesetDocument
            if kind == "pieceset":
                doc = PiecesetDocument.from_text(path, text, pieceset_name=_stem_name(path),
                                                 name=name)
            else:
                doc = TilesetDocument.from_text(path, text, tileset_name=_stem_name(path),
                                                name=name)
            if path.is_file():  # --force: the user chose to replace it
                doc.disk_text = read_raw(path)
            what = "piece set" if kind == "pieceset" else "tile set"
            note = (f"new {what} from {args.from_}: not on disk until you save (ctrl+s) · "
                    "? for help")
        else:
            if not path.exists():
                near = _near_file(path)
                print(f"error: {name}: no such file{near}; to start a new tile set use "
                      f"`botanik-design edit {name} --from botanik` (bundled: botanik, quick-3; "
                      "piece sets: --from hive-base or hive-full)", file=sys.stderr)
                return 2
            if path.is_dir():
                print(f"error: {name} is a folder, not a tile-set file", file=sys.stderr)
                return 2
            raw = read_raw(path)
            found_kind = kind_of_text(raw)
            refused = _open_other(name, found_kind)
            if refused is not None:
                return refused
            if found_kind == "pieceset":
                doc = PiecesetDocument(path, raw, name=name)
            else:
                doc = TilesetDocument(path, raw, name=name)
            note = ""
            # a save killed half-way (kill -9) left its temporary file: remove it
            remove_stale_temporaries(path.parent)
    except DocumentError as exc:
        print(f"error: {exc}\nThe file was not changed; fix it in a text editor and try again.",
              file=sys.stderr)
        return 1
    except UnicodeDecodeError as exc:
        print(f"error: {name}: not UTF-8 text ({exc.reason} at byte {exc.start}); "
              "the file was not changed", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"error: {name}: cannot read: {exc.strerror or exc}", file=sys.stderr)
        return 2

    if not doc.roundtrip_exact and args.from_ is None:
        note = ("note: this file's layout could not be reproduced exactly; saving will "
                "normalise its indentation (comments are kept) · ? for help")

    from botanik_design.tui.botanik.editor.app import EditorApp
    from botanik_design.tui.hive.editor.app import PiecesetApp

    app: EditorApp | PiecesetApp = PiecesetApp(doc, note=note) \
        if isinstance(doc, PiecesetDocument) else EditorApp(doc, note=note)
    rescued: list[Path | None] = []
    restore = install_signal_handlers(app, doc, rescued)
    try:
        app.run()
    finally:
        restore()
    if rescued:
        where = rescued[0]
        if where is not None:
            print(f"error: the editor was stopped (terminal closed or killed); your unsaved "
                  f"edits are in {where} ({doc.name} was not changed)", file=sys.stderr)
        elif doc.modified:
            print(f"error: the editor was stopped and the unsaved edits to {doc.name} could "
                  "not be written anywhere", file=sys.stderr)
        return 1
    if app.return_code and doc.modified:
        return _rescue(doc)
    return int(app.return_code or 0)


#: Signals that end the editor: the terminal was closed (SIGHUP) or it was killed (SIGTERM).
STOP_SIGNALS = ("SIGHUP", "SIGTERM")


def on_stop_signal(app: Any, doc: Any, signum: int, rescued: list[Path | None]) -> Path | None:
    """A stop signal arrived: write the unsaved edits beside the file (as a crash
    does), note where in ``rescued``, and ask the app to exit (the terminal is restored)."""
    where = write_rescue(doc) if doc.modified else None
    rescued.append(where)
    try:
        import asyncio

        loop = asyncio.get_running_loop()
    except RuntimeError:  # the app's loop is not running (yet, or any more)
        app.exit(return_code=1)
    else:
        loop.call_soon_threadsafe(lambda: app.exit(return_code=1))
    return where


def install_signal_handlers(app: Any, doc: Any, rescued: list[Path | None]) -> Any:
    """Handle SIGHUP and SIGTERM with :func:`on_stop_signal`; returns a function that
    puts the previous handlers back."""
    import signal

    previous: dict[int, Any] = {}
    for name in STOP_SIGNALS:
        signum = getattr(signal, name, None)
        if signum is None:  # not on this platform
            continue

        def handler(num: int, frame: Any) -> None:
            on_stop_signal(app, doc, num, rescued)

        previous[signum] = signal.signal(signum, handler)

    def restore() -> None:
        for signum, old in previous.items():
            signal.signal(signum, old)

    return restore


def write_rescue(doc: Any) -> Path | None:
    """Write ``doc``'s text to ``NAME.yaml.unsaved-<time>`` beside it (else in the current
    folder), never over the file; the path written, ``None`` when nowhere could be."""
    from datetime import datetime

    from botanik_design.spec.atomic import write_atomic

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for folder in (doc.path.parent, Path.cwd()):
        rescue = folder / f"{doc.path.name}.unsaved-{stamp}"
        try:
            write_atomic(rescue, doc.text)
        except OSError:
            continue
        return rescue
    return None


def _rescue(doc: Any) -> int:
    """The editor crashed with unsaved edits: write them beside the file, never over it."""
    rescue = write_rescue(doc)
    if rescue is not None:
        print(f"error: the editor stopped unexpectedly; your unsaved edits are in {rescue} "
              f"({doc.name} was not changed)", file=sys.stderr)
        return 1
    print(f"error: the editor stopped unexpectedly and the unsaved edits to {doc.name} could "
          "not be written anywhere", file=sys.stderr)
    return 1

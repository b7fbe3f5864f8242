"""``botanik-design edit``: a set file in its game's editor (a Textual TUI; the game's
entry names the editor, :mod:`botanik_design.tui.plugins`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from botanik_design.cli.runs import named

if TYPE_CHECKING:
    from botanik_design.tui.plugins import EditorLauncher


def register(subparsers: Any) -> None:
    """Add the ``edit`` sub-command."""
    parser = subparsers.add_parser(
        "edit",
        help="edit a tile set or a piece set in a terminal UI (keeps comments and "
        "formatting)",
        description=(
            "Edit a set file in a terminal UI: its game's editor (a tile set: a table of the "
            "tiles, a preview, fields; a piece set: copies per bug, name and title), with "
            "live validation.  Saving keeps comments, key order and formatting of "
            "everything you did not edit, and writes atomically.  Press ? in the editor "
            "for the keys."
        ),
    )
    parser.add_argument("file", metavar="TILESET.yaml", type=named,
                        help="the tile-set (or piece-set) file to edit")
    parser.add_argument(
        "--from", dest="from_", metavar="NAME", type=named,
        help="start a new set at TILESET.yaml from a bundled one (`botanik-design list` "
        "names them) or another file; nothing is written until you save",
    )
    parser.add_argument(
        "--force", action="store_true",
        help="with --from: replace TILESET.yaml when it already exists (on save)",
    )


def kind_of_text(text: str) -> str | None:
    """The spec kind the top level of ``text`` names (``None``: not YAML, or no kind key)."""
    import yaml

    from botanik_design.spec.schema_check import detect_kind

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return None  # the editor's own reader reports where
    return detect_kind(data) if isinstance(data, dict) else None


def _a(noun: str) -> str:
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def _open_other(name: str, kind: str | None, editable: list[EditorLauncher]) -> int | None:
    """A message and exit status 1 when ``kind`` is a spec ``edit`` does not open (2 when
    its game has no editor at all); ``None`` for a kind the editors may open."""
    from botanik_design.games.registry import spec_kind
    from botanik_design.tui.plugins import editor_launcher

    nouns = " or ".join(_a(ed.noun) for ed in editable)
    if any(ed.kind == kind for ed in editable):
        return None
    if kind == "sweep":
        what = "a sweep file"
    else:
        declared = spec_kind(kind)
        if declared is None:
            return None
        game, spec = declared
        if editor_launcher(game) is None:
            print(f"error: {name} is {_a(spec.noun)}, and {game.title} has no editor in "
                  "the terminal: change this file in a text editor (`botanik-design "
                  f"validate {name}` checks it)", file=sys.stderr)
            return 2
        what = _a(spec.noun)
    print(f"error: {name} is {what}, not {nouns}: `edit` opens those; change this file in "
          f"a text editor (`botanik-design validate {name}` checks it)", file=sys.stderr)
    return 1


def _source_of(ref: str, editable: list[EditorLauncher]) -> tuple[EditorLauncher, str]:
    """The editor and text of the ``--from`` set: a file (its kind picks the editor, else
    the first editor's), else a bundled set of some editor's kind (``SpecError``)."""
    from botanik_design.spec.errors import SpecError
    from botanik_design.spec.load import resolve_ref
    from botanik_design.spec.refs import bundled, find_ref
    from botanik_design.spec.userfiles import read_text

    for ed in editable:
        found = find_ref(ref, ed.kind, None)
        if found is not None:
            source = found[1]  # a file (checked: never a device or FIFO) or a bundled one
            text = read_text(source) if isinstance(source, Path) else \
                source.read_text(encoding="utf-8")
            kind = kind_of_text(text)
            return next((e for e in editable if e.kind == kind), ed), text
    first = editable[0]
    try:
        resolve_ref(ref, first.kind, what=first.noun)
    except SpecError as exc:
        others = "; ".join(f"{e.noun}s: {', '.join(sorted(bundled(e.kind)))}"
                           for e in editable[1:])
        raise SpecError(f"{exc}" + (f" ({others})" if others else "")) from None
    raise AssertionError("resolve_ref found what find_ref did not")  # pragma: no cover


def _start_hint(name: str, editable: list[EditorLauncher]) -> str:
    """How to start a new set at ``name`` from a bundled one, per editor."""
    from botanik_design.spec.refs import bundled

    hints: list[str] = []
    for ed in editable:
        names = sorted(bundled(ed.kind))
        if not names:
            continue
        if not hints:
            hints.append(f"to start a new {ed.noun} use `botanik-design edit {name} --from "
                         f"{names[0]}` (bundled: {', '.join(names)}")
        else:
            hints.append(f"{ed.noun}s: --from {' or '.join(names)}")
    return "; ".join(hints) + ")" if hints else "give a file that exists"


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


def _document(args: argparse.Namespace, editable: list[EditorLauncher]
              ) -> tuple[EditorLauncher, Any, str] | int:
    """The editor, its document and the first note for ``args``, or an exit status
    (the message printed).  Raises what reading the file raises."""
    from botanik_design.spec.atomic import remove_stale_temporaries
    from botanik_design.spec.errors import SpecError
    from botanik_design.tui.editor.roundtrip import read_raw

    path = Path(args.file)
    name = args.file
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
            ed, text = _source_of(args.from_, editable)
        except SpecError as exc:
            print(f"error: --from: {exc}", file=sys.stderr)
            return 2
        doc = ed.new_document(path, text, name)
        if path.is_file():  # --force: the user chose to replace it
            doc.disk_text = read_raw(path)
        return ed, doc, (f"new {ed.noun} from {args.from_}: not on disk until you save "
                         "(ctrl+s) · ? for help")
    if not path.exists():
        print(f"error: {name}: no such file{_near_file(path)}; "
              f"{_start_hint(name, editable)}", file=sys.stderr)
        return 2
    if path.is_dir():
        print(f"error: {name} is a folder, not a set file", file=sys.stderr)
        return 2
    raw = read_raw(path)
    found_kind = kind_of_text(raw)
    refused = _open_other(name, found_kind, editable)
    if refused is not None:
        return refused
    ed = next((e for e in editable if e.kind == found_kind), editable[0])
    doc = ed.open_document(path, raw, name)
    # a save killed half-way (kill -9) left its temporary file: remove it
    remove_stale_temporaries(path.parent)
    return ed, doc, ""


def run(args: argparse.Namespace) -> int:
    """Open the editor; 0 on a normal exit, 1 for a file that cannot be edited, 2 for usage/I-O."""
    from botanik_design.tui.editor.roundtrip import DocumentError
    from botanik_design.tui.plugins import editors

    editable = [ed for _, ed in editors()]
    if not editable:
        print("error: no registered game has an editor", file=sys.stderr)
        return 2
    name = args.file
    try:
        opened = _document(args, editable)
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
    if isinstance(opened, int):
        return opened
    ed, doc, note = opened
    if not doc.roundtrip_exact and args.from_ is None:
        note = ("note: this file's layout could not be reproduced exactly; saving will "
                "normalise its indentation (comments are kept) · ? for help")

    app = ed.app(doc, note)
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

"""The ``botanik-design`` command line.

Each sub-command lives in its own module ``botanik_design.cli.<name>`` that
defines ``register(subparsers)`` and ``run(args) -> int``.  Those modules
import nothing heavy at module level (no networkx, no textual): heavy imports
happen inside ``run`` so that ``botanik-design validate`` starts fast.

Exit codes: 0 success, 1 the input is invalid (or the command's own failure),
2 usage or I/O error, or an optional part of the install that the command needs
is missing (:mod:`botanik_design.extras`: the message names the extra to install).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import sys
from collections.abc import Sequence

from botanik_design import __version__
from botanik_design.cli.exit_status import add_exit_status

#: The shared sub-commands in the order ``--help`` lists them; each game's own commands
#: (its entry's ``commands``) follow.
COMMANDS: tuple[str, ...] = (
    "list",
    "validate",
    "score",
    "replay",
    "simulate",
    "compare",
    "sweep",
    "sheet",
    "show",
    "import",
    "export",
    "rules",
    "play",
    "host",
    "join",
    "report",
    "edit",
    "completion",
)

#: Sub-commands that run the full-screen TUI (they keep the default signal actions).
FULL_SCREEN: frozenset[str] = frozenset({"play", "edit", "join", "host"})


def command_modules() -> dict[str, str]:
    """Sub-command name -> its module: the shared ones, then every game's (by entry)."""
    from botanik_design.games.registry import entries

    found = {name: f"botanik_design.cli.{name}_cmd" for name in COMMANDS}
    for entry in entries():
        for module in entry.commands:
            found.setdefault(module.rsplit(".", 1)[-1].removesuffix("_cmd"), module)
    return found


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The top-level parser with every available sub-command registered (``only``: that
    one alone, for a command line that names it: the others' modules stay unimported)."""
    from botanik_design.cli.words import about

    parser = argparse.ArgumentParser(
        prog="botanik-design",
        description=f"Design, validate, simulate and play-test {about()}.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module_name in command_modules().items():
        if only is not None and name != only:
            continue
        if importlib.util.find_spec(module_name) is None:
            continue
        module = importlib.import_module(module_name)
        module.register(sub)
        add_exit_status(sub.choices[name], name)
    for command in sub.choices.values():
        _add_reference_options(command)
    return parser


def _add_reference_options(parser: argparse.ArgumentParser) -> None:
    """``--root`` and ``--allow-outside`` on every sub-command: where paths written in
    files may lead (:class:`botanik_design.spec.refs.RefPolicy`)."""
    from botanik_design.cli.runs import path_arg

    if "--root" not in parser._option_string_actions:  # validate has its own (more uses)
        parser.add_argument("--root", type=path_arg, default=None, metavar="FOLDER",
                            help="a folder paths written in files (tileset:, extends:, "
                            "variant:, pieceset:) may lead into, besides the project holding "
                            "the file (the nearest folder above it with .git or "
                            "pyproject.toml)")
    parser.add_argument("--allow-outside", action="store_true",
                        help="let paths written in files lead outside the project "
                        "(/proc, /sys and /dev stay refused)")


#: The codec error handler :func:`escape_errors` registers.
_ESCAPE = "botanik_design.json_escape"


def _json_escape(error: UnicodeError) -> tuple[str, int]:
    """A character a stream cannot encode as JSON's own escape, ``\\u00e0`` (above
    U+FFFF: its UTF-16 surrogate pair), so JSON printed there stays valid JSON and text
    stays readable."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    out = []
    for ch in error.object[error.start:error.end]:
        code = ord(ch)
        if code > 0xFFFF:
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out), error.end


def escape_errors() -> str:
    """The name of the error handler for output streams: each character the stream cannot
    encode becomes its ``\\uXXXX`` escape (valid inside a JSON string, readable in text)."""
    import codecs

    try:
        codecs.lookup_error(_ESCAPE)
    except LookupError:
        codecs.register_error(_ESCAPE, _json_escape)
    return _ESCAPE


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    words = sys.argv[1:] if argv is None else list(argv)
    named = words[0] if words and words[0] in command_modules() else None
    # a command line naming its command parses with that command alone (the same
    # parse); anything else (help, --version, a typo, a completion) sees them all
    parser = build_parser(None if "_ARGCOMPLETE" in os.environ else named)
    if argv is None and "_ARGCOMPLETE" in os.environ:  # a TAB in a shell with
        # `botanik-design completion SHELL` installed (else its module stays unimported)
        from botanik_design.cli.completion_cmd import complete

        complete(parser)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
        return int(exc.code or 0)
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    args.argv = list(sys.argv[1:] if argv is None else argv)  # for reports that say how
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show a character
        reconfigure = getattr(stream, "reconfigure", None)  # (LANG=C, an ASCII pipe) gets
        if reconfigure is not None:  # its escape, not a UnicodeEncodeError traceback
            reconfigure(errors=escape_errors())
    module = importlib.import_module(command_modules()[args.command])
    from botanik_design.spec.refs import set_ref_policy

    root = getattr(args, "root", None)
    if root is not None and args.command != "validate" and not root.is_dir():
        print(f"{args.command}: --root {str(root)[:200]}: no such folder", file=sys.stderr)
        return 2
    set_ref_policy(root, getattr(args, "allow_outside", False))
    from botanik_design.cli.signals import Terminated, terminate_as_exception

    try:
        if args.command in FULL_SCREEN:  # the TUI keeps the default signal actions
            return int(module.run(args))
        with terminate_as_exception():  # SIGTERM/SIGHUP: clean up, exit 128 + signal
            return int(module.run(args))
    except ImportError as exc:  # an optional part missing: say which one to install
        from botanik_design.extras import missing_extra

        missing = missing_extra(exc)
        if missing is None:
            raise
        print(f"{args.command}: error: {missing}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Terminated as exc:
        print("terminated", file=sys.stderr)
        return 128 + exc.signum
    except BrokenPipeError:
        return 0
    finally:
        set_ref_policy()  # the next command (in the same process) starts from the default

"""Every command's exit statuses, shown at the end of its ``--help`` (one table, so
that no command leaves them out; ``tests/test_cli_help.py`` checks each sub-command).

Imports nothing heavy (the parser is built for every command, ``validate`` included).
"""

from __future__ import annotations

import argparse
import textwrap

#: Per command: what 0, 1 and 2 mean (``""``: the command never exits with it).
EXIT_STATUS: dict[str, tuple[str, str, str]] = {
    "list": ("listed", "", "a bundled file cannot be read"),
    "validate": ("valid", "invalid (or warnings with --strict)", "usage or I/O error"),
    "score": ("scored (and any `expect` met)", "invalid file or failed `expect`",
              "usage error, or the file cannot be read"),
    "replay": ("replayed (and any `expect` met)",
               "invalid record, illegal action or failed `expect`",
               "usage error, or the file cannot be read"),
    "golden": ("written / identical", "--check found a difference",
               "no golden folder, or an I/O error"),
    "simulate": ("done", "invalid spec or failed game", "usage or I/O error"),
    "compare": ("done", "invalid spec or failed game", "usage or I/O error"),
    "sweep": ("done", "invalid sweep file or failed game", "usage or I/O error"),
    "sheet": ("written", "invalid tile set or piece set", "usage or I/O error"),
    "show": ("shown", "invalid tile set or piece set", "usage or I/O error"),
    "rules": ("printed", "invalid variant or tile set", "usage or I/O error"),
    "play": ("the game was left normally", "invalid variant, tile set or record",
             "usage error (a bad option, an unknown name) or an unreadable file"),
    "edit": ("the editor was left normally", "a file that cannot be edited",
             "usage error or an unreadable file"),
    "perft": ("counted", "invalid variant file", "unknown game type or variant"),
    "uhp": ("after `exit` or the end of input", "invalid variant file",
            "unknown variant, or one that UHP cannot express"),
    "completion": ("printed", "", "unknown shell"),
    "import": ("written", "the result is invalid (nothing written)", "usage or I/O error"),
    "export": ("written", "invalid tile set or piece set", "usage or I/O error"),
    "host": ("the host was stopped normally", "invalid variant, tile set or record",
             "usage error, an address in use, or an unreadable file"),
    "join": ("the screen was left normally", "", "usage error, or the host refused the link"),
    "report": ("written", "an invalid record", "usage or I/O error"),
}

#: What every command shares (after its own 0, 1, 2).
COMMON: tuple[tuple[str, str], ...] = (
    ("2", "also: a part of the install the command needs is missing (the message says "
     "what to install)"),
    ("130", "interrupted (Ctrl-C)"),
    ("128+N", "ended by signal N (143: SIGTERM)"),
)


def epilog(command: str) -> str:
    """The ``exit status:`` block of ``command``'s ``--help``; ``KeyError`` for a command
    without an entry in :data:`EXIT_STATUS`."""
    rows = [(str(code), meaning) for code, meaning in enumerate(EXIT_STATUS[command])
            if meaning]
    rows += list(COMMON)
    width = max(len(code) for code, _ in rows)
    lines = ["exit status:"]
    for code, meaning in rows:
        lines += textwrap.wrap(meaning, 77, initial_indent=f"  {code.ljust(width)}  ",
                               subsequent_indent=" " * (width + 4))
    return "\n".join(lines)


class _KeepEpilog(argparse.HelpFormatter):
    """The default formatter (descriptions re-wrapped), but a text holding the
    ``exit status:`` block keeps its line breaks."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "exit status:\n" not in text:
            return super()._fill_text(text, width, indent)
        before, _, block = text.partition("exit status:\n")
        head = super()._fill_text(before, width, indent) + "\n\n" if before.strip() else ""
        return head + "exit status:\n" + block


def add_exit_status(parser: argparse.ArgumentParser, command: str) -> None:
    """Append ``command``'s exit statuses to ``parser``'s epilog (after any epilog of its
    own, e.g. the bots); a command missing from :data:`EXIT_STATUS` keeps its help as it
    is (a test requires every command's entry)."""
    if command not in EXIT_STATUS:
        return
    block = epilog(command)
    parser.epilog = f"{parser.epilog}\n\n{block}" if parser.epilog else block
    if parser.formatter_class is argparse.HelpFormatter:
        parser.formatter_class = _KeepEpilog

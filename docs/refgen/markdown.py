"""Markdown helpers shared by the generators: escaping and tables."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

_SPECIAL = re.compile(r"([\\*_\[\]>|])")
_CODE = re.compile(r"(`+)(.+?)\1")
_HYPHEN_BREAK = re.compile(r"(?<=\w)-[ \t]*\n[ \t]*(?=\w)")


def text(value: str) -> str:
    """``value`` as Markdown text: code spans kept, every other special character escaped.

    Line breaks become spaces (a help text wrapped for the terminal is one paragraph),
    except after a word's hyphen, where the wrapping broke a word such as ``Mann-Whitney``.
    """
    value = " ".join(_HYPHEN_BREAK.sub("-", value).split())
    out: list[str] = []
    pos = 0
    for match in _CODE.finditer(value):
        out.append(_plain(value[pos:match.start()]))
        out.append(cell_code(match.group(2)))
        pos = match.end()
    out.append(_plain(value[pos:]))
    return "".join(out)


def _plain(value: str) -> str:
    """Backslash escapes for Markdown's specials; ``<`` as an entity (no raw HTML)."""
    return _SPECIAL.sub(r"\\\1", value).replace("<", "&lt;")


def code(value: str) -> str:
    """``value`` as an inline code span (any backticks in it fenced by longer runs)."""
    fence = "`" * (max((len(m) for m in re.findall(r"`+", value)), default=0) + 1)
    pad = " " if value.startswith("`") or value.endswith("`") else ""
    return f"{fence}{pad}{value}{pad}{fence}"


def cell_code(value: str) -> str:
    """An inline code span safe inside a table cell (``|`` written as an entity)."""
    if "|" in value:
        return "<code>" + value.replace("&", "&amp;").replace("<", "&lt;").replace(
            "|", "&#124;") + "</code>"
    return code(value)


def table(head: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A Markdown table; cells are Markdown already (see :func:`text`)."""
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def fence(body: str, lang: str = "text") -> str:
    """A fenced code block whose fence is longer than any backtick run in ``body``."""
    ticks = "`" * max(3, max((len(m) + 1 for m in re.findall(r"`+", body)), default=3))
    return f"{ticks}{lang}\n{body.rstrip()}\n{ticks}"


def anchor(value: str) -> str:
    """A heading id: lower case, runs of other characters as one dash."""
    return re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-")

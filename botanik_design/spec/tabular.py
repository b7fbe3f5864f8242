"""Spec files as spreadsheet rows, and back (``import`` and ``export``).

A kind of spec that has a spreadsheet form declares it on its ``SpecKind.table``: a
:class:`TableFormat` (Botanik's tile sets: one row per tile; Hive's piece sets: one row
per bug) that gives its columns, the list it fills and how a row becomes YAML.  Cells
become YAML values as the validator would read them from a file: whole numbers in the
count columns become integers, an empty cell leaves the field out, and anything else
stays text (a format may read a column its own way), so a wrong cell is reported by the
same schema and semantic checks as a wrong value in a YAML file.
:func:`table_positions` moves those diagnostics back to the cell they came from
(``tiles.csv:ROW:COLUMN``).

:func:`splice` puts the new list into an existing file in place of the old
one and keeps every other byte of the file (its comments above and below the
list included); a comment *inside* the old list would be lost, so it is
refused (:class:`SpliceRefused`) unless the caller allows it.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from botanik_design.model.words import plural
from botanik_design.spec.diagnostics import Diagnostic
from botanik_design.spec.tables import Table
from botanik_design.spec.tables import field_of as field_of


@dataclass(frozen=True)
class TableFormat:
    """The spreadsheet form of one kind of spec (its ``SpecKind.table`` names it).

    ``columns``: in the order ``export`` writes them; ``list_key``: the top-level key of
    the list a spreadsheet fills (``tiles``); ``row_noun``: what one row is, for messages;
    ``marker``: a header column that makes a table of this kind (``""``: the kind of a
    table no other marker claims); ``block(table)``: the YAML of the list;
    ``new_document(name, palette)``: a new file's text before the list;
    ``column(diagnostic, table)``: the 1-based column a diagnostic inside the list is
    about (``None``: unknown); ``to_csv(data)``: the CSV of a checked document.
    """

    columns: tuple[str, ...]
    list_key: str
    row_noun: str
    block: Callable[[Table], str]
    new_document: Callable[..., str]
    column: Callable[[Diagnostic, Table], int | None]
    to_csv: Callable[[dict[str, Any]], str]
    marker: str = ""


def table_formats() -> dict[str, TableFormat]:
    """kind -> its :class:`TableFormat`, for every registered kind that has one (the
    default game's first)."""
    from botanik_design.games.registry import entries, resolve

    found: dict[str, TableFormat] = {}
    for e in entries():
        for k in e.kinds:
            if k.table:
                found[k.kind] = resolve(k.table)
    return found


def table_format(kind: str) -> TableFormat:
    """The :class:`TableFormat` of ``kind``; ``KeyError`` when it has none."""
    return table_formats()[kind]


class _ListKeys(Mapping[str, str]):
    """kind -> the list a spreadsheet fills (``TableFormat.list_key``)."""

    def __getitem__(self, kind: str) -> str:
        return table_format(kind).list_key

    def __iter__(self) -> Iterator[str]:
        return iter(table_formats())

    def __len__(self) -> int:
        return len(table_formats())


#: The list a spreadsheet fills, per kind of spec.
LIST_KEY: Mapping[str, str] = _ListKeys()

_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*")
_RESERVED = {"yes", "no", "on", "off", "true", "false", "null", "nan", "inf"}
_INTEGER = re.compile(r"[+-]?[0-9]+")


class SpliceRefused(ValueError):
    """The existing file cannot take the new list without losing something."""


def table_kind(table: Table) -> str:
    """The kind of a table: the one whose format's ``marker`` column it has (a ``bug``
    column: a piece set), else the kind whose format has no marker."""
    fields = {field_of(h) for h in table.header}
    formats = table_formats()
    marked = [k for k, f in formats.items() if f.marker and f.marker in fields]
    plain = [k for k, f in formats.items() if not f.marker]
    return (marked or plain)[0]


def cell_value(field: str, text: str, counts: frozenset[str] = frozenset()) -> Any:
    """The YAML value of a cell: a whole number in a count column (``counts``) an
    ``int``, anything else the text itself (an id or a label of digits stays text)."""
    if field in counts and _INTEGER.fullmatch(text) and len(text) <= 12:
        return int(text)
    return text


def scalar(value: Any) -> str:
    """A YAML flow scalar: plain when it reads back as the same string, else quoted."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value, allow_nan=False)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(scalar(v) for v in value) + "]"
    text = str(value)
    if _PLAIN.fullmatch(text) and text.lower() not in _RESERVED:
        return text
    return json.dumps(text, ensure_ascii=False, allow_nan=False)


def list_block(kind: str, table: Table) -> str:
    """The YAML of the list the table fills (``tiles:``...), one line per row."""
    return table_format(kind).block(table)


def new_document(kind: str, name: str, palette: Sequence[Any] = ()) -> str:
    """A new file's text before its list: the name (and whatever else the kind's format
    writes first, e.g. a tile set's ``palette`` of ``Colour`` entries)."""
    return table_format(kind).new_document(name, palette)


def _comment_at(line: str) -> int | None:
    """Where a YAML comment starts in ``line`` (outside quotes), or ``None``."""
    quote = ""
    for k, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
            elif ch == "\\" and quote == '"':
                continue
        elif ch in "\"'":
            quote = ch
        elif ch == "#" and (k == 0 or line[k - 1] in " \t"):
            return k
    return None


def splice(text: str, key: str, block: str, *, drop_comments: bool = False) -> str:
    """``text`` with the top-level ``key`` (its line and everything below it up to the next
    top-level key, comments at the left margin just above that key excepted) replaced by
    ``block``; appended when the file has no ``key``.

    Raises :class:`SpliceRefused` when the file is not a block mapping at the top or
    holds a comment inside the old list (unless ``drop_comments``)."""
    from ruamel.yaml import YAML

    data = YAML(typ="rt").load(text)
    if not hasattr(data, "lc") or not hasattr(data, "keys"):
        raise SpliceRefused("the file is not a mapping of keys")
    lines = text.splitlines(keepends=True)
    if key not in data:
        sep = "" if not lines or lines[-1].endswith("\n") else "\n"
        return text + sep + block
    start, col = data.lc.key(key)
    if col != 0:
        raise SpliceRefused("the file's top level is not in block style (one key a line)")
    later = sorted(data.lc.key(k)[0] for k in data if data.lc.key(k)[0] > start)
    end = later[0] if later else len(lines)
    while end > start + 1 and (not lines[end - 1].strip()
                               or lines[end - 1].startswith("#")):
        end -= 1  # a comment at the margin above the next key belongs to it
    inside = [(n + 1, lines[n].strip()) for n in range(start, end)
              if _comment_at(lines[n]) is not None]
    if inside and not drop_comments:
        shown = "; ".join(f"line {n}: {c[:40]}" for n, c in inside[:3])
        raise SpliceRefused(
            f"{plural(len(inside), 'comment')} inside the `{key}` list "
            f"would be lost ({shown}); move {'them' if len(inside) > 1 else 'it'} above "
            f"`{key}:` or below the list, or pass --drop-comments")
    return "".join(lines[:start]) + block + "".join(lines[end:])


def block_start(text: str, block: str) -> int:
    """The 1-based line of the first row of ``block`` inside ``text``."""
    at = text.index(block)
    return text.count("\n", 0, at) + 2


def table_positions(diagnostics: Sequence[Diagnostic], table: Table, kind: str,
                    first: int) -> list[Diagnostic]:
    """``diagnostics`` of the document with the table's list starting at line ``first``,
    those within the list moved to their row and the column of their field."""
    out = []
    last = first + len(table.rows)
    for d in diagnostics:
        if d.line is None or not first <= d.line < last:
            out.append(d)
            continue
        row = table.rows[d.line - first]

        def row_of(m: re.Match[str]) -> str:
            n = int(m.group(1))
            return f"(row {table.rows[n - first].number})" if first <= n < last else m.group(0)

        out.append(replace(d, file=table.name, line=row.number,
                           column=table_format(kind).column(d, table),
                           message=re.sub(r"\(line (\d+)\)", row_of, d.message)))
    return out


def rows_csv(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """CSV text: the header row, then ``rows``."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue()


def to_csv(kind: str, data: dict[str, Any]) -> str:
    """The CSV of a checked document of ``kind`` (its format's columns)."""
    return table_format(kind).to_csv(data)


def tiles_csv(data: dict[str, Any]) -> str:
    """:func:`to_csv` of a tile set (the ``export`` command's name for it)."""
    return to_csv("tileset", data)


def pieces_csv(data: dict[str, Any]) -> str:
    """:func:`to_csv` of a piece set (the ``export`` command's name for it)."""
    return to_csv("pieceset", data)

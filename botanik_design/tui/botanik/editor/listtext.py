"""Where each item of a block sequence lies in the text, with the comments it owns.

Structural edits of the tile list (delete, add, duplicate) are made on the
lines of the text, not on ruamel's comment tokens: ruamel attaches a comment
line to the item *before* it, so removing or inserting items in the tree moves
comments onto the wrong tile.  Here an item owns

* the comment-only lines directly above its first line (no blank line between),
* every line from its first to its last content line (a trailing comment on
  one of those lines included).

Blank lines and comments separated from an item by a blank line belong to no
item and stay where they are.  Lines are 0-based indices into ``text.split("\\n")``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark
from ruamel.yaml.tokens import CommentToken


@dataclass(frozen=True)
class ItemSpan:
    """Lines of one list item: ``owned`` (first owned comment line), ``first`` (its
    ``- `` line) and ``last`` (its last content line), all inclusive."""

    owned: int
    first: int
    last: int


def _is_comment(line: str) -> bool:
    return line.lstrip().startswith("#")


def _is_content(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def item_spans(lines: list[str], root: CommentedMap, key: str) -> list[ItemSpan] | None:
    """Spans of the items of the block sequence ``root[key]`` of a fresh parse of ``lines``.

    Returns ``None`` when the sequence is written in flow style (``[...]``) or its
    items cannot be placed (then the caller edits the tree instead).
    """
    seq = root.get(key)
    if not isinstance(seq, CommentedSeq) or seq.fa.flow_style() or not len(seq):
        return None
    firsts = [seq.lc.item(i)[0] for i in range(len(seq))]
    for i, first in enumerate(firsts):  # a lone ``-`` line above the item's node
        if not lines[first].lstrip().startswith("-") and first > 0 and \
                lines[first - 1].strip() == "-":
            firsts[i] = first - 1
    keys = list(root.keys())
    pos = keys.index(key)
    end = len(lines)
    if pos + 1 < len(keys):
        end = root.lc.key(keys[pos + 1])[0]
    spans: list[ItemSpan] = []
    for i, first in enumerate(firsts):
        stop = firsts[i + 1] if i + 1 < len(firsts) else end
        last = first
        for n in range(first + 1, stop):
            if _is_content(lines[n]):
                last = n
        owned = first
        while owned - 1 >= 0 and _is_comment(lines[owned - 1]) and (
            i == 0 or owned - 1 > spans[-1].last
        ):
            owned -= 1
        spans.append(ItemSpan(owned, first, last))
    return spans


def heads_group(spans: list[ItemSpan], index: int) -> bool:
    """Whether the comment lines above item ``index`` head a group of items rather than
    belong to it alone: they start a section (the list starts there, or a blank line is
    above them, not the previous item) and the next item follows the item directly (no
    blank line, no comment of its own between), as ``# --- red ---`` above the red
    tiles. Deleting the item then leaves the comment above the next one."""
    span = spans[index]
    if span.owned == span.first or index + 1 >= len(spans):
        return False
    starts_section = index == 0 or span.owned > spans[index - 1].last + 1
    following = spans[index + 1]
    return starts_section and following.owned == following.first == span.last + 1


def item_lines(dump: Any, entry: CommentedMap, key: str) -> list[str]:
    """The lines ``entry`` takes as an item of a block sequence under ``key``.

    ``dump`` serialises a mapping the way the document does (same indentation).
    """
    seq = CommentedSeq([entry])
    holder = CommentedMap()
    holder[key] = seq
    text: str = dump(holder)
    return text.rstrip("\n").split("\n")[1:]


def restore_lost_comments(lines: list[str], root: CommentedMap, key: str) -> None:
    """Give back the lines ruamel drops above an item that has an end-of-line comment.

    ruamel (0.19) reads ``- {a}\n# note\n\n- {b}  # end`` without the comment and
    blank lines above ``b`` when the item before ends without a comment (the slot
    that would hold them is taken by ``# end``).  This puts them back as the item's
    leading comment, which ruamel then writes where they were.
    """
    spans = item_spans(lines, root, key)
    seq = root.get(key)
    if spans is None or not isinstance(seq, CommentedSeq):
        return
    for i, span in enumerate(spans[1:], start=1):
        slots = seq.ca.items.get(i)
        before = seq.ca.items.get(i - 1)
        if not slots or slots[0] is None or slots[1] is not None:
            continue
        if (before and before[0] is not None) or isinstance(seq[i - 1], CommentedMap) and \
                not seq[i - 1].fa.flow_style():
            continue  # the lines are held by the item before
        gap = lines[spans[i - 1].last + 1: span.first]
        if gap:
            slots[1] = [
                CommentToken(ln.strip() + "\n" if ln.strip() else "\n",
                             CommentMark(len(ln) - len(ln.lstrip()) if ln.strip() else 0),
                             None)
                for ln in gap
            ]


def keep_comment_gap(tiles: CommentedSeq, index: int, text: str, before: str) -> str:
    """``text`` with the usual two spaces before the end-of-line comment of tile ``index``.

    ruamel keeps such a comment at its old column (one space after the line
    when the line grew past it).  When the line had two spaces before its
    comment, or would now have one, the comment is moved to two spaces.
    """
    entry = tiles.ca.items.get(index)
    token = entry[0] if entry else None
    if token is None or not hasattr(token, "column") or not tiles[index].fa.flow_style():
        return text
    comment = str(token.value).split("\n", 1)[0]
    ident = str(tiles[index].get("id") or "")
    if not comment.startswith("#") or not ident:
        return text

    def gap_of(source: str) -> tuple[str, int] | None:
        for line in source.splitlines():
            if f"id: {ident}," in line and line.endswith(" " + comment):
                code = line[: -len(comment)]
                return line, len(code) - len(code.rstrip(" "))
        return None

    new = gap_of(text)
    if new is None or new[1] == 2:
        return text
    old = gap_of(before)
    if new[1] == 1 or (old is not None and old[1] == 2):
        line, gap = new
        token.column = len(line) - len(comment) - gap + 2
        # what dumping again would give, without dumping a large file twice per edit
        fixed = line[: len(line) - len(comment) - gap] + "  " + comment
        lines = text.split("\n")
        lines[lines.index(line)] = fixed
        return "\n".join(lines)
    return text


def empty_list_line(lines: list[str], fresh: CommentedMap) -> list[str]:
    """``lines`` with ``[]`` written after the ``tiles:`` key (its comment kept)."""
    row, col = fresh.lc.key("tiles")
    line = lines[row]
    head = line[: col + len("tiles:")]
    rest = line[len(head):]
    comment = rest.strip()
    lines[row] = head + " []" + (f"  {comment}" if comment.startswith("#") else "")
    return lines

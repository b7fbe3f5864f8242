"""The text after an edit of one tile, without serialising the whole document again.

Serialising a 500-tile file costs 0.3-0.7 s; an edit of one tile's fields changes
only that tile's lines.  :func:`splice_item` serialises the edited item alone (with
the comments ruamel keeps for it) and puts its lines in place of the item's old
lines, which gives the very text a whole dump would (a property test checks it on
random edits of the bundled sets and of files with comments everywhere).  It
answers ``None`` (the caller dumps everything) where that is not certain: anchors
or aliases in the file, the last item
when another key follows the list, an item that cannot be found in the text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ruamel.yaml.comments import CommentedMap, CommentedSeq

#: An anchor (``&name``) or alias (``*name``) token: the file shares nodes.
_ANCHOR = re.compile(r"(?:^|[\s\[{,])[&*][^\s,\[\]{}]", re.MULTILINE)


def item_starts(lines: list[str], key: str, offset: int) -> tuple[list[int], int] | None:
    """First lines of the items of the top-level block sequence ``key`` in ``lines`` (a
    document as ruamel writes it, items at column ``offset``), and the line after the
    sequence's last line; ``None`` when the key is not found."""
    head = f"{key}:"
    try:
        start = next(n for n, ln in enumerate(lines)
                     if ln == head or ln.startswith(head + " "))
    except StopIteration:
        return None
    dash = " " * offset + "-"
    firsts: list[int] = []
    end = len(lines)
    for n in range(start + 1, len(lines)):
        line = lines[n]
        if line and not line[0].isspace() and not line.startswith("#"):
            end = n  # the next top-level key
            break
        if line.startswith(dash) and (len(line) == len(dash) or line[len(dash)] == " "):
            firsts.append(n)
    return firsts, end


def splice_item(text: str, root: CommentedMap, key: str, index: int, offset: int,
                dump: Callable[[CommentedMap], str]) -> str | None:
    """``text`` (ruamel's own writing of ``root`` before item ``index`` of ``root[key]``
    was edited) with that item's lines written anew; ``None`` when only a whole dump
    is certain to be right."""
    seq = root.get(key)
    if not isinstance(seq, CommentedSeq) or seq.fa.flow_style() or _ANCHOR.search(text):
        return None
    own = seq.ca.items.get(index)
    lines = text.split("\n")
    found = item_starts(lines, key, offset)
    if found is None or len(found[0]) != len(seq):
        return None
    firsts, end = found
    if index + 1 < len(firsts):
        stop = firsts[index + 1] - _lines_before(seq, index + 1)
    elif end == len(lines):  # the last item of a list that ends the file
        stop = end - 1 if lines[-1] == "" else end  # ("" after the last newline)
    else:
        return None  # comments between the last item and the next key are not its own
    one = CommentedSeq([seq[index]])
    if own:
        one.ca.items[0] = own
    holder = CommentedMap()
    holder[key] = one
    written = dump(holder).split("\n")
    if written[-1] == "":
        written.pop()
    new = written[1:]
    before = _lines_before(seq, index)
    if len(new) <= before or not new[before].startswith(" " * offset + "-"):
        return None
    return "\n".join(lines[: firsts[index] - before] + new + lines[stop:])


def _lines_before(seq: CommentedSeq, index: int) -> int:
    """Lines of the comments ruamel keeps *before* item ``index`` (written with it)."""
    slots = seq.ca.items.get(index)
    if not slots or len(slots) < 2 or not slots[1]:
        return 0
    return sum(str(token.value).count("\n") for token in slots[1])

"""Semantic checks of Hive records and Hive positions (everything but move legality).

A record's or position's ``variant`` must name a valid Hive variant; its
piece set names the pieces.  A position must use known piece names, each at
most once, one cell per stack, only Beetles and Mosquitoes above the ground,
one connected hive, ``last_moved`` on the board and, when ``in_hand`` is
given, exactly the pieces not on the board.  Whether the moves of a record are
legal needs the engine: ``botanik-design validate`` replays Hive records
(``record-illegal-action`` at the move's line and column).  This module never
imports the engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from botanik_design.games.hive.model import BUG_LETTER, Bug, PieceSet
from botanik_design.games.hive.spec.variants import HiveVariantInfo, hive_variant_info
from botanik_design.model.words import near_miss, plural
from botanik_design.spec.chain import ref_hint
from botanik_design.spec.diagnostics import Diagnostic, errors
from botanik_design.spec.positions import Path as JPath
from botanik_design.spec.positions import pointer
from botanik_design.spec.refs import kind_name, no_file

if TYPE_CHECKING:
    from botanik_design.spec.session import Doc, Session

#: Axial offsets of the six neighbours of a cell (east, then clockwise; see rules-hive.md).
NEIGHBOURS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
#: Bugs that may stand on top of another piece.
CLIMBERS = (BUG_LETTER[Bug.BEETLE], BUG_LETTER[Bug.MOSQUITO])


class _Out:
    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.items: list[Diagnostic] = []

    def add(self, path: JPath, rule: str, message: str, hint: str = "") -> None:
        line, col = self.doc.positions.value(path)
        self.items.append(Diagnostic(self.doc.name, line, col, "error", rule, message,
                                     pointer(path), hint))


def _under(pointer_: str, prefix: str) -> bool:
    return pointer_ == prefix or pointer_.startswith(prefix + "/")


def hive_variant_of(session: Session, doc: Doc, out: list[Diagnostic] | None = None
                    ) -> HiveVariantInfo | None:
    """The complete :class:`HiveVariantInfo` of the variant a Hive record or position names;
    ``None`` (with the reason in ``out``) when it is missing, of another kind or invalid."""
    assert doc.data is not None
    sink = _Out(doc)
    ref = doc.data.get("variant")
    if not isinstance(ref, str) or not ref:
        return None
    vdoc = session.resolve(ref, "hive-variant", doc.folder)
    if vdoc is None:
        sink.add(("variant",), "sem-unknown-variant",
                 no_file("variant", ref, "variant", doc.folder),
                 ref_hint(ref, "hive-variant", "Hive variants"))
    elif vdoc.kind != "hive-variant":
        what = f"{kind_name('variant')} (no `game: hive`)" if vdoc.kind == "variant" else \
            f"a {vdoc.kind}" if vdoc.kind else "not a valid Hive variant"
        sink.add(("variant",), "sem-variant-invalid", f"`{vdoc.name}` is {what}")
    else:
        problems = errors(session.check(vdoc))
        info = hive_variant_info(session, vdoc) if vdoc.schema_valid else None
        if not problems and info is not None and info.complete:
            return info
        first = problems[0].format() if problems else "its chain is broken"
        sink.add(("variant",), "sem-variant-invalid",
                 f"Hive variant `{vdoc.name}` has {plural(len(problems), 'error')}, first: "
                 f"{first}")
    if out is not None:
        out += sink.items
    return None


def check_hive_game(session: Session, doc: Doc, invalid: Iterable[str] = ()) -> list[Diagnostic]:
    """Semantic errors of a Hive record or position; parts with schema errors (``invalid``
    JSON pointers) are skipped."""
    assert doc.data is not None
    bad = set(invalid)
    out: list[Diagnostic] = []
    if any(_under(p, "/variant") for p in bad):
        return out
    info = hive_variant_of(session, doc, out)
    if info is None or info.pieces is None or doc.kind != "hive-position":
        return out
    if any(_under(p, "/stacks") or _under(p, "/last_moved") or _under(p, "/in_hand")
           for p in bad):
        return out
    sink = _Out(doc)
    check_position(doc.data, info.pieces, sink)
    return out + sink.items


def check_position(data: dict[str, Any], pieces: PieceSet, out: _Out) -> None:
    """The board of a schema-valid Hive position against its piece set (see module doc)."""
    known = pieces.piece_names("w") + pieces.piece_names("b")
    cells: dict[tuple[int, int], int] = {}
    where: dict[str, JPath] = {}
    for i, stack in enumerate(data["stacks"]):
        cell = (int(stack["cell"][0]), int(stack["cell"][1]))
        if cell in cells:
            out.add(("stacks", i, "cell"), "sem-cell-taken",
                    f"cell {list(cell)} is listed twice (first as stack {cells[cell]})",
                    "list every piece of a cell in one `pieces` list, ground first")
            continue
        cells[cell] = i
        for level, name in enumerate(stack["pieces"]):
            path: JPath = ("stacks", i, "pieces", level)
            if name not in known:
                out.add(path, "sem-hive-unknown-piece",
                        f"`{name}` is not a piece of piece set `{pieces.name}`",
                        near_miss(name, known) or "pieces: " + ", ".join(known))
                continue
            if name in where:
                out.add(path, "sem-hive-piece-twice", f"`{name}` is already on the board "
                        f"(line {out.doc.positions.value(where[name])[0]})")
                continue
            where[name] = path
            if level > 0 and name[1] not in CLIMBERS:
                out.add(path, "sem-hive-stack",
                        f"`{name}` stands on another piece: only Beetles and Mosquitoes climb")
    if cells and not _one_hive(set(cells)):
        out.add(("stacks",), "sem-hive-one-hive",
                f"the {plural(len(cells), 'occupied cell')} do not form one hive "
                "(one connected group)")
    last = data.get("last_moved")
    if last is not None and last not in where:
        out.add(("last_moved",), "sem-hive-last-moved",
                f"last_moved `{last}` is not on the board", "name a piece of `stacks`, or null")
    hand = data.get("in_hand")
    if hand is not None:
        expected = [n for n in known if n not in where]
        missing = [n for n in expected if n not in hand]
        extra = [n for n in hand if n not in expected]
        if missing or extra:
            parts = []
            if missing:
                parts.append("omits " + _some(missing))
            if extra:
                parts.append("lists " + _some(extra) + " (on the board or not in the set)")
            out.add(("in_hand",), "sem-hive-in-hand",
                    "`in_hand` is not the pieces off the board: " + "; ".join(parts))


def _some(names: list[str], most: int = 8) -> str:
    """``a, b, c`` or ``a, b, ... and 5 more``."""
    more = len(names) - most
    return ", ".join(names[:most]) + (f" and {more} more" if more > 0 else "")


def _one_hive(cells: set[tuple[int, int]]) -> bool:
    """Whether the occupied ``cells`` form one connected group (six-neighbour adjacency)."""
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        q, r = todo.pop()
        for dq, dr in NEIGHBOURS:
            n = (q + dq, r + dr)
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)

"""Semantic checks and lint of Hive piece sets and Hive variant options.

Errors no JSON Schema can express: a piece set needs exactly one Queen
(``sem-hive-queen-count``) and enough pieces to surround her (``sem-hive-no-win``);
a variant's expansions must be exactly the
expansion bugs of its piece set (``sem-hive-expansions``); the Queen deadline
must be one the pieces can meet (``sem-hive-deadline``).  Warnings
(``lint-hive-*``): counts no UHP engine can play, options that let a game run
forever, a ply cap that ends games before the Queens are due.  Rule sources:
``spec/rules-hive.md``.  Pure functions over schema-valid data; never raise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from botanik_design.games.hive.model import BASE_COUNTS, BUG_LETTER, EXPANSION_BUGS, Bug, PieceSet
from botanik_design.model.words import plural
from botanik_design.spec.diagnostics import Diagnostic
from botanik_design.spec.positions import Path, Positions, pointer


class _Out:
    """Collects diagnostics for one file, positioned through its :class:`Positions`."""

    def __init__(self, name: str, positions: Positions) -> None:
        self.name = name
        self.positions = positions
        self.items: list[Diagnostic] = []

    def add(self, path: Path, rule: str, message: str, hint: str = "",
            level: str = "error") -> None:
        line, col = self.positions.value(path)
        self.items.append(Diagnostic(self.name, line, col,
                                     "warning" if level == "warning" else "error",
                                     rule, message, pointer(path), hint))


def pieceset_from_data(data: Mapping[str, Any]) -> PieceSet:
    """A :class:`PieceSet` from schema-valid piece set data (bugs with 0 copies left out)."""
    bugs: Mapping[str, Any] = data["bugs"]
    counts = tuple((b, int(bugs[b.value])) for b in Bug if int(bugs.get(b.value, 0)) > 0)
    return PieceSet(name=str(data["pieceset"]), counts=counts, title=str(data.get("title", "")))


#: Cells around a hexagon: a Queen is surrounded when all of them are occupied
#: (``spec/rules-hive.md``, End of the game).
QUEEN_NEIGHBOURS = 6


def min_pieces_per_player() -> int:
    """The fewest pieces per player with which a Queen can be surrounded: the other
    ``2n - 1`` pieces of both players must fill her :data:`QUEEN_NEIGHBOURS` cells (4)."""
    return QUEEN_NEIGHBOURS // 2 + 1


def check_pieceset(data: Mapping[str, Any], positions: Positions,
                   name: str) -> list[Diagnostic]:
    """``sem-hive-queen-count`` unless the set holds exactly one Queen per player;
    ``sem-hive-no-win`` when it holds too few pieces to surround a Queen (no game could
    be won, and without a ply cap none would end)."""
    out = _Out(name, positions)
    bugs: Mapping[str, Any] = data["bugs"]
    queens = int(bugs.get("queen", 0))
    if queens != 1:
        where: Path = ("bugs", "queen") if "queen" in bugs else ("bugs",)
        out.add(where, "sem-hive-queen-count",
                f"the set holds {plural(queens, 'Queen')} per player; it needs exactly one",
                "the game is won by surrounding the opponent's single Queen: `queen: 1`")
    total = sum(int(n) for n in bugs.values())
    least = min_pieces_per_player()
    if queens == 1 and total < least:
        out.add(("bugs",), "sem-hive-no-win",
                f"the set holds {plural(total, 'piece')} per player: the other "
                f"{plural(2 * total - 1, 'piece')} of both players cannot fill the "
                f"{QUEEN_NEIGHBOURS} cells around a Queen, so no game can be won",
                f"give each player at least {plural(least, 'piece')}")
    return out.items


def lint_pieceset(data: Mapping[str, Any], positions: Positions,
                  name: str) -> list[Diagnostic]:
    """``lint-hive-not-uhp``: base bug counts other than the published ones, which no UHP
    GameTypeString can name (external engines such as Mzinga cannot play the set)."""
    out = _Out(name, positions)
    bugs: Mapping[str, Any] = data["bugs"]
    for bug, usual in BASE_COUNTS.items():
        have = int(bugs.get(bug.value, 0))
        if have != usual and bug is not Bug.QUEEN:
            where: Path = ("bugs", bug.value) if bug.value in bugs else ("bugs",)
            out.add(where, "lint-hive-not-uhp",
                    f"{plural(have, bug.value)} per player instead of the published {usual}: no "
                    "UHP game type names this set, so external engines cannot play it",
                    level="warning")
    return out.items


def _where(data: Mapping[str, Any], own: Mapping[str, Any], keys: tuple[str, ...]) -> Path:
    """The first of ``keys`` this file sets itself (an option or a top-level key), else its
    ``extends``, else the document."""
    for key in keys:
        if key in own:
            return ("options", key)
        if key in data:
            return (key,)
    return ("extends",) if "extends" in data else ()


def expansion_bugs(pieces: PieceSet) -> list[str]:
    """The expansion bugs a piece set holds, in :class:`Bug` order."""
    return [b.value for b in pieces.bugs() if b in EXPANSION_BUGS]


def check_options(data: Mapping[str, Any], options: Mapping[str, Any], pieces: PieceSet,
                  positions: Positions, name: str) -> list[Diagnostic]:
    """Errors of a Hive variant's effective ``options`` with its piece set ``pieces``.

    ``data`` is the variant document: errors point at the option this file sets
    itself, else its ``pieceset``, else its ``extends``.
    """
    out = _Out(name, positions)
    own: Mapping[str, Any] = data.get("options") or {}
    listed = list(options["expansions"])
    held = expansion_bugs(pieces)
    if set(listed) != set(held):
        missing = [e for e in listed if e not in held]
        extra = [e for e in held if e not in listed]
        parts = []
        if missing:
            parts.append("lists " + ", ".join(f"`{e}`" for e in missing)
                         + f", which piece set `{pieces.name}` does not hold")
        if extra:
            parts.append(f"piece set `{pieces.name}` holds "
                         + ", ".join(f"`{e}`" for e in extra) + ", which `expansions` omits")
        game_type = uhp_game_type(held)
        out.add(_where(data, own, ("expansions", "pieceset")), "sem-hive-expansions",
                "the expansions and the piece set disagree: " + "; ".join(parts),
                f"for this piece set (UHP {game_type}): `expansions: [{', '.join(held)}]`"
                if held or listed else "")
    deadline = int(options["queen_deadline"])
    if options["tournament_opening"] and deadline < 2:
        out.add(_where(data, own, ("queen_deadline", "tournament_opening")),
                "sem-hive-deadline",
                f"queen_deadline {deadline} cannot be met: the tournament opening forbids the "
                "Queen on turn 1", "use `queen_deadline: 2` or more, or "
                "`tournament_opening: false`")
    total = pieces.pieces_per_player()
    if not options["move_before_queen"] and deadline > total:
        out.add(_where(data, own, ("queen_deadline", "move_before_queen", "pieceset")),
                "sem-hive-deadline",
                f"queen_deadline {deadline} never applies: with {plural(total, 'piece')} per "
                f"player (piece set `{pieces.name}`) and no moving before the Queen, every player "
                f"has placed her by turn {total}",
                f"use `queen_deadline: {total}`" + (" or less" if total > 1 else ""))
    return out.items


def lint_options(data: Mapping[str, Any], options: Mapping[str, Any], positions: Positions,
                 name: str) -> list[Diagnostic]:
    """Warnings on a Hive variant's effective options (reported only when this file sets
    one of the options involved, so that a child does not repeat its parent's warnings).

    ``lint-hive-endless``: passing is always allowed and nothing else ends a game that no
    one wins.  ``lint-hive-short-cap``: the ply cap ends every game before both Queens are
    due (ply ``2 * queen_deadline``).
    """
    out = _Out(name, positions)
    own: Mapping[str, Any] = data.get("options") or {}
    endless = ("pass_only_when_stuck", "repetition_draw", "ply_cap")
    if not options["pass_only_when_stuck"] and options["repetition_draw"] is None \
            and options["ply_cap"] is None and (any(k in own for k in endless)
                                               or "extends" not in data):
        out.add(_where(data, own, endless), "lint-hive-endless",
                "players may pass at will and neither `repetition_draw` nor `ply_cap` is "
                "set: two passing players never end the game", "set `ply_cap` or "
                "`repetition_draw`", level="warning")
    cap = options["ply_cap"]
    due = 2 * int(options["queen_deadline"])
    if cap is not None and int(cap) < due and any(k in own for k in ("ply_cap",
                                                                      "queen_deadline")):
        out.add(_where(data, own, ("ply_cap", "queen_deadline")), "lint-hive-short-cap",
                f"ply_cap {cap} ends every game before both Queens are due (ply {due}): no "
                "game can be won", level="warning")
    return out.items


def uhp_game_type(expansions: list[str] | tuple[str, ...]) -> str:
    """The UHP GameTypeString of a list of expansion bugs (``Base``, ``Base+MLP``)."""
    letters = "".join(BUG_LETTER[b] for b in EXPANSION_BUGS if b.value in expansions)
    return "Base" + (f"+{letters}" if letters else "")

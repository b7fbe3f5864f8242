"""Typed model of Hive piece sets and Hive rule variants (no I/O, no graph code).

Rule sources: ``../shared/hive-rules.md`` (the team's brief), the seed
``seeds/002`` (base game) and the reference engines' conventions (Mzinga / UHP).
Every option field mirrors one option of the Hive variant schema (same name,
same default); ``spec/rules-hive.md`` says which source each option comes from.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from enum import StrEnum
from typing import Any, Literal


class Bug(StrEnum):
    """A kind of Hive piece.  The value is the spec name; :data:`BUG_LETTER` the UHP letter."""

    QUEEN = "queen"
    SPIDER = "spider"
    BEETLE = "beetle"
    GRASSHOPPER = "grasshopper"
    ANT = "ant"
    MOSQUITO = "mosquito"
    LADYBUG = "ladybug"
    PILLBUG = "pillbug"


#: UHP letter of each bug (``wQ``, ``bS1``...).
BUG_LETTER: dict[Bug, str] = {
    Bug.QUEEN: "Q", Bug.SPIDER: "S", Bug.BEETLE: "B", Bug.GRASSHOPPER: "G",
    Bug.ANT: "A", Bug.MOSQUITO: "M", Bug.LADYBUG: "L", Bug.PILLBUG: "P",
}

#: The expansion bugs and their UHP GameTypeString letters.
EXPANSION_BUGS: dict[Bug, str] = {Bug.MOSQUITO: "M", Bug.LADYBUG: "L", Bug.PILLBUG: "P"}

#: Pieces per player in the published base game (brief §1).
BASE_COUNTS: dict[Bug, int] = {
    Bug.QUEEN: 1, Bug.SPIDER: 2, Bug.BEETLE: 2, Bug.GRASSHOPPER: 3, Bug.ANT: 3,
}

Expansion = Literal["mosquito", "ladybug", "pillbug"]
PlacementOrder = Literal["numbered", "any"]


@dataclass(frozen=True, slots=True)
class PieceSet:
    """The pieces each player starts with in hand (both players get the same set).

    ``counts`` maps every bug of the set to its copies per player (>= 1; a bug
    that is absent is simply not a key).  Iteration order is :class:`Bug` order.
    """

    name: str
    counts: tuple[tuple[Bug, int], ...]
    title: str = ""

    def count(self, bug: Bug) -> int:
        """Copies of ``bug`` per player (0 when the set has none)."""
        return dict(self.counts).get(bug, 0)

    def bugs(self) -> tuple[Bug, ...]:
        """The bugs of the set, in :class:`Bug` order."""
        return tuple(b for b, _ in self.counts)

    def pieces_per_player(self) -> int:
        """Pieces each player starts with in hand (11 in the base game)."""
        return sum(n for _, n in self.counts)

    def piece_names(self, colour: str) -> tuple[str, ...]:
        """UHP names of one player's pieces, ``colour`` ``"w"`` or ``"b"``: the bug letter,
        with a copy number only when the set has several (``wQ``, ``wS1``, ``wS2``, ``wM``),
        in :class:`Bug` order then number order (as the engine's piece table)."""
        return tuple(f"{colour}{BUG_LETTER[b]}{k if n > 1 else ''}"
                     for b, n in self.counts for k in range(1, n + 1))

    @classmethod
    def standard(cls, expansions: tuple[str, ...] | list[str] = ()) -> PieceSet:
        """The published set: the base game plus one of each listed expansion bug.

        ``expansions`` holds expansion bug names (``"mosquito"``...); the name is
        ``hive-base`` without expansions, else ``hive-base+`` and the UHP letters
        in ``M``, ``L``, ``P`` order (``hive-base+ML``).  Raises ``ValueError`` on a
        name that is not an expansion bug.
        """
        wanted = {Bug(e) for e in expansions}
        if not wanted <= set(EXPANSION_BUGS):
            raise ValueError(f"not expansion bugs: {sorted(wanted - set(EXPANSION_BUGS))}")
        counts = dict(BASE_COUNTS)
        counts.update(dict.fromkeys(wanted, 1))
        letters = "".join(EXPANSION_BUGS[b] for b in EXPANSION_BUGS if b in wanted)
        return cls(name="hive-base" + (f"+{letters}" if letters else ""),
                   counts=tuple((b, counts[b]) for b in Bug if b in counts))


@dataclass(frozen=True, slots=True)
class HiveVariant:
    """Effective Hive rule options (after ``extends`` is resolved).

    ``name``: the variant's name; ``pieceset``: its piece set reference (bundled
    name or path, or ``None``: the base set plus one of each listed expansion bug).
    ``pieces``: the piece set itself once the spec loader has read it (``None``
    when the variant was built in code; :meth:`piece_set` then falls back to
    :meth:`PieceSet.standard`).

    Options (defaults are the reference engines' conventions):

    - ``expansions``: expansion bugs in play (each must be in the piece set).
    - ``tournament_opening``: no Queen on either player's first turn.
    - ``queen_deadline``: the Queen must be placed by the player's turn N
      (on that turn only Queen placements are legal if she is still in hand).
    - ``move_before_queen``: pieces may move before their owner's Queen is placed.
    - ``placement_order``: ``numbered`` places bugs of a kind in number order
      (A1 before A2, so "an ant" is one move); ``any`` lets any copy be placed.
    - ``pass_only_when_stuck``: pass is legal only when no other move is.
    - ``repetition_draw``: ``None`` (off), or N: the game is drawn when the same
      position (every stack bottom to top, and the side to move) occurs N times.
    - ``ply_cap``: ``None`` (off), or a ply count after which the game is a draw.
    """

    name: str = "hive-tournament"
    title: str = ""
    pieceset: str | None = None
    expansions: tuple[Expansion, ...] = ()
    tournament_opening: bool = True
    queen_deadline: int = 4
    move_before_queen: bool = False
    placement_order: PlacementOrder = "numbered"
    pass_only_when_stuck: bool = True
    repetition_draw: int | None = None
    ply_cap: int | None = None
    pieces: PieceSet | None = None

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """Names of the rule options (every field but name, title, pieceset and pieces)."""
        return tuple(f.name for f in fields(cls)
                     if f.name not in ("name", "title", "pieceset", "pieces"))

    def piece_set(self) -> PieceSet:
        """The pieces each player starts with: :attr:`pieces`, else the standard set of
        :attr:`expansions` (:meth:`PieceSet.standard`)."""
        return self.pieces if self.pieces is not None else PieceSet.standard(self.expansions)

    @classmethod
    def from_options(
        cls, options: dict[str, Any], *, name: str = "custom", title: str = "",
        pieceset: str | None = None, pieces: PieceSet | None = None,
    ) -> HiveVariant:
        """Build from an effective options mapping (unknown keys raise ``TypeError``)."""
        opts = dict(options)
        if "expansions" in opts:
            opts["expansions"] = tuple(opts["expansions"])
        return cls(name=name, title=title, pieceset=pieceset, pieces=pieces, **opts)

    def options(self) -> dict[str, Any]:
        """The rule options as a plain dict (schema names; lists for tuples)."""
        d = asdict(self)
        out = {k: d[k] for k in self.option_names()}
        out["expansions"] = list(self.expansions)
        return out

"""The pieces of a Hive game: ids, UHP names, colours and bugs.

Piece ids are dense ints: White's pieces ``0 .. n-1`` then Black's
``n .. 2n-1`` (``n`` = pieces per player), each colour in :class:`Bug`
order and copy number order (``wQ, wS1, wS2, wB1 ...``).  UHP names are
colour ``w``/``b``, the bug letter, and a copy number only for bugs with
several copies (``wQ``, ``bS1``, ``wA3``, ``bM``).
"""

from __future__ import annotations

from dataclasses import dataclass

from botanik_design.games.hive.model import BASE_COUNTS, BUG_LETTER, Bug, PieceSet

#: Bug codes used in the engine's hot loops (index into :data:`BUGS`).
BUGS: tuple[Bug, ...] = tuple(Bug)
QUEEN, SPIDER, BEETLE, GRASSHOPPER, ANT, MOSQUITO, LADYBUG, PILLBUG = range(8)

COLOUR_LETTER = ("w", "b")
COLOUR_NAME = ("White", "Black")

#: The base piece set (brief §1).
BASE_PIECESET = PieceSet(
    name="hive-base", counts=tuple(BASE_COUNTS.items()), title="Hive base game"
)


def pieceset_with(expansions: tuple[str, ...], base: PieceSet = BASE_PIECESET) -> PieceSet:
    """``base`` plus one copy of each expansion bug named in ``expansions`` (``"mosquito"``...)."""
    counts = dict(base.counts)
    for name in expansions:
        counts.setdefault(Bug(name), 1)
    ordered = tuple((b, counts[b]) for b in Bug if b in counts)
    suffix = "".join(BUG_LETTER[b] for b in Bug if b.value in expansions)
    name = base.name + (f"+{suffix}" if suffix else "")
    return PieceSet(name=name, counts=ordered, title=base.title)


@dataclass(frozen=True, slots=True)
class PieceTable:
    """Static facts of every piece id of one piece set.

    ``names[pid]``: UHP name; ``colour[pid]``: 0 White, 1 Black; ``bug[pid]``:
    bug code (:data:`BUGS` index); ``queen[c]``: the Queen's id of colour ``c``;
    ``hand_order[c]``: per bug, the ids of colour ``c`` in number order;
    ``climbers``: the ids of the Beetles and Mosquitoes (the bugs that climb).
    """

    pieceset: PieceSet
    names: tuple[str, ...]
    colour: tuple[int, ...]
    bug: tuple[int, ...]
    queen: tuple[int, int]
    hand_order: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    by_name: dict[str, int]
    climbers: tuple[int, ...] = ()

    @property
    def per_player(self) -> int:
        return len(self.names) // 2

    @classmethod
    def build(cls, pieceset: PieceSet) -> PieceTable:
        """Raises ``ValueError`` unless the set has exactly one Queen."""
        if pieceset.count(Bug.QUEEN) != 1:
            raise ValueError(f"piece set {pieceset.name!r} must have exactly one queen "
                             f"(has {pieceset.count(Bug.QUEEN)})")
        names: list[str] = []
        colour: list[int] = []
        bug: list[int] = []
        hand: list[list[tuple[int, ...]]] = [[], []]
        for c in (0, 1):
            own = iter(pieceset.piece_names(COLOUR_LETTER[c]))  # the names' one rule
            for b, n in pieceset.counts:
                ids = []
                for _ in range(n):
                    ids.append(len(names))
                    names.append(next(own))
                    colour.append(c)
                    bug.append(BUGS.index(b))
                hand[c].append(tuple(ids))
        queen = (names.index("wQ"), names.index("bQ"))
        return cls(pieceset, tuple(names), tuple(colour), tuple(bug), queen,
                   (tuple(hand[0]), tuple(hand[1])), {n: i for i, n in enumerate(names)},
                   tuple(i for i, b in enumerate(bug) if BUGS[b] in (Bug.BEETLE, Bug.MOSQUITO)))

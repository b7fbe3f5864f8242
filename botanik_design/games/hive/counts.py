"""The piece table ``botanik-design show`` prints for a Hive piece set (plain text, no
matplotlib: ``show`` without ``--image`` works with the core install)."""

from __future__ import annotations

from botanik_design.games.hive.model import PieceSet

#: The side names of Hive, White first.
SIDE_NAME = ("White", "Black")


def pieceset_counts_text(pieceset: PieceSet) -> str:
    """The piece counts per bug and side as a plain-text table."""
    head = ["", *(b.value for b in pieceset.bugs()), "total"]
    rows = [[SIDE_NAME[s], *(str(n) for _, n in pieceset.counts),
             str(pieceset.pieces_per_player())] for s in (0, 1)]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    return "\n".join("  ".join(c.rjust(w) if i else c.ljust(w)
                               for i, (c, w) in enumerate(zip(r, widths, strict=True))).rstrip()
                     for r in [head, *rows])

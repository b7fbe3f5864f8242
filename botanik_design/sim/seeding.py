"""The seeding scheme: every random stream of a simulation derives from
``(master seed, game index, role)`` alone.

Game ``i`` of a run with master seed ``S`` uses

* engine seed ``derive(S, i, "game")`` for ``new_game`` (tile piles, setup);
* bot seed ``derive(S, i, "seat0")`` for the bot in seat 0 and
  ``derive(S, i, "seat1")`` for the bot in seat 1;
* seats alternate with ``i``: the first bot given sits in seat 0 (moves
  first) in even games and in seat 1 in odd games.

Nothing depends on which worker plays a game or in what order, so results are
identical for any number of workers.  ``compare`` runs every variant with the
same master seed: game ``i`` starts from the same seeds in every variant.
"""

from __future__ import annotations

from botanik_design.spec.digest import sha256

#: Derived seeds are in ``[0, 2**63)``.
SEED_BITS = 63
#: The salt of every derived seed: the project's short name (``botanik`` of
#: ``botanik_design``) and ``-sim``, the same since the first release so that a seed
#: keeps giving the same games.
SALT = __name__.partition("_")[0] + "-sim"


def derive(master: int, index: int, role: str) -> int:
    """A seed for ``role`` in game ``index`` of a run seeded with ``master``.

    The first 8 bytes of ``sha256(f"{SALT}:{master}:{index}:{role}")``,
    masked to 63 bits: stable across Python versions and platforms.
    """
    digest = sha256(f"{SALT}:{master}:{index}:{role}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & ((1 << SEED_BITS) - 1)


def seat_of_first_bot(index: int) -> int:
    """The seat (0 = moves first, 1) of the first bot in game ``index``."""
    return index % 2

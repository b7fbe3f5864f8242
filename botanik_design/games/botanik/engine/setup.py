"""Dealing a Botanik game (brief §2): the shuffle, the middle stacks, the first round.

:func:`deal` is what a new :class:`~.state.GameState` runs in its ``__init__``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from botanik_design.games.botanik.engine import actions as A
from botanik_design.games.botanik.engine import eventcodes as E
from botanik_design.games.botanik.engine.machine import Machine
from botanik_design.games.botanik.engine.registry import EMPTY, Registry
from botanik_design.games.botanik.engine.tiles import TileTable, compile_tiles
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.games.botanik.spec.layout import deal_problems
from botanik_design.model.draws import shuffle
from botanik_design.model.words import plural

if TYPE_CHECKING:
    from botanik_design.games.botanik.engine.game import BotanikGame
    from botanik_design.games.botanik.engine.turns import Turns


def _setup_shortfall(have: int, variant: Variant, what: str, noun_word: str) -> str:
    """Why ``have`` tiles (``what`` with ``{n}`` for the count of ``noun_word``) cannot
    set up a game of ``variant``; ``""`` when they can."""
    need = variant.setup_need()
    if have >= need:
        return ""
    v = variant
    first = (f"{v.arrival_tiles} for a full first round (short_last_round: discard-remaining)"
             if v.short_last_round == "discard-remaining" else "1 for the first round")
    return (f"{what.replace('{n}', plural(have, noun_word))}; a game needs at least {need}: "
            f"{plural(v.registry_columns, 'column')} x {v.initial_middle_tiles} for the middle "
            f"stacks and {first}")


#: the two machines of a new game (the Sources alone) per tile table and variant, copied
#: into every game; a copy shares what the engine keeps about that content (legal
#: placement keys, analyses), which holds for every game of the same table and rules
_FRESH: dict[tuple[int, int], tuple[TileTable, Variant, tuple[Machine, Machine]]] = {}


def _fresh_machines(table: TileTable, variant: Variant) -> tuple[Machine, Machine]:
    """Both players' machines at the start: their Source at the origin, rotation 0."""
    key = (id(table), id(variant))
    hit = _FRESH.get(key)
    if hit is not None and hit[0] is table and hit[1] is variant:
        return hit[2]
    m0, m1 = (Machine(table.source_id(p), table.masks[table.source_id(p)][0],
                      variant.wild_pairs) for p in (0, 1))
    if len(_FRESH) > 256:
        _FRESH.clear()
    _FRESH[key] = (table, variant, (m0, m1))
    return m0, m1


def deal(s: Turns, game: BotanikGame, seed: int) -> None:
    """Set up ``game`` (brief §2) in the new state ``s``, up to its first decision.

    ``random.Random(seed)`` shuffles the machine tiles into the pile, then
    (when ``game.first_player`` is ``None``) chooses the first Meca holder.  Each
    middle stack gets ``initial_middle_tiles`` tiles from the pile (column 1
    first).  ``game.deal`` (scripted games) replaces the shuffle: the tile
    definition ids in the order they are dealt (middle stacks first, then the
    arrival zone round after round); tiles of the set not named stay out of
    the game (``unused``).  Raises ``ValueError`` when the tiles in play are
    fewer than :func:`~botanik_design.games.botanik.model.variant.setup_need` (the game would end at
    setup), the tile set has no Source or no machine tile, ``deal`` names an unknown
    tile or too many copies (:func:`~..spec.layout.deal_problems`), or the
    variant has more columns / arrival tiles than the encoding allows (9).
    """
    tileset, variant, first_player, deal = game.tileset, game.variant, game.first_player, game.deal
    if variant.registry_columns > A.MAX_COLUMNS or variant.arrival_tiles > A.MAX_ARRIVAL:
        raise ValueError("at most 9 registry columns and 9 arrival tiles")
    table = compile_tiles(tileset, variant)
    rng = random.Random(seed)
    s._game = game
    s.table = table
    s.variant = variant
    s.seed = seed
    pile = list(range(table.n_machine))
    shuffle(rng, pile)  # rng.shuffle, the same draws
    if deal is not None:
        bad = deal_problems(list(deal), tileset)
        if bad:
            raise ValueError(f"deal[{bad[0].path[1]}]: {bad[0].message}")
        free: dict[str, list[int]] = {}
        for i in range(table.n_machine):
            free.setdefault(table.name(i), []).append(i)
        order: list[int] = []
        for name in deal:
            if not isinstance(name, str):
                raise ValueError(f"deal: tile ids are strings, not {name!r}")
            order.append(free[name].pop(0))
        used = set(order)
        s.unused = [i for i in range(table.n_machine) if i not in used]
        s.deal = list(deal)
        pile = order[::-1]
    short = _setup_shortfall(
        len(pile), variant,
        "the deal has {n}" if deal is not None else f"tile set {tileset.name!r} has {{n}}",
        "tile" if deal is not None else "machine tile")
    if short:
        raise ValueError(short)
    fp = rng.randrange(2) if first_player is None else first_player
    if fp not in (0, 1):
        raise ValueError(f"first_player must be 0 or 1, not {fp}")
    s.first_player = fp
    s.meca = fp
    s.pile = pile
    s.registry = Registry(variant.registry_columns)
    for _ in range(variant.initial_middle_tiles):
        for c in range(variant.registry_columns):
            if pile:
                s.registry.middle[c].append(pile.pop())
    s.machines = [m.copy() for m in _fresh_machines(table, variant)]
    tops = tuple(st[-1] if st else EMPTY for st in s.registry.middle)
    s._raw.append((E.SETUP_DONE, -1, tops, fp))
    s._start_round()

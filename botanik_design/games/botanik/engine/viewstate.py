"""A joining player's local Botanik state, rebuilt from what the host sends (remote play).

The host holds the real game; a client receives the game's public rules once
(:func:`public_rules`) and, after every move, its seat's observation
(:mod:`.observation`).  :func:`state_from_observation` turns the two into a
:class:`~.state.GameState` on which the play screen computes legal moves,
previews and "why not" exactly as on the host's state:

* everything in Botanik is public but the face-down pile's order (brief §2), so
  the state replays the public history (``history``) on a game whose scripted
  deal is the tiles in the order they came off the pile (``revealed``, face up
  since), followed by the unseen tiles (the tile set's machine tiles not yet
  drawn) in an arbitrary order, a *determinization*: built from the
  observation only, it cannot contain the real order of the pile;
* the decisions, registry, machines, scores and legal actions of that state are
  those of the host's state (``tests/remote/test_view_state.py`` checks it at
  every step of seeded games), because a decision depends on the tiles drawn so
  far, never on the pile's order.

:func:`~.draws.revealed` is the host side: the drawn tiles, by definition id, in draw order.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from botanik_design.games.botanik.model.tileset import Colour, Kind, TileDef, TileSet, TileType
from botanik_design.games.botanik.model.variant import Variant

if TYPE_CHECKING:
    from botanik_design.games.botanik.engine.game import BotanikGame
    from botanik_design.games.botanik.engine.state import GameState


# -- the public rules ----------------------------------------------------------------------

def public_rules(game: BotanikGame) -> dict[str, Any]:
    """The rules a joining client needs, JSON-able: the tile set (palette and tiles), the
    variant (name, title, options) and the first Meca holder (``None``: drawn by the seed;
    the observation's ``first_player`` then says who)."""
    ts = game.tileset
    return {
        "tileset": {
            "name": ts.name, "description": ts.description,
            "colours": [[c.name, c.symbol, c.display] for c in ts.colours],
            "tiles": [[t.id, t.colour, t.type.value, t.kind.value, t.exits, t.flowers,
                       t.copies, t.label] for t in ts.tiles],
        },
        "variant": {"name": game.variant.name, "title": game.variant.title,
                    "tileset": game.variant.tileset, "options": game.variant.options()},
        "first_player": game.first_player,
    }


def tileset_from_rules(rules: dict[str, Any]) -> TileSet:
    """The :class:`TileSet` of :func:`public_rules` (``KeyError``/``ValueError`` when malformed)."""
    data = rules["tileset"]
    return TileSet(
        name=str(data["name"]), description=str(data.get("description", "")),
        colours=tuple(Colour(str(n), str(s), str(d)) for n, s, d in data["colours"]),
        tiles=tuple(TileDef(str(i), None if c is None else str(c), TileType(ty), Kind(k),
                            int(e), int(f), int(n), str(lab))
                    for i, c, ty, k, e, f, n, lab in data["tiles"]))


def variant_from_rules(rules: dict[str, Any]) -> Variant:
    """The :class:`Variant` of :func:`public_rules`."""
    v = rules["variant"]
    return Variant.from_options(dict(v["options"]), name=str(v["name"]), title=str(v["title"]),
                                tileset=v.get("tileset"))


# -- the client side --------------------------------------------------------------------

def view_deal(tileset: TileSet, observation: dict[str, Any], seed: int = 0) -> list[str]:
    """A deal consistent with ``observation``: the revealed tiles, then ``pile_size`` of the
    tiles not yet seen, shuffled by ``random.Random(seed)`` (never the host's order)."""
    shown = list(observation["revealed"])
    left = Counter(t.id for t in tileset.expand())
    left.subtract(shown)
    unseen = sorted(left.elements())
    random.Random(seed).shuffle(unseen)
    return shown + unseen[:int(observation["pile_size"])]


def state_from_observation(rules: dict[str, Any], observation: dict[str, Any]) -> GameState:
    """A local state equal to the host's in everything a player sees (see the module
    docstring), from :func:`public_rules` and a seat's (or the spectators') observation.

    Raises ``KeyError``/``ValueError`` for a malformed observation and
    :class:`~.errors.IllegalActionError` when its history does not replay.
    """
    from botanik_design.games.botanik.engine.game import BotanikGame

    tileset = tileset_from_rules(rules)
    game = BotanikGame(tileset, variant_from_rules(rules), int(observation["first_player"]),
                       tuple(view_deal(tileset, observation)))
    state = game.new_initial_state(0)
    for action in observation["history"]:
        state.apply_action(int(action))
    return state

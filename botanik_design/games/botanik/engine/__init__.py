"""The Botanik rules engine (layer 3): machines, game state, scoring, records, positions.

Public API (OpenSpiel style, :mod:`botanik_design.games.base`)::

    from botanik_design.games.botanik.engine import load_botanik, new_game, TERMINAL
    game = load_botanik(variant="standard")        # BotanikGame (a games.base.Game)
    state = game.new_initial_state(seed)           # GameState; player 0 holds the Meca
    state = new_game(tileset, variant, seed)       # shortcut: the seed draws the first player
    state.current_player()      # 0, 1, or TERMINAL (-4); the owner of a released tile
    state.legal_actions()       # sorted ints, never empty until terminal
    state.action_to_string(a)   # "pick arrival#1 red-corner -> middle 3"
    state.string_to_action(s)   # inverse, among the legal actions
    state.apply_action(a)       # IllegalActionError, state unchanged
    state.clone(); state.is_terminal(); state.returns(); state.history()
    state.decode(a) -> Pick | Discard | Swap | Place;  state.encode(Pick(0, 2, True)) -> int

Typed accessors: ``pending()`` (:class:`Decision`), ``arrival_tiles()``,
``middle_stacks()``, ``slots(p)``, ``machine(p)`` (:class:`PlacedTile` list),
``machine_view(p)`` (``{(x, y): Placed}``), ``placements(p, tile)`` (a
preview: the :class:`Place` actions a tile would have), ``pile_size()``,
``meca_holder()``, ``round``, ``discarded_tiles()``, ``discard_reasons()``,
``tile(i)`` (its :class:`~botanik_design.model.TileDef`), ``events(since)`` (typed
events, :mod:`botanik_design.games.botanik.engine.events`), ``queued()`` (decisions waiting after
the current one), ``get_game()``, ``log()`` (the events as golden-file text),
``totals()`` (fast), ``scores()``
(:class:`~botanik_design.games.botanik.engine.scoring.GameScore`, the networkx breakdown),
``serialize()`` / :func:`deserialize`, ``to_dict()``.

Tiles are integer *instance ids*: machine tiles ``0..n-1`` (copies expanded
in declaration order), then the Sources (``n`` for player 0, ``n + 1``).
The action encoding is documented in :mod:`botanik_design.games.botanik.engine.actions`.
"""

from botanik_design.games.botanik.engine.actions import (
    Action,
    Discard,
    Pick,
    Place,
    Swap,
    decode,
    encode,
)
from botanik_design.games.botanik.engine.errors import IllegalActionError, RecordError
from botanik_design.games.botanik.engine.game import (
    BotanikGame,
    deserialize,
    load_botanik,
    new_game,
)
from botanik_design.games.botanik.engine.state import TERMINAL, Decision, GameState, PlacedTile

__all__ = [
    "TERMINAL",
    "Action",
    "BotanikGame",
    "Decision",
    "Discard",
    "GameState",
    "IllegalActionError",
    "Pick",
    "Place",
    "PlacedTile",
    "RecordError",
    "Swap",
    "decode",
    "deserialize",
    "encode",
    "load_botanik",
    "new_game",
]

"""Game state with an OpenSpiel-style API (issue 3).

``new_game(tileset, variant, seed)`` builds the state; every random choice
(the shuffle of the piles and, unless given, the first player) comes from
``random.Random(seed)`` at setup, so the same seed and actions always give
the same game.  See ``spec/rules.md`` for the rules as implemented.

Turn structure (brief §3–§7):

* A round: the Meca holder draws ``arrival_tiles`` tiles (fewer in a short
  last round, see ``short_last_round``); picks alternate starting with the
  Meca holder.  A pick puts an arrival tile in the picker's own slot or on a
  middle stack; when no registry move is legal, ``no_registry_move`` decides.
* A tile put on a middle stack triggers a *release check* of that column:
  the player who put it there first, then the other (§4).  Released tiles
  are resolved depth-first: each released tile is placed at once by its
  owner (a decision of the owner; no legal placement: discarded
  automatically, §5.4), and everything a mecha-botanist swap triggers is
  resolved before anything that was pending earlier.  So the active player
  finishes their own releases before the opponent swaps (§6).
* ``mecha_botanist: swap``: a released mecha-botanist is swapped by its owner
  with the top of a middle stack whose top is not a mecha-botanist (a
  decision of the owner); the owner places the tile taken, then the column of
  the swap is checked for releases, swapper first; that check releases at
  most ``mecha_chain_limit`` tiles (``null``: no cap; a tile past the cap
  stays in its slot).  With no middle top to swap with,
  ``mecha_no_swap_target`` applies (discard, or stay in its slot).
* The game ends when a round ends with the piles empty; registry tiles are
  then discarded (§7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from botanik_design.games.botanik.engine.actiontext import ActionText
from botanik_design.games.botanik.engine.errors import IllegalActionError
from botanik_design.games.botanik.engine.fields import PICK, PLACE, SWAP, TERMINAL, Task
from botanik_design.games.botanik.engine.geometry import ORIGIN, decode_cell
from botanik_design.games.botanik.engine.setup import deal
from botanik_design.games.botanik.engine.tiles import TileTable
from botanik_design.games.botanik.engine.turns import Turns
from botanik_design.games.botanik.engine.views import Decision, PlacedTile, StateViews
from botanik_design.games.botanik.model.variant import Variant

if TYPE_CHECKING:
    from botanik_design.games.botanik.engine.game import BotanikGame

__all__ = ["PICK", "PLACE", "SWAP", "TERMINAL", "Decision", "GameState", "PlacedTile", "Task",
           "cell_of", "length_bound", "setup_need", "source_cell"]


class GameState(Turns, StateViews, ActionText):
    """A Botanik game in progress, dealt from ``game`` with ``seed`` at construction
    (``BotanikGame.new_initial_state(seed)`` or :func:`~.game.new_game`; the deal and its
    errors: :func:`~.setup.deal`).

    Its parts, each one responsibility over the fields of :class:`~.fields.StateData`
    (their copy, ``to_dict``, ``serialize``): :class:`~.turns.Turns` (the turn machine),
    :class:`~.views.StateViews` (typed read-only views) and :class:`~.actiontext.ActionText`
    (actions in words).  The history, the legality check and ``clone`` come from
    :class:`~botanik_design.games.basestate.BaseState`."""

    illegal_error = IllegalActionError

    def __init__(self, game: BotanikGame, seed: int = 0) -> None:
        super().__init__()
        deal(self, game, seed)


def setup_need(variant: Variant) -> int:
    """Machine tiles a game needs for the setup and its first round
    (:func:`botanik_design.games.botanik.model.variant.setup_need`)."""
    return variant.setup_need()


def length_bound(table: TileTable) -> int:
    """An upper bound on the decisions of any game dealt from ``table``
    (``GameInfo.max_game_length``; see :func:`~.invariants.decision_bound` for why)."""
    return 3 * table.n_machine + 16


def source_cell() -> int:
    """Cell code of the Source (0, 0)."""
    return ORIGIN


def cell_of(code: int) -> tuple[int, int]:
    """``(x, y)`` of a cell code."""
    return decode_cell(code)

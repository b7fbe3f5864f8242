"""A joining player's local Hive state, rebuilt from what the host sends (remote play).

Hive has perfect information (:mod:`.observation`): the client receives the
game's rules once (:func:`public_rules`) and rebuilds the whole position from
each observation's MoveStrings (the GameString's moves) with
:func:`state_from_observation`; its legal moves, "why not" reasons and
repetition count are the host's.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from botanik_design.games.hive.model import Bug, HiveVariant, PieceSet

if TYPE_CHECKING:
    from botanik_design.games.hive.engine.game import HiveGame
    from botanik_design.games.hive.engine.state import HiveState


def public_rules(game: HiveGame) -> dict[str, Any]:
    """The variant's options and the piece set in play, JSON-able."""
    options = {f.name: getattr(game.variant, f.name)
               for f in dataclasses.fields(HiveVariant) if f.name != "pieces"}
    options["expansions"] = list(options["expansions"])
    ps = game.pieceset
    return {"variant": options,
            "pieceset": {"name": ps.name, "title": ps.title,
                         "counts": [[b.value, n] for b, n in ps.counts]}}


def game_from_rules(rules: dict[str, Any]) -> HiveGame:
    """The :class:`~.game.HiveGame` of :func:`public_rules` (``KeyError``/``ValueError``/
    ``TypeError`` when malformed)."""
    from botanik_design.games.hive.engine.game import HiveGame

    options = dict(rules["variant"])
    options["expansions"] = tuple(options.get("expansions") or ())
    ps = rules["pieceset"]
    pieceset = PieceSet(str(ps["name"]), tuple((Bug(b), int(n)) for b, n in ps["counts"]),
                        str(ps.get("title", "")))
    return HiveGame(HiveVariant(**options, pieces=pieceset), pieceset)


def state_from_observation(rules: dict[str, Any], observation: dict[str, Any]) -> HiveState:
    """The position of ``observation`` (its ``moves`` replayed from the start).

    Raises ``ValueError`` naming a move that does not replay."""
    return game_from_rules(rules).replay([str(m) for m in observation["moves"]])

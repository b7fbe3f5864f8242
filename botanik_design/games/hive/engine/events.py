"""Typed events of a Hive game (what each action did), produced by ``apply_action``.

Cells are axial ``(q, r)`` pairs (see :mod:`~botanik_design.games.hive.engine.coords`);
players 0 White, 1 Black; pieces by UHP name.
"""

from __future__ import annotations

from dataclasses import dataclass

from botanik_design.games.base import Event


@dataclass(frozen=True, slots=True)
class Placed(Event):
    """``player`` put ``piece`` from hand on ``cell``."""

    player: int
    piece: str
    cell: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """``player`` moved ``piece`` from ``source`` to ``destination``; ``level`` 0 is the ground."""

    player: int
    piece: str
    source: tuple[int, int]
    destination: tuple[int, int]
    level: int


@dataclass(frozen=True, slots=True)
class Thrown(Event):
    """``player``'s pillbug (or mosquito acting as one) threw ``piece`` of the other colour."""

    player: int
    piece: str
    source: tuple[int, int]
    destination: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``player`` had no legal move and passed."""

    player: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: ``winner`` 0/1 or -1 for a draw; ``reason`` one of
    ``queen-surrounded``, ``both-surrounded``, ``repetition``, ``ply-cap``, ``no-moves``."""

    winner: int
    reason: str

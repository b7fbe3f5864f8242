"""The bookkeeping every game's state shares, written once (OpenSpiel's ``pyspiel.State``
with its ``_legal_actions`` / ``_apply_action`` hooks).

A game's state subclasses :class:`BaseState` and writes only its rules:

* ``_legal_actions()``: the sorted legal actions (empty when the game is over);
* ``_apply_action(action)``: play a legal action (already appended to ``history()``,
  so ``len(self._history) - 1`` is its step);
* ``current_player()``, ``_returns()`` (the result of a finished game), ``_clone()`` (a
  copy of the game's own fields; the history is copied here), and optionally
  ``_illegal(action)`` for a typed reason.

:class:`BaseState` owns the history, the legality check (an int among the legal
actions, else :class:`~botanik_design.games.base.IllegalActionError` with the state
unchanged), ``legal_actions()`` (a fresh list: callers may change it), ``clone()``,
``is_terminal()`` and ``returns()`` (zeros until the end).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from bisect import bisect_left
from collections.abc import Sequence
from typing import Self

from botanik_design.games.base import TERMINAL, IllegalActionError


class BaseState(ABC):
    """History, legality and the OpenSpiel plumbing of a game state (see the module)."""

    #: Seats of the game (``returns()`` has one number per seat).
    num_players: int = 2
    #: The error type of refused actions (a game may raise a subclass of its own).
    illegal_error: type[IllegalActionError] = IllegalActionError

    def __init__(self) -> None:
        self._history: list[int] = []

    # -- what a game writes ---------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or :data:`~botanik_design.games.base.TERMINAL`."""

    @abstractmethod
    def _legal_actions(self) -> Sequence[int]:
        """The legal actions, sorted ascending; empty only when the game is over.  The
        sequence is not changed by the caller (it may be shared)."""

    @abstractmethod
    def _apply_action(self, action: int) -> None:
        """Play ``action``, known legal and already recorded in the history."""

    @abstractmethod
    def _returns(self) -> list[float]:
        """The result of the finished game, one number per seat."""

    @abstractmethod
    def _clone(self) -> Self:
        """A copy of the game's own fields (the history is copied by :meth:`clone`)."""

    def _illegal(self, action: int) -> IllegalActionError:
        """The error for an action that is not legal here (a game adds its reason)."""
        if self.is_terminal():
            return self.illegal_error(f"action {action} is not legal: the game is over")
        return self.illegal_error(f"action {action} is not legal at step {len(self._history)}")

    # -- the API the framework uses ---------------------------------------------------------
    def legal_actions(self) -> list[int]:
        """Sorted legal action integers; empty only when the game is over."""
        return list(self._legal_actions())

    def apply_action(self, action: int) -> None:
        """Play ``action``; raises ``IllegalActionError`` (state unchanged) if not legal."""
        if not isinstance(action, int):
            raise self.illegal_error(f"action {action!r} is not an integer")
        legal = self._legal_actions()
        i = bisect_left(legal, action)
        if i == len(legal) or legal[i] != action:
            raise self._illegal(action)
        self._history.append(action)
        self._apply_action(action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player() == TERMINAL

    def returns(self) -> list[float]:
        """One number per seat: zeros until the game is over, then the game's result."""
        if not self.is_terminal():
            return [0.0] * self.num_players
        return self._returns()

    def history(self) -> list[int]:
        """Every action applied since the initial state, in order."""
        return list(self._history)

    def clone(self) -> Self:
        """An independent copy (changing one never changes the other)."""
        other = self._clone()
        other._history = self._history[:]
        return other

"""The game interface every game of botanik-design implements (OpenSpiel's shape).

A *game type* (``botanik``, ``hive``) is registered by name in
:mod:`botanik_design.games.registry`.  Loading it with its specs gives a
:class:`Game`, an immutable object with the game's facts and the rules it is
played under; ``game.new_initial_state(seed)`` gives a :class:`State`.

Players are numbered from 0; player 0 moves first (Botanik: holds the Meca pawn
in round 1, unless the game is loaded with ``first_player=None``, then the seed
chooses; Hive: 0 is White).  Actions are non-negative ints;
``legal_actions()`` is sorted and never empty until the state is terminal.

Bots, simulations, the validator's record replay and the TUI use only what is
declared here (plus optional capabilities, see :class:`Determinizable` and
:class:`Evaluator`); per-game reporting comes from :meth:`Game.final_metrics`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

#: ``current_player()`` of a finished game (OpenSpiel's ``kTerminalPlayerId``).
TERMINAL = -4


class IllegalActionError(ValueError):
    """An action (int or string) that is not legal in the current state.

    Raised by ``apply_action`` and ``string_to_action``; the state is unchanged.
    ``reason`` is a typed, game-specific explanation when the game has one
    (never parse ``str(error)``).
    """

    def __init__(self, message: str, reason: object | None = None) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Static facts of a game type.

    ``name``: registry name (``"botanik"``); ``num_players``: seats;
    ``max_game_length``: an upper bound on the number of actions of one game
    under the loaded rules (simulations treat a longer game as a bug);
    ``spec_kinds``: the spec kinds the game reads (``("tileset", "variant")``);
    ``length_cutoff``: True when the rules set no length limit (Hive without a
    ``ply_cap``): ``max_game_length`` is then only where simulations stop a game,
    which counts as unfinished (no winner, end reason ``unfinished``), not a bug.
    """

    name: str
    title: str
    num_players: int
    max_game_length: int
    spec_kinds: tuple[str, ...]
    length_cutoff: bool = False


@dataclass(frozen=True, slots=True)
class Event:
    """Base of the typed events ``apply_action`` produces.

    ``step`` is the 0-based index in ``history()`` of the action that produced
    the event (events of the initial setup have ``step == -1``).  Each game
    subclasses this with frozen dataclasses (Botanik: ``Released``, ``Swapped``
    ...; Hive: ``Placed``, ``Moved`` ...).
    """

    step: int


@dataclass(frozen=True, slots=True)
class Metric:
    """One per-game number a game reports to simulations.

    ``key``: column name in rows and CSV (``"score"``, ``"releases"``);
    ``label``: the report's wording; ``per_player``: the value is a pair
    (one per seat) rather than one number; ``part_of``: the key of the metric
    this one is a part of (Botanik's ``groups`` is part of ``score``), else ``""``.
    A per-player metric keyed ``score`` gets the reports' score section.
    """

    key: str
    label: str
    per_player: bool = False
    part_of: str = ""


@runtime_checkable
class State(Protocol):
    """A game in progress (OpenSpiel ``State``)."""

    def current_player(self) -> int:
        """The player to act, or :data:`TERMINAL`."""
        ...

    def legal_actions(self) -> list[int]:
        """Sorted legal actions; ``[]`` only when terminal."""
        ...

    def apply_action(self, action: int) -> None:
        """Play ``action``; raises :class:`IllegalActionError` (state unchanged)."""
        ...

    def action_to_string(self, action: int) -> str:
        """The action in the game's notation (Hive: a UHP MoveString)."""
        ...

    def string_to_action(self, text: str) -> int:
        """Parse any accepted spelling of a legal action; raises :class:`IllegalActionError`."""
        ...

    def clone(self) -> State:
        """An independent copy."""
        ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]:
        """Per-player returns: +1 win, -1 loss, 0 draw (0 for all until terminal)."""
        ...

    def history(self) -> list[int]:
        """The actions applied so far, in order."""
        ...

    def events(self, since: int = 0) -> Sequence[Event]:
        """Typed events of the actions at steps ``>= since`` (setup events when ``since < 0``)."""
        ...

    def serialize(self) -> str:
        """Text from which :meth:`Game.deserialize_state` rebuilds this state."""
        ...

    def get_game(self) -> Game:
        """The :class:`Game` this state belongs to (OpenSpiel ``get_game``)."""
        ...

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see now, as JSON-serialisable plain data.

        Everything public plus ``player``'s own hidden information, never the
        order or content of hidden draws (Botanik: the face-down pile is only its
        size).  Two states that differ only in what ``player`` cannot see give
        equal observations.  Raises ``ValueError`` for a seat out of range.
        """
        ...

    def observation_string(self, player: int) -> str:
        """:meth:`observation` as deterministic text (:func:`observation_text`;
        OpenSpiel's ``observation_string``)."""
        ...


def observation_text(observation: Mapping[str, Any]) -> str:
    """The deterministic text of an observation: one ``key: <compact JSON>`` line per
    key, keys sorted (equal observations give equal text, whatever the dict order)."""
    def compact(value: Any) -> str:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)

    return "\n".join(f"{key}: {compact(observation[key])}" for key in sorted(observation))


def check_seat(player: int, num_players: int) -> None:
    """Raise ``ValueError`` unless ``player`` is a seat ``0 <= player < num_players``."""
    if not isinstance(player, int) or not 0 <= player < num_players:
        raise ValueError(f"player {player!r} is not a seat (0..{num_players - 1})")


@runtime_checkable
class Determinizable(Protocol):
    """Optional: a state with hidden information (Botanik's pile) that a search can resample."""

    def determinize(self, rng: random.Random) -> None: ...


@runtime_checkable
class HiddenKeyed(Protocol):
    """Optional, with :class:`Determinizable`: tells a search when its actions leave the
    hidden information as it was, so that states along a line of play may be kept and
    resampled later instead of resampled first and replayed (MCTS).

    Promise: along a line of play from a state, while ``hidden_key()`` is unchanged the
    hidden information is unchanged (so resampling before or after those actions gives
    the same state), and neither the legal actions nor the game's :class:`Heuristic`
    read the hidden information.  Botanik: the pile's size (it changes only by draws).
    """

    def hidden_key(self) -> object: ...


@runtime_checkable
class Heuristic(Protocol):
    """Optional :class:`Game` capability: the game's own move ranking (Botanik's greedy).

    Without it, the greedy bot and MCTS rank moves with :meth:`Game.evaluate` of the
    state after each move, and value MCTS leaves with ``(evaluate(state, 0) + 1) / 2``.
    """

    def action_values(self, state: State, legal: Sequence[int]) -> list[float]:
        """A value per action of ``legal`` for the player to move (higher is better)."""
        ...

    def win_probability(self, state: State) -> float:
        """Player 0's estimated result in [0, 1] at a non-terminal state."""
        ...

    def may_prune(self, state: State, legal: Sequence[int]) -> bool:
        """Whether a search may keep only the best-valued few of ``legal``."""
        ...


class RandomPlayout(Protocol):
    """Optional :class:`State` capability: random play written into the game's own loop.

    ``play_random(draws, limit)`` plays on until the game ends, ``limit`` decisions
    are made or a decision has no legal action, each decision
    ``legal[r]`` of ``legal = legal_actions()`` with ``r`` drawn as
    :meth:`~botanik_design.bots.random_bot.RandomBot.step` draws it from
    ``draws[current_player()]`` (a ``getrandbits``); it returns ``(decisions, legal
    actions summed)``.  The same game, move for move and bit for bit, as two random
    bots' ``step`` calls: :func:`~botanik_design.bots.random_bot.play_out` uses it when
    a state has it (found by attribute, not by ``isinstance``).
    """

    def play_random(self, draws: Sequence[Any], limit: int) -> tuple[int, int]: ...


@runtime_checkable
class SearchFunctions(Protocol):
    """Optional, with :class:`Heuristic`: its hot parts as plain functions for a search's
    rollouts (called thousands of times a decision, with no method call around them).

    ``search_functions()`` gives ``(ties, win_probability)``: ``ties(state, legal)`` is
    the actions of ``legal`` whose :meth:`Heuristic.action_values` are at least the best
    less ``1e-9``, in the order of ``legal`` (the greedy choice's ties, a sequence not to
    change); ``win_probability(state)`` is :meth:`Heuristic.win_probability`.
    """

    def search_functions(self) -> tuple[Callable[[Any, Sequence[int]], Sequence[int]],
                                        Callable[[Any], float]]: ...


@runtime_checkable
class SpecNamed(Protocol):
    """Optional :class:`Game` capability: names of the loaded specs for report headers
    (``{"variant": ..., "variant_title": ..., "tileset": ...}``)."""

    def spec_names(self) -> Mapping[str, str]: ...


@runtime_checkable
class Game(Protocol):
    """A loaded game: its facts, its rules, and a factory of states."""

    @property
    def info(self) -> GameInfo: ...

    def new_initial_state(self, seed: int = 0) -> State:
        """The state before the first action; ``seed`` drives chance (ignored by Hive)."""
        ...

    def deserialize_state(self, text: str) -> State:
        """Inverse of :meth:`State.serialize`; raises ``ValueError`` on bad text."""
        ...

    def metrics(self) -> Sequence[Metric]:
        """The per-game numbers :meth:`final_metrics` reports, in report order."""
        ...

    def final_metrics(self, state: State) -> Mapping[str, Any]:
        """Per-game numbers of a terminal state keyed by :attr:`Metric.key`
        (a pair for ``per_player`` metrics), plus ``"winner"`` (seat or -1) and
        ``"end_reason"`` (a short stable word, e.g. ``"queen-surrounded"``)."""
        ...

    def evaluate(self, state: State, player: int) -> float:
        """Heuristic value of ``state`` for ``player`` in [-1, 1] (greedy bot, MCTS leaves)."""
        ...

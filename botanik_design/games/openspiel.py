"""Any registered game as an OpenSpiel Python game (optional extra ``openspiel``).

``pip install -e ".[openspiel]"``, then::

    from botanik_design.games.openspiel import register
    register("botanik")                  # pyspiel.register_game(...) as "python_botanik"
    game = pyspiel.load_game("python_botanik", {"variant": "registre-3", "rng_seed": 3})

Each game states its OpenSpiel facts in its own package (``games/<name>/openspiel.py``,
a :class:`SpielFacts` named ``FACTS``): short name, chance and information
model, and an action codec, because OpenSpiel wants dense action ids below
``num_distinct_actions`` while the engines pack cells into large ints.  This
module adapts the game interface of :mod:`botanik_design.games.base`:

* sequential, zero-sum, terminal rewards, two players;
* chance: a game whose deal is random (Botanik's shuffled pile) is
  ``EXPLICIT_STOCHASTIC``: its :class:`Dealer` turns the deal into chance
  nodes before the first move (Botanik: one per pile tile, in dealing order,
  each a tile definition with probability copies left / tiles left, as a
  uniform shuffle gives), then the engine plays that deal; a game without
  chance (Hive) is ``DETERMINISTIC``.  (Python games cannot be
  ``SAMPLED_STOCHASTIC`` and serialisable: OpenSpiel has no hook for their
  random state.);
* observations: ``observation_string(player)`` is the engine's
  :meth:`~botanik_design.games.base.State.observation_string` (never the
  hidden pile); ``information_state_string(player)`` is the player's
  observations after every step so far (perfect recall);
* a game the rules do not end by a length limit (``info.length_cutoff``) ends
  after ``info.max_game_length`` actions as a draw, as simulations count it.

Raises ``ImportError`` when ``pyspiel`` is not installed.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

import pyspiel

from botanik_design.games.base import Game, State, observation_text
from botanik_design.games.loading import load_from_variant


class Dealer(Protocol):
    """A random deal as explicit chance nodes before the first move.

    ``draws(game)``: the chance nodes (0: the deal is fixed); ``outcomes(game,
    drawn)``: ``(outcome, probability)`` pairs after the outcomes ``drawn``,
    sorted; ``outcome_name(game, outcome)``: its text; ``deal(game, drawn)``:
    the engine state once all are drawn.
    """

    def draws(self, game: Game) -> int: ...

    def max_outcomes(self, game: Game) -> int: ...

    def outcomes(self, game: Game, drawn: Sequence[int]) -> list[tuple[int, float]]: ...

    def outcome_name(self, game: Game, outcome: int) -> str: ...

    def deal(self, game: Game, drawn: Sequence[int]) -> State: ...


@dataclass(frozen=True)
class SpielFacts:
    """What OpenSpiel needs to know of a game beyond the game interface.

    ``short_name``/``long_name``: the OpenSpiel names; ``default_variant``: the
    variant reference loaded when the ``variant`` parameter is not given;
    ``dealer``: the random deal as chance nodes (``EXPLICIT_STOCHASTIC``), or
    ``None`` for a game without chance (``DETERMINISTIC``); ``imperfect``: some
    information is hidden from the players; ``num_actions(game)``: the number
    of distinct OpenSpiel action ids under the loaded rules; ``to_spiel(state,
    actions)`` (a list of ids) / ``from_spiel(state, spiel_action)``: the codec
    between the engine's actions and those ids in ``state`` (before the action;
    ids may depend on the state, one-to-one in it).
    """

    short_name: str
    long_name: str
    default_variant: str
    dealer: Dealer | None
    imperfect: bool
    num_actions: Callable[[Game], int]
    to_spiel: Callable[[State, Sequence[int]], list[int]]
    from_spiel: Callable[[State, int], int]


def facts_of(name: str) -> SpielFacts:
    """The :class:`SpielFacts` of game ``name`` (``games/<name>/openspiel.py``'s ``FACTS``)."""
    module = importlib.import_module(f"botanik_design.games.{name}.openspiel")
    facts: SpielFacts = module.FACTS
    return facts


def game_type(facts: SpielFacts) -> Any:
    """The ``pyspiel.GameType`` of a game with ``facts``."""
    t = pyspiel.GameType
    params: dict[str, Any] = {"variant": facts.default_variant, "max_game_length": 0}
    return t(
        short_name=facts.short_name,
        long_name=facts.long_name,
        dynamics=t.Dynamics.SEQUENTIAL,
        chance_mode=t.ChanceMode.DETERMINISTIC if facts.dealer is None
        else t.ChanceMode.EXPLICIT_STOCHASTIC,
        information=t.Information.IMPERFECT_INFORMATION if facts.imperfect
        else t.Information.PERFECT_INFORMATION,
        utility=t.Utility.ZERO_SUM,
        reward_model=t.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=params,
    )


_REGISTERED: set[str] = set()


def register(name: str) -> str:
    """Register game ``name`` with ``pyspiel.register_game`` (once); returns its short name."""
    facts = facts_of(name)
    if facts.short_name not in _REGISTERED:
        kind = game_type(facts)
        creator = type(f"SpielGame_{name}", (SpielGame,), {"NAME": name, "KIND": kind})
        pyspiel.register_game(kind, creator)
        _REGISTERED.add(facts.short_name)
    return facts.short_name


@cache
def _engine_game(ref: str) -> Game:
    return load_from_variant(ref)


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game over an engine :class:`~botanik_design.games.base.Game`.

    Parameters: ``variant`` (bundled name or file of the game's variant);
    ``max_game_length``: actions after which the game stops as a draw (``0``,
    the default: the game's own bound, ``info.max_game_length``, which only a
    game without a length limit in its rules can reach); ``ValueError`` when
    negative.
    """

    #: the game's registry name and ``pyspiel.GameType`` (set by :func:`register`)
    NAME: str = ""
    KIND: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        facts = facts_of(self.NAME)
        self.facts = facts
        self.variant = str(params.get("variant", facts.default_variant))
        cap = int(params.get("max_game_length", 0))
        if cap < 0:
            raise ValueError(f"max_game_length must be 0 (the game's own) or more, not {cap}")
        self.shared = _shared(self.NAME, self.variant, cap)
        self.engine = self.shared.game
        info = self.engine.info
        dealer = facts.dealer
        super().__init__(self.KIND, pyspiel.GameInfo(
            num_distinct_actions=facts.num_actions(self.engine),
            max_chance_outcomes=0 if dealer is None else dealer.max_outcomes(self.engine),
            num_players=info.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.shared.cap,
        ), params)

    def new_initial_state(self) -> SpielState:
        """A new game: at its first chance node when the deal is random."""
        return SpielState(self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the game's name and OpenSpiel string (its class is made by
        :func:`register`, so a fresh process registers it again on loading)."""
        return (_unpickle_game, (self.NAME, str(self)))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """Observation strings (default) or, for ``perfect_recall``, information state strings."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return Observer(bool(iig_obs_type is not None and iig_obs_type.perfect_recall))


class _Shared:
    """What every state of one loaded game shares (the engine game, the facts): never
    copied by a clone, pickled as the game's name and variant."""

    def __init__(self, name: str, variant: str, cap: int) -> None:
        self.name = name
        self.variant = variant
        self.facts = facts_of(name)
        self.game = _engine_game(variant)
        if self.game.info.name != name:
            raise ValueError(f"variant {variant!r} is a variant of {self.game.info.name}, "
                             f"not of {name} (this OpenSpiel game: {self.facts.short_name})")
        dealer = self.facts.dealer
        self.draws = 0 if dealer is None else dealer.draws(self.game)
        bound = self.game.info.max_game_length
        self.cap = min(cap, bound) if cap else bound

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_shared, (self.name, self.variant, self.cap))


@cache
def _shared(name: str, variant: str, cap: int) -> _Shared:
    return _Shared(name, variant, cap)


class _Engine:
    """The engine state inside a :class:`SpielState`, copied by ``clone()`` and pickled
    as its variant and serialised text (OpenSpiel clones and serialises a Python
    state through its ``__dict__``)."""

    __slots__ = ("state", "variant", "_text")

    def __init__(self, state: State, variant: str) -> None:
        self.state = state
        self.variant = variant
        self._text: tuple[int, str] = (-1, "")

    def text(self) -> str:
        """``state.serialize()``, kept while no action is applied (only the adapter
        plays on the engine state, so the history length tells a change)."""
        n = len(self.state.history())
        if self._text[0] != n:
            self._text = (n, self.state.serialize())
        return self._text[1]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.state.clone(), self.variant)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self.variant, self.text()))


def _restore(variant: str, text: str) -> _Engine:
    return _Engine(_engine_game(variant).deserialize_state(text), variant)


class SpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over an engine state (see the module docstring): first
    the chance nodes of the deal (``_drawn`` so far), then the engine's game."""

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self._shared = game.shared
        self._drawn: list[int] = []
        self._engine: _Engine | None = None
        #: per player, the observations after each engine step and the engine state
        #: they were taken from (information_state_text)
        self._trail: dict[int, list[str]] = {}
        self._cursors: dict[int, _Engine] = {}
        if not self._shared.draws:
            self._engine = _Engine(game.engine.new_initial_state(0), game.variant)

    @property
    def _game(self) -> Game:
        return self._shared.game

    @property
    def _facts(self) -> SpielFacts:
        return self._shared.facts

    @property
    def _draws(self) -> int:
        return self._shared.draws

    @property
    def engine_state(self) -> State | None:
        """The engine's :class:`~botanik_design.games.base.State` (``None`` while dealing;
        read it, do not play on it)."""
        return None if self._engine is None else self._engine.state

    def current_player(self) -> int:
        if self._engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self._engine.state.current_player()

    def is_terminal(self) -> bool:
        if self._engine is None:
            return False
        s = self._engine.state
        return s.is_terminal() or len(s.history()) >= self._shared.cap

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self._facts.dealer is not None and self._engine is None
        return self._facts.dealer.outcomes(self._game, self._drawn)

    def _legal_actions(self, player: int) -> list[int]:
        if self._engine is None or self.is_terminal() or player != self.current_player():
            return []
        s = self._engine.state
        return sorted(self._facts.to_spiel(s, s.legal_actions()))

    def _apply_action(self, action: int) -> None:
        if self._engine is None:
            dealer = self._facts.dealer
            assert dealer is not None
            self._drawn.append(action)
            if len(self._drawn) == self._draws:
                self._engine = _Engine(dealer.deal(self._game, self._drawn),
                                       self._shared.variant)
            return
        s = self._engine.state
        s.apply_action(self._facts.from_spiel(s, action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            assert self._facts.dealer is not None
            return self._facts.dealer.outcome_name(self._game, action)
        assert self._engine is not None
        s = self._engine.state
        return s.action_to_string(self._facts.from_spiel(s, action))

    def returns(self) -> list[float]:
        if self._engine is None:
            return [0.0, 0.0]
        return [float(r) for r in self._engine.state.returns()]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as OpenSpiel's ``serialize_game_and_state`` text and the game's name
        (registered again on loading, as in a fresh process)."""
        return (_unpickle_state, (self._shared.name,
                                  pyspiel.serialize_game_and_state(self.get_game(), self)))

    def __str__(self) -> str:
        if self._engine is None:
            return f"dealing {len(self._drawn)}/{self._draws}: {self._drawn}"
        return self._engine.text()


def _unpickle_game(name: str, text: str) -> Any:
    register(name)
    return pyspiel.load_game(text)


def _unpickle_state(name: str, text: str) -> Any:
    register(name)
    return pyspiel.deserialize_game_and_state(text)[1]


def _dealing_text(state: SpielState, player: int, drawn: int) -> str:
    """What a player sees of the deal in progress: how far it is, never what was drawn."""
    return observation_text({"player": player, "dealing": [drawn, state._draws]})


def observation_of(state: SpielState, player: int) -> str:
    """``player``'s observation string of ``state`` (the engine's, or the deal's progress)."""
    engine = state.engine_state
    if engine is None:
        return _dealing_text(state, player, len(state._drawn))
    return engine.observation_string(player)


def information_state_text(state: SpielState, player: int) -> str:
    """``player``'s observations after each step from the start to ``state`` (perfect
    recall), one block per step separated by ``---``; for a game with perfect
    information, whose observation already holds the moves played, just the
    observation.  The engine's observations are
    kept as they are computed (``_trail``), so asking at every step costs one
    observation per step, and a state nobody asks (a search's) pays nothing."""
    engine = state.engine_state
    if not state._facts.imperfect and engine is not None:
        return engine.observation_string(player)  # it holds the whole history
    done = state._draws if engine is not None else len(state._drawn)
    blocks = [_dealing_text(state, player, k) for k in range(done + 1)]
    if engine is None:
        return "\n---\n".join(blocks)
    trail = state._trail.setdefault(player, [])
    held = state._cursors.get(player)
    if held is None:
        held = _Engine(engine.get_game().new_initial_state(0), state._shared.variant)
        state._cursors[player] = held
        trail[:] = [held.state.observation_string(player)]
    cursor = held.state
    for action in engine.history()[len(cursor.history()):]:
        cursor.apply_action(action)
        trail.append(cursor.observation_string(player))
    return "\n---\n".join(blocks + trail)


class Observer:
    """OpenSpiel's Python observer: strings only (no tensor)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: SpielState, player: int) -> None:
        """Nothing to write: the observation has no tensor."""

    def string_from(self, state: SpielState, player: int) -> str:
        if self.perfect_recall:
            return information_state_text(state, player)
        return observation_of(state, player)


"""A toy second game written only against ``botanik_design.games.base``: Nim.

Heaps of stones; a move takes 1 to 3 stones from one heap; whoever takes the last
stone wins.  Action ``heap * 3 + (take - 1)``.  Used to prove that ``sim/`` and
``bots/`` serve any registered game unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from botanik_design.games.base import (
    TERMINAL,
    Event,
    GameInfo,
    IllegalActionError,
    Metric,
    State,
    check_seat,
    observation_text,
)


@dataclass(frozen=True, slots=True)
class Took(Event):
    player: int
    heap: int
    count: int


class NimState:
    def __init__(self, game: NimGame) -> None:
        self.game = game
        self.heaps = list(game.heaps)
        self.player = 0
        self._history: list[int] = []
        self._events: list[Took] = []
        self.taken = [0, 0]

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.player

    def legal_actions(self) -> list[int]:
        return [h * 3 + k for h, n in enumerate(self.heaps) for k in range(min(n, 3))]

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(f"illegal {action}")
        heap, k = divmod(action, 3)
        self.heaps[heap] -= k + 1
        self.taken[self.player] += k + 1
        self._events.append(Took(len(self._history), self.player, heap, k + 1))
        self._history.append(action)
        self.player = 1 - self.player

    def action_to_string(self, action: int) -> str:
        return f"take {action % 3 + 1} from heap {action // 3 + 1}"

    def string_to_action(self, text: str) -> int:
        for a in self.legal_actions():
            if self.action_to_string(a) == text:
                return a
        raise IllegalActionError(text)

    def clone(self) -> NimState:
        c = NimState(self.game)
        c.heaps, c.player, c.taken = self.heaps[:], self.player, self.taken[:]
        c._history, c._events = self._history[:], self._events[:]
        return c

    def is_terminal(self) -> bool:
        return not any(self.heaps)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        winner = 1 - self.player  # the player who took the last stone
        return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]

    def history(self) -> list[int]:
        return list(self._history)

    def events(self, since: int = 0) -> Sequence[Event]:
        return [e for e in self._events if e.step >= since]

    def serialize(self) -> str:
        return json.dumps(self._history)

    def get_game(self) -> NimGame:
        return self.game

    def observation(self, player: int) -> dict[str, Any]:
        check_seat(player, 2)
        return {"player": player, "heaps": list(self.heaps), "to_move": self.current_player(),
                "taken": list(self.taken)}

    def observation_string(self, player: int) -> str:
        return observation_text(self.observation(player))


@dataclass(frozen=True)
class NimGame:
    heaps: tuple[int, ...] = (3, 4, 5)

    @property
    def info(self) -> GameInfo:
        return GameInfo("nim", "Nim", 2, sum(self.heaps), ())

    def new_initial_state(self, seed: int = 0) -> NimState:
        return NimState(self)

    def deserialize_state(self, text: str) -> State:
        s = self.new_initial_state()
        for a in json.loads(text):
            s.apply_action(int(a))
        return s

    def metrics(self) -> Sequence[Metric]:
        return (Metric("taken", "stones taken", per_player=True),)

    def final_metrics(self, state: State) -> Mapping[str, Any]:
        assert isinstance(state, NimState)
        r = state.returns()
        return {"taken": tuple(state.taken), "winner": 0 if r[0] > 0 else 1,
                "end_reason": "last-stone"}

    def evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, NimState)
        if state.is_terminal():
            return state.returns()[player]
        nim_sum = 0
        for n in state.heaps:
            nim_sum ^= n % 4
        mover = 1.0 if nim_sum else -1.0  # a non-zero nim-sum wins for the player to move
        return mover if player == state.player else -mover


def load_nim(heaps: Sequence[int] = (3, 4, 5)) -> NimGame:
    return NimGame(tuple(heaps))


def nim_from_doc(session: Any, doc: Any, **params: Any) -> NimGame:
    return load_nim(doc.data.get("heaps", (3, 4, 5)))


def rules_page(ref: str, other_ref: str | None, options: bool = True) -> str:
    """The entry's rules page: Markdown written from a Nim variant file."""
    from botanik_design.spec.load import checked_ref

    if other_ref:
        raise ValueError("--tileset: a Nim variant has heaps, not tiles")
    _, doc = checked_ref(ref, "nim-variant")
    heaps = doc.data["heaps"]
    lines = [f"# Nim rules: {doc.data.get('title', ref)}", "",
             f"Heaps at the start: {', '.join(str(h) for h in heaps)}.", "",
             "## A turn", "", "Take 1 to 3 stones from one heap.", "",
             "## The end", "", "Whoever takes the last stone wins.", ""]
    if options:
        lines += ["## Options", "", "| option | value |", "| --- | --- |",
                  f"| heaps | {list(heaps)} |", ""]
    return "\n".join(lines)


def replay(path: Path, args: Any, images: Any) -> int | None:
    """The entry's ``replay`` hook: a Nim record (``nim_record:``, ``heaps``, ``actions``)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or "nim_record" not in data:
        return None
    state = load_nim(data["heaps"]).new_initial_state()
    for a in data["actions"]:
        state.apply_action(int(a))
    print(json.dumps({"record": data["nim_record"], "steps": len(data["actions"]),
                      "terminal": state.is_terminal(), "returns": state.returns()}))
    return 0

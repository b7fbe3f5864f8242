"""The Universal Hive Protocol engine loop (stdin/stdout line protocol), without I/O.

:class:`UhpSession` turns one input line into the output lines of its answer;
every answer ends with ``ok`` (errors: ``err <message>``, refused moves:
``invalidmove <message>``, each still followed by ``ok``).  Commands:
``info``, ``newgame [GameTypeString|GameString]``, ``play MoveString``,
``pass``, ``validmoves``, ``bestmove time hh:mm:ss`` / ``bestmove depth N``,
``undo [N]``, ``options`` / ``options get NAME`` / ``options set NAME VALUE``,
``perft N``, ``exit``.  Blank lines are ignored.  Nothing a client sends
raises: unexpected failures become ``err``.

``bestmove`` calls the injected ``choose(state, seconds, depth, options)``
(the CLI passes a bot), so this module stays in the engine layer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from botanik_design.games.base import IllegalActionError
from botanik_design.games.hive.engine.game import HiveGame, load_hive
from botanik_design.games.hive.engine.notation import NotationError, parse_game_string
from botanik_design.games.hive.engine.perft import perft
from botanik_design.games.hive.engine.state import HiveState
from botanik_design.model.words import plural

Chooser = Callable[[HiveState, float | None, int | None, dict[str, int]], int]

CAPABILITIES = "Mosquito;Ladybug;Pillbug"


@dataclass(frozen=True, slots=True)
class IntOption:
    """An engine option as UHP lists it: ``Name;int;Value;Default;Min;Max``."""

    name: str
    default: int
    low: int
    high: int


OPTIONS = (
    IntOption("Seed", 0, 0, 2**31 - 1),
    IntOption("MaxIterations", 400, 1, 1_000_000),
    IntOption("AlphaBeta", 0, 0, 1),
)
"""Engine options: ``Seed`` seeds the search; ``MaxIterations`` caps the MCTS iterations of
``bestmove depth``; ``AlphaBeta`` 1 searches with alpha-beta instead of MCTS."""


@dataclass
class UhpSession:
    """One engine session: the current game and the option values."""

    engine_id: str
    choose: Chooser
    default_game: HiveGame = field(default_factory=lambda: load_hive("Base"))
    state: HiveState | None = None
    finished: bool = False
    options: dict[str, int] = field(default_factory=lambda: {o.name: o.default for o in OPTIONS})

    def startup(self) -> list[str]:
        """What the engine prints unasked when it starts (its ``info`` answer)."""
        return self._info() + ["ok"]

    def handle(self, line: str) -> list[str]:
        """The answer lines to ``line`` (empty for a blank line)."""
        words = line.strip().split(None, 1)
        if not words:
            return []
        command, rest = words[0].lower(), (words[1].strip() if len(words) > 1 else "")
        handler = getattr(self, f"_cmd_{command}", None)
        try:
            if handler is None:
                out = [f"err unknown command {words[0]!r} (commands: info, newgame, play, "
                       "pass, validmoves, bestmove, undo, options, perft, exit)"]
            else:
                out = handler(rest)
        except Exception as exc:  # noqa: BLE001 - a client must never crash the engine
            out = [f"err {type(exc).__name__}: {exc}"]
        return out + ["ok"]

    # -- commands ----------------------------------------------------------
    def _info(self) -> list[str]:
        return [f"id {self.engine_id}", CAPABILITIES]

    def _cmd_info(self, rest: str) -> list[str]:
        return self._info()

    def _cmd_exit(self, rest: str) -> list[str]:
        self.finished = True
        return []

    def _cmd_newgame(self, rest: str) -> list[str]:
        try:
            if not rest:
                game = self.default_game
                state = game.new_initial_state()
            elif ";" in rest:
                parsed = parse_game_string(rest)
                from botanik_design.games.hive.engine.notation import format_game_type

                game = load_hive(format_game_type(parsed.expansions))
                state = game.state_from_game_string(rest)
            else:
                if not rest.lower().startswith("base"):
                    return [f"err unknown GameTypeString {rest!r} (Base, Base+M, ..., Base+MLP)"]
                game = load_hive(rest)
                state = game.new_initial_state()
        except ValueError as exc:
            return [f"err {exc}"]
        self.state = state
        return [state.game_string()]

    def _cmd_play(self, rest: str) -> list[str]:
        if self.state is None:
            return [_NO_GAME]
        if not rest:
            return ["invalidmove play needs a MoveString (e.g. play wS1)"]
        state = self.state
        if state.is_terminal():
            return [f"invalidmove the game is over ({state.board_state()})"]
        try:
            action = state.string_to_action(rest)
        except IllegalActionError as exc:
            return [f"invalidmove {exc}"]
        state.apply_action(action)
        return [state.game_string()]

    def _cmd_pass(self, rest: str) -> list[str]:
        if rest:
            return [f"err pass takes no argument (got {rest!r})"]
        return self._cmd_play("pass")

    def _cmd_validmoves(self, rest: str) -> list[str]:
        if self.state is None:
            return [_NO_GAME]
        state = self.state
        if state.is_terminal():
            return [f"err the game is over ({state.board_state()})"]
        return [";".join(state.action_to_string(a) for a in state.legal_actions())]

    def _cmd_bestmove(self, rest: str) -> list[str]:
        if self.state is None:
            return [_NO_GAME]
        if self.state.is_terminal():
            return [f"err the game is over ({self.state.board_state()})"]
        parts = rest.split()
        seconds: float | None = None
        depth: int | None = None
        if len(parts) == 2 and parts[0].lower() == "time":
            seconds = _parse_time(parts[1])
            if seconds is None:
                return [f"err bad time {parts[1]!r} (hh:mm:ss)"]
        elif len(parts) == 2 and parts[0].lower() == "depth":
            if not parts[1].isdigit() or int(parts[1]) < 1:
                return [f"err bad depth {parts[1]!r} (a whole number from 1)"]
            depth = int(parts[1])
        else:
            return ["err usage: bestmove time hh:mm:ss | bestmove depth N"]
        action = self.choose(self.state.clone(), seconds, depth, dict(self.options))
        return [self.state.action_to_string(action)]

    def _cmd_undo(self, rest: str) -> list[str]:
        if self.state is None:
            return [_NO_GAME]
        if rest and (not rest.isdigit() or int(rest) < 1):
            return [f"err bad undo count {rest!r} (a whole number from 1)"]
        n = int(rest) if rest else 1
        played = len(self.state.history())
        if n > played:
            return [f"err cannot undo {plural(n, 'move')}: only {played} played"]
        for _ in range(n):
            self.state.undo()
        return [self.state.game_string()]

    def _cmd_options(self, rest: str) -> list[str]:
        parts = rest.split()
        if not parts:
            return [self._option_line(o) for o in OPTIONS]
        known = {o.name.lower(): o for o in OPTIONS}
        verb = parts[0].lower()
        if verb == "get" and len(parts) == 2:
            opt = known.get(parts[1].lower())
            if opt is None:
                return [f"err unknown option {parts[1]!r}"]
            return [self._option_line(opt)]
        if verb == "set" and len(parts) == 3:
            opt = known.get(parts[1].lower())
            if opt is None:
                return [f"err unknown option {parts[1]!r}"]
            try:
                value = int(parts[2])
            except ValueError:
                return [f"err option {opt.name} takes a whole number (got {parts[2]!r})"]
            if not opt.low <= value <= opt.high:
                return [f"err option {opt.name} must be in {opt.low}..{opt.high}"]
            self.options[opt.name] = value
            return [self._option_line(opt)]
        return ["err usage: options | options get NAME | options set NAME VALUE"]

    def _option_line(self, o: IntOption) -> str:
        return f"{o.name};int;{self.options[o.name]};{o.default};{o.low};{o.high}"

    def _cmd_perft(self, rest: str) -> list[str]:
        if self.state is None:
            return [_NO_GAME]
        if not rest.isdigit() or not 1 <= int(rest) <= 8:
            return [f"err bad perft depth {rest!r} (1 to 8)"]
        board = self.state.board.copy()
        if self.state.is_terminal():
            return [f"perft({d}) = 0" for d in range(1, int(rest) + 1)]
        return [f"perft({d}) = {perft(board, self.state.get_game().variant, d)}"
                for d in range(1, int(rest) + 1)]


_NO_GAME = "err no game in progress (start one with newgame)"


def _parse_time(text: str) -> float | None:
    parts = text.split(":")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        return None
    h, m, s = (int(p) for p in parts)
    if m >= 60 or s >= 60:
        return None
    total = h * 3600 + m * 60 + s
    return float(total) if total > 0 else None


__all__ = ["CAPABILITIES", "OPTIONS", "NotationError", "UhpSession"]

"""One hosted game: the only real state, the seats' tokens and what each seat is sent.

No sockets here (:mod:`.server` carries the messages): :meth:`Table.handle` takes
a checked client message and answers; every move goes through the engine
(``apply_action`` on the host's state) and is written to the record before it
is announced, so a host killed at any moment loses no move that a client saw.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from botanik_design.games.base import IllegalActionError
from botanik_design.remote import protocol as p
from botanik_design.remote.observe import observation, public_observation, seat_text
from botanik_design.remote.records import Hosted, write_hosted

SEATS = ("0", "1", p.SPECTATOR)


def seat_number(seat: str) -> int | None:
    """``0``/``1`` for a player's seat, ``None`` for the spectator link."""
    return None if seat == p.SPECTATOR else int(seat)


@dataclass
class Reply:
    """What :meth:`Table.handle` answers: ``to_sender`` (a message or ``None``) and
    whether every connection must get a fresh ``state`` (``changed``)."""

    to_sender: str | None = None
    changed: bool = False


class Table:
    """A hosted game: ``hosted`` (game, state, record fields), the record file, tokens.

    ``tokens`` maps ``"0"``, ``"1"`` and ``"watch"`` to their link's token;
    ``bots`` the seats a bot plays (seat -> bot spec).
    """

    def __init__(self, hosted: Hosted, record_path: Path, tokens: dict[str, str],
                 bots: dict[int, str] | None = None, name: str = "hosted game") -> None:
        self.hosted = hosted
        self.record_path = record_path
        self.tokens = tokens
        self.bots = dict(bots or {})
        self.name = name
        self.connected: dict[str, int] = dict.fromkeys(SEATS, 0)
        for seat, spec in self.bots.items():
            hosted.playtest.players[seat] = spec
        self.log: list[dict[str, Any]] = self._replayed_log()

    # -- facts ----------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.hosted.state

    @property
    def step(self) -> int:
        return len(self.state.history())

    def _replayed_log(self) -> list[dict[str, Any]]:
        """The public move list of the state's history (replayed from the start)."""
        replay = self.hosted.game.new_initial_state(int(self.hosted.refs.get("seed", 0)))
        out = []
        for i, action in enumerate(self.state.history()):
            out.append({"step": i, "player": replay.current_player(),
                        "text": replay.action_to_string(action)})
            replay.apply_action(action)
        return out

    def check_link(self, seat: str, token: str) -> None:
        """Raise :class:`~.protocol.ProtocolError` unless ``token`` opens ``seat``."""
        if seat not in self.tokens:
            raise p.ProtocolError("bad-seat", f"no seat {seat!r} (seats: 0, 1, watch)")
        if seat_number(seat) in self.bots:
            raise p.ProtocolError("bad-seat", f"a bot plays seat {seat}")
        if not secrets.compare_digest(self.tokens[seat].encode(), token.encode()):
            raise p.ProtocolError("bad-token", "this link's token does not open that seat")

    def welcome(self, seat: str) -> str:
        """The ``welcome`` message: the seat, the game, its bots and its public rules (what
        the game's entry gives, ``public_rules``; ``None`` for a game without one)."""
        info = self.hosted.game.info
        return p.encode("welcome", seat=seat, game=info.name, title=info.title,
                        bots={str(k): v for k, v in self.bots.items()},
                        rules=self._rules())

    def _rules(self) -> dict[str, Any] | None:
        from botanik_design.games.registry import UnknownGameError, entry, resolve

        try:
            target = entry(self.hosted.game.info.name).public_rules
        except UnknownGameError:
            return None
        if target is None:
            return None
        rules: dict[str, Any] = resolve(target)(self.hosted.game)
        return rules

    def view(self, seat: str) -> str:
        """The ``state`` message for ``seat``: its observation (never more), the public
        move list, and its legal actions when it is to move."""
        s = self.state
        player = seat_number(seat)
        obs: tuple[dict[str, Any], str]
        if player is None:
            obs = public_observation(s, self.hosted.game.info.num_players)
        else:
            obs = observation(s, player), seat_text(s, player)
        to_move = s.current_player()
        legal = []
        if player is not None and to_move == player and not s.is_terminal():
            legal = [[a, s.action_to_string(a)] for a in s.legal_actions()]
        pt = self.hosted.playtest
        return p.encode(
            "state", step=self.step, to_move=to_move, terminal=s.is_terminal(),
            returns=list(s.returns()) if s.is_terminal() else None,
            observation=obs[0], observation_text=obs[1],
            legal=legal, moves=self.log, notes=pt.notes,
            players=list(pt.players),
            connected=[self.connected["0"] > 0 or 0 in self.bots,
                       self.connected["1"] > 0 or 1 in self.bots],
            spectators=self.connected[p.SPECTATOR])

    # -- changes ----------------------------------------------------------------
    def handle(self, seat: str, message: p.ClientMessage) -> Reply:
        """Answer a checked message from ``seat``; the state changes only on a legal move
        by the seat to move, and every refusal is an ``error`` reply."""
        player = seat_number(seat)
        if isinstance(message, p.Ping):
            return Reply(p.encode("pong"))
        if player is None:
            return Reply(p.error("read-only", "the spectator link cannot play or write"))
        if isinstance(message, p.Hello):
            self.hosted.playtest.players[player] = message.name
            self.save()
            return Reply(changed=True)
        if isinstance(message, p.Note):
            self.hosted.playtest.note(self.step, message.text,
                                      self.hosted.playtest.players[player] or f"P{player}")
            self.save()
            return Reply(changed=True)
        return self._move(player, message)

    def _move(self, player: int, move: p.Move) -> Reply:
        s = self.state
        if s.is_terminal():
            return Reply(p.error("game-over", "the game is over"))
        if s.current_player() != player:
            return Reply(p.error("out-of-turn", f"it is P{s.current_player()}'s turn"))
        if move.step != self.step:
            return Reply(p.error("stale", f"the game is at move {self.step}, not {move.step}"))
        if move.action not in s.legal_actions():
            return Reply(p.error("illegal", f"action {move.action} is not legal here"))
        self.play(move.action)
        return Reply(changed=True)

    def play(self, action: int) -> None:
        """Apply a legal action on the host's state and write the record."""
        s = self.state
        text = s.action_to_string(action)
        who = s.current_player()
        try:
            s.apply_action(action)
        except IllegalActionError:
            raise
        self.log.append({"step": len(self.log), "player": who, "text": text})
        self.hosted.playtest.moved()
        self.save()

    def save(self) -> None:
        """Write the record (atomically); an I/O error propagates to the host's log."""
        write_hosted(self.record_path, self.hosted, self.name)

    def bot_to_move(self) -> int | None:
        """The seat a bot must move now, else ``None``."""
        s = self.state
        if s.is_terminal():
            return None
        who = s.current_player()
        return who if who in self.bots else None

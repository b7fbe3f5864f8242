"""The play-test controller: one game, its undo stack, the bot driver and records.

No textual here: the app (:mod:`botanik_design.tui.play.app`) asks the
controller what can be done and tells it what the players chose, and the
controller is tested without an app.

* :class:`Rules` is what a game is played under: the tile set and the
  variant, plus the references written into a saved record (bundled names or
  absolute paths here; written relative to the record, see
  :func:`~botanik_design.games.botanik.engine.record.write_record`) and the option
  overrides made in the variant form.
* :class:`Controller` owns the :class:`~botanik_design.games.botanik.engine.GameState`.
  Before every human decision it pushes a clone on the undo stack, so
  :meth:`Controller.undo` in a game against a bot rewinds to the human's
  previous decision (the bot moves after it are undone too).
* Bot moves: :meth:`Controller.bot_snapshot` gives a clone and a *ticket*;
  :meth:`Controller.think` (safe in a worker thread) asks the bot for an
  action on the clone; :meth:`Controller.apply_bot` applies it only when the
  ticket is still current (an undo or a load in the meantime drops it).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from botanik_design.bots import make_bot
from botanik_design.bots.base import Bot
from botanik_design.games.base import Event
from botanik_design.games.botanik.engine import TERMINAL, Decision, GameState, new_game
from botanik_design.games.botanik.engine.actions import Place, decode
from botanik_design.games.botanik.engine.errors import RecordError
from botanik_design.games.botanik.engine.events import Released, Swapped
from botanik_design.games.botanik.engine.record import (
    load_record,
    record_data,
    replay,
    write_record,
)
from botanik_design.games.botanik.model.tileset import TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.model.words import plural
from botanik_design.spec.userfiles import read_text
from botanik_design.tui.botanik.legal import Destination, LegalMoves
from botanik_design.tui.remote.seat import MoveSink

#: Opponents the play command offers (``human``: two players at one keyboard).
OPPONENTS: tuple[str, ...] = ("random", "greedy", "mcts", "human")


@dataclass
class Rules:
    """Tile set and variant of a game, with the references a saved record names.

    ``variant_ref`` / ``tileset_ref`` are bundled names or absolute paths;
    ``overrides`` are options changed from ``variant_ref`` (written as the
    record's ``options:``).
    """

    tileset: TileSet
    variant: Variant
    tileset_ref: str
    variant_ref: str
    overrides: dict[str, Any] = field(default_factory=dict)


def ref_for_record(ref: str, base: Path | None = None) -> str:
    """A reference a record can name: an existing file becomes an absolute path."""
    path = Path(ref) if base is None or Path(ref).is_absolute() else base / ref
    if path.is_file():
        return str(path.resolve())
    return ref


def load_rules(tileset: str | None, variant: str, overrides: dict[str, Any] | None = None
               ) -> Rules:
    """Load the variant (and the tile set: given, else the variant's, else ``botanik``).

    Raises :class:`~botanik_design.spec.SpecError` on a missing or invalid file or a
    tile set too small for the setup or with no way to score under these rules
    (:func:`~botanik_design.games.botanik.spec.load.load_tileset_for`), and
    ``TypeError``/``ValueError`` on bad overrides.
    """
    from botanik_design.games.botanik.spec.load import load_tileset_for, load_variant

    v = load_variant(variant)
    if overrides:
        v = dataclasses.replace(v, **overrides)
    ts_ref = tileset or v.tileset or "botanik"
    ts = load_tileset_for(ts_ref, v)  # the setup size and scoring checks, overrides included
    return Rules(ts, v, ref_for_record(ts_ref), ref_for_record(variant), dict(overrides or {}))


@dataclass(frozen=True)
class RecordSource:
    """What a loaded record file had beyond its actions (kept when it is saved again).

    ``history``: the loaded actions as integers; ``comments`` by action index;
    ``expect`` is only written back while the game is exactly the loaded one.
    """

    path: Path
    name: str
    description: str
    comments: dict[int, str]
    expect: dict[str, Any]
    history: tuple[int, ...]


@dataclass
class _Undo:
    state: GameState
    lines: int
    last: dict[int, tuple[int, int]]


class Controller(LegalMoves):
    """One game being play-tested.

    ``opponent`` is a bot spec (``random``, ``greedy``, ``mcts``, ``greedy:epsilon=0.1``)
    or ``human``.  Against a bot the human is player 0 and the bot player 1.
    ``state`` starts from a given position instead of a new game (its history
    is replayed to build the undo stack and the move log).
    """

    def __init__(self, rules: Rules, seed: int, opponent: str = "greedy", *,
                 state: GameState | None = None, bot_seed: int | None = None) -> None:
        self.rules = rules
        self.seed = seed
        self.opponent = opponent
        self.bot: Bot | None = None
        if opponent != "human":
            self.bot = make_bot(opponent, seed if bot_seed is None else bot_seed)
        self.humans: frozenset[int] = frozenset({0, 1} if self.bot is None else {0})
        self.state: GameState
        self.lines: list[str] = []
        self._undo: list[_Undo] = []
        self._ticket = 0
        self._score: tuple[int, Any] | None = None
        #: The cell each player placed a tile on last (shown with a mark).
        self.last: dict[int, tuple[int, int]] = {}
        #: The record file the game was loaded from (``None``: a new game).
        self.source: RecordSource | None = None
        #: The history as last written to a file (save or autosave); ``None``: never.
        self.saved_history: tuple[int, ...] | None = None
        #: Play-test notes (the record's ``notes``): ``{"move": moves played, "text"}``.
        self.notes: list[dict[str, Any]] = []
        #: Where decisions go: ``None`` applies them here; a remote seat sends them to the host.
        self.sink: MoveSink | None = None
        if state is None:
            self.state = new_game(rules.tileset, rules.variant, seed)
        else:
            self._rebuild(state)

    # ------------------------------------------------------------ construction

    @classmethod
    def from_record(cls, path: Path, opponent: str = "greedy") -> Controller:
        """Load a record file and continue its game; :class:`RecordError` on any problem."""
        record = load_record(path)
        state = record.new_game()
        for _ in replay(record, state):
            pass
        raw = yaml.safe_load(read_text(path))
        folder = path.parent
        variant_ref = ref_for_record(str(raw["variant"]), folder)
        ts_raw = raw.get("tileset") or record.variant.tileset or record.tileset.name
        rules = Rules(record.tileset, record.variant, ref_for_record(str(ts_raw), folder),
                      variant_ref, dict(raw.get("options") or {}))
        ctl = cls(rules, record.seed, opponent, state=state)
        history = tuple(state.history())
        ctl.source = RecordSource(path, record.name, record.description, dict(record.comments),
                                  dict(record.expect), history)
        ctl.saved_history = history
        ctl.notes = [dict(n) for n in raw.get("notes") or []]
        return ctl

    def _rebuild(self, final: GameState) -> None:
        """Replay ``final``'s history from the start: move log and undo stack."""
        s = new_game(self.rules.tileset, final.variant, final.seed, final.first_player,
                     final.deal)
        self.lines = []
        self._undo = []
        self.last = {}
        self.state = s
        for a in final.history():
            self._apply(a)

    # ------------------------------------------------------------ queries

    def player_name(self, p: int) -> str:
        """``you`` / the bot's name against a bot; ``player 0`` / ``player 1`` otherwise."""
        if self.bot is None:
            return f"player {p}"
        return "you" if p in self.humans else self.bot.name

    def label(self, p: int) -> str:
        """``P0 you`` / ``P1 greedy`` against a bot, ``P0`` / ``P1`` between humans."""
        return f"P{p}" if self.bot is None else f"P{p} {self.player_name(p)}"

    def pending(self) -> Decision | None:
        """The decision waited for (``None`` at the end)."""
        return self.state.pending()

    def to_act(self) -> int:
        """The player who must act, or :data:`~botanik_design.games.botanik.engine.TERMINAL`."""
        return self.state.current_player()

    def human_to_act(self) -> bool:
        """Whether a human must decide now."""
        return self.to_act() in self.humans

    def bot_to_act(self) -> bool:
        """Whether the bot must decide now."""
        p = self.to_act()
        return p != TERMINAL and p not in self.humans

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.is_terminal()

    def can_undo(self) -> bool:
        """Whether a human decision can be taken back."""
        return bool(self._undo)

    def unsaved(self) -> bool:
        """Whether quitting would lose a human decision: the game differs from the
        last successful save or autosave (a game with no human move has nothing to lose)."""
        return self.can_undo() and tuple(self.state.history()) != self.saved_history

    def same_as_source(self) -> bool:
        """Whether the game is still exactly the loaded record's."""
        return self.source is not None and tuple(self.state.history()) == self.source.history

    def scores(self) -> Any:
        """The live :class:`GameScore` (cached per move)."""
        if self._score is None or self._score[0] != self._ticket:
            self._score = (self._ticket, self.state.scores())
        return self._score[1]

    def score_line(self, p: int) -> str:
        """``7 pts: groups 3 · flowers 4`` (``1 pt: ...``; live, from the machines as they
        stand)."""
        ps = self.scores().players[p]
        parts = [f"groups {ps.group_points}", f"flowers {ps.flower_points}"]
        if ps.mecha_points or self.rules.variant.mecha_botanist == "wildcard":
            parts = [f"groups {ps.group_points}", f"✿ {ps.flower_points}",
                     f"mecha {ps.mecha_points}"]
        return f"{plural(ps.total, 'pt')}: " + " · ".join(parts)

    def outcome(self) -> str:
        """The result (or the standing so far) with the players' names."""
        result = str(self.scores().outcome)
        if self.bot is not None:
            for p in (0, 1):
                result = result.replace(f"player {p}", f"P{p} ({self.player_name(p)})")
        return result

    def summary(self) -> str:
        """The scoring breakdown of both machines and the outcome (plain text)."""
        from botanik_design.games.botanik.engine.render import render_player_score

        score = self.scores()
        parts = []
        for ps in score.players:
            parts.append(f"{self.player_name(ps.player)} (P{ps.player})\n"
                         + render_player_score(ps))
        parts.append(f"result: {self.outcome()}")
        reasons = [why for _, why in self.state.discard_reasons()]
        during = [why for why in reasons if why != "registry-end"]
        end = len(reasons) - len(during)
        words = {"arrival": "no legal registry move", "no-placement": "no legal placement",
                 "mecha-no-target": "mecha-botanist with nothing to swap with",
                 "short-round": "short last round"}
        detail = ", ".join(f"{during.count(w)} {words.get(w, w)}"
                           for w in dict.fromkeys(during))
        parts.append(f"tiles discarded during play: {len(during)}"
                     + (f" ({detail})" if detail else "")
                     + f"\ntiles cleared from the registry at the end: {end}")
        return "\n\n".join(parts)

    # ------------------------------------------------------------ moves

    def _apply(self, action: int) -> list[str]:
        s = self.state
        p = s.current_player()
        if p in self.humans:
            self._undo.append(_Undo(s.clone(), len(self.lines), dict(self.last)))
        text = self.describe(action)
        act = decode(action)
        step = len(s.history())
        s.apply_action(action)  # IllegalActionError: nothing changed but the undo entry
        if isinstance(act, Place):
            self.last[p] = (act.x, act.y)
        new = [text]
        for event in s.events(step):
            line = None if isinstance(event, Swapped) else self._event_line(event)
            if line is not None:  # a swap's own line already says it
                new.append(f"  {line}")
        self.lines.extend(new)
        self._ticket += 1
        return new

    def _event_line(self, event: Event) -> str | None:
        """The log line of an engine event; a release says why the slot tile and the new
        middle top are not linked (they share neither colour nor type)."""
        text = self.state.event_text(event)
        if text is None or not isinstance(event, Released):
            return text
        tile, top = self.state.tile(event.tile), self.state.tile(event.top)
        return (f"{text}: not linked to the new top {top.id}: different colour and type "
                f"({tile.colour or 'no colour'} {tile.type.value} vs "
                f"{top.colour or 'no colour'} {top.type.value})")

    def play(self, action: int) -> list[str]:
        """Apply a human's (or any) decision; returns the new move-log lines.  With a
        :attr:`sink` it is sent there instead (``[]``: nothing changes until its answer).

        Raises :class:`~botanik_design.games.botanik.engine.IllegalActionError` (state unchanged).
        """
        if self.sink is not None:
            self.sink.send(action)
            return []
        if action not in self.state.legal_actions():
            from botanik_design.games.botanik.engine import IllegalActionError

            raise IllegalActionError(f"action {action} is not legal here")
        return self._apply(action)

    def bot_snapshot(self) -> tuple[int, GameState]:
        """The ticket and a clone for the bot to think on."""
        return self._ticket, self.state.clone()

    def think(self, snapshot: GameState) -> int:
        """The bot's action on ``snapshot`` (thread-safe: touches only the clone and the bot)."""
        assert self.bot is not None
        return self.bot.step(snapshot)

    def apply_bot(self, ticket: int, action: int) -> list[str] | None:
        """Apply the bot's action unless the game moved on since ``ticket`` (then ``None``)."""
        if ticket != self._ticket or not self.bot_to_act():
            return None
        return self._apply(action)

    def bot_move(self) -> list[str]:
        """Let the bot decide and apply at once (tests, no thread)."""
        ticket, snap = self.bot_snapshot()
        lines = self.apply_bot(ticket, self.think(snap))
        assert lines is not None
        return lines

    def undo(self) -> bool:
        """Back to the state before the last human decision; ``False`` when there is none."""
        if not self._undo:
            return False
        entry = self._undo.pop()
        self.state = entry.state
        self.last = entry.last
        del self.lines[entry.lines:]
        self._ticket += 1
        return True

    # ------------------------------------------------------------ records

    def add_note(self, text: str) -> dict[str, Any]:
        """Attach a play-test note to the current move (written with the record)."""
        note = {"move": len(self.state.history()), "text": text}
        self.notes.append(note)
        return note

    def record(self, name: str = "play-test") -> dict[str, Any]:
        """The record mapping of the game so far.

        A game loaded from a record keeps its ``description``, the comments of
        the actions still played as loaded and, while the game is unchanged, its
        ``expect`` block.
        """
        r = self.rules
        src = self.source
        comments: dict[int, str] = {}
        history = self.state.history()
        if src is not None:
            same = 0
            while same < min(len(history), len(src.history)) \
                    and history[same] == src.history[same]:
                same += 1
            comments = {i: c for i, c in src.comments.items() if i < same}
        data = record_data(self.state, name, r.tileset_ref, r.variant_ref, comments)
        if src is not None and src.description:
            data = {"record": data.pop("record"), "description": src.description, **data}
        if src is not None and src.expect and self.same_as_source():
            data["expect"] = dict(src.expect)
        if self.notes:
            data["notes"] = [dict(n) for n in self.notes]
        if r.overrides:
            out: dict[str, Any] = {}
            for k, v in data.items():
                if k == "seed":
                    out["options"] = dict(r.overrides)
                out[k] = v
            data = out
        return data

    def save(self, path: Path, name: str | None = None) -> None:
        """Write the game as a record (atomically); ``OSError`` on I/O problems.

        The record's name is ``name``, else the loaded record's, else the file's stem.
        """
        default = self.source.name if self.source is not None else path.stem
        history = tuple(self.state.history())
        write_record(path, self.record(name or default))
        self.saved_history = history


__all__ = ["OPPONENTS", "Controller", "Destination", "RecordError", "RecordSource", "Rules",
           "load_rules"]

"""``botanik-design join``: one seat of a hosted game, for every game of the framework.

A game whose entry names a ``join_screen`` (Botanik, Hive) is played on its own
play screen, the one ``play`` shows, driven by the seat's
:class:`~botanik_design.tui.remote.seat.RemoteSeat` (the seat's moves go to the
host; each host message rebuilds the screen's view state from the observation).

Any other game gets the generic screen, built from what the host sends: the
seat's observation in words, the public move list, the notes, who is
connected, and, on the seat's turn, its legal actions as the game words them
(``action_to_string``).  Type to narrow the list, Enter plays the highlighted
action (the host checks it with the engine), F2 writes a note on the
current move.  The spectator link shows the same without the actions.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from botanik_design.games.base import State
from botanik_design.games.registry import resolve
from botanik_design.remote.client import Client
from botanik_design.tui.remote.seat import RemoteSeat


class JoinApp(App[None]):
    """One seat's screen; ``client`` is not yet running (the app runs it).

    ``play_screen``: open the game's own play screen when its entry has one (else, or
    with ``False``, the generic screen).  The app is the seat's listener and hands
    every host message on to the game screen once it is open (:attr:`game_screen`).
    """

    TITLE = "botanik-design join"
    ENABLE_COMMAND_PALETTE = False
    CSS_PATH = Path(__file__).with_name("join.tcss")
    BINDINGS = [Binding("f2", "note", "note"), Binding("ctrl+q", "quit", "quit")]

    def __init__(self, client: Client, *, play_screen: bool = True) -> None:
        super().__init__()
        self.client = client
        self.seat = RemoteSeat(client)
        self.seat.listener = self
        self.play_screen = play_screen
        self.game_screen: Any = None
        self.message = ""
        self.shown: list[int] = []

    def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None:
        """Exit as :meth:`App.exit`, hearing no more from the host first: a message that
        arrives while the screens come down has no widgets left to draw on."""
        self.seat.stop_listening()
        super().exit(result, return_code, message)

    # -- the seat's listener ------------------------------------------------------
    def seat_state(self, state: State | None, view: dict[str, Any]) -> None:
        self._state(view)
        if self.game_screen is None and state is not None and self.play_screen:
            e = self.seat.entry
            if e is not None and e.join_screen is not None:
                self.game_screen = resolve(e.join_screen)(self.seat)
                self.push_screen(self.game_screen)
                return
        if self.game_screen is not None:
            self.game_screen.seat_state(state, view)

    def seat_error(self, code: str, message: str) -> None:
        self._error(code, message)
        if self.game_screen is not None:
            self.game_screen.seat_error(code, message)

    def seat_status(self, text: str) -> None:
        self._status(text)
        if self.game_screen is not None:
            self.game_screen.seat_status(text)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("connecting...", id="status")
        with Horizontal():
            yield Static("", id="observation")
            with Vertical(id="side"):
                yield RichLog(id="moves", wrap=True, markup=False)
                yield OptionList(id="actions")
        yield Static("", id="message")
        yield Input(placeholder="type to narrow the actions", id="filter")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#filter", Input).focus()
        self.run_worker(self.client.run(), exclusive=True, name="client")

    async def on_unmount(self) -> None:
        self.seat.stop_listening()
        await self.client.stop()

    # -- from the host ------------------------------------------------------------
    def _state(self, view: dict[str, Any]) -> None:
        # the host's texts and the players' names are shown as written (no markup)
        self.query_one("#observation", Static).update(Text(view["observation_text"]))
        log = self.query_one("#moves", RichLog)
        log.clear()
        notes: dict[int, list[str]] = {}
        for n in view["notes"]:
            notes.setdefault(int(n["move"]), []).append(f"  note ({n.get('by', '')}): {n['text']}")
        for line in notes.get(0, []):
            log.write(line)
        for m in view["moves"]:
            log.write(f"{m['step'] + 1}. P{m['player']} {m['text']}")
            for line in notes.get(m["step"] + 1, []):
                log.write(line)
        self._fill_actions()
        self._status_line()

    def _fill_actions(self) -> None:
        view = self.client.view
        box = self.query_one("#actions", OptionList)
        box.clear_options()
        self.shown = []
        if view is None:
            return
        words = self.query_one("#filter", Input).value.lower().split()
        for action, text in view["legal"]:
            if all(w in text.lower() for w in words):
                self.shown.append(action)
                box.add_option(Option(Text(text), id=str(action)))

    def _status_line(self) -> None:
        view = self.client.view
        c = self.client
        seat = "spectator" if c.player is None else f"P{c.player}"
        parts = [f"you: {seat} ({'connected' if c.connected else 'reconnecting'})"]
        if view is not None:
            names = view["players"]
            for i, up in enumerate(view["connected"]):
                parts.append(f"P{i} {names[i] or ''} {'connected' if up else 'away'}".replace(
                    "  ", " "))
            if view["spectators"]:
                parts.append(f"{view['spectators']} watching")
            if view["terminal"]:
                turn = f"game over: returns {view['returns']}"
            elif c.my_turn():
                turn = "your move"
            else:
                turn = f"P{view['to_move']} to move"
            parts.append(f"move {view['step'] + 1}: {turn}")
        self.query_one("#status", Static).update(Text(" · ".join(parts)))

    def _error(self, code: str, message: str) -> None:
        self.say(f"host: {message} ({code})")

    def _status(self, text: str) -> None:
        self.say(text)
        self._status_line()

    def say(self, text: str) -> None:
        self.message = text
        self.query_one("#message", Static).update(Text(text))  # plain: no markup

    # -- from the player ----------------------------------------------------------
    @on(Input.Changed, "#filter")
    def _narrow(self) -> None:
        self._fill_actions()

    @on(Input.Submitted, "#filter")
    async def _play_first(self) -> None:
        box = self.query_one("#actions", OptionList)
        index = box.highlighted if box.highlighted is not None else 0
        if self.shown:
            await self.play(self.shown[index])

    @on(OptionList.OptionSelected, "#actions")
    async def _picked(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        await self.play(int(event.option.id))

    async def play(self, action: int) -> None:
        """Send ``action`` to the host (it answers with the new state or an error)."""
        if not self.client.my_turn():
            self.say("not your move")
            return
        if await self.client.move(action):
            self.query_one("#filter", Input).value = ""
        else:
            self.say("not connected: the move was not sent")

    def action_note(self) -> None:
        if self.client.player is None:
            self.say("the spectator link cannot write notes")
            return
        if self.query("#note"):
            return
        box = Input(placeholder="note on the current move (Enter to send, Esc to drop)",
                    id="note")
        self.mount(box)
        box.focus()

    @on(Input.Submitted, "#note")
    async def _note(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        await event.input.remove()
        if text:
            ok = await self.client.note(text)
            self.say("note sent" if ok else "not connected: the note was not sent")

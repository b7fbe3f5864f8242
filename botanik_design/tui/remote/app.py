"""``botanik-design join``: one seat of a hosted game, for every game of the framework.

The screen is built from what the host sends (:mod:`botanik_design.remote.client`):
the seat's observation in words, the public move list, the notes, who is
connected, and, on the seat's turn, its legal actions as the game words them
(``action_to_string``).  Type to narrow the list, Enter plays the highlighted
action (the host checks it with the engine), F2 writes a note on the
current move.  The spectator link shows the same without the actions.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from botanik_design.remote.client import Client


class JoinApp(App[None]):
    """One seat's screen; ``client`` is not yet running (the app runs it)."""

    TITLE = "botanik-design join"
    ENABLE_COMMAND_PALETTE = False
    CSS_PATH = Path(__file__).with_name("join.tcss")
    BINDINGS = [Binding("f2", "note", "note"), Binding("ctrl+q", "quit", "quit")]

    def __init__(self, client: Client) -> None:
        super().__init__()
        self.client = client
        client.on_state = self._state
        client.on_error = self._error
        client.on_status = self._status
        self.message = ""
        self.shown: list[int] = []

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
        c = self.client
        c.on_state = c.on_status = None
        c.on_error = None
        await c.stop()

    # -- from the host ------------------------------------------------------------
    def _state(self, view: dict[str, Any]) -> None:
        self.query_one("#observation", Static).update(
            view["observation_text"])
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
                box.add_option(Option(text, id=str(action)))

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
        self.query_one("#status", Static).update(" · ".join(parts))

    def _error(self, code: str, message: str) -> None:
        self.say(f"host: {message} ({code})")

    def _status(self, text: str) -> None:
        self.say(text)
        self._status_line()

    def say(self, text: str) -> None:
        self.message = text
        self.query_one("#message", Static).update(text)

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

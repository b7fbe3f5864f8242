"""The bot's turn on the Hive screen: it thinks in a worker thread, its answer is
dropped when the position changed meanwhile (the session's ticket)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from botanik_design.tui.hive.session import HiveSession


class _Host(Protocol):
    session: HiveSession
    bot_delay: float
    bot_busy: bool
    message: str
    warn: bool

    def redraw(self) -> None: ...
    def say(self, message: str, warn: bool = False) -> None: ...
    def after_change(self) -> None: ...
    def run_worker(self, work: Callable[[], None], *, thread: bool, exclusive: bool,
                   group: str) -> Any: ...
    def set_timer(self, delay: float, callback: Callable[[], Any]) -> Any: ...
    @property
    def app(self) -> Any: ...


class BotTurnMixin:
    """``maybe_bot`` and the bot's answer, for :class:`~.screen.HiveScreen`."""

    def maybe_bot(self: _Host) -> None:
        s = self.session
        if self.bot_busy or not s.bot_to_act():
            return
        self.bot_busy = True
        ticket, snap = s.bot_snapshot()
        app = self.app

        def call(callback: Callable[..., Any], *args: Any) -> None:
            try:
                app.call_from_thread(callback, *args)
            except RuntimeError:  # the app has exited meanwhile
                pass

        def think() -> None:
            try:
                action = s.think(snap)
            except Exception as exc:  # noqa: BLE001 - a bot bug must not take the game down
                call(BotTurnMixin._bot_failed, self, f"{type(exc).__name__}: {exc}")
                return
            call(BotTurnMixin._bot_done, self, ticket, action)

        def start() -> None:
            self.run_worker(think, thread=True, exclusive=False, group="bot")

        if self.bot_delay > 0:
            self.set_timer(self.bot_delay, start)
        else:
            start()

    def _bot_failed(self: _Host, why: str) -> None:
        self.bot_busy = False
        self.say(f"the bot failed ({why}); u undoes", warn=True)

    def _bot_done(self: _Host, ticket: int, action: int) -> None:
        self.bot_busy = False
        move = self.session.apply_bot(ticket, action)
        if move is None:
            self.redraw()
            BotTurnMixin.maybe_bot(self)
            return
        self.message, self.warn = f"the bot played {move}", False
        self.after_change()

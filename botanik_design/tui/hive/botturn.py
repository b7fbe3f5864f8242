"""The bot's turn on the Hive screen: it thinks in a worker thread, its answer is
dropped when the position changed meanwhile (the session's ticket).

:class:`BotTurn` is owned by the screen: it knows whether a decision is being
thought (``busy``), starts the next one after the screen's delay, and hands the
answer back to the screen on the app's thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from botanik_design.tui.hive.session import HiveSession


class _Screen(Protocol):
    """What :class:`BotTurn` needs of the Hive screen."""

    session: HiveSession
    bot_delay: float
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


class BotTurn:
    """Runs the bot's decisions for ``screen`` (a :class:`~.screen.HiveScreen`)."""

    def __init__(self, screen: _Screen) -> None:
        self.screen = screen
        #: A decision is being thought (or waits for the screen's delay).
        self.busy = False

    def maybe(self) -> None:
        """Start the bot's next decision in a worker thread, if it must act."""
        screen = self.screen
        s = screen.session
        if self.busy or not s.bot_to_act():
            return
        self.busy = True
        ticket, snap = s.bot_snapshot()
        app = screen.app

        def call(callback: Callable[..., Any], *args: Any) -> None:
            try:
                app.call_from_thread(callback, *args)
            except RuntimeError:  # the app has exited meanwhile
                pass

        def think() -> None:
            try:
                action = s.think(snap)
            except Exception as exc:  # noqa: BLE001 - a bot bug must not take the game down
                call(self._failed, f"{type(exc).__name__}: {exc}")
                return
            call(self._done, ticket, action)

        def start() -> None:
            screen.run_worker(think, thread=True, exclusive=False, group="bot")

        if screen.bot_delay > 0:
            screen.set_timer(screen.bot_delay, start)
        else:
            start()

    def _failed(self, why: str) -> None:
        self.busy = False
        self.screen.say(f"the bot failed ({why}); u undoes", warn=True)

    def _done(self, ticket: int, action: int) -> None:
        self.busy = False
        screen = self.screen
        move = screen.session.apply_bot(ticket, action)
        if move is None:
            screen.redraw()
            self.maybe()
            return
        screen.message, screen.warn = f"the bot played {move}", False
        screen.after_change()

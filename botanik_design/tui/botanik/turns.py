"""The bot's turns on the board screen: each decision in a worker thread.

:class:`BotTurns` is owned by the board screen: it knows whether a decision is being
thought (``busy``) or the last one failed (``error``), starts the next one after the
host's delay, and hands the answer back to the screen on the app's thread.
"""

from __future__ import annotations

from typing import Any, Protocol

from botanik_design.tui.botanik.controller import Controller
from botanik_design.tui.botanik.host import GameHost


class _Screen(Protocol):
    """What :class:`BotTurns` needs of the board screen."""

    ctl: Controller
    host: GameHost

    @property
    def app(self) -> Any: ...

    def say(self, message: str, warn: bool = False) -> None: ...
    def redraw(self) -> None: ...
    def after_move(self, lines: list[str], *, human: bool = False) -> None: ...
    def run_worker(self, work: Any, *, thread: bool, exclusive: bool, group: str) -> Any: ...
    def set_timer(self, delay: float, callback: Any) -> Any: ...


class BotTurns:
    """Runs the bot's decisions for ``screen`` (a
    :class:`~botanik_design.tui.botanik.board.BoardScreen`)."""

    def __init__(self, screen: _Screen) -> None:
        self.screen = screen
        #: A decision is being thought (or waits for the host's delay).
        self.busy = False
        #: The last decision failed: the human may choose the bot's move from the list.
        self.error = False

    def _current(self) -> bool:
        """The screen is still the host's board (no other game was opened meanwhile)."""
        return self.screen.host.board is self.screen

    def maybe(self) -> None:
        """Start the bot's next decision in a worker thread, if it must act."""
        screen = self.screen
        ctl = screen.ctl
        if self.busy or not ctl.bot_to_act():
            return
        self.busy = True
        ticket, snap = ctl.bot_snapshot()
        delay = screen.host.bot_delay

        def think() -> None:
            try:
                action = screen.ctl.think(snap)
            except Exception as exc:  # a bot bug must not take the game down
                self._call(self._failed, f"{type(exc).__name__}: {exc}")
                return
            self._call(self._done, ticket, action)

        def start() -> None:
            if not self._current():
                self.busy = False
                return
            screen.run_worker(think, thread=True, exclusive=False, group="bot")

        if delay > 0:
            screen.set_timer(delay, start)
        else:
            start()

    def _call(self, callback: Any, *args: Any) -> None:
        """Run ``callback`` on the app's thread (nothing once the app has exited)."""
        try:
            self.screen.app.call_from_thread(callback, *args)
        except RuntimeError:
            pass

    def _failed(self, why: str) -> None:
        self.busy = False
        self.error = True
        self.screen.say(f"the bot failed ({why}); press a to choose its move from the list",
                        warn=True)

    def _done(self, ticket: int, action: int) -> None:
        self.busy = False
        if not self._current():
            return
        lines = self.screen.ctl.apply_bot(ticket, action)
        if lines is None:  # undone or loaded meanwhile
            self.screen.redraw()
            self.maybe()
            return
        self.screen.after_move(lines)

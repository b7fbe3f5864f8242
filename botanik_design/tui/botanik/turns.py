"""The bot's turns on the board screen: each decision in a worker thread."""

from __future__ import annotations

from typing import Any

from botanik_design.tui.botanik.menus import _Board


class BotTurnsMixin:
    """Runs the bot's decisions for :class:`~botanik_design.tui.botanik.board.BoardScreen`."""

    def maybe_bot(self: _Board) -> None:
        """Start the bot's next decision in a worker thread, if it must act."""
        if self._bot_busy or not self.ctl.bot_to_act():
            return
        self._bot_busy = True
        ticket, snap = self.ctl.bot_snapshot()
        delay = self.app_.bot_delay

        def think() -> None:
            try:
                action = self.ctl.think(snap)
            except Exception as exc:  # a bot bug must not take the game down
                self._call(self._bot_failed, f"{type(exc).__name__}: {exc}")
                return
            self._call(self._bot_done, ticket, action)

        def start() -> None:
            if self.app_.board is not self:  # another game was opened meanwhile
                self._bot_busy = False
                return
            self.run_worker(think, thread=True, exclusive=False, group="bot")

        if delay > 0:
            self.set_timer(delay, start)
        else:
            start()

    def _call(self: _Board, callback: Any, *args: Any) -> None:
        """Run ``callback`` on the app's thread (nothing once the app has exited)."""
        try:
            self.app.call_from_thread(callback, *args)
        except RuntimeError:
            pass

    def _bot_failed(self: _Board, why: str) -> None:
        self._bot_busy = False
        self._bot_error = True
        self.say(f"the bot failed ({why}); press a to choose its move from the list",
                 warn=True)

    def _bot_done(self: _Board, ticket: int, action: int) -> None:
        self._bot_busy = False
        if self.app_.board is not self:  # another game was opened meanwhile
            return
        lines = self.ctl.apply_bot(ticket, action)
        if lines is None:  # undone or loaded meanwhile
            self.redraw()
            self.maybe_bot()
            return
        self.after_move(lines)

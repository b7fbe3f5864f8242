"""Validation as the user edits: after a quiet spell, in a worker thread."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from botanik_design.tui.editor.checking import Problem


class _Host(Protocol):
    """The app (timers, workers, calls back into its thread)."""

    def set_timer(self, delay: float, callback: Callable[[], Any]) -> Any: ...
    def run_worker(self, work: Callable[[], None], *, thread: bool, exclusive: bool,
                   group: str) -> Any: ...
    def call_from_thread(self, callback: Callable[..., Any], *args: Any) -> Any: ...


class Checker:
    """Checks ``text()`` with ``check`` and hands the problems to ``show(text, problems)``.

    :meth:`schedule` waits ``delay`` seconds of quiet, then checks in a worker thread
    (keys stay responsive); :meth:`now` checks at once (saving and quitting need the
    answer).  A validator that raises becomes one ``validator-crash`` problem: a bug
    there must not cost the user their edits.
    """

    def __init__(self, host: _Host, text: Callable[[], str],
                 check: Callable[[str], list[Problem]],
                 show: Callable[[str, list[Problem]], None], delay: float) -> None:
        self.host, self.text, self.check, self.show, self.delay = host, text, check, show, delay
        #: The text the problems shown belong to.
        self.validated_text: str | None = None
        self._timer: Any = None

    @property
    def current(self) -> bool:
        """True when the problems shown are those of the current text."""
        return self.validated_text == self.text()

    def problems_of(self, text: str) -> list[Problem]:
        try:
            return self.check(text)
        except Exception as exc:  # a validator bug must not cost the user their edits
            return [Problem(None, None, "error", "validator-crash",
                            f"the validator failed: {exc!r}")]

    def schedule(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.host.set_timer(self.delay, self._in_background)

    def _in_background(self) -> None:
        self._timer = None
        text = self.text()
        if self.validated_text == text:
            return

        def work() -> None:
            problems = self.problems_of(text)
            try:
                self.host.call_from_thread(self.show, text, problems)
            except RuntimeError:  # the app has exited meanwhile
                pass

        self.host.run_worker(work, thread=True, exclusive=True, group="validate")

    def now(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        text = self.text()
        if self.validated_text != text:
            self.show(text, self.problems_of(text))

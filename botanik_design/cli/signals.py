"""Termination signals as an exception, so that cleanup code runs.

By default ``SIGTERM`` and ``SIGHUP`` end a Python process at once: no
``finally`` block runs, so worker processes are not stopped and temporary
files are not removed.  :func:`terminate_as_exception` turns them into
:class:`Terminated` (a ``BaseException``, so ``except Exception`` does not
swallow it) for the duration of a block.  The command line maps it to exit
status ``128 + signal number`` (143 for ``SIGTERM``), as a shell does.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class Terminated(BaseException):
    """The process received a termination signal (``signum``) during a guarded block."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"terminated by signal {signum}")
        self.signum = signum


def _raise(signum: int, frame: FrameType | None) -> None:
    raise Terminated(signum)


#: The signals turned into :class:`Terminated` (those this platform has).
SIGNALS: tuple[int, ...] = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)


@contextmanager
def terminate_as_exception() -> Iterator[None]:
    """Within the block, ``SIGTERM``/``SIGHUP`` raise :class:`Terminated` in the main thread.

    Only signals still at their default action are taken over (a host
    application's own handler is kept), and the previous handlers are
    restored on exit.  Outside the main thread this does nothing (Python
    only allows handlers there).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {}
    for signum in SIGNALS:
        if signal.getsignal(signum) is signal.SIG_DFL:
            previous[signum] = signal.signal(signum, _raise)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


__all__ = ["SIGNALS", "Terminated", "terminate_as_exception"]

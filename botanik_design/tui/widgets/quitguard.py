"""Quitting with moves that are in no file yet asks once: the first ``q`` names what
would be lost and arms, a second ``q`` quits; anything shown in between disarms it.
Shared by the Botanik board and the Hive screen, so both ask the same way."""

from __future__ import annotations

#: How the question starts (a screen keeps the guard armed while it shows it).
ASK = "press q again to quit"


class QuitGuard:
    """The armed state of the question (one per screen)."""

    def __init__(self) -> None:
        self.armed = False

    def ask(self, lost: str) -> str | None:
        """The question to show before quitting when ``lost`` (what would be lost, e.g.
        "this game is not saved") is not empty and the guard is not armed yet; ``None``:
        quit now."""
        if not lost or self.armed:
            return None
        self.armed = True
        return f"{ASK}: {lost}"

    def shown(self, message: str) -> None:
        """The screen now shows ``message``: anything but the question disarms."""
        if not message.startswith(ASK):
            self.armed = False

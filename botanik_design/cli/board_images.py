"""Board pictures for ``score --image`` and ``replay --image`` (shared helpers).

Not a sub-command.  Imports matplotlib only inside the functions.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

#: Extensions a board picture may have.
IMAGE_EXTS = (".svg", ".png", ".pdf")


def check_image_path(command: str, path: Path) -> bool:
    """Print why ``path`` cannot take a board picture and return False; True when fine."""
    from botanik_design.draw.paths import OutputError, check_target

    try:
        check_target(path, IMAGE_EXTS)
    except OutputError as exc:
        print(f"{command}: error: {exc}", file=sys.stderr)
        return False
    return True


def check_image_dir(command: str, folder: Path) -> bool:
    """A folder for one picture per step: it may not exist yet, but its parent must."""
    if folder.exists() and not folder.is_dir():
        print(f"{command}: error: {folder}: is not a folder (give a folder, or a file name "
              f"ending in {', '.join(IMAGE_EXTS)} for the final position only)",
              file=sys.stderr)
        return False
    parent = folder.parent if str(folder.parent) else Path(".")
    if not folder.exists() and not parent.is_dir():
        print(f"{command}: error: {folder}: no such folder {str(parent)!r}", file=sys.stderr)
        return False
    return True


def write_machines(command: str, path: Path, views: list[Any], scores: list[Any],
                   defs: Any, tileset: Any, title: str) -> bool:
    """Draw the machines (with their score breakdowns) to ``path``; False after
    printing the error when it cannot be written."""
    from botanik_design.games.botanik.draw.board import MachinePicture, heading, write_board

    pictures = [MachinePicture(v, heading(p, s), s)
                for p, (v, s) in enumerate(zip(views, scores, strict=True))]
    try:
        write_board(pictures, defs, tileset, path, title=title)
    except OSError as exc:
        print(f"{command}: error: cannot write {path}: {exc.strerror or exc}", file=sys.stderr)
        return False
    return True


def _write_hive(command: str, path: Path, state: Any, title: str) -> bool:
    from botanik_design.games.hive.draw import write_hive_board

    try:
        write_hive_board(state, path, title=title)
    except OSError as exc:
        print(f"{command}: error: cannot write {path}: {exc.strerror or exc}", file=sys.stderr)
        return False
    return True


def write_hive_position(command: str, path: Path, session: Any, doc: Any) -> bool:
    """Draw a (valid) Hive position file's board to ``path``; False after printing why
    it cannot be written."""
    from botanik_design.games.hive.files import position_state

    state, _ = position_state(session, doc)
    return _write_hive(command, path, state, f"{doc.data['position']}: "
                       f"{state.turn_string()}")


class StepImages:
    """``replay --image PATH``: the final position to a file, or every step and the
    final position to a folder (``step-0001.png`` ..., ``final.png``)."""

    def __init__(self, command: str, path: Path) -> None:
        self.command = command
        self.path = path
        self.per_step = path.suffix.lower() not in IMAGE_EXTS

    @classmethod
    def from_option(cls, command: str, value: str | None) -> StepImages | None:
        """``None`` when the option was not given."""
        return None if value is None else cls(command, Path(value))

    def check(self) -> bool:
        """Refuse a bad path before replaying (the error is printed)."""
        if not self.per_step:
            return check_image_path(self.command, self.path)
        if not check_image_dir(self.command, self.path):
            return False
        try:
            self.path.mkdir(exist_ok=True)
        except OSError as exc:
            print(f"{self.command}: error: cannot create {self.path}: {exc.strerror or exc}",
                  file=sys.stderr)
            return False
        return True

    def _draw(self, record: Any, state: Any, target: Path, title: str) -> bool:
        score = state.scores()
        views = [state.machine_view(p) for p in (0, 1)]
        return write_machines(self.command, target, views, score.players, state.table.defs,
                              record.tileset, title)

    def step(self, record: Any, state: Any, number: int) -> bool:
        """After step ``number`` (1-based): a picture when writing every step."""
        if not self.per_step:
            return True
        return self._draw(record, state, self.path / f"step-{number:04d}.png",
                          f"{record.name}: after step {number}")

    def hive(self, session: Any, doc: Any) -> bool:
        """A (valid) Hive record: the final board, or every move's board and the final
        one in the folder (``move-0001.png`` ..., ``final.png``)."""
        from botanik_design.games.hive.files import replay_record

        state, _ = replay_record(session, doc)
        name = doc.data["record"]
        if self.per_step:
            game, moves = state.get_game(), state.move_strings()
            for k in range(1, len(moves) + 1):
                step = game.replay(moves[:k], setup=state.setup)
                if not _write_hive(self.command, self.path / f"move-{k:04d}.png", step,
                                   f"{name}: after move {k} ({moves[k - 1]})"):
                    return False
        target = self.path / "final.png" if self.per_step else self.path
        return _write_hive(self.command, target, state, f"{name}: {state.board_state()}")

    def final(self, record: Any, state: Any) -> bool:
        """The final position (to the file, or ``final.png`` in the folder)."""
        target = self.path / "final.png" if self.per_step else self.path
        status = "final position" if state.is_terminal() else "end of the record"
        return self._draw(record, state, target, f"{record.name}: {status}")

"""Where ``score --image`` and ``replay --image`` draw (shared helpers): the checks of the
target and :class:`StepImages`; each game draws its own boards (its ``cli/images.py``).

Not a sub-command.  Imports matplotlib only inside the functions.
"""

from __future__ import annotations

import sys
from pathlib import Path

#: Extensions a board picture may have.
IMAGE_EXTS = (".svg", ".png", ".pdf")


def check_image_path(command: str, path: Path) -> bool:
    """Print why ``path`` cannot take a board picture and return False; True when fine.
    Raises :class:`~botanik_design.extras.MissingExtra` without the ``pictures`` extra."""
    from botanik_design.draw.paths import OutputError, check_target
    from botanik_design.extras import require

    require("pictures", "--image")
    try:
        check_target(path, IMAGE_EXTS)
    except OutputError as exc:
        print(f"{command}: error: {exc}", file=sys.stderr)
        return False
    return True


def check_image_dir(command: str, folder: Path) -> bool:
    """A folder for one picture per step: it may not exist yet, but its parent must.
    Raises :class:`~botanik_design.extras.MissingExtra` without the ``pictures`` extra."""
    from botanik_design.extras import require

    require("pictures", "--image")
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


class StepImages:
    """``replay --image PATH``: the final position to a file, or every step and the
    final position to a folder (``step-0001.png`` ..., ``final.png``); the record's game
    draws them (:attr:`per_step`, :meth:`target`)."""

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

    def target(self, name: str) -> Path:
        """Where picture ``name`` (``step-0001.png``, ``final.png``) goes: in the folder, or
        the file itself for the final position when only that is drawn."""
        return self.path / name if self.per_step else self.path

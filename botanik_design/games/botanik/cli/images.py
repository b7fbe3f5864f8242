"""Botanik's board pictures for ``score --image`` and ``replay --image``: both machines
with their score breakdowns (:mod:`botanik_design.games.botanik.draw.board`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from botanik_design.cli.board_images import StepImages


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




def _draw(images: StepImages, record: Any, state: Any, target: Path, title: str) -> bool:
    score = state.scores()
    views = [state.machine_view(p) for p in (0, 1)]
    return write_machines(images.command, target, views, score.players, state.table.defs,
                          record.tileset, title)


def step_image(images: StepImages, record: Any, state: Any, number: int) -> bool:
    """After step ``number`` (1-based): a picture when writing every step."""
    if not images.per_step:
        return True
    return _draw(images, record, state, images.path / f"step-{number:04d}.png",
                 f"{record.name}: after step {number}")


def final_image(images: StepImages, record: Any, state: Any) -> bool:
    """The final position (to the file, or ``final.png`` in the folder)."""
    status = "final position" if state.is_terminal() else "end of the record"
    return _draw(images, record, state, images.target("final.png"),
                 f"{record.name}: {status}")

"""Hive's board pictures for ``score --image`` and ``replay --image``
(:func:`botanik_design.games.hive.draw.write_hive_board`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from botanik_design.cli.board_images import StepImages


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




def record_images(images: StepImages, session: Any, doc: Any) -> bool:
    """A (valid) Hive record: the final board, or every move's board and the final
    one in the folder (``move-0001.png`` ..., ``final.png``)."""
    from botanik_design.games.hive.files import replay_record

    state, _ = replay_record(session, doc)
    name = doc.data["record"]
    if images.per_step:
        game, moves = state.get_game(), state.move_strings()
        for k in range(1, len(moves) + 1):
            step = game.replay(moves[:k], setup=state.setup)
            if not _write_hive(images.command, images.path / f"move-{k:04d}.png", step,
                               f"{name}: after move {k} ({moves[k - 1]})"):
                return False
    return _write_hive(images.command, images.target("final.png"), state,
                       f"{name}: {state.board_state()}")

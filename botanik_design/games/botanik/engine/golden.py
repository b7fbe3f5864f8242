"""Golden playthroughs (issue 3, item 7), in the manner of OpenSpiel's.

For each bundled variant (with its default tile set) one seeded game is
played by the random player (:mod:`.playout`, seed :data:`GOLDEN_SEED`); the
text lists, at every step, the player to act, the number of legal actions
and the action taken (integer and text), the events it caused, and at the
end the scores.  ``botanik-design golden`` regenerates the files under the
checkout's ``tests/botanik/golden/``; ``--check`` and the tests compare them, so
a changed rule shows up as a diff someone must read.

The golden files belong to a source checkout, not to the installed package:
:func:`find_golden_dir` looks for them from the working directory upwards
(the folder that holds ``pyproject.toml`` and ``tests/botanik/golden``), and
:func:`inside_installation` tells a folder of an installed package
(``site-packages``), which is never written.
"""

from __future__ import annotations

import random
from pathlib import Path

from botanik_design.games.botanik.engine.game import new_game
from botanik_design.games.botanik.engine.playout import random_action
from botanik_design.games.botanik.engine.render import render_game_score
from botanik_design.games.botanik.model.tileset import TileSet
from botanik_design.games.botanik.model.variant import Variant

GOLDEN_SEED = 20260101
#: Where the golden files live, relative to the checkout's root.
GOLDEN_SUBDIR = Path("tests") / "botanik" / "golden"


def find_golden_dir(start: Path | None = None) -> Path | None:
    """The checkout's golden folder: from ``start`` (default: the working directory)
    upwards, the first folder holding ``pyproject.toml`` and ``tests/botanik/golden``
    gives ``<that folder>/tests/botanik/golden``; ``None`` when there is none."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        try:
            if (folder / "pyproject.toml").is_file() and (folder / GOLDEN_SUBDIR).is_dir():
                return folder / GOLDEN_SUBDIR
        except OSError:
            continue
    return None


def inside_installation(folder: Path) -> bool:
    """Whether ``folder`` lies in an installed package tree, which ``golden`` must
    never write into: a ``site-packages``/``dist-packages`` folder, or the folder this
    package was installed into (``pip install --target``) when that is not a checkout
    (no ``pyproject.toml``)."""
    try:
        where = folder.resolve()
    except OSError:
        where = folder.absolute()
    if any(p in ("site-packages", "dist-packages") for p in where.parts):
        return True
    installed = Path(__file__).resolve().parents[4]  # games/botanik/engine/golden.py
    if (installed / "pyproject.toml").is_file():
        return False  # a source checkout (editable install)
    return where == installed or installed in where.parents


def golden_text(tileset: TileSet, variant: Variant, seed: int = GOLDEN_SEED) -> str:
    """The golden playthrough of one seeded game as text (deterministic)."""
    s = new_game(tileset, variant, seed)
    rng = random.Random(seed)
    lines = [
        f"# golden playthrough: variant {variant.name}, tile set {tileset.name}, seed {seed}",
        f"# first player {s.first_player}; options: "
        + ", ".join(f"{k}={v}" for k, v in variant.options().items()),
        "# step | player | legal | action | text",
    ]
    lines.extend(f"    {e}" for _, e in s.log())
    step = 0
    while not s.is_terminal():
        player = s.current_player()
        legal = s.legal_actions()
        a = random_action(s, rng)
        text = s.action_to_string(a)
        before = len(s.log())
        s.apply_action(a)
        step += 1
        lines.append(f"{step} | {player} | {len(legal)} | {a} | {text}")
        lines.extend(f"    {e}" for _, e in s.log()[before:])
    score = s.scores()
    lines.append(f"# returns {s.returns()}")
    lines.extend("# " + line for line in render_game_score(score).splitlines())
    return "\n".join(lines) + "\n"


def golden_files() -> dict[str, tuple[TileSet, Variant]]:
    """``{file name: (tile set, variant)}`` for every bundled variant with a tile set."""
    from botanik_design.games.botanik.spec.load import load_tileset, load_variant
    from botanik_design.spec.bundled import bundled_variants

    out: dict[str, tuple[TileSet, Variant]] = {}
    for name in bundled_variants():
        v = load_variant(name)
        if v.tileset is None:
            continue
        out[f"{name}.txt"] = (load_tileset(v.tileset), v)
    return out

"""The cases of the conformance suite: every registered game under each of its variants.

A game's variants are its bundled variant files (``spec.bundled.bundled_variants``);
a game registered by the tests (the toy game, ``tests/games/toy_nim.py``) brings
its own files in :data:`TEST_VARIANTS`.  :func:`register_toy_game` is what the
suite's ``conftest.py`` (and its subprocesses) run to register the toy game.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from botanik_design.games.base import Game, State
from botanik_design.games.entry import GameEntry, SpecKind, SweepDecl, SweepMetric
from botanik_design.games.loading import load_from_variant
from botanik_design.games.playthrough import random_playout
from botanik_design.games.registry import game_names, register_entry
from botanik_design.spec.bundled import bundled_variants

TESTS = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"

#: variant files of the games the tests register (name -> files)
TEST_VARIANTS: dict[str, tuple[Path, ...]] = {
    "nim": tuple(sorted((TESTS / "games" / "variants").glob("nim-*.yaml"))),
}

#: seeds of the random playouts every case plays
SEEDS = (0, 1)


#: the toy game's one entry: its schema, variants, rules page, record reader and sweep
#: axes are its own
TOY_ENTRY = GameEntry(
    name="nim", title="Nim", factory="toy_nim:load_nim",
    variant_loader="toy_nim:nim_from_doc", variant_kind="nim-variant",
    kinds=(SpecKind("nim-variant", "Nim variant", bundled=str(TESTS / "games" / "variants"),
                    usage="--variant NAME",
                    schema=str(TESTS / "games" / "nim-variant.schema.json")),),
    rules_page="toy_nim:rules_page", cli="toy_nim",
    sweep=SweepDecl(hooks="toy_nim_sweep:HOOKS",
                    metrics=(SweepMetric("taken", "stones taken", short="taken"),)),
    about="Nim heaps", cli_help={"rules.variant": "nim-classic"})


def register_toy_game() -> None:
    """Register the toy game (Nim) as a third game by its one entry, as a game author would."""
    if str(TESTS / "games") not in sys.path:
        sys.path.insert(0, str(TESTS / "games"))
    register_entry(TOY_ENTRY)


@dataclass(frozen=True)
class Case:
    """One game under one variant: ``ref`` is what ``load_from_variant`` and the CLI
    take (a bundled name or a path), ``variant`` its short name."""

    game: str
    variant: str
    ref: str

    @property
    def id(self) -> str:
        return f"{self.game}:{self.variant}"

    @property
    def golden(self) -> Path:
        return GOLDEN / self.game / f"{self.variant}.txt"

    def load(self) -> Game:
        return _load(self.ref)


@cache
def _load(ref: str) -> Game:
    return load_from_variant(ref)


def cases() -> list[Case]:
    """Every registered game under each of its variants, sorted."""
    out: list[Case] = []
    for name in game_names():
        bundled = sorted(bundled_variants(name))
        out += [Case(name, v, v) for v in bundled]
        out += [Case(name, p.stem, str(p)) for p in TEST_VARIANTS.get(name, ())]
    return out


def games_with_variants() -> dict[str, list[Case]]:
    """:func:`cases` grouped by game."""
    grouped: dict[str, list[Case]] = {}
    for case in cases():
        grouped.setdefault(case.game, []).append(case)
    return grouped


@cache
def _played(ref: str, seed: int) -> State:
    return random_playout(_load(ref), seed)


def played(case: Case, seed: int) -> State:
    """A copy of the seeded random playout of ``case`` (computed once per session)."""
    return _played(case.ref, seed).clone()

"""A golden playthrough per case (``golden/<game>/<variant>.txt``, written by
``write_golden.py``): the seeded random game, step by step in the game's notation,
with its result.  A changed rule, move generator, notation or metric shows as a diff;
if the change is meant, rewrite the files and review the diff."""

from __future__ import annotations

import difflib

import pytest
from conformance_cases import GOLDEN, Case, cases

from botanik_design.games.playthrough import HEADER, playthrough_text, seed_of

CASES = cases()


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_golden_playthrough_is_unchanged(case: Case) -> None:
    assert case.golden.is_file(), (
        f"{case.golden}: missing; run tests/conformance/write_golden.py")
    want = case.golden.read_text(encoding="utf-8")
    assert want.startswith(HEADER + "\n")
    got = playthrough_text(case.load(), seed_of(want), case.variant)
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                            str(case.golden), "now", n=1))
        pytest.fail(f"the playthrough changed:\n{diff[:4000]}")
    assert "\nend: terminal" in want  # each golden game ends by the rules


def test_every_golden_file_belongs_to_a_case() -> None:
    """No stale file of a removed variant or game."""
    files = {p.relative_to(GOLDEN) for p in GOLDEN.glob("*/*.txt")}
    assert files == {c.golden.relative_to(GOLDEN) for c in CASES}


def test_seed_of_refuses_a_file_that_names_none() -> None:
    with pytest.raises(ValueError, match="no `seed:`"):
        seed_of("game: nim\n")

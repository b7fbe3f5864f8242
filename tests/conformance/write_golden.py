"""Rewrite the conformance suite's golden playthroughs (one per case):

    .venv/bin/python tests/conformance/write_golden.py

Each file is :func:`botanik_design.games.playthrough.playthrough_text` of the first
seed from 0 whose random game ends by the rules (a game without a length limit may
reach the simulators' cutoff on some seeds; such a file would be thousands of lines),
else of seed 0.  ``test_conformance_golden.py`` replays the seed a file names.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conformance_cases import Case, cases, register_toy_game  # noqa: E402

from botanik_design.games.playthrough import playthrough_text, random_playout  # noqa: E402
from botanik_design.spec.atomic import OutputSet  # noqa: E402

#: seeds tried for a game that ends by the rules
TRIES = 20


def golden_seed(case: Case) -> int:
    game = case.load()
    for seed in range(TRIES):
        if random_playout(game, seed).is_terminal():
            return seed
    return 0


def main() -> int:
    register_toy_game()
    out = OutputSet()
    for case in cases():
        seed = golden_seed(case)
        case.golden.parent.mkdir(parents=True, exist_ok=True)
        out.add_text(case.golden, playthrough_text(case.load(), seed, case.variant))
    out.commit()
    for case in cases():
        print(case.golden)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

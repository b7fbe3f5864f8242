"""The conformance suite runs over every registered game, the toy game included."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conformance_cases import register_toy_game  # noqa: E402

register_toy_game()

"""Shared helpers for the picture tests."""

from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def small_set() -> Path:
    """A valid 10-tile set with every kind of tile (see data/small.yaml)."""
    return DATA / "small.yaml"

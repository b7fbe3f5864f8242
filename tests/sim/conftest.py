"""Shared fixtures for the simulation and bot tests."""

from __future__ import annotations

import pytest

from botanik_design.games.botanik.model.tileset import TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.games.botanik.spec.load import load_tileset, load_variant
from botanik_design.spec.bundled import bundled_variants


@pytest.fixture(scope="session")
def botanik() -> TileSet:
    return load_tileset("botanik")


@pytest.fixture(scope="session")
def quick3() -> TileSet:
    return load_tileset("quick-3")


@pytest.fixture(scope="session")
def standard() -> Variant:
    return load_variant("standard")


def all_variants() -> list[str]:
    """Names of every bundled variant."""
    return sorted(bundled_variants())


@pytest.fixture(scope="session", params=all_variants())
def variant(request: pytest.FixtureRequest) -> Variant:
    return load_variant(str(request.param))

"""Loaders run the validator's checks: the engine never loads what validate rejects."""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.model.variant import Variant
from botanik_design.spec import (
    SpecError,
    effective_options,
    load_tileset,
    load_variant,
    validate_text,
)

FIXTURES = Path(__file__).parent / "fixtures"


def test_bundled_load() -> None:
    ts = load_tileset("botanik")
    assert ts.machine_tile_count() == 65 and len(ts.sources) == 1
    assert load_variant("registre-3").registry_columns == 3
    assert effective_options("no-loops")["closure"] == "no-cycle"


def test_relative_tileset_becomes_absolute() -> None:
    v = load_variant(str(FIXTURES / "ok-variant.yaml"))
    assert v.tileset == str((FIXTURES / "ok-mini-tileset.yaml").resolve())
    assert load_tileset(v.tileset).name == "mini"


@pytest.mark.parametrize("name", ["yaml-duplicate-key", "sem-duplicate-id", "schema-not"])
def test_invalid_tileset_raises_with_positions(name: str) -> None:
    with pytest.raises(SpecError) as info:
        load_tileset(str(FIXTURES / f"{name}.yaml"))
    assert info.value.problems
    assert all(f"{name}.yaml:" in p for p in info.value.problems)


@pytest.mark.parametrize("name", ["sem-parent-invalid", "sem-extends-cycle",
                                  "sem-tileset-invalid", "yaml-ambiguous-bool"])
def test_invalid_variant_raises(name: str) -> None:
    with pytest.raises(SpecError):
        load_variant(str(FIXTURES / f"{name}.yaml"))


def test_warnings_do_not_stop_loading() -> None:
    assert isinstance(load_variant(str(FIXTURES / "lint-no-effect.yaml")), Variant)


def test_missing_reference() -> None:
    with pytest.raises(SpecError, match="not a bundled variant"):
        load_variant("no-such-variant")


def test_validate_text_resolves_against_base() -> None:
    text = "variant: t\nextends: standard\ntileset: ok-mini-tileset.yaml\n"
    assert validate_text(text, "t.yaml", base=FIXTURES) == []
    (d,) = validate_text(text, "t.yaml", base=FIXTURES.parent)
    assert (d.rule, d.line, d.column) == ("sem-unknown-tileset", 3, 10)


def test_validate_text_with_forced_kind() -> None:
    (d,) = validate_text("title: x\n", "t", kind="variant")
    assert (d.rule, d.json_path) == ("schema-required", "")


def test_integral_floats_load_as_ints(tmp_path: Path) -> None:
    (tmp_path / "v.yaml").write_text(
        "variant: v\nextends: standard\ntileset: t.yaml\noptions: {registry_columns: 4.0}\n",
        encoding="utf-8")
    (tmp_path / "t.yaml").write_text(
        (FIXTURES / "ok-mini-tileset.yaml").read_text(encoding="utf-8")
        .replace("copies: 6", "copies: 6.0"), encoding="utf-8")
    variant = load_variant(str(tmp_path / "v.yaml"))
    assert variant.registry_columns == 4 and isinstance(variant.registry_columns, int)
    tileset = load_tileset(str(tmp_path / "t.yaml"))
    assert all(isinstance(t.copies, int) for t in tileset.tiles)
    assert tileset.machine_tile_count() == 11


def test_loading_the_wrong_kind_says_so() -> None:
    with pytest.raises(SpecError, match="is a variant, not a tile set"):
        load_tileset(str(FIXTURES / "ok-variant.yaml"))

"""Loaders run the validator's checks: the engine never loads what validate rejects."""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.games.botanik.model.variant import Variant
from botanik_design.games.botanik.spec.load import effective_options, load_tileset, load_variant
from botanik_design.spec.errors import SpecError
from botanik_design.spec.validate import validate_text

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
    with pytest.raises(SpecError, match="is a Botanik variant, not a tile set"):
        load_tileset(str(FIXTURES / "ok-variant.yaml"))


def test_every_kind_of_spec_has_words_for_messages() -> None:
    """Messages name kinds in words ("is a Hive piece set, not a Hive variant"), never by
    their schema names (``pieceset``, ``hive-variant``): each kind needs its words."""
    from botanik_design.spec.bundled import spec_root
    from botanik_design.spec.refs import kind_names
    from botanik_design.spec.schema_check import known_kinds

    suffix = ".schema.json"
    bundled = {p.name[: -len(suffix)] for p in spec_root().iterdir() if p.name.endswith(suffix)}
    # every bundled schema and every kind a registered game brings a schema for has words
    # (games the tests register may add kinds of their own)
    assert bundled <= set(known_kinds()) <= set(kind_names())


@pytest.mark.parametrize(("files", "checked", "expected"), [
    ({"p.yaml": "pieceset: p\nbugs:\n  queen: 1\n  ant: 3\n",
      "v.yaml": "variant: v\ngame: hive\nextends: ./p.yaml\n"},
     "v.yaml", "is a Hive piece set, not a Hive variant"),
    ({"w.yaml": "variant: w\ngame: hive\n",
      "v.yaml": "variant: v\ngame: hive\npieceset: ./w.yaml\n"},
     "v.yaml", "is a Hive variant, not a piece set"),
    ({"p.yaml": "pieceset: p\nbugs:\n  queen: 1\n  ant: 3\n",
      "v.yaml": "variant: v\ntileset: ./p.yaml\n"},
     "v.yaml", "is a Hive piece set, not a tile set"),
])
def test_a_reference_to_another_kind_names_both_in_words(
        tmp_path: Path, files: dict[str, str], checked: str, expected: str) -> None:
    from botanik_design.spec.validate import validate_path

    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    messages = [d.message for d in validate_path(tmp_path / checked) if d.level == "error"]
    assert any(expected in m for m in messages), messages
    assert not any(w in m for m in messages for w in ("a pieceset", "a hive-variant",
                                                       "a tileset"))

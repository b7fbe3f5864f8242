"""The rules pages (issue 14 item 1): every option value of both variant schemas changes
the page where the option matters, and names the value; nowhere else does it change it."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from botanik_design.games.botanik.model.variant import Variant
from botanik_design.games.botanik.rulespage import applies, rules_markdown
from botanik_design.games.hive.model import Bug, HiveVariant, PieceSet
from botanik_design.games.hive.rulespage import hive_applies, hive_rules_markdown
from botanik_design.model.rulespage.text import shown

SPEC = Path(__file__).resolve().parents[1] / "spec"


def _schema_values(prop: dict[str, Any]) -> list[Any]:
    """Every enum value; for numbers the bounds, the default and a value inside; null when
    allowed; for lists each item alone and all of them; both booleans."""
    if "enum" in prop:
        return list(prop["enum"])
    types = prop["type"] if isinstance(prop["type"], list) else [prop["type"]]
    out: list[Any] = []
    if "null" in types:
        out.append(None)
    if "integer" in types:
        lo = prop.get("minimum", 0)
        hi = prop.get("maximum", lo + 7)
        out += sorted({lo, lo + 1, (lo + hi) // 2, hi} - {None})
    if "boolean" in types:
        out += [True, False]
    if "array" in types:
        items = prop["items"]["enum"]
        out += [[i] for i in items] + [list(items)]
    return out


def _options(schema: str) -> dict[str, dict[str, Any]]:
    data = json.loads((SPEC / schema).read_text(encoding="utf-8"))
    props: dict[str, dict[str, Any]] = data["properties"]["options"]["properties"]
    return props


BOTANIK = _options("variant.schema.json")
HIVE = _options("hive-variant.schema.json")

#: Variants under which each option is looked at: the default, and ones that switch on
#: the options that depend on another.
CONTEXTS = (
    Variant(),
    Variant(middle_condition="linked-to-slot"),
    Variant(middle_condition="linked-to-slot", middle_condition_empty_slots="forbid"),
    Variant(mecha_botanist="wildcard"),
    Variant(closure="none"),
    Variant(closure="both", closure_scope="every-network"),
    Variant(registry_columns=3, arrival_tiles=1, short_last_round="discard-remaining"),
)

_SINGLES = PieceSet("singles", ((Bug.QUEEN, 1), (Bug.SPIDER, 1), (Bug.ANT, 1)))
HIVE_CONTEXTS = (
    HiveVariant(),
    HiveVariant(tournament_opening=False, pass_only_when_stuck=False, repetition_draw=3),
    HiveVariant(pieces=_SINGLES),
)


def _prose(v: Variant) -> str:
    return rules_markdown(v, options=False)


def _hive_prose(v: HiveVariant) -> str:
    return hive_rules_markdown(v, options=False)


def test_the_walk_covers_every_option_of_the_models() -> None:
    assert set(BOTANIK) == set(Variant.option_names())
    assert set(HIVE) == set(HiveVariant.option_names())


@pytest.mark.parametrize("name", sorted(BOTANIK))
def test_each_botanik_option_value_changes_the_page_where_it_matters(name: str) -> None:
    used = 0
    for context in CONTEXTS:
        default = getattr(Variant(), name)
        base = dataclasses.replace(context, **{name: default})
        for value in _schema_values(BOTANIK[name]):
            v = dataclasses.replace(context, **{name: value})
            page, ref = _prose(v), _prose(base)
            named = f"`{name}: {shown(value)}`"
            if applies(name, v):
                used += 1
                assert named in page, f"{named} not on the page"
                if value != default:
                    assert page != ref, f"{name}={value!r} does not change the page"
            else:
                assert page == ref, f"{name}={value!r} changes the page where it is not used"
                assert f"`{name}:" not in page
    assert used, f"{name} matters in none of the contexts"


@pytest.mark.parametrize("name", sorted(HIVE))
def test_each_hive_option_value_changes_the_page_where_it_matters(name: str) -> None:
    used = 0
    for context in HIVE_CONTEXTS:
        default = getattr(HiveVariant(), name)
        base = dataclasses.replace(context, **{name: default})
        for value in _schema_values(HIVE[name]):
            if isinstance(value, list):
                value = tuple(value)
            v = dataclasses.replace(context, **{name: value})
            page, ref = _hive_prose(v), _hive_prose(base)
            named = f"`{name}: {shown(value)}`"
            if hive_applies(name, v):
                used += 1
                assert named in page, f"{named} not on the page"
                if value != default:
                    assert page != ref, f"{name}={value!r} does not change the page"
            else:
                assert page == ref
                assert f"`{name}:" not in page
    assert used, f"{name} matters in none of the contexts"


def test_options_table_lists_every_option_and_marks_changes() -> None:
    v = Variant(name="x", registry_columns=3, mecha_botanist="wildcard")
    page = rules_markdown(v)
    table = page.split("## Options", 1)[1]
    for name in Variant.option_names():
        assert f"| `{name}` |" in table
    assert "| `registry_columns` | **3** | 5 |" in table
    assert "| `mecha_chain_limit` | null | null | not used here |" in table


def test_numbers_of_the_tile_set_and_rounds() -> None:
    from botanik_design.games.botanik.spec.load import load_tileset

    ts = load_tileset("botanik")
    page = rules_markdown(Variant(), ts)
    assert "65 machine tiles in 5 colours" in page
    assert "60 tiles remain after setup: 20 full rounds." in page
    short = rules_markdown(Variant(arrival_tiles=7, short_last_round="discard-remaining"), ts)
    assert "60 tiles remain after setup: 8 full rounds; the last 4 tiles are discarded." in short


def test_pick_order_follows_the_arrival_count() -> None:
    assert "the Meca holder, then the other player, then the Meca holder." in _prose(Variant())
    assert "the other player does not pick this round" in _prose(Variant(arrival_tiles=1))


def test_overrides_are_said_under_the_title() -> None:
    page = rules_markdown(Variant(name="standard", rotation="fixed"),
                          overrides={"rotation": "fixed"})
    assert "with 1 option changed (`rotation: fixed`)" in page
    assert "Hive rules" in hive_rules_markdown(HiveVariant())


def test_applies_refuses_unknown_names() -> None:
    with pytest.raises(KeyError):
        applies("colours", Variant())
    with pytest.raises(KeyError):
        hive_applies("colours", HiveVariant())


def test_hive_piece_table_follows_the_piece_set() -> None:
    page = hive_rules_markdown(HiveVariant(expansions=("pillbug",)))
    assert "| Pillbug | `P` | 1 |" in page
    assert "Mosquito" not in page
    assert "12 pieces in hand" in page

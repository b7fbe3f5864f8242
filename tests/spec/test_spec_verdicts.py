"""Remembered clean schema verdicts (``spec/verdicts.py``) give exactly the full check's
answer: the same diagnostics and the same data, for any document; only clean answers
that changed nothing are remembered."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.spec import schema_check, verdicts
from botanik_design.spec.bundled import spec_root
from botanik_design.spec.yamlread import read_yaml

_STANDARD = read_yaml(spec_root().joinpath("variants/standard.yaml").read_bytes(),
                      "standard.yaml")

#: Values an option may take: right ones, wrong types, whole floats (changed to ints).
_VALUE = st.one_of(st.integers(-2, 12), st.sampled_from([2.0, 2.5, True, None, "none",
                                                         "swap", "touching", "x", [1], {}]))


def _check(data: Any) -> tuple[list[Any], str]:
    """The diagnostics and the data after the check (as JSON text: ``2.0`` is not ``2``)."""
    problems = schema_check.check_schema(data, "variant", _STANDARD.positions, "v.yaml")
    return problems, json.dumps(data, sort_keys=True)


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BOTANIK_DESIGN_CACHE", str(tmp_path))
    return tmp_path


@settings(max_examples=60, deadline=None)
@given(changes=st.dictionaries(st.sampled_from(["registry_columns", "arrival_tiles",
                                                "middle_condition", "min_group_size",
                                                "mecha_botanist", "flower_points"]),
                               _VALUE, max_size=3))
def test_a_remembered_verdict_gives_the_full_checks_answer(
        changes: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = tmp_path_factory.mktemp("verdicts")
    doc = copy.deepcopy(_STANDARD.data)
    doc["options"].update(changes)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BOTANIK_DESIGN_CACHE", "off")
        want = _check(copy.deepcopy(doc))
        mp.setenv("BOTANIK_DESIGN_CACHE", str(folder))
        first = _check(copy.deepcopy(doc))
        second = _check(copy.deepcopy(doc))
    assert first == want
    assert second == want
    remembered = list(folder.iterdir())
    # remembered exactly when the answer is clean and the data unchanged
    assert bool(remembered) == (not want[0] and want[1] == json.dumps(doc, sort_keys=True))


def test_a_clean_document_is_checked_once(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    doc = copy.deepcopy(_STANDARD.data)
    assert _check(copy.deepcopy(doc))[0] == []
    assert len(list(cache.iterdir())) == 1

    def refuse(kind: str) -> Any:
        raise AssertionError("jsonschema ran for a remembered document")

    monkeypatch.setattr(schema_check, "_validator", refuse)
    assert _check(copy.deepcopy(doc))[0] == []
    doc["options"]["registry_columns"] = 6  # another document: checked again
    with pytest.raises(AssertionError, match="jsonschema ran"):
        _check(doc)


def test_errors_and_changed_data_are_never_remembered(cache: Path) -> None:
    bad = copy.deepcopy(_STANDARD.data)
    bad["options"]["registry_columns"] = "five"
    assert _check(bad)[0]
    floats = copy.deepcopy(_STANDARD.data)
    floats["options"]["registry_columns"] = 5.0
    problems, data = _check(floats)
    assert problems == [] and json.loads(data)["options"]["registry_columns"] == 5
    assert '"registry_columns": 5,' in data
    assert list(cache.iterdir()) == []


@pytest.mark.parametrize(("value", "plain"), [
    ({"a": [1, 2.5, True, None, "x"]}, True),
    ({1: "int key"}, False),
    ({"a": float("nan")}, False),
    ({"a": float("inf")}, False),
    ({"a": (1, 2)}, False),
    ({"a": object()}, False),
])
def test_only_plain_json_data_has_a_key(value: Any, plain: bool) -> None:
    assert (verdicts.key_of("variant", {}, value) is not None) == plain


def test_keys_tell_types_and_schemas_apart() -> None:
    keys = {verdicts.key_of("variant", {}, {"a": v}) for v in (1, 1.0, True, "1")}
    assert len(keys) == 4
    assert verdicts.key_of("variant", {}, {}) != verdicts.key_of("variant", {"type": "object"},
                                                                   {})
    assert verdicts.key_of("variant", {}, {}) != verdicts.key_of("tileset", {}, {})


def test_off_and_an_unwritable_folder_remember_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOTANIK_DESIGN_CACHE", "off")
    assert verdicts.folder() is None
    assert _check(copy.deepcopy(_STANDARD.data))[0] == []
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("BOTANIK_DESIGN_CACHE", str(blocker / "sub"))
    assert _check(copy.deepcopy(_STANDARD.data))[0] == []  # no error: just not kept
    monkeypatch.delenv("BOTANIK_DESIGN_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert verdicts.folder() == tmp_path / "xdg" / "botanik-design" / "schema-ok"

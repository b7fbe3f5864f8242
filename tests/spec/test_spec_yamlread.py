"""The strict YAML reader: values, positions, and the inputs it refuses."""

from __future__ import annotations

from botanik_design.spec import yamlread
from botanik_design.spec.yamlread import read_yaml


def rules(source: bytes | str) -> list[str]:
    return [d.rule for d in read_yaml(source, "t").diagnostics]


def test_positions_of_values_and_keys() -> None:
    r = read_yaml("a: 1\nb:\n  - {c: x, d: [1, 2]}\n", "t")
    assert r.usable and r.data == {"a": 1, "b": [{"c": "x", "d": [1, 2]}]}
    assert r.positions.value(("b", 0, "d", 1)) == (3, 19)
    assert r.positions.key(("b", 0, "d")) == (3, 12)
    assert r.positions.value(("b", 0, "nope")) == (3, 5)  # falls back to the parent


def test_core_schema_values_only() -> None:
    r = read_yaml("a: true\nb: ~\nc: 2021-05-01\nd: 1.5\ne: 0x10\nf: '=' \ng: =\n", "t")
    assert r.data == {"a": True, "b": None, "c": "2021-05-01", "d": 1.5, "e": 16,
                      "f": "=", "g": "="}
    assert r.diagnostics == []


def test_yes_no_on_off_are_reported_and_kept_as_strings() -> None:
    r = read_yaml("a: yes\nb: Off\nc: 'no'\n", "t")
    assert r.data == {"a": "yes", "b": "Off", "c": "no"}
    assert [(d.rule, d.line) for d in r.diagnostics] == [
        ("yaml-ambiguous-bool", 1), ("yaml-ambiguous-bool", 2)]


def test_merge_keys_and_aliases() -> None:
    r = read_yaml("base: &b {x: 1, y: 2}\nm:\n  <<: *b\n  y: 3\n", "t")
    assert r.data["m"] == {"x": 1, "y": 3}
    assert r.diagnostics == []


def test_duplicate_key_keeps_the_first_and_points_at_the_second() -> None:
    r = read_yaml("a: 1\nb: 2\na: 3\n", "t")
    assert r.data["a"] == 1
    (d,) = r.diagnostics
    assert (d.rule, d.line, d.column, d.json_path) == ("yaml-duplicate-key", 3, 1, "/a")


def test_python_tags_are_never_constructed() -> None:
    r = read_yaml("a: !!python/object/apply:os.system [echo hi]\n", "t")
    assert "yaml-tag" in [d.rule for d in r.diagnostics]
    assert r.data == {"a": ["echo hi"]}


def test_billion_laughs_is_reported() -> None:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 12):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    assert rules("\n".join(lines)) == ["yaml-alias-bomb"]


def test_a_million_open_brackets_do_not_crash() -> None:
    assert rules("[" * 1_000_000) == ["yaml-too-deep"]
    assert rules("a:\n" + "".join(" " * i + "- \n" for i in range(200))) == ["yaml-too-deep"]


def test_oversized_input(monkeypatch: object) -> None:
    big = b"a: " + b"x" * (yamlread.MAX_BYTES + 1)
    assert rules(big) == ["yaml-too-large"]


def test_encodings() -> None:
    assert rules("\ufeffa: 1".encode()) == []
    assert rules("a: 1".encode("utf-16")) == ["yaml-encoding"]
    assert rules(b"a: \xc3\x28") == ["yaml-encoding"]
    assert rules("a: b\x00") == ["yaml-binary"]


def test_empty_and_non_mapping_documents() -> None:
    for text in ("", "   \n", "# only a comment\n", "---\n", "---\n...\n"):
        assert rules(text) == ["yaml-empty"], text
    for text in ("~\n", "[1, 2]\n", "just text\n", "42\n"):
        assert rules(text) == ["yaml-not-mapping"], text


def test_non_utf8_position_counts_characters() -> None:
    (d,) = read_yaml("a: ♦♦\nb: x".encode() + b"\xff", "t").diagnostics
    assert (d.rule, d.line, d.column) == ("yaml-encoding", 2, 5)

"""Lines and columns with every character some YAML or Python API reads as a line break.

Reported positions are the editor's: lines end at LF, CRLF or a lone CR (YAML 1.2's
line breaks); U+2028, U+2029 and U+0085 (line breaks for YAML 1.1, libyaml and
``str.splitlines``) are ordinary characters, in text and in comments; form feed
and vertical tab are refused where they stand (issue 8, item 2).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.spec.validate import validate_text
from botanik_design.spec.yamlread import line_col, read_yaml

UNICODE_BREAKS = ["\u2028", "\u2029", "\u0085"]
REFUSED = ["\x0c", "\x0b"]


def editor_pos(text: str, index: int) -> tuple[int, int]:
    """Line and column of ``text[index]`` as an editor shows them (independent of the code)."""
    lines = re.split(r"\r\n|\r|\n", text[:index])
    return len(lines), len(lines[-1]) + 1


def variant(title: str, comment: str) -> str:
    return ("variant: v  # " + comment + "\n"
            "title: \"" + title + "\"\n"
            "options:\n"
            "  rotation: free\n"
            "  registry_columns: 99\n")


def test_the_reported_case() -> None:
    """``title: "café<U+2028>bar"`` on line 3, a bad option on line 5 (the file has 5 lines)."""
    text = "variant: v\ndescription: x\ntitle: \"caf\u00e9\u2028bar\"\noptions:\n" \
        "  registry_columns: 99\n"
    (d,) = validate_text(text, "t.yaml")
    assert (d.rule, d.line, d.column) == ("schema-maximum", 5, 21)
    assert read_yaml(text, "t").data["title"] == "caf\u00e9\u2028bar"


@pytest.mark.parametrize("char", UNICODE_BREAKS)
def test_a_unicode_break_in_a_comment_keeps_a_valid_file_valid(char: str) -> None:
    text = f"variant: v  # one{char}two: three\ntitle: T\n"
    assert validate_text(text, "t.yaml") == []


@settings(max_examples=150, deadline=None)
@given(char=st.sampled_from([*UNICODE_BREAKS, "\r", "\r\n", "\n"]),
       where=st.sampled_from(["title", "comment"]),
       before=st.text(alphabet="abé €", max_size=6), after=st.text(alphabet="xyé", max_size=6),
       repeat=st.integers(1, 3))
def test_positions_after_any_break_are_the_editors(char: str, where: str, before: str,
                                                   after: str, repeat: int) -> None:
    piece = before + char * repeat + after
    text = variant(piece if where == "title" else "T", piece if where == "comment" else "c")
    if where == "comment" and char in ("\r", "\r\n", "\n"):
        text = text.replace(char * repeat + after, char * repeat + "#" + after, 1)
    found = validate_text(text, "t.yaml")
    want = editor_pos(text, text.index("99"))
    assert [(d.rule, d.line, d.column) for d in found] == [("schema-maximum", *want)]


@pytest.mark.parametrize("char", REFUSED)
@pytest.mark.parametrize("where", ["title", "comment"])
def test_form_feed_and_vertical_tab_are_refused_where_they_stand(char: str, where: str) -> None:
    for prefix in ("", "\u2028", "é\r", "x\r\n"):
        piece = prefix + "a" + char + "b"
        text = variant(piece if where == "title" else "T", piece if where == "comment" else "c")
        (d,) = validate_text(text, "t.yaml")
        assert (d.rule, d.line, d.column) == ("yaml-invalid-character",
                                              *editor_pos(text, text.index(char)))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab\n\r\u2028\u2029\u0085é")), max_size=30),
       st.data())
def test_line_col_matches_the_editor(text: str, data: st.DataObject) -> None:
    index = data.draw(st.integers(0, len(text)))
    if 0 < index < len(text) and text[index - 1:index + 1] == "\r\n":
        assert line_col(text, index) == editor_pos(text, index - 1)
    else:
        assert line_col(text, index) == editor_pos(text, index)


def test_a_syntax_error_at_the_end_of_the_file_is_on_its_last_line() -> None:
    for text in ("variant: v\nx: [1,\n", "variant: v\nx: [1,\n\n\n", "variant: v\nx: {\r\n"):
        (d,) = validate_text(text, "t.yaml")
        assert d.rule == "yaml-syntax" and d.line is not None
        lines = re.split(r"\r\n|\r|\n", text)
        assert 1 <= d.line <= len(lines) - (lines[-1] == "")


@pytest.mark.parametrize("char", UNICODE_BREAKS)
def test_replay_and_validate_place_an_illegal_action_alike(
        char: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``replay`` (the engine's locator) and ``validate`` give the editor's line."""
    from botanik_design.cli import main

    source = Path(__file__).resolve().parents[2] / "examples" / "records" / "mecha-swap.yaml"
    text = source.read_text(encoding="utf-8")
    text = text.replace("record: mecha-botanist swap and no target",
                        f"record: \"a{char}b\"  # c{char}d")
    text = text.replace("  - pick arrival#1 yellow-mecha -> middle 1", "  - 999999")
    path = tmp_path / "r.yaml"
    path.write_bytes(text.encode("utf-8"))
    want = editor_pos(text, text.index("999999"))
    assert main(["validate", str(path)]) == 1
    assert f"r.yaml:{want[0]}:{want[1]}: error:" in capsys.readouterr().out
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr()
    assert f"r.yaml:{want[0]}:" in out.out + out.err

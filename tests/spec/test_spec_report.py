"""Output formats: text lines, stable JSON keys, GitHub annotation escaping."""

from __future__ import annotations

import io
import json

import pytest
import yaml

from botanik_design.spec.diagnostics import Diagnostic
from botanik_design.spec.report import (
    colour_wanted,
    format_github,
    format_json,
    format_text,
    yaml_scalar,
)

D = Diagnostic("a,b:c.yaml", 3, 7, "error", "schema-enum", "bad\nvalue 100%", "/x", "did you")
W = Diagnostic("z.yaml", None, None, "warning", "lint-unused-colour", "hm")


def test_text_line_format() -> None:
    out = format_text([D, W]).splitlines()
    assert out[0] == "a,b:c.yaml:3:7: error: bad\\x0avalue 100%; did you [schema-enum]"
    assert out[-1] == "z.yaml: warning: hm [lint-unused-colour]"
    assert "" in out  # a blank line between files
    escaped = format_text([Diagnostic("f", 1, 1, "error", "yaml-syntax", "key `\x1b[2J`")])
    assert "\x1b" not in escaped and "\\x1b[2J" in escaped


def test_json_has_stable_keys() -> None:
    report = json.loads(format_json([D, W], [{"file": "a", "kind": "variant", "valid": False}]))
    assert list(report) == ["version", "files", "diagnostics", "summary"]
    assert list(report["diagnostics"][0]) == [
        "file", "line", "column", "level", "rule", "message", "json_path", "hint"]
    assert report["summary"] == {"files": 1, "errors": 1, "warnings": 1, "notes": 0}


def test_github_annotations_escape_properties_and_data() -> None:
    line = format_github([D]).splitlines()[0]
    assert line == ("::error file=a%2Cb%3Ac.yaml,line=3,col=7,title=schema-enum::"
                    "bad%0Avalue 100%25; did you")
    assert format_github([W]).startswith("::warning file=z.yaml,title=lint-unused-colour::hm")


def test_no_colour_off_a_terminal_or_with_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert not colour_wanted(io.StringIO())
    assert colour_wanted(Tty())
    assert not colour_wanted(Tty(), disabled=True)
    monkeypatch.setenv("NO_COLOR", "1")
    assert not colour_wanted(Tty())
    assert "\x1b[" in format_text([D], colour=True)


def test_yaml_scalars_read_back() -> None:
    for value in (None, 3, "no", "play-remaining", "a: b", True, "#x"):
        assert yaml.safe_load(yaml_scalar(value)) == value

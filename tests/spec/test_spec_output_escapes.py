"""No output format passes a terminal control character through.

An unknown key ``ESC[31mKEY ESC]0;pwn BEL`` was printed raw by ``--format github``.
Whatever text a file holds (keys, values, its own name), the text, JSON and GitHub
formats and ``--show-effective`` print no control character but newline (and the
reports' own tab-free layout), and the run reports of ``simulate``/``sweep`` neither.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from botanik_design.cli import main
from botanik_design.spec.report import json_text, terminal_text

#: What a terminal acts on: C0 but newline, DEL, C1, and the Unicode separators.
RAW_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029]")
NASTY = "\x1b[31mKEY\x1b]0;pwn\x07"
FORMATS = ["text", "json", "github"]
TEXT = st.text(st.characters(codec="utf-8", exclude_characters="\x00"), min_size=1,
               max_size=20)


def _validate(folder: Path, name: str, text: str, fmt: str,
              capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    main(["validate", "--format", fmt, *extra, str(path)])
    out = capsys.readouterr()
    return out.out + out.err


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_reported_key(tmp_path: Path, fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = _validate(tmp_path, "t.yaml", f"tileset: t\n{json.dumps(NASTY)}: 1\n", fmt, capsys)
    assert not RAW_CONTROL.search(out), repr(out)
    assert "KEY" in out


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=TEXT, value=TEXT, name=st.text(st.characters(codec="utf-8",
                                                        exclude_characters="\x00/"),
                                          min_size=1, max_size=8),
       fmt=st.sampled_from(FORMATS))
def test_any_text_in_keys_values_and_names_is_escaped(
        key: str, value: str, name: str, fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    doc = f"variant: v\ntitle: {json.dumps(value)}\n{json.dumps(key)}: {json.dumps(value)}\n"
    with tempfile.TemporaryDirectory() as folder:
        try:
            out = _validate(Path(folder), name + ".yaml", doc, fmt, capsys, "--show-effective")
        except OSError:  # a name the file system refuses
            return
    assert not RAW_CONTROL.search(out), repr(out)


def test_effective_yaml_escapes_and_reads_back(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    weird = tmp_path / f"v{NASTY}\u2028.yaml"
    weird.write_text("variant: v\nextends: standard\n", encoding="utf-8")
    assert main(["validate", "--show-effective", str(weird)]) == 0
    out = capsys.readouterr().out
    assert not RAW_CONTROL.search(out), repr(out)


def test_a_sweep_title_cannot_drive_the_terminal(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    sweep = tmp_path / "s.yaml"
    sweep.write_text(f"sweep: s\ntitle: {json.dumps(NASTY)}\nbase: {{variant: standard, "
                     "tileset: quick-3}\naxes:\n  - option: mecha_bonus\n    values: [0, 1]\n"
                     "bots: greedy,greedy\ngames: 2\n", encoding="utf-8")
    for fmt in ("text", "json"):
        assert main(["sweep", str(sweep), "--quiet", "--format", fmt, "--restart"]) == 0
        out = capsys.readouterr().out
        assert not RAW_CONTROL.search(out), repr(out)
        assert "KEY" in out


@given(text=st.text())
def test_the_escapes_keep_the_text_readable(text: str) -> None:
    assert not RAW_CONTROL.search(terminal_text(text).replace("\t", ""))
    dumped = json_text({"k": text})
    assert not RAW_CONTROL.search(dumped.replace("\n", ""))
    assert json.loads(dumped) == {"k": text}

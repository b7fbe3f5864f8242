"""A terminal or pipe that cannot encode a character (``LANG=C`` without UTF-8 mode, an
ASCII ``PYTHONIOENCODING``) gets the character's escape, never a ``UnicodeEncodeError``
traceback: ``rules registre-3`` (its title has an ``à``) crashed there, as did any
command printing a non-ASCII name.  One place, ``cli.main``, sets every command's
streams to JSON's own escape (``\\u00e0``), so JSON printed there stays valid JSON."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from botanik_design.cli import main

ROOT = Path(__file__).resolve().parents[1]

COMMANDS = [
    ["rules", "registre-3"],
    ["validate", "vé.yaml"],
    ["show", "vé-set.yaml"],
    ["export", "vé-set.yaml"],
    ["replay", str(ROOT / "examples" / "records" / "standard-seed-7.yaml")],
    ["list"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: a[0])
def test_an_ascii_terminal_gets_escapes_not_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "vé.yaml").write_text("variant: v\nextends: standärd\n", encoding="utf-8")
    quick = (ROOT / "tilesets" / "quick-3.yaml").read_text(encoding="utf-8")
    (tmp_path / "vé-set.yaml").write_text(
        quick.replace("label: Source", "label: Sourcé"), encoding="utf-8")
    out, err = io.BytesIO(), io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(out, encoding="ascii"))
    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(err, encoding="ascii"))
    code = main(args)
    sys.stdout.flush()
    sys.stderr.flush()
    text = (out.getvalue() + err.getvalue()).decode("ascii")
    assert code in (0, 1), text
    assert "Traceback" not in text
    if args[0] == "rules":
        assert "Registre \\u00e0 3 colonnes" in text
    if args[0] == "validate":
        assert "stand\\u00e4rd" in text


JSON_COMMANDS = [
    ["validate", "--format", "json", "vé.yaml"],
    ["validate", "--format", "json", "vé-set.yaml"],
    ["replay", "--format", "json", str(ROOT / "examples" / "records" / "standard-seed-7.yaml")],
    ["simulate", "--variant", "vé.yaml", "--games", "1", "--format", "json"],
]


@pytest.mark.parametrize("args", JSON_COMMANDS, ids=lambda a: "-".join(a[:1] + a[3:]))
def test_json_on_an_ascii_terminal_is_still_json_with_the_same_text(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "vé.yaml").write_text("variant: v\nextends: standärd\n", encoding="utf-8")
    quick = (ROOT / "tilesets" / "quick-3.yaml").read_text(encoding="utf-8")
    (tmp_path / "vé-set.yaml").write_text(
        quick.replace("label: Source", "label: Sourcé 😀"), encoding="utf-8")
    out = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(out, encoding="ascii"))
    main(args)
    sys.stdout.flush()
    data = json.loads(out.getvalue().decode("ascii"))
    text = json.dumps(data, ensure_ascii=False)
    if args[0] == "validate":
        assert args[-1] in text  # the file's name, decoded back to its own characters


@pytest.mark.parametrize("text", ["à", "é😀", "\u2028", "plain", "日本語", "\U0010ffff"])
def test_the_escape_decodes_as_json_to_the_same_text(text: str) -> None:
    from botanik_design.cli import escape_errors

    out = io.BytesIO()
    stream = io.TextIOWrapper(out, encoding="ascii", errors=escape_errors())
    stream.write(text)
    stream.flush()
    assert json.loads('"' + out.getvalue().decode("ascii") + '"') == text

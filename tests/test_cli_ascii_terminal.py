"""A terminal or pipe that cannot encode a character (``LANG=C`` without UTF-8 mode, an
ASCII ``PYTHONIOENCODING``) gets the character's escape, never a ``UnicodeEncodeError``
traceback: ``rules registre-3`` (its title has an ``à``) crashed there, as did any
command printing a non-ASCII name.  One place, ``cli.main``, sets every command's
streams to ``errors="backslashreplace"``."""

from __future__ import annotations

import io
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
        assert "Registre \\xe0 3 colonnes" in text
    if args[0] == "validate":
        assert "stand\\xe4rd" in text

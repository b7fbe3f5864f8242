"""An unknown variant name lists what the command would have accepted: every command that
loads any game's variant lists every game's bundled variants (it once listed Botanik's
only, though Hive's load too); a Hive-only command lists Hive's."""

from __future__ import annotations

import pytest

from botanik_design.cli import main
from botanik_design.games.loading import load_from_variant
from botanik_design.spec.bundled import bundled_variants
from botanik_design.spec.errors import SpecNotFoundError
from botanik_design.spec.refs import all_variants


def _names(which: str) -> list[str]:
    """Read when the test runs: a test may have registered another game by then."""
    return sorted(all_variants()) if which == "every" else sorted(bundled_variants("hive"))


def _listed(message: str) -> list[str]:
    return message.split("not a bundled ", 1)[1].split("(", 1)[1].split(")", 1)[0].split(", ")


@pytest.mark.parametrize(("argv", "names"), [
    (["play", "--variant", "nope"], "every"),
    (["simulate", "--variant", "nope", "--games", "1"], "every"),
    (["host", "--variant", "nope"], "every"),
    (["uhp", "--variant", "nope"], "hive"),
])
def test_an_unknown_variant_lists_every_variant_the_command_loads(
        argv: list[str], names: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and _listed(err) == _names(names), err


def test_loading_an_unknown_variant_from_python_lists_every_game_s() -> None:
    assert {"standard", "hive-tournament"} <= set(_names("every"))
    with pytest.raises(SpecNotFoundError) as caught:
        load_from_variant("nope")
    assert _listed(str(caught.value)) == _names("every")

"""Every name argument of every command suggests the closest bundled name (or file, or
bot) when it is mistyped: one helper, ``spec.refs.unknown_name`` over
``model.words.near_miss``.  Commands x bad names; each case is a usage error (exit 2)
with one ``did you mean`` and no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from botanik_design.cli import main

ROOT = Path(__file__).resolve().parents[1]

CASES = [
    (["validate", "standrad"], "standard"),
    (["validate", "botanic"], "botanik"),
    (["rules", "standrad"], "standard"),
    (["rules", "hive-tournamnt"], "hive-tournament"),
    (["rules", "standard", "--tileset", "botanic"], "botanik"),
    (["compare", "standard", "registre3", "--games", "1", "-q"], "registre-3"),
    (["compare", "botanic", "quick-3", "--games", "1", "-q"], "botanik"),
    (["compare", "standard", "registre-3", "--tileset", "quick3", "--games", "1", "-q"],
     "quick-3"),
    (["compare", "standard", "registre-3", "--bots", "gredy,random", "--games", "1"],
     "greedy"),
    (["simulate", "--variant", "standrad", "--games", "1"], "standard"),
    (["simulate", "--tileset", "botanic", "--games", "1"], "botanik"),
    (["simulate", "--bots", "random,mctss", "--games", "1"], "mcts"),
    (["simulate", "--bots", "greedy:epsilonn=0.1,random", "--games", "1"], "epsilon"),
    (["show", "botanic"], "botanik"),
    (["show", "hve"], "hive"),
    (["sheet", "botanic", "-o", "OUT.pdf"], "botanik"),
    (["sheet", "hiv", "-o", "OUT.pdf"], "hive"),
    (["play", "--variant", "standrad"], "standard"),
    (["play", "--tileset", "quick3"], "quick-3"),
    (["play", "--vs", "gredy"], "greedy"),
    (["edit", "NEW", "--from", "botanic"], "botanik"),
    (["edit", str(ROOT / "tilesets" / "botanic.yaml")], str(ROOT / "tilesets" / "botanik.yaml")),
    (["uhp", "--variant", "hive-tournamnt"], "hive-tournament"),
    (["perft", "--variant", "hive-tournamnt", "--depth", "1"], "hive-tournament"),
]


@pytest.mark.parametrize(("argv", "want"), CASES, ids=[" ".join(c[0][:3]) for c in CASES])
def test_a_mistyped_name_gets_one_suggestion(argv: list[str], want: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    args = [str(tmp_path / a) if a in ("OUT.pdf", "NEW") else a for a in argv]
    code = main(args)
    out, err = capsys.readouterr()
    text = out + err
    assert code == 2, text
    assert f"did you mean `{want}`?" in text
    assert text.count("did you mean") == 1, text
    assert "Traceback" not in text
    assert not any(tmp_path.iterdir())  # nothing written


def test_a_name_with_nothing_close_lists_the_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "zzzzzz"]) == 2
    err = capsys.readouterr().err
    assert "did you mean" not in err and "standard" in err

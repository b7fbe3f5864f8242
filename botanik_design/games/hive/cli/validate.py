"""Hive's part of ``validate`` (:mod:`botanik_design.cli.games` hooks): the effective
options of a Hive variant, ``--simulate`` of Hive variants, the replay of Hive records and
positions, and GameString files (``.txt``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from botanik_design.games.hive.spec.variants import hive_variant_info
from botanik_design.spec.diagnostics import Diagnostic


def hive_effective_entry(info: Any) -> dict[str, Any]:
    """JSON-ready effective Hive variant: name, piece set and each option with its origin."""
    assert info.doc.data is not None
    return {
        "file": info.doc.name,
        "variant": info.doc.data["variant"],
        "game": "hive",
        "pieceset": info.pieceset_ref,
        "pieceset_from": info.pieceset_origin,
        "options": {k: {"value": v, "from": info.origins[k]} for k, v in info.options.items()},
    }



def effective(session: Any, doc: Any) -> dict[str, Any] | None:
    """``validate --show-effective``: a Hive variant whose chain resolved, else ``None``."""
    if doc.kind == "hive-variant" and hive_variant_info(session, doc).chain_ok:
        return hive_effective_entry(hive_variant_info(session, doc))
    return None


def simulate(session: Any, docs: list[Any], games: int, seed: int, budget: float,
             others_played: bool) -> tuple[list[Diagnostic], list[dict[str, Any]]] | None:
    """Random games of each valid Hive variant (:mod:`botanik_design.games.hive.engine.dynamic`)."""
    from botanik_design.games.hive.engine.dynamic import simulate_hive

    docs = [d for d in docs if d.kind == "hive-variant"]
    if not docs:
        return None
    out: list[Diagnostic] = []
    counts: list[dict[str, Any]] = []
    for doc in docs:
        if not doc.schema_valid:
            continue
        variant = hive_variant_info(session, doc).variant
        if variant is None:
            continue  # its errors are reported
        try:
            result = simulate_hive(variant, games, seed, file=doc.name, budget=budget)
        except Exception as exc:  # noqa: BLE001 - a crash is a finding, not a traceback
            out.append(Diagnostic(doc.name, None, None, "error", "sim-crash",
                                  f"simulation crashed: {exc.__class__.__name__}: {exc}"))
            continue
        out += result.diagnostics
        out.append(Diagnostic(doc.name, None, None, "note", "sim-summary", result.summary()))
        counts.append(result.to_dict())
    return out, counts




def check_docs(session: Any, docs: list[Any], diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Hive records and positions replayed on the engine (:mod:`..files`)."""
    from botanik_design.games.hive import files as hive_files

    return hive_files.check_docs(session, docs, diagnostics)


def check_text_file(path: Path, name: str) -> tuple[str, list[Diagnostic]]:
    """A UHP GameString file: its kind (``gamestring``) and its problems."""
    from botanik_design.games.hive import files as hive_files

    return "gamestring", hive_files.check_game_string_file(path, name)

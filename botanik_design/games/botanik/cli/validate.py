"""Botanik's part of ``validate`` (:mod:`botanik_design.cli.games` hooks): the effective
options of a variant, ``--simulate`` of Botanik variants, and the replay of records."""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from botanik_design.games.botanik.spec.variants import variant_info
from botanik_design.spec.diagnostics import Diagnostic


def effective_entry(info: Any) -> dict[str, Any]:
    """JSON-ready effective variant: name, tile set and each option with its origin."""
    assert info.doc.data is not None
    return {
        "file": info.doc.name,
        "variant": info.doc.data["variant"],
        "tileset": info.tileset_ref,
        "tileset_from": info.tileset_origin,
        "options": {k: {"value": v, "from": info.origins[k]} for k, v in info.options.items()},
    }



def effective(session: Any, doc: Any) -> dict[str, Any] | None:
    """``validate --show-effective``: a Botanik variant whose chain resolved, else ``None``."""
    if doc.kind == "variant" and variant_info(session, doc).chain_ok:
        return effective_entry(variant_info(session, doc))
    return None


def simulate(session: Any, docs: list[Any], games: int, seed: int, budget: float,
             others_played: bool) -> tuple[list[Diagnostic], list[dict[str, Any]]] | None:
    """``validate --simulate``: random games of each valid Botanik variant
    (:func:`botanik_design.games.botanik.engine.dynamic.simulate_variant`), a
    ``sim-summary`` note each; with no Botanik variant, a note on each tile set (a tile set
    alone has no rules) unless another game played; ``None`` when there is nothing to say.
    Raises ``ImportError`` when the engine cannot be imported."""
    dynamic = importlib.import_module("botanik_design.games.botanik.engine.dynamic")
    simulate_check = dynamic.simulate_check
    simulate_variant = getattr(dynamic, "simulate_variant", None)
    out: list[Diagnostic] = []
    counts: list[dict[str, Any]] = []
    variants = [d for d in docs if d.kind == "variant"]
    if not variants:
        if others_played:
            return None
        for doc in docs:
            if doc.kind == "tileset":
                out.append(Diagnostic(doc.name, None, None, "note", "sim-no-variant",
                                      "not simulated: a tile set alone has no rules; "
                                      "simulate a variant that names it"))
        return (out, counts) if out else None
    for doc in variants:
        if not doc.schema_valid:
            continue
        info = variant_info(session, doc)
        if info.variant is None:
            continue  # its errors are reported
        if info.tileset is None:
            out.append(Diagnostic(doc.name, None, None, "note", "sim-no-tileset",
                                  "not simulated: the variant names no tile set"))
            continue
        try:
            if simulate_variant is not None:
                result = simulate_variant(info.tileset, info.variant, games, seed,
                                          file=doc.name, budget=budget)
                out += list(result.diagnostics)
                out.append(Diagnostic(doc.name, None, None, "note", "sim-summary",
                                      result.summary()))
                counts.append(result.to_dict())
            elif "file" in inspect.signature(simulate_check).parameters:
                out += list(simulate_check(info.tileset, info.variant, games, seed,
                                           file=doc.name))
            else:
                out += list(simulate_check(info.tileset, info.variant, games, seed))
        except Exception as exc:  # noqa: BLE001 - a crash is a finding, not a traceback
            out.append(Diagnostic(doc.name, None, None, "error", "sim-crash",
                                  f"simulation crashed: {exc.__class__.__name__}: {exc}"))
    return out, counts


def check_docs(session: Any, docs: list[Any],
               diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Replay each otherwise valid record; the first illegal action as ``record-illegal-action``.

    The engine is imported only here, and only when a record is among the inputs.
    """
    records = [d for d in docs if d.kind == "record" and d.data is not None
               and not any(x.level == "error" and x.file == d.name for x in diagnostics)]
    if not records:
        return []
    try:
        from botanik_design.games.botanik.engine.errors import RecordError
        from botanik_design.games.botanik.engine.record import ReplayError, record_from_data, replay
    except ImportError as exc:  # the engine ships with the package; say so if it is broken
        return [Diagnostic(d.name, None, None, "warning", "record-not-replayed",
                           f"the actions were not checked: the game engine is not "
                           f"available ({exc})") for d in records]
    out: list[Diagnostic] = []
    for doc in records:
        def at(path: tuple[Any, ...], rule: str, message: str, hint: str = "",
               doc: Any = doc) -> Diagnostic:
            line, col = doc.positions.value(path)
            return Diagnostic(doc.name, line, col, "error", rule, message,
                              "".join(f"/{p}" for p in path), hint)
        step = 0
        try:
            record = record_from_data(doc.data, doc.name, doc.folder)
            try:
                record.new_game()
            except RecordError as exc:
                out.append(at((), "record-setup",
                              f"the game cannot be set up: {exc.args[0] if exc.args else exc}"))
                continue
            for step_, _ in replay(record):
                step = step_.index + 1
        except ReplayError as exc:
            item = doc.data["actions"][exc.index]
            path: tuple[Any, ...] = ("actions", exc.index, "action") \
                if isinstance(item, dict) else ("actions", exc.index)
            more = " ..." if len(exc.legal) > 8 else ""
            hint = "legal here: " + "; ".join(exc.legal[:8]) + more if exc.legal else ""
            rule = exc.diagnostics[0].rule  # record-game-over or record-illegal-action
            out.append(at(path, rule,
                          f"action {exc.index + 1} (index {exc.index}) is illegal here: "
                          f"{exc.reason}", hint[:300]))
        except RecordError as exc:  # not an action: the rules
            out.append(at((), "record-setup", str(exc.args[0]) if exc.args else str(exc)))
        except Exception as exc:  # noqa: BLE001 - an engine crash is a finding, not a traceback
            out.append(at(("actions", step), "record-crash",
                          f"replaying crashed at action {step + 1}: "
                          f"{exc.__class__.__name__}: {exc}"))
    return out



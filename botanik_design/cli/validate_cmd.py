"""``botanik-design validate [PATH ...]``: check tile sets, variants, records and positions.

Exit codes: 0 valid; 1 invalid (or warnings with ``--strict``); 2 usage or
I/O error (a missing path, an unreadable file, ``--simulate`` without an
engine).  Imports only the spec layer at module level.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import sys
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from botanik_design.cli.runs import named, path_arg, positive_int
from botanik_design.spec.diagnostics import Diagnostic, sorted_diagnostics


def register(subparsers: Any) -> None:
    """Add the ``validate`` sub-command to the top-level parser."""
    p = subparsers.add_parser(
        "validate",
        help="check tile sets, variants, records and positions",
        description="Check spec files (YAML) for YAML, schema and semantic problems and "
        "design smells. Without PATH, checks the bundled tile sets and variants. "
        "Exit status: 0 valid, 1 invalid (or warnings with --strict), 2 usage or I/O error.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH", type=named,
                   help="files, or folders searched recursively for *.yaml and *.yml")
    p.add_argument("--format", choices=("text", "json", "github"), default="text",
                   help="text (default): file:line:col: level: message [rule]; json: a "
                   "machine-readable report; github: workflow annotations")
    p.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    p.add_argument("--show-effective", action="store_true",
                   help="print each variant's effective options and where each comes from")
    p.add_argument("--no-color", action="store_true", help="never colour the text output")
    p.add_argument("--with-dependents", action="store_true",
                   help="also check the spec files under the working directory (or --root) "
                   "that name a given file by path, directly or through others (a variant "
                   "of a changed tile set, a record of a changed variant): for pre-commit")
    p.add_argument("--root", type=path_arg, default=None, metavar="FOLDER",
                   help="where --with-dependents looks (default: the working directory)")
    p.add_argument("--simulate", type=positive_int, metavar="N", default=0,
                   help="also play N seeded random games per valid variant (needs the engine)")
    p.add_argument("--seed", type=int, default=0, help="seed of the --simulate games")
    p.add_argument("--simulate-budget", type=_seconds, metavar="SECONDS", default=20.0,
                   help="time budget of --simulate per variant (default 20): when it runs "
                   "out, the games left are not played and a sim-budget note says so")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError("must be a positive number of seconds")
    return value


def _targets(paths: list[str]) -> tuple[list[tuple[Traversable | Path, str]], list[Diagnostic]]:
    """Files to check as ``(file, display name)``, and ``io-*`` problems with the arguments."""
    from botanik_design.spec.bundled import bundled_piecesets, bundled_tilesets, bundled_variants
    from botanik_design.spec.validate import yaml_files

    if not paths:
        found: list[tuple[Traversable | Path, str]] = []
        for group in (bundled_tilesets(), bundled_piecesets(), bundled_variants(None)):
            found += [(f, str(f)) for f in group.values()]
        return found, []
    files: list[tuple[Traversable | Path, str]] = []
    problems: list[Diagnostic] = []
    for arg in paths:
        path = Path(arg)
        try:
            if path.is_dir():
                listed = yaml_files(path)
                if not listed:
                    problems.append(Diagnostic(arg, None, None, "error", "io-no-files",
                                               "the folder holds no *.yaml or *.yml file"))
                files += [(f, str(f)) for f in listed]
            elif path.exists() or path.is_symlink():
                files.append((path, arg))
            elif arg in bundled_variants(None) or arg in bundled_tilesets() \
                    or arg in bundled_piecesets():
                named = bundled_variants(None).get(arg) or bundled_tilesets().get(arg) \
                    or bundled_piecesets()[arg]
                files.append((named, arg))  # a bundled name, when no such file exists
            else:
                problems.append(Diagnostic(arg, None, None, "error", "io-missing",
                                           "no such file or folder", hint=_missing_hint(arg)))
        except OSError as exc:
            problems.append(Diagnostic(arg, None, None, "error", "io-unreadable",
                                       f"cannot read: {exc.strerror or exc}"))
    return files, problems


def _add_dependents(session: Any, docs: list[Any], diagnostics: list[Diagnostic],
                    root: Path | None) -> bool:
    """Check the specs under ``root`` that depend on ``docs`` (appended to both lists);
    ``True`` when ``root`` cannot be listed (an ``io-unreadable`` diagnostic)."""
    from botanik_design.spec.dependents import dependents

    folder = root if root is not None else Path.cwd()
    if not folder.is_dir():  # os.walk would list nothing and check no dependent at all
        missing = not folder.exists()
        diagnostics.append(Diagnostic(
            str(folder), None, None, "error", "io-missing" if missing else "io-unreadable",
            f"--with-dependents: {'no such folder' if missing else 'not a folder'}"))
        return True
    try:
        found = dependents(session, list(docs), folder)
    except OSError as exc:
        diagnostics.append(Diagnostic(str(folder), None, None, "error", "io-unreadable",
                                      f"--with-dependents: cannot list the folder: "
                                      f"{exc.strerror or exc}"))
        return True
    seen = {d.key for d in docs}
    for path in found:
        doc = session.read_source(path, str(path))
        if doc.key not in seen:
            seen.add(doc.key)
            docs.append(doc)
            diagnostics += session.check(doc)
    return False


def _missing_hint(arg: str) -> str:
    """For a path that does not exist: the closest bundled tile set or variant name (as
    ``extends:`` suggests), else the bundled names when ``arg`` looks like a name."""
    from botanik_design.spec.bundled import bundled_piecesets, bundled_tilesets, bundled_variants
    from botanik_design.spec.schema_check import near_miss

    names = sorted({*bundled_tilesets(), *bundled_variants(None), *bundled_piecesets()})
    stem = arg.removesuffix(".yaml").removesuffix(".yml")
    hint = near_miss(stem, names)
    if hint:
        return f"{hint} (a bundled tile set or variant)"
    if "/" not in arg and "\\" not in arg:
        return "bundled tile sets and variants: " + ", ".join(names)
    return ""


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


def _effective(session: Any, doc: Any) -> dict[str, Any] | None:
    """The effective entry of a schema-valid variant whose chain resolved, else ``None``."""
    if not doc.schema_valid:
        return None
    if doc.kind == "variant" and session.variant_info(doc).chain_ok:
        return effective_entry(session.variant_info(doc))
    if doc.kind == "hive-variant" and session.hive_variant_info(doc).chain_ok:
        return hive_effective_entry(session.hive_variant_info(doc))
    return None


def _simulate_hive(session: Any, docs: list[Any], games: int, seed: int,
                   budget: float) -> tuple[list[Diagnostic], list[dict[str, Any]]]:
    """Random games of each valid Hive variant (:mod:`botanik_design.games.hive.engine.dynamic`)."""
    from botanik_design.games.hive.engine.dynamic import simulate_hive

    out: list[Diagnostic] = []
    counts: list[dict[str, Any]] = []
    for doc in docs:
        if not doc.schema_valid:
            continue
        variant = session.hive_variant_info(doc).variant
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


def _simulate(session: Any, docs: list[Any], games: int, seed: int,
              budget: float) -> tuple[list[Diagnostic], list[dict[str, Any]]] | None:
    """Findings of the simulation per valid variant, with a ``sim-summary`` note per variant
    and the JSON counts; ``None`` when no engine exists."""
    try:
        dynamic = importlib.import_module("botanik_design.games.botanik.engine.dynamic")
        simulate_check = dynamic.simulate_check
    except (ImportError, AttributeError) as exc:
        print(f"validate --simulate: the game engine is not available ({exc})", file=sys.stderr)
        return None
    simulate_variant = getattr(dynamic, "simulate_variant", None)
    out: list[Diagnostic] = []
    counts: list[dict[str, Any]] = []
    variants = [d for d in docs if d.kind == "variant"]
    hive = [d for d in docs if d.kind == "hive-variant"]
    if hive:
        out, counts = _simulate_hive(session, hive, games, seed, budget)
    if not variants and hive:
        return out, counts
    if not variants:
        for doc in docs:
            if doc.kind == "tileset":
                out.append(Diagnostic(doc.name, None, None, "note", "sim-no-variant",
                                      "not simulated: a tile set alone has no rules; "
                                      "simulate a variant that names it"))
        if not out:
            out.append(Diagnostic("validate", None, None, "note", "sim-no-variant",
                                  "--simulate: no variant among the inputs"))
        return out, counts
    for doc in variants:
        if not doc.schema_valid:
            continue
        info = session.variant_info(doc)
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


def _replay_records(docs: list[Any], diagnostics: list[Diagnostic]) -> list[Diagnostic]:
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


def run(args: argparse.Namespace) -> int:
    """Validate, print the report on stdout, return the exit code."""
    from botanik_design.spec import report
    from botanik_design.spec.positions import Positions
    from botanik_design.spec.validate import Doc, Session

    for stream in (sys.stdout, sys.stderr):  # odd file names must not crash the report
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    if args.root is not None and not args.with_dependents:
        print("validate: --root only says where --with-dependents looks; add "
              "--with-dependents", file=sys.stderr)
        return 2
    session = Session()
    files, diagnostics = _targets(list(args.paths))
    game_strings = [(f, n) for f, n in files if isinstance(f, Path) and f.suffix == ".txt"]
    files = [(f, n) for f, n in files if (f, n) not in game_strings]
    io_error = bool(diagnostics)
    docs = []
    seen: set[str] = set()
    for source, name in files:
        doc = session.read_source(source, name)
        if doc.key in seen:
            continue
        seen.add(doc.key)
        docs.append(doc)
        io_error = io_error or doc.io_error
        diagnostics += session.check(doc)
    if args.with_dependents:
        io_error = _add_dependents(session, docs, diagnostics, args.root) or io_error
    diagnostics += _replay_records(docs, diagnostics)
    from botanik_design.games.hive import files as hive_files

    diagnostics += hive_files.check_docs(session, docs, diagnostics)
    for path, name in game_strings:
        docs.append(Doc(name, f"gamestring:{name}", "gamestring", None, Positions(), [], None))
        checked = hive_files.check_game_string_file(path, name)
        io_error = io_error or any(d.rule == "io-unreadable" for d in checked)
        diagnostics += checked
    simulation: list[dict[str, Any]] | None = None
    if args.simulate:
        simulated = _simulate(session, docs, args.simulate, args.seed, args.simulate_budget)
        if simulated is None:
            return 2
        diagnostics += simulated[0]
        simulation = simulated[1]
    diagnostics = sorted_diagnostics(diagnostics)
    found = [_effective(session, d) for d in docs] if args.show_effective else []
    effective = [e for e in found if e is not None]

    if args.format == "json":
        listed = [{"file": d.name, "kind": d.kind,
                   "valid": not any(x.level == "error" and x.file == d.name for x in diagnostics)}
                  for d in docs]
        sys.stdout.write(report.format_json(diagnostics, listed,
                                            effective if args.show_effective else None,
                                            simulation))
    else:
        if args.format == "github":
            sys.stdout.write(report.format_github(diagnostics))
        else:
            colour = report.colour_wanted(sys.stdout, args.no_color)
            sys.stdout.write(report.format_text(diagnostics, colour))
        for entry in effective:
            sys.stdout.write(report.effective_yaml(entry))
        print(report.summary(diagnostics, len(docs)), file=sys.stderr)
    sys.stdout.flush()
    if io_error:
        return 2
    if any(d.level == "error" for d in diagnostics):
        return 1
    if args.strict and any(d.level == "warning" for d in diagnostics):
        return 1  # notes (informational findings of --simulate) never fail
    return 0

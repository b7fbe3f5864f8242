"""``botanik-design validate [PATH ...]``: check tile sets, variants, records and positions.

Exit codes: 0 valid; 1 invalid (or warnings with ``--strict``); 2 usage or
I/O error (a missing path, an unreadable file, ``--simulate`` without an
engine).  Imports only the spec layer at module level.
"""

from __future__ import annotations

import argparse
import sys
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from botanik_design.cli.games import game_hooks
from botanik_design.cli.runs import named, path_arg, positive_int
from botanik_design.spec.diagnostics import Diagnostic, sorted_diagnostics


def register(subparsers: Any) -> None:
    """Add the ``validate`` sub-command to the top-level parser."""
    p = subparsers.add_parser(
        "validate",
        help="check tile sets, variants, records and positions",
        description="Check spec files (YAML) for YAML, schema and semantic problems and "
        "design smells. Without PATH, checks the bundled tile sets and variants.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH", type=named,
                   help="files, or folders searched recursively for *.yaml and *.yml")
    p.add_argument("--format", choices=("text", "json", "github"), default="text",
                   help="text (default): file:line:col: level: message [rule] lines, then "
                   "the summary line (`5 files OK`, `2 errors, 1 warning in 5 files`), all "
                   "on stdout; json: a machine-readable report with a summary object; "
                   "github: workflow annotations on stdout, the summary on stderr (as with "
                   "--show-effective, whose stdout is YAML)")
    p.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    p.add_argument("--show-effective", action="store_true",
                   help="print each variant's effective options and where each comes from")
    p.add_argument("--no-color", action="store_true", help="never colour the text output")
    p.add_argument("--with-dependents", action="store_true",
                   help="also check the spec files under the working directory (or --root) "
                   "that name a given file by path, directly or through others (a variant "
                   "of a changed tile set, a record of a changed variant): for pre-commit")
    p.add_argument("--root", type=path_arg, default=None, metavar="FOLDER",
                   help="where --with-dependents looks (default: the working directory), "
                   "and a folder paths written in files (tileset:, extends:, variant:, "
                   "pieceset:) may lead into besides the file's own project")
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
    from botanik_design.model.words import near_miss
    from botanik_design.spec.bundled import bundled_piecesets, bundled_tilesets, bundled_variants

    names = sorted({*bundled_tilesets(), *bundled_variants(None), *bundled_piecesets()})
    stem = arg.removesuffix(".yaml").removesuffix(".yml")
    hint = near_miss(stem, names)
    if hint:
        return f"{hint} (a bundled tile set or variant)"
    if "/" not in arg and "\\" not in arg:
        return "bundled tile sets and variants: " + ", ".join(names)
    return ""


def _effective(session: Any, doc: Any) -> dict[str, Any] | None:
    """The effective entry of a schema-valid variant whose chain resolved (its game's
    ``effective`` hook), else ``None``."""
    if not doc.schema_valid:
        return None
    found: dict[str, Any] | None = _first("effective", session, doc)
    return found


def _first(hook: str, *args: Any) -> Any:
    """The first answer of the games' ``hook`` that is not ``None``."""
    for function in game_hooks(hook):
        found = function(*args)
        if found is not None:
            return found
    return None


def _simulate(session: Any, docs: list[Any], games: int, seed: int,
              budget: float) -> tuple[list[Diagnostic], list[dict[str, Any]]] | None:
    """Findings of the simulation per valid variant, with a ``sim-summary`` note per variant
    and the JSON counts: each game's ``simulate`` hook plays its own variants (``None``:
    it has none among ``docs``); the default game, asked last, is told whether another
    game played any.  ``None`` (after saying why) when a game's engine cannot be imported."""
    out: list[Diagnostic] = []
    counts: list[dict[str, Any]] = []
    played = False
    for function in game_hooks("simulate"):
        try:
            result = function(session, docs, games, seed, budget, played)
        except ImportError as exc:
            print(f"validate --simulate: the game engine is not available ({exc})",
                  file=sys.stderr)
            return None
        if result is not None:
            out += result[0]
            counts += result[1]
            played = True
    if not played:
        out.append(Diagnostic("validate", None, None, "note", "sim-no-variant",
                              "--simulate: no variant among the inputs"))
    return out, counts


def run(args: argparse.Namespace) -> int:
    """Validate, print the report on stdout, return the exit code."""
    from botanik_design.spec import report
    from botanik_design.spec.positions import Positions
    from botanik_design.spec.validate import Doc, Session

    if args.root is not None and not args.with_dependents and not args.root.is_dir():
        print(f"validate: --root {str(args.root)[:200]}: no such folder", file=sys.stderr)
        return 2
    session = Session()
    files, diagnostics = _targets(list(args.paths))
    text_files = [(f, n) for f, n in files if isinstance(f, Path) and f.suffix == ".txt"]
    files = [(f, n) for f, n in files if (f, n) not in text_files]
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
    for function in game_hooks("check_docs"):  # records replayed by their game
        diagnostics += function(session, docs, list(diagnostics))
    for path, name in text_files:  # a game's own text notation (Hive's GameStrings)
        kind, checked = _first("check_text_file", path, name) or ("text", [Diagnostic(
            name, None, None, "error", "spec-unknown-kind",
            "not a spec file: no game reads .txt files of this kind")])
        docs.append(Doc(name, f"{kind}:{name}", kind, None, Positions(), [], None))
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
        # the text report ends with its summary line (`5 files OK`, `2 errors, 1 warning in
        # 5 files`) for a script to read; GitHub's annotations and --show-effective's YAML
        # keep stdout to themselves
        alone = args.format == "github" or args.show_effective
        print(report.summary(diagnostics, len(docs)), file=sys.stderr if alone else sys.stdout)
    sys.stdout.flush()
    if io_error:
        return 2
    if any(d.level == "error" for d in diagnostics):
        return 1
    if args.strict and any(d.level == "warning" for d in diagnostics):
        return 1  # notes (informational findings of --simulate) never fail
    return 0

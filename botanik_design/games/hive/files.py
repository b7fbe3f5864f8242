"""Hive records, positions and GameString files for ``validate``, ``replay`` and ``score``.

The spec layer checks the files (schema, references, the board of a position);
this module asks the Hive engine (``botanik_design.games.hive``) what only it
knows: whether each move of a record is legal (``record-illegal-action`` at the
move's line and column), whether the replay ends in the record's ``result``
(``record-result``), and the legal moves of a position.  The engine is
imported only when a Hive file is among the inputs.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from botanik_design.spec.diagnostics import Diagnostic
from botanik_design.spec.report import failure_report, json_text

COLOURS = ("white", "black")


def _at(doc: Any, path: tuple[Any, ...], rule: str, message: str, hint: str = "",
        level: str = "error") -> Diagnostic:
    line, col = doc.positions.value(path)
    return Diagnostic(doc.name, line, col, "error" if level == "error" else "warning", rule,
                      message, "".join(f"/{p}" for p in path), hint)


def game_for(session: Any, doc: Any) -> Any:
    """The :class:`~botanik_design.games.hive.engine.game.HiveGame` of a valid Hive record or
    position (its variant and that variant's piece set)."""
    from botanik_design.games.hive.engine.game import load_hive
    from botanik_design.games.hive.spec.games import hive_variant_of

    info = hive_variant_of(session, doc)
    assert info is not None and info.variant is not None
    return load_hive(info.variant, info.variant.piece_set())


def setup_of(doc: Any) -> Any:
    """The engine's ``HiveSetup`` of a valid Hive position document."""
    from botanik_design.games.hive.engine.setup import HiveSetup

    data = doc.data
    stacks = {(int(s["cell"][0]), int(s["cell"][1])): tuple(s["pieces"]) for s in data["stacks"]}
    return HiveSetup.of(stacks, to_move=COLOURS.index(data.get("to_move", "white")),
                        turn=int(data.get("turn", 1)), last_moved=data.get("last_moved"))


def replay_record(session: Any, doc: Any) -> tuple[Any, list[Diagnostic]]:
    """Replay a valid Hive record: the final state and the problems (the first illegal move,
    a result that differs from the record's)."""
    from botanik_design.games.base import IllegalActionError

    game = game_for(session, doc)
    state = game.new_initial_state()
    for i, text in enumerate(doc.data["moves"]):
        try:
            state.apply_action(state.string_to_action(text))
        except IllegalActionError as exc:
            return state, [_at(doc, ("moves", i), _illegal_rule(state),
                               f"move {i + 1} ({text}) is illegal here: {exc}",
                               _legal_hint(state))]
    want = doc.data.get("result")
    if want is not None and state.board_state() != want:
        return state, [_at(doc, ("result",), "record-result",
                           f"the record says {want}, but its moves lead to "
                           f"{state.board_state()}")]
    return state, []


def _illegal_rule(state: Any) -> str:
    """The rule of a move that cannot be played: ``record-game-over`` once the game has
    ended (as for Botanik records), else ``record-illegal-action``."""
    return "record-game-over" if state.is_terminal() else "record-illegal-action"


def _legal_hint(state: Any) -> str:
    if state.is_terminal():
        return f"the game ended after the previous move ({state.board_state()})"
    moves = [m for ms in state.moves_by_piece().values() for m in ms]
    shown = ", ".join(moves[:12]) + (f" and {len(moves) - 12} more" if len(moves) > 12 else "")
    return f"legal here: {shown}" if moves else ""


def position_state(session: Any, doc: Any) -> tuple[Any, list[Diagnostic]]:
    """The engine state of a valid Hive position, or ``None`` and why it cannot be set up."""
    game = game_for(session, doc)
    try:
        return game.state_from_setup(setup_of(doc)), []
    except ValueError as exc:
        return None, [_at(doc, ("stacks",), "hive-position-setup",
                          f"the engine cannot set up this position: {exc}")]


def check_docs(session: Any, docs: list[Any], diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """``validate``: replay every otherwise valid Hive record, set up every valid Hive
    position (``record-not-replayed`` warnings when the engine cannot be imported)."""
    todo = [d for d in docs if d.kind in ("hive-record", "hive-position") and d.data is not None
            and not any(x.level == "error" and x.file == d.name for x in diagnostics)]
    if not todo:
        return []
    try:
        import botanik_design.games.hive.engine.game  # noqa: F401
    except ImportError as exc:
        return [Diagnostic(d.name, None, None, "warning", "record-not-replayed",
                           f"not checked by the engine: it cannot be imported ({exc})")
                for d in todo]
    out: list[Diagnostic] = []
    for doc in todo:
        try:
            if doc.kind == "hive-record":
                out += replay_record(session, doc)[1]
            else:
                out += position_state(session, doc)[1]
        except Exception as exc:  # noqa: BLE001 - an engine crash is a finding, not a traceback
            out.append(_at(doc, (), "record-crash",
                           f"the engine crashed: {exc.__class__.__name__}: {exc}"))
    return out


# -- GameString files -------------------------------------------------------------------

def is_game_string_file(path: Path) -> bool:
    """A ``.txt`` file is read as a UHP GameString file."""
    return path.suffix.lower() == ".txt"


def check_game_string_file(path: Path, name: str) -> list[Diagnostic]:
    """:func:`check_game_string` of a file (``io-unreadable`` when it cannot be read)."""
    return game_string_file_state(path, name)[1]


def game_string_file_state(path: Path, name: str) -> tuple[Any, list[Diagnostic]]:
    """The replayed state of a GameString file and the problems of the file (state
    ``None`` when there are errors; ``io-unreadable`` when it cannot be read)."""
    from botanik_design.spec.userfiles import check_regular
    from botanik_design.spec.yamlread import MAX_BYTES, decode

    try:
        if check_regular(path).st_size > MAX_BYTES:  # decode says so too, without reading
            return None, [Diagnostic(name, 1, 1, "error", "yaml-too-large",
                                     f"the file is larger than {MAX_BYTES} bytes")]
        raw = path.read_bytes()
    except OSError as exc:
        return None, [Diagnostic(name, None, None, "error", "io-unreadable",
                                 f"cannot read the file: {exc.strerror}")]
    text, problems = decode(raw, name)  # the spec reader's: encoding, NUL bytes, size
    if text is None:
        return None, problems
    return game_string_state(text, name)


def check_game_string(text: str, name: str) -> list[Diagnostic]:
    """The problems of one GameString file's text (see :func:`game_string_state`)."""
    return game_string_state(text, name)[1]


def game_string_state(text: str, name: str) -> tuple[Any, list[Diagnostic]]:
    """Problems of a GameString file: one GameString on its first non-blank line (``#``
    lines are comments), replayed by the engine.  Positions: line and column of the field
    (GameType, GameState, Turn or the move) at fault."""
    from botanik_design.games.base import IllegalActionError
    from botanik_design.games.hive.engine.game import load_hive
    from botanik_design.games.hive.engine.notation import NotationError, parse_game_string

    # lines end at LF, CRLF or CR only, as for YAML files and editors (not at U+2028,
    # U+0085, VT or FF, which str.splitlines also breaks at): positions stay in the file
    lines = [(i, ln) for i, ln in enumerate(
        re.split(r"\r\n|\r|\n", text.removeprefix("\ufeff")), 1)
        if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        return None, [Diagnostic(name, 1, 1, "error", "gamestring-syntax",
                                 "no GameString: the file is empty")]
    if len(lines) > 1:
        return None, [Diagnostic(name, lines[1][0], 1, "error", "gamestring-syntax",
                                 "more than one GameString: a file holds one")]
    lineno, line = lines[0]
    starts, col = [], 1
    for field in line.split(";"):  # columns of the fields of the user's text
        starts.append(col + len(field) - len(field.lstrip()))
        col += len(field) + 1

    def at(field: int, rule: str, message: str, hint: str = "") -> Diagnostic:
        return Diagnostic(name, lineno, starts[min(field, len(starts) - 1)], "error", rule,
                          message, "", hint)
    try:
        parsed = parse_game_string(line)
    except NotationError as exc:
        return None, [at(0, "gamestring-syntax", str(exc))]
    try:
        game = load_hive(line.split(";", 1)[0].strip())
    except ValueError as exc:
        return None, [at(0, "gamestring-syntax", str(exc))]
    state = game.new_initial_state()
    for i, move in enumerate(parsed.moves):
        try:
            state.apply_action(state.string_to_action(move))
        except IllegalActionError as exc:
            return None, [at(3 + i, _illegal_rule(state),
                             f"move {i + 1} ({move}) is illegal here: {exc}",
                             _legal_hint(state))]
    out = []
    if state.board_state() != parsed.board_state and not (
            parsed.board_state == "NotStarted" and not parsed.moves):
        out.append(at(1, "record-result", f"the GameString says {parsed.board_state}, but its "
                      f"moves lead to {state.board_state()}"))
    from botanik_design.games.hive.engine.notation import format_turn

    said = format_turn(parsed.turn_colour, parsed.turn_number)
    if state.turn_string() != said:
        out.append(at(2, "gamestring-turn", f"the GameString says {said}, but its moves lead "
                      f"to {state.turn_string()}"))
    return (None if out else state), out


# -- replay and score -------------------------------------------------------------------

def replay_report(state: Any) -> dict[str, Any]:
    """JSON-ready summary of a replayed Hive record."""
    return {"game": "hive", "moves": state.move_strings(), "result": state.board_state(),
            "end_reason": state.end_reason, "turn": state.turn_string()}


def score_report(state: Any) -> dict[str, Any]:
    """JSON-ready facts of a Hive position: who is to move, legal moves per piece, Queens."""
    board = state.board
    surrounded = {c: state.queen_surrounded(i) for i, c in enumerate(COLOURS)}
    return {
        "game": "hive",
        "to_move": None if state.is_terminal() else COLOURS[state.current_player()],
        "turn": state.turn_string(),
        "result": state.board_state(),
        "queen_surrounded": surrounded,
        "legal_moves": {} if state.is_terminal() else state.moves_by_piece(),
        "stacks": len(board.stacks),
    }


def score_text(report: dict[str, Any]) -> str:
    """The :func:`score_report` as text."""
    lines = [f"to move: {report['to_move'] or '-'} ({report['turn']}; {report['result']})"]
    for colour, yes in report["queen_surrounded"].items():
        lines.append(f"{colour} Queen surrounded: {'yes' if yes else 'no'}")
    moves = report["legal_moves"]
    total = sum(len(v) for v in moves.values())
    lines.append(f"legal moves: {total}")
    for piece, ms in moves.items():
        lines.append(f"  {piece:<4} {len(ms):>3}: " + ", ".join(ms))
    return "\n".join(lines) + "\n"


def dumps(data: dict[str, Any]) -> str:
    return json_text(data) + "\n"


# -- the commands -----------------------------------------------------------------------

def read_hive_doc(path: Path, kinds: tuple[str, ...]) -> tuple[Any, Any] | None:
    """``(session, doc)`` when ``path`` is a readable spec file of one of ``kinds``, else
    ``None`` (the caller's own command handles it)."""
    from botanik_design.spec.session import Session

    if not path.is_file():
        return None
    session = Session()
    doc = session.read_source(path, str(path))
    return (session, doc) if doc.kind in kinds else None


def _fail(command: str, diagnostics: list[Diagnostic], file: str, fmt: str) -> int:
    """Report a Hive file's errors as every file kind does (text on stderr, or
    :func:`~botanik_design.spec.report.failure_report` on stdout); returns the exit code
    (2 when the file cannot be read, else 1)."""
    errs = [d for d in diagnostics if d.level == "error"]
    code = 2 if any(d.rule.startswith("io-") for d in errs) else 1
    if fmt == "json":
        print(dumps(failure_report(errs, file, code)), end="")
    else:
        for d in errs:
            print(f"{command}: {d.format()}", file=sys.stderr)
    return code


def run_replay(session: Any, doc: Any, fmt: str) -> int:
    """``replay`` of a Hive record: every move, then the result.  0 replayed, 1 invalid
    file, illegal move or result mismatch."""
    problems = [d for d in session.check(doc) if d.level == "error"]
    if problems:
        return _fail("replay", problems, doc.name, fmt)
    state, problems = replay_record(session, doc)
    if problems:
        return _fail("replay", problems, doc.name, fmt)
    report = {"ok": True, "file": doc.name, "record": doc.data["record"],
              "variant": doc.data["variant"], **replay_report(state)}
    return _show_replay(state, report,
                        f"record: {doc.data['record']}  (Hive variant {doc.data['variant']})",
                        fmt)


def run_replay_game_string(path: Path, fmt: str) -> int:
    """``replay`` of a UHP GameString file (``.txt``): every move, then the result.
    0 replayed, 1 invalid GameString or illegal move, 2 unreadable file."""
    state, problems = game_string_file_state(path, str(path))
    if state is None:
        return _fail("replay", problems, str(path), fmt)
    game_type = state.get_game().game_type_string()
    report = {"ok": True, "file": str(path), "game_type": game_type, **replay_report(state)}
    return _show_replay(state, report, f"GameString: {path.name}  (UHP game type {game_type})",
                        fmt)


def _show_replay(state: Any, report: dict[str, Any], heading: str, fmt: str) -> int:
    """Print a replayed game: ``report`` as JSON, or ``heading``, every move numbered
    with its colour, and the result.  Returns 0 (the exit code of a replay)."""
    if fmt == "json":
        print(dumps(report), end="")
        return 0
    print(heading)
    for i, move in enumerate(state.move_strings(), 1):
        print(f"{i:>4}  {COLOURS[(i - 1) % 2]:<5}  {move}")
    print(f"result: {state.board_state()}"
          + (f" ({state.end_reason})" if state.end_reason else f", {state.turn_string()}"))
    return 0


def run_score(session: Any, doc: Any, fmt: str) -> int:
    """``score`` of a Hive position: who is to move, legal moves per piece, Queens
    surrounded.  0 shown, 1 invalid file."""
    problems = [d for d in session.check(doc) if d.level == "error"]
    if problems:
        return _fail("score", problems, doc.name, fmt)
    state, problems = position_state(session, doc)
    if problems or state is None:
        return _fail("score", problems, doc.name, fmt)
    report = {"ok": True, "file": doc.name, "position": doc.data["position"],
              "variant": doc.data["variant"], **score_report(state)}
    if fmt == "json":
        print(dumps(report), end="")
    else:
        print(f"position: {doc.data['position']}  (Hive variant {doc.data['variant']})")
        print(score_text(report), end="")
    return 0


def hive_record_data(state: Any, name: str, variant: str) -> dict[str, Any]:
    """A Hive record mapping (``spec/hive-record.schema.json``) of ``state``'s moves:
    ``variant`` is the reference to write; ``result`` is written once the game is over."""
    data: dict[str, Any] = {"record": name, "game": "hive", "variant": variant,
                            "moves": state.move_strings()}
    if state.is_terminal():
        data["result"] = state.board_state()
    return data

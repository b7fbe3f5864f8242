"""Universal Hive Protocol notation: GameTypeString, MoveString, GameString.

Parsing gives typed values; resolving a MoveString against a position (which
cell a reference mark names) is :meth:`HiveState.string_to_action`'s job.

- GameTypeString: ``Base`` or ``Base+`` followed by expansion letters
  ``M``, ``L``, ``P`` (any order on input, ``MLP`` order on output).
- MoveString: ``pass``; a bare piece (``wS1``: the first move, at the
  origin); ``<piece> <reference>`` (on top of the reference's stack);
  ``<piece> <mark><reference>`` or ``<piece> <reference><mark>`` with a
  direction mark ``-``, ``/`` or ``\\`` (see :mod:`~botanik_design.games.hive.engine.coords`).
- GameString: ``GameType;BoardState;Turn;Move1;...;MoveN`` with BoardState
  one of :data:`BOARD_STATES` and Turn ``White[n]`` / ``Black[n]``.

Errors raise :class:`NotationError` (a ``ValueError``) with a message that
quotes the offending text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from botanik_design.games.hive.model import EXPANSION_BUGS, Bug

BOARD_STATES = ("NotStarted", "InProgress", "Draw", "WhiteWins", "BlackWins")
_LETTER_EXPANSION = {letter: bug.value for bug, letter in EXPANSION_BUGS.items()}
_EXPANSION_ORDER = "MLP"


class NotationError(ValueError):
    """Text that is not valid UHP notation."""


def parse_game_type(text: str) -> tuple[str, ...]:
    """Expansion names (``("mosquito", "pillbug")``) of a GameTypeString such as ``Base+MP``."""
    t = text.strip()
    head, plus, letters = t.partition("+")
    if head.lower() != "base" or (plus and not letters):
        raise NotationError(
            f"unknown GameTypeString {text!r} (expected Base or Base+ with M, L, P)"
        )
    seen: list[str] = []
    for ch in letters.upper():
        if ch not in _LETTER_EXPANSION:
            raise NotationError(f"unknown expansion {ch!r} in GameTypeString {text!r} (M, L or P)")
        if ch in seen:
            raise NotationError(f"expansion {ch!r} repeated in GameTypeString {text!r}")
        seen.append(ch)
    return tuple(_LETTER_EXPANSION[ch] for ch in _EXPANSION_ORDER if ch in seen)


def format_game_type(expansions: tuple[str, ...] | list[str]) -> str:
    """The canonical GameTypeString of a set of expansion names."""
    letters = "".join(
        letter for letter in _EXPANSION_ORDER if _LETTER_EXPANSION[letter] in expansions
    )
    return "Base" + (f"+{letters}" if letters else "")


@dataclass(frozen=True, slots=True)
class MoveText:
    """A parsed MoveString.

    ``piece``: the moving piece's UHP name (``None`` for ``pass``);
    ``reference``: the reference piece (``None`` for a bare first move);
    ``direction``: index into :data:`~botanik_design.games.hive.engine.coords.DIRECTIONS`
    of the destination seen from the reference, or ``None`` for "on top of it".
    """

    piece: str | None
    reference: str | None = None
    direction: int | None = None

    @property
    def is_pass(self) -> bool:
        return self.piece is None


_PIECE = r"[wbWB][QSBGAMLPqsbgamlp][0-9]*"
_MOVE = re.compile(
    rf"^(?P<piece>{_PIECE})(?:\s+(?P<pre>[-/\\])?(?P<ref>{_PIECE})(?P<post>[-/\\])?)?$"
)
#: (mark, before?) -> direction index (E, SE, SW, W, NW, NE).
_MARK_DIRECTION = {("-", False): 0, ("\\", False): 1, ("/", True): 2, ("-", True): 3,
                   ("\\", True): 4, ("/", False): 5}


def normalise_piece(name: str) -> str:
    """``ws1`` -> ``wS1``: colour lower case, bug letter upper case."""
    return name[0].lower() + name[1].upper() + name[2:]


def parse_move(text: str) -> MoveText:
    """Parse a MoveString; raises :class:`NotationError`."""
    t = text.strip()
    if t.lower() == "pass":
        return MoveText(None)
    m = _MOVE.match(t)
    if m is None:
        raise NotationError(f"not a MoveString: {text!r}")
    piece = normalise_piece(m["piece"])
    ref = m["ref"]
    if ref is None:
        return MoveText(piece)
    pre, post = m["pre"], m["post"]
    if pre and post:
        raise NotationError(f"two direction marks in MoveString {text!r}")
    if pre:
        direction: int | None = _MARK_DIRECTION[(pre, True)]
    elif post:
        direction = _MARK_DIRECTION[(post, False)]
    else:
        direction = None
    return MoveText(piece, normalise_piece(ref), direction)


def bug_of_letter(letter: str) -> Bug:
    from botanik_design.games.hive.model import BUG_LETTER

    for bug, ch in BUG_LETTER.items():
        if ch == letter.upper():
            return bug
    raise NotationError(f"unknown bug letter {letter!r}")


@dataclass(frozen=True, slots=True)
class GameText:
    """A parsed GameString: expansions, board state word, turn colour (0/1) and number, moves."""

    expansions: tuple[str, ...]
    board_state: str
    turn_colour: int
    turn_number: int
    moves: tuple[str, ...]


_TURN = re.compile(r"^(White|Black)\[([0-9]+)\]$")


def parse_game_string(text: str) -> GameText:
    """Parse a GameString (the moves are checked when they are replayed)."""
    parts = [p.strip() for p in text.strip().split(";")]
    if len(parts) < 3:
        raise NotationError(
            f"not a GameString: {text!r} (expected GameType;BoardState;Turn;moves...)"
        )
    expansions = parse_game_type(parts[0])
    if parts[1] not in BOARD_STATES:
        raise NotationError(f"unknown BoardState {parts[1]!r} (one of {', '.join(BOARD_STATES)})")
    m = _TURN.match(parts[2])
    if m is None or int(m[2]) < 1:
        raise NotationError(f"bad Turn {parts[2]!r} in GameString (expected White[n] or Black[n])")
    moves = tuple(parts[3:])
    if any(not mv for mv in moves):
        raise NotationError(f"empty MoveString in GameString {text!r}")
    return GameText(expansions, parts[1], 0 if m[1] == "White" else 1, int(m[2]), moves)


def format_turn(colour: int, number: int) -> str:
    return f"{'White' if colour == 0 else 'Black'}[{number}]"

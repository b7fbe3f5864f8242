"""The remote-play protocol: versioned JSON messages over WebSocket (see ``docs/guides/remote.md``).

Every message is one JSON object with ``"v"`` (:data:`VERSION`) and ``"type"``.
This module only builds and checks messages; it opens no socket.

Client to host (:func:`parse_client`): ``move`` (``action``: int, ``step``: the
number of moves the client has seen), ``note`` (``text``: 1 to
:data:`MAX_NOTE` characters), ``hello`` (``name``: the player's name, up to
:data:`MAX_NAME` characters) and ``ping``.  Host to client: ``welcome``,
``state``, ``error`` (``code`` one of :data:`ERROR_CODES`), ``pong``.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from typing import Any

from botanik_design.model.words import plural

#: Protocol version; a message with another ``v`` gets an ``unsupported-version`` error.
VERSION = 1
#: Largest message (bytes) the host accepts; larger frames close the connection (1009).
MAX_MESSAGE = 64 * 1024
#: Longest note and player name (characters).
MAX_NOTE = 2000
MAX_NAME = 40
#: Seat names in links besides the player numbers.
SPECTATOR = "watch"

#: Error codes a host sends; the state is unchanged after every one of them.
ERROR_CODES = ("malformed", "unsupported-version", "unknown-type", "out-of-turn", "stale",
               "illegal", "game-over", "read-only", "too-large", "bad-token", "bad-seat")


class ProtocolError(ValueError):
    """A client message that cannot be accepted: ``code`` from :data:`ERROR_CODES`."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Move:
    """``move``: play ``action`` after ``step`` moves (a different count is ``stale``)."""

    action: int
    step: int


@dataclass(frozen=True, slots=True)
class Note:
    """``note``: attach ``text`` to the current move."""

    text: str


@dataclass(frozen=True, slots=True)
class Hello:
    """``hello``: the player's name, shown to the other seat and written to the record."""

    name: str


@dataclass(frozen=True, slots=True)
class Ping:
    """``ping``: the host answers ``pong``."""


ClientMessage = Move | Note | Hello | Ping


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ProtocolError("malformed", f"{key!r} must be a whole number >= 0")
    return value


def _text(data: dict[str, Any], key: str, limit: int, lines: bool = False) -> str:
    """A text field: 1 to ``limit`` characters, not all blank (stripped), no control character (with
    ``lines``: but line breaks and tabs) and no lone surrogate (JSON's ``\\ud800``: no
    record could be written with it)."""
    value = data.get(key)
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise ProtocolError("malformed", f"{key!r} must be a text of 1 to "
                            + plural(limit, "character"))
    allowed = "\n\t" if lines else ""
    if any(unicodedata.category(c) in ("Cc", "Cs") and c not in allowed for c in value):
        raise ProtocolError("malformed", f"{key!r} must not hold control characters"
                            + (" (line breaks and tabs are fine)" if lines else ""))
    return value.strip()


def parse_client(raw: str | bytes) -> ClientMessage:
    """Check one client frame; raises :class:`ProtocolError` (never anything else)."""
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError("too-large", "a message is at most " + plural(MAX_MESSAGE, "byte"))
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed", "not a JSON text") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "a message is a JSON object")
    version = data.get("v")
    if type(version) is not int or version != VERSION:  # not true, not 1.0
        raise ProtocolError("unsupported-version", f"this host speaks protocol version {VERSION}")
    kind = data.get("type")
    if kind == "move":
        return Move(_int(data, "action"), _int(data, "step"))
    if kind == "note":
        return Note(_text(data, "text", MAX_NOTE, lines=True))
    if kind == "hello":
        return Hello(_text(data, "name", MAX_NAME))
    if kind == "ping":
        return Ping()
    raise ProtocolError("unknown-type", "type must be move, note, hello or ping")


def encode(kind: str, **fields: Any) -> str:
    """A message as JSON text (``v`` and ``type`` first)."""
    return json.dumps({"v": VERSION, "type": kind, **fields}, separators=(",", ":"),
                      allow_nan=False)


def error(code: str, message: str) -> str:
    """An ``error`` message."""
    assert code in ERROR_CODES, code
    return encode("error", code=code, message=message)


def client_move(action: int, step: int) -> str:
    return encode("move", action=action, step=step)


def client_note(text: str) -> str:
    return encode("note", text=text)


def client_hello(name: str) -> str:
    return encode("hello", name=name)


def parse_host(raw: str | bytes) -> dict[str, Any]:
    """A host message as a dict; ``ValueError`` when it is not one of this version."""
    data = json.loads(raw)
    if not isinstance(data, dict) or data.get("v") != VERSION or "type" not in data:
        raise ValueError("not a message of this protocol version")
    return data

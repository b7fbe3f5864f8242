"""Reading record and position files: validation, tile set and variant resolution.

Both kinds are YAML documents read and checked once by the validator (a
:class:`~botanik_design.spec.session.Session`), whose document they use, so
that ``score`` and ``replay`` report exactly what ``botanik-design validate`` reports (same
messages, same rule ids, same exit codes).  Before anything is read the path
must be a regular file: a folder, a pipe or a device is refused with a message
saying what it is (a pipe would block, ``/dev/zero`` never ends).  A file of
another kind (a tile set given to ``score``) is named as such instead of
listing schema errors.  Then the ``tileset``/``variant`` references are loaded
relative to the file and the optional ``options`` overrides are applied.

Every problem raises :class:`SpecFileError` (a :class:`RecordError`) that
carries validator-style :class:`~botanik_design.spec.validate.Diagnostic`\\ s
and the exit code: 2 for ``io-*`` problems (missing, a folder, not a regular
file, unreadable), 1 for anything else.
"""

from __future__ import annotations

import dataclasses
import re
import stat
from pathlib import Path
from typing import Any, NoReturn

import jsonschema

from botanik_design.games.botanik.engine.errors import RecordError
from botanik_design.games.botanik.model.tileset import TileSet
from botanik_design.games.botanik.model.variant import Variant
from botanik_design.games.botanik.spec.load import load_tileset, load_variant
from botanik_design.spec.bundled import schema
from botanik_design.spec.errors import SpecError
from botanik_design.spec.positions import Positions
from botanik_design.spec.validate import Diagnostic

#: Document kinds in the order their marker keys decide the kind (a record also
#: names a ``variant`` and a ``tileset``; a variant names a ``tileset``).
KIND_KEYS: tuple[str, ...] = ("record", "position", "variant", "tileset")

KIND_NAMES: dict[str, str] = {
    "record": "a game record", "position": "a position",
    "variant": "a variant", "tileset": "a tile set",
}

_KIND_HINTS: dict[str, str] = {
    "record": "replay it with `botanik-design replay`",
    "position": "score it with `botanik-design score`",
    "variant": "check it with `botanik-design validate`",
    "tileset": "check it with `botanik-design validate`",
}


class SpecFileError(RecordError):
    """A record or position file cannot be used.

    ``diagnostics`` are validator-style (file, line, column, level, rule,
    message); ``exit_code`` is 2 for I/O problems, 1 for invalid content.
    """

    def __init__(self, message: str, diagnostics: list[Diagnostic], exit_code: int = 1) -> None:
        super().__init__(message, [d.format() for d in diagnostics])
        self.diagnostics = diagnostics
        self.exit_code = exit_code

    def __str__(self) -> str:
        if len(self.diagnostics) == 1:
            return self.diagnostics[0].format()
        return super().__str__()


def error(file: str, rule: str, message: str, *, line: int | None = None,
          column: int | None = None, hint: str = "", json_path: str = "",
          exit_code: int = 1) -> SpecFileError:
    """A :class:`SpecFileError` with a single error diagnostic."""
    d = Diagnostic(file, line, column, "error", rule, message, json_path, hint)
    return SpecFileError(f"{file}: {message}", [d], exit_code)


def diagnostics_of(exc: SpecError, file: str) -> list[Diagnostic]:
    """Validator-style diagnostics for any error raised while reading or replaying ``file``."""
    found = getattr(exc, "diagnostics", None)
    if isinstance(found, list) and found:
        return found
    head = str(exc.args[0]) if exc.args else str(exc)
    hint = "; ".join(getattr(exc, "problems", []))
    return [Diagnostic(file, None, None, "error", "record-invalid", head, "", hint)]


def exit_code_of(exc: SpecError) -> int:
    """The command's exit code for ``exc``: 2 for I/O problems, 1 otherwise."""
    return exc.exit_code


def _kind_by_lines(text: str) -> str | None:
    """The kind of a text that is not clean YAML, from its unindented ``key:`` lines."""
    keys = {m.group(1) for m in re.finditer(r"^([a-z]+)[ \t]*:", text, re.MULTILINE)}
    return next((k for k in KIND_KEYS if k in keys), None)


def _not_a_file(path: Path) -> str | None:
    """What ``path`` is when it is not a regular file (``None`` for a regular file).

    Never opens the path, so a pipe cannot block.
    """
    mode = path.stat().st_mode
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    for test, what in ((stat.S_ISFIFO, "a named pipe (FIFO)"),
                       (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return f"not a regular file: it is {what}"
    return "not a regular file"


def read_spec(path: Path, kind: str) -> tuple[Positions, dict[str, Any]]:
    """Read and check a ``kind`` file once with the validator's reader:
    ``(positions, data)``; :class:`SpecFileError` else.

    Order: the path must exist and be a regular file (exit 2 otherwise); the
    validator reads it (size limit, encoding, YAML, schema, references); a
    document of another kind is reported as such.  ``positions`` locate the values
    of ``data`` in the file (:class:`Locator`).
    """
    from botanik_design.spec.session import Session

    name = str(path)
    try:
        if not path.exists():
            raise error(name, "io-missing", "no such file", exit_code=2)
        what = _not_a_file(path)
    except OSError as exc:
        raise error(name, "io-unreadable", f"cannot read: {exc.strerror or exc}",
                    exit_code=2) from exc
    if what is not None:
        raise error(name, "io-unreadable", what, exit_code=2)
    session = Session()
    doc = session.read_source(path, name)
    diags = [d for d in session.check(doc) if d.level == "error"]
    if any(d.rule.startswith("io-") for d in diags):
        raise SpecFileError(f"{name}: cannot read", diags, 2)
    yaml_rules = {d.rule for d in diags if d.rule.startswith("yaml-")}
    found = doc.kind if doc.kind in KIND_NAMES else None
    if found is None and yaml_rules and not yaml_rules & {"yaml-binary", "yaml-encoding",
                                                          "yaml-too-large"}:
        found = _kind_by_lines(_text_of(path))
    if found is not None and found != kind:
        raise error(name, "spec-wrong-kind",
                    f"this is {KIND_NAMES[found]}, not {KIND_NAMES[kind]}",
                    hint=_KIND_HINTS[found], line=1, column=1)
    if diags:
        raise SpecFileError(f"{name}: not a valid {kind} file", diags, 1)
    if not isinstance(doc.data, dict):  # pragma: no cover - validator passed it
        raise error(name, "spec-unknown-kind", f"not {KIND_NAMES[kind]}")
    return doc.positions, doc.data


def _text_of(path: Path) -> str:
    """The file's text for kind detection by lines (``""`` when it cannot be decoded)."""
    try:
        return path.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return ""


class Locator:
    """Line and column (1-based) of values in a spec file, from the validator's
    :class:`~botanik_design.spec.positions.Positions` (``None``: no file, no positions)."""

    def __init__(self, positions: Positions | None) -> None:
        self._positions = positions

    def at(self, *path: str | int) -> tuple[int | None, int | None]:
        """``(line, column)`` of the value at ``path`` (or its nearest located ancestor);
        ``(None, None)`` without positions."""
        if self._positions is None:
            return None, None
        line, column = self._positions.value(path)
        return int(line), int(column)


def resolve_rules(data: dict[str, Any], name: str, folder: Path | None,
                  where: Locator | None = None) -> tuple[TileSet, Variant]:
    """Load the document's variant (with ``options`` applied) and tile set."""
    loc = where or Locator(None)

    def fail(rule: str, key: str, message: str, problems: list[str] | None = None) -> NoReturn:
        line, col = loc.at(key)
        raise error(name, rule, message, line=line, column=col, json_path=f"/{key}",
                    hint="; ".join(problems or []))

    try:
        variant = load_variant(str(data["variant"]), folder)
    except SpecError as exc:
        fail("record-variant", "variant", f"variant {data['variant']!r}: {exc.args[0]}",
             exc.problems)
    options = data.get("options") or {}
    if options:
        check = jsonschema.Draft202012Validator(schema("variant"))
        errs = list(check.iter_errors({"variant": "override", "options": options}))
        if errs:
            fail("record-options", "options", "invalid option overrides",
                 [f"/options/{'/'.join(map(str, e.absolute_path))[8:]}: {e.message}"
                  for e in errs])
        variant = dataclasses.replace(variant, **options)
    ts_ref = data.get("tileset") or variant.tileset
    if ts_ref is None:
        fail("record-tileset", "variant", "no tile set: name one with `tileset:`")
    try:
        tileset = load_tileset(str(ts_ref), folder)
    except SpecError as exc:
        fail("record-tileset", "tileset" if data.get("tileset") else "variant",
             f"tile set {ts_ref!r}: {exc.args[0]}", exc.problems)
    return tileset, variant


def error_report(exc: SpecError, file: str) -> dict[str, Any]:
    """The JSON object ``score``/``replay --format json`` print when they fail.

    Keys (stable): ``ok`` (false), ``file``, ``exit_code``, ``error`` (the first
    message) and ``diagnostics``, each with the keys of ``validate``'s JSON
    report: ``file``, ``line``, ``column``, ``level``, ``rule``, ``message``,
    ``json_path``, ``hint``.
    """
    diags = diagnostics_of(exc, file)
    return {
        "ok": False,
        "file": file,
        "exit_code": exit_code_of(exc),
        "error": diags[0].message,
        "diagnostics": [dataclasses.asdict(d) for d in diags],
    }

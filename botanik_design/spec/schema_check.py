"""Which kind of spec a document is, and its JSON Schema errors with positions.

The kinds are the schemas shipped in ``spec/``: every ``<kind>.schema.json``
(``tileset``, ``variant``, and ``record``/``position`` once they exist).  A
document is of kind ``k`` when its top level has the key ``k``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING, Any

from botanik_design.model.words import closest, near_miss, plural
from botanik_design.spec.bundled import external_schemas, schema, spec_root
from botanik_design.spec.diagnostics import MAX_PER_FILE, Diagnostic
from botanik_design.spec.positions import Path, Positions, pointer

if TYPE_CHECKING:
    import jsonschema

_MAX_MESSAGE = 160


@cache
def known_kinds() -> tuple[str, ...]:
    """Kinds with a schema in ``spec/`` or from a game's entry, sorted (e.g.
    ``("tileset", "variant")``)."""
    suffix = ".schema.json"
    bundled = {p.name[: -len(suffix)] for p in spec_root().iterdir() if p.name.endswith(suffix)}
    return tuple(sorted(bundled | set(external_schemas())))


def _properties(kind: str) -> set[str]:
    props = schema(kind).get("properties", {})
    return set(props) if isinstance(props, dict) else set()


def key_kinds() -> tuple[str, ...]:
    """Kinds a top-level key names by itself (``tileset``, ``variant``...).  The others are
    game kinds ``<game>-<key>`` (``hive-variant``): the key plus ``game: <game>``."""
    return tuple(k for k in known_kinds() if "-" not in k)


def _game_kind(key: str, data: dict[str, Any]) -> str:
    """``<game>-<key>`` when the document names a ``game`` with its own schema, else ``key``."""
    game = data.get("game")
    if isinstance(game, str) and f"{game}-{key}" in known_kinds():
        return f"{game}-{key}"
    return key


def detect_kind(data: dict[str, Any]) -> str | None:
    """The kind of a top-level mapping, or ``None`` when no kind key is present.

    When several kind keys are present (a variant names its ``tileset``), the
    kind whose schema allows all the others as properties wins; failing that,
    the kind whose key comes first.  A document with ``game: hive`` is of the
    game kind ``hive-<key>`` when that schema exists (``hive-variant``).  A document
    with no kind key whose ``game:`` names a registered game that brings its own
    schema is of that game's variant kind.
    """
    kinds = key_kinds()
    present = [k for k in data if k in kinds]
    if not present:
        return _own_variant_kind(data.get("game"))
    for key in present:
        kind = _game_kind(key, data)
        if all(other == key or other in _properties(kind) for other in present):
            return kind
    return _game_kind(present[0], data)


def _own_variant_kind(game: object) -> str | None:
    """The variant kind of ``game`` when it brings its own schema for it, else ``None``."""
    from botanik_design.games.registry import UnknownGameError, entry

    if not isinstance(game, str):
        return None
    try:
        kind = entry(game).variant_kind
    except UnknownGameError:
        return None
    return kind if kind in external_schemas() else None


def kind_hint(data: dict[str, Any]) -> str:
    """A near-miss hint when a top-level key looks like a kind key."""
    import difflib  # off the start-up path: only for a file of no known kind

    for key in data:
        close = difflib.get_close_matches(str(key), key_kinds(), n=1, cutoff=0.75)
        if close:
            return f"did you mean `{close[0]}`? (found `{key}`)"
    return "a spec's top level names its kind: " + ", ".join(f"`{k}:`" for k in key_kinds())


#: Schema errors reported per file before the check stops (the rest are summarised).
MAX_SCHEMA_ERRORS = MAX_PER_FILE


def _canonical(value: Any) -> Any:
    """A hashable form of JSON data in which equal JSON values are equal (1 == 1.0, not True)."""
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, int | float):
        return ("num", value)
    if isinstance(value, list):
        return ("list", tuple(_canonical(v) for v in value))
    if isinstance(value, dict):
        return ("map", frozenset((k, _canonical(v)) for k, v in value.items()))
    return ("val", value)


def _unique_items(validator: Any, unique: Any, instance: Any,
                  schema_: Any) -> Iterable[jsonschema.ValidationError]:
    """``uniqueItems`` in linear time (jsonschema's own is quadratic on mappings)."""
    if not unique or not validator.is_type(instance, "array"):
        return
    import jsonschema

    seen: set[Any] = set()
    for item in instance:
        key = _canonical(item)
        if key in seen:
            yield jsonschema.ValidationError(f"{_short(item)} appears more than once")
            return
        seen.add(key)


#: While :func:`check_schema` runs: ids of the whole-number floats (``2.0``) the schema took
#: as integers (``type: integer``, or an integer of an ``enum``/``const``).
_WHOLE: ContextVar[set[int] | None] = ContextVar("_WHOLE", default=None)


def _whole(instance: Any) -> bool:
    return isinstance(instance, float) and instance.is_integer()


def _noting_integers(keyword: str, base: Any) -> Any:
    """``base`` (jsonschema's check of ``keyword``), noting the whole-number floats it
    accepts as integers."""
    def check(validator: Any, value: Any, instance: Any,
              schema_: Any) -> Iterable[jsonschema.ValidationError]:
        problems = list(base(validator, value, instance, schema_))
        seen = _WHOLE.get()
        if problems or seen is None or not _whole(instance):
            return problems
        if keyword == "type":
            types = value if isinstance(value, list) else [value]
            as_int = "integer" in types and "number" not in types
        else:
            choices = value if keyword == "enum" and isinstance(value, list) else [value]
            as_int = any(type(c) is int and c == instance for c in choices)
        if as_int:
            seen.add(id(instance))
        return problems
    return check


@cache
def _validator(kind: str) -> Any:
    import jsonschema  # here: most runs check only files with a remembered clean verdict

    base = jsonschema.validators.validator_for(schema(kind), jsonschema.Draft202012Validator)
    keywords = {k: _noting_integers(k, base.VALIDATORS[k]) for k in ("type", "enum", "const")}
    cls = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
        base, {"uniqueItems": _unique_items, **keywords})
    return cls(schema(kind))


def _to_integers(data: Any, whole: set[int]) -> None:
    """Replace, in place, the floats of ``data`` whose id is in ``whole`` by ints."""
    todo = [data]
    while todo:
        node = todo.pop()
        items: Iterable[tuple[Any, Any]] = node.items() if isinstance(node, dict) else \
            enumerate(node) if isinstance(node, list) else ()
        for k, v in list(items):
            if isinstance(v, float) and id(v) in whole:
                node[k] = int(v)
            elif isinstance(v, dict | list):
                todo.append(v)


def rule_id(validator: object) -> str:
    """``schema-`` plus the JSON Schema keyword in kebab case (``schema-additional-properties``)."""
    if not isinstance(validator, str):
        return "schema-false"
    return "schema-" + re.sub(r"(?<!^)([A-Z])", r"-\1", validator).lower()


def _short(value: Any) -> str:
    """A value as a message shows it: YAML's words for booleans and null (``true``, not
    Python's ``True``), ``repr`` for the rest, cut at 40 characters."""
    text = "null" if value is None else str(value).lower() if isinstance(value, bool) \
        else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_near = near_miss


_JSON_TYPES = {
    dict: "a mapping", list: "a list", str: "a string", bool: "a boolean", int: "an integer",
    float: "a number", type(None): "null",
}


def _alternatives(err: jsonschema.ValidationError, name: str,
                  positions: Positions, limit: int) -> list[Diagnostic]:
    """A value that fits none of the forms a ``oneOf``/``anyOf`` allows.

    When the value has none of the forms' types: one ``schema-type`` line naming
    them all.  Otherwise the problem within the closest form it has the type of
    (``jsonschema.exceptions.best_match``), worded like any other problem: a
    record's ``- action: [1, 2]`` is "expected integer or string, found a list"
    at the list, not the value's Python text and "not valid under any of the
    given schemas".
    """
    within = [e for e in err.context or () if e.validator != "type" or e.relative_path]
    if within:
        import jsonschema

        best = jsonschema.exceptions.best_match(within)
        if best is not None:
            return _diagnostics(best, name, positions, limit)
    wants: list[str] = []
    for e in err.context or ():
        value = e.validator_value
        for w in value if isinstance(value, list) else [value]:
            if str(w) not in wants:
                wants.append(str(w))
    instance = err.instance
    got = _JSON_TYPES.get(type(instance), type(instance).__name__)
    forms = ", ".join(wants[:-1]) + f" or {wants[-1]}" if len(wants) > 1 else "".join(wants)
    message = f"expected {forms}, found {got}" + (
        f" {_short(instance)}" if not isinstance(instance, dict | list | None) else "")
    path: Path = tuple(err.absolute_path)
    line, col = positions.value(path)
    sub = err.schema if isinstance(err.schema, dict) else {}
    return [Diagnostic(name, line, col, "error", "schema-type", message, pointer(path),
                       _description_hint(path, sub))]


def _extras(instance: dict[Any, Any], sub: dict[str, Any]) -> list[Any]:
    """The keys of ``instance`` its schema ``sub`` neither declares nor matches by pattern."""
    props = sub.get("properties", {}) if isinstance(sub.get("properties"), dict) else {}
    patterns = list(sub.get("patternProperties", {}))
    return [k for k in instance
            if k not in props and not any(re.search(p, str(k)) for p in patterns)]


def _missing(instance: dict[Any, Any], sub: dict[str, Any]) -> list[str]:
    """The required keys of ``sub`` that ``instance`` lacks."""
    required = sub.get("required", [])
    return [k for k in required if k not in instance] if isinstance(required, list) else []


def _typo_of(key: str, instance: dict[Any, Any], sub: dict[str, Any]) -> str | None:
    """The unknown key of ``instance`` that is a near miss of the missing required
    ``key`` (``palete`` for ``palette``), else ``None``."""
    return closest_key(key, [str(k) for k in _extras(instance, sub)])


def closest_key(key: str, unknown: list[str]) -> str | None:
    """The unknown key closest to ``key`` (:func:`~botanik_design.model.words.closest`)."""
    return closest(key, unknown) if unknown else None


def _description_hint(path: Path, sub: dict[str, Any]) -> str:
    r"""A schema description as a hint that says what it describes: ``\`copies\`: How
    many physical tiles ...`` (the nearest key of ``path``), never glued to a message."""
    desc = str(sub.get("description", ""))
    if not desc:
        return ""
    key = next((str(p) for p in reversed(path) if isinstance(p, str)), "")
    return f"`{key}`: {desc}" if key else desc


def _diagnostics(err: jsonschema.ValidationError, name: str,
                 positions: Positions, limit: int = MAX_SCHEMA_ERRORS + 1) -> list[Diagnostic]:
    if err.validator in ("oneOf", "anyOf") and err.context:
        return _alternatives(err, name, positions, limit)
    path: Path = tuple(err.absolute_path)
    rule = rule_id(err.validator)
    where = positions.value(path)
    sub = err.schema if isinstance(err.schema, dict) else {}
    hint = _description_hint(path, sub)
    message = err.message
    v = err.validator
    props = sub.get("properties", {}) if isinstance(sub.get("properties"), dict) else {}
    instance = err.instance

    if v == "additionalProperties" and isinstance(instance, dict):
        typos = {_typo_of(k, instance, sub) for k in _missing(instance, sub)}
        extras = [k for k in _extras(instance, sub) if k not in typos]  # typos: `required`
        if not extras:
            return []
        out = []
        for key in extras[:limit]:
            kpath = (*path, key)
            line, col = positions.key(kpath)
            hint = _near(key, props) or "allowed keys: " + ", ".join(f"`{p}`" for p in props)
            out.append(Diagnostic(name, line, col, "error", rule, f"unknown key `{key[:80]}`",
                                  pointer(kpath), hint))
        if out:
            return out
    elif v == "required" and isinstance(instance, dict):
        try:
            key = ast.literal_eval(message.split(" is a required property")[0])
        except (ValueError, SyntaxError):
            key = message
        message = f"missing required key `{key}`"
        typo = _typo_of(key, instance, sub)
        if typo is not None and sub.get("additionalProperties") is False:
            # one typo, one diagnostic, shown at the unknown key (which the
            # additionalProperties error then leaves out); its JSON path stays the
            # mapping's, which lacks a required key (no semantic check reads it)
            line, col = positions.key((*path, typo))
            return [Diagnostic(name, line, col, "error", rule,
                               f"unknown key `{typo[:80]}`: the required key `{key}` is "
                               "missing", pointer(path), f"did you mean `{key}`?")]
        if typo is not None:
            hint = f"did you mean `{key}` instead of `{typo}`?"
        else:
            desc = props.get(key, {}).get("description", "") if isinstance(props.get(key),
                                                                              dict) else ""
            hint = f"`{key}`: {desc}" if desc else ""
    elif v == "enum":
        allowed = err.validator_value if isinstance(err.validator_value, list) else []
        message = f"{_short(instance)} is not one of: " + ", ".join(str(a) for a in allowed)
        hint = _near(instance, allowed) or hint
    elif v == "const":
        message = f"{_short(instance)} must be {err.validator_value!r}"
    elif v == "type":
        want = err.validator_value
        want_s = " or ".join(want) if isinstance(want, list) else str(want)
        got = _JSON_TYPES.get(type(instance), type(instance).__name__)
        message = f"expected {want_s}, found {got}" + (
            f" {_short(instance)}" if not isinstance(instance, dict | list | None) else "")
    elif v == "not" and isinstance(err.validator_value, dict) and \
            list(err.validator_value) == ["required"] and isinstance(instance, dict):
        banned = [k for k in err.validator_value["required"] if k in instance]
        if banned:
            kpath = (*path, banned[0])
            where = positions.key(kpath)
            path = kpath
            message = str(sub.get("x-message") or f"key `{banned[0]}` is not allowed here")
    elif v in ("minItems", "maxItems") and isinstance(instance, list):
        n, bound = len(instance), str(err.validator_value)
        have = "the list is empty" if n == 0 else f"the list has {plural(n, 'item')}"
        message = f"{have}; at {'most' if v == 'maxItems' else 'least'} {bound}"
    elif v in ("minLength", "maxLength") and isinstance(instance, str):
        n, bound = len(instance), str(err.validator_value)
        have = "the text is empty" if n == 0 else \
            f"the text has {plural(n, 'character')}"
        message = f"{have}; at {'most' if v == 'maxLength' else 'least'} {bound}"
    elif v == "pattern" and isinstance(instance, str):
        message = f"{_short(instance)} does not match the pattern `{err.validator_value}`"
    elif v in ("minItems", "maxItems", "minLength", "maxLength", "minimum", "maximum",
               "exclusiveMinimum", "exclusiveMaximum", "pattern", "uniqueItems",
               "multipleOf", "minProperties", "maxProperties"):
        message = message if len(message) <= _MAX_MESSAGE else _short(instance) + \
            f" fails `{v}: {err.validator_value}`"
    if len(message) > _MAX_MESSAGE:
        message = message[: _MAX_MESSAGE - 3] + "..."
    return [Diagnostic(name, where[0], where[1], "error", rule, message, pointer(path), hint)]


def check_schema(data: Any, kind: str, positions: Positions, name: str) -> list[Diagnostic]:
    """Validate ``data`` against the ``kind`` schema; one diagnostic per problem.

    Positions: the offending node; for ``required`` the mapping missing the
    key; for ``additionalProperties`` each unknown key.  A whole-number float
    the schema accepts as an integer (``2.0`` for ``type: integer``) is
    replaced in ``data`` by the int (``2``), so that every later check, the
    model and the engines see one type.  A clean answer (no problem, nothing replaced) is
    remembered (:mod:`.verdicts`) and given again for the same data and schema without
    running jsonschema.  Raises ``KeyError``
    never; an unknown ``kind`` raises ``FileNotFoundError`` from the loader.
    """
    from botanik_design.spec import verdicts

    key = verdicts.key_of(kind, schema(kind), data)
    if verdicts.known_clean(key):  # the same data passed this schema, changing nothing
        return []
    whole: set[int] = set()
    token = _WHOLE.set(whole)
    try:
        out = _errors(data, kind, positions, name)
    finally:
        _WHOLE.reset(token)
    if whole:
        _to_integers(data, whole)
    elif not out:
        verdicts.remember(key)
    return out


def _errors(data: Any, kind: str, positions: Positions, name: str) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for err in _validator(kind).iter_errors(data):
        if len(out) >= MAX_SCHEMA_ERRORS:
            line, col = positions.value(tuple(err.absolute_path))
            out.append(Diagnostic(name, line, col, "error", "schema-too-many",
                                  f"more than {MAX_SCHEMA_ERRORS} schema errors: "
                                  "the check stopped here", pointer(tuple(err.absolute_path)),
                                  "fix the errors above first"))
            break
        found = _diagnostics(err, name, positions, MAX_SCHEMA_ERRORS + 1 - len(out))
        out.extend(found)
    if len(out) > MAX_SCHEMA_ERRORS and out[-1].rule != "schema-too-many":
        first = out[MAX_SCHEMA_ERRORS]
        out = out[:MAX_SCHEMA_ERRORS] + [Diagnostic(
            name, first.line, first.column, "error", "schema-too-many",
            f"more than {MAX_SCHEMA_ERRORS} schema errors: the check stopped here",
            first.json_path, "fix the errors above first")]
    return out

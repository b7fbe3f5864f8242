"""What the variant form shows and writes: option fields from the variant schemas, the
variant file text, and saving it.

Every game's form comes from the JSON Schema of its variant kind (the entry's
``variant_kind``, e.g. ``spec/variant.schema.json``): an ``enum`` option is a
select, a boolean a true/false select, an array of ``enum`` items a row of
checkboxes, an integer an input checked against ``minimum``/``maximum``, a
nullable integer an input where an empty value means ``null``.  No textual
import here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from botanik_design.games.registry import DEFAULT_GAME, entry
from botanik_design.model.words import plural
from botanik_design.tui.plugins import PlayLauncher, game_of_variant, play_launcher


def launcher_of(game: str) -> PlayLauncher:
    """The play launcher of ``game`` (a game's name); ``ValueError`` when it has none."""
    found = play_launcher(entry(game))
    if found is None:
        raise ValueError(f"{entry(game).title} has no play screen")
    return found


def material_kind(game: str) -> str:
    """The spec kind of the set ``game``'s variants name (``tileset``, ``pieceset``)."""
    return launcher_of(game).material_kind


def material_word(game: str) -> str:
    """How the form names that set (the entry's ``parts["material"]``, e.g. ``tile set``)."""
    return entry(game).parts.get("material", "set")


@dataclass(frozen=True)
class OptionField:
    """One option of a variant schema, as the form shows it.

    ``kind``: ``choice`` (``choices``), ``bool``, ``set`` (any of ``choices``,
    in their order) or ``int``.
    """

    name: str
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    kind: str = "int"

    def parse(self, text: str) -> tuple[Any, str]:
        """``(value, problem)`` of a widget's text (problem empty when fine).

        A ``set`` field's text is its checked items joined with commas.
        """
        if self.kind == "choice":
            return text, "" if text in self.choices else f"{self.name}: choose one of the list"
        if self.kind == "bool":
            if text in ("true", "false"):
                return text == "true", ""
            return None, f"{self.name}: choose true or false"
        if self.kind == "set":
            items = [t.strip() for t in text.split(",") if t.strip()]
            unknown = [t for t in items if t not in self.choices]
            if unknown:
                return None, f"{self.name}: {unknown[0]!r} is not one of {', '.join(self.choices)}"
            return [c for c in self.choices if c in items], ""
        text = text.strip()
        if text == "" or text.lower() in ("null", "none"):
            if self.nullable:
                return None, ""
            return None, f"{self.name}: a whole number is needed"
        try:
            value = int(text)
        except ValueError:
            return None, f"{self.name}: {text!r} is not a whole number"
        if self.minimum is not None and value < self.minimum:
            return None, f"{self.name}: at least {self.minimum}"
        if self.maximum is not None and value > self.maximum:
            return None, f"{self.name}: at most {self.maximum}"
        return value, ""

    def show(self, value: Any) -> str:
        """The text a widget shows for ``value`` (a ``set``: the items, comma-joined)."""
        if value is None:
            return ""
        if self.kind == "bool":
            return "true" if value else "false"
        if self.kind == "set":
            return ",".join(str(v) for v in value)
        return str(value)

    def same(self, a: Any, b: Any) -> bool:
        """Whether two values of this option are the same (a ``set`` in any order)."""
        if self.kind == "set":
            return sorted(a or []) == sorted(b or [])
        return bool(a == b) and type(a) is type(b)


def _field(name: str, spec: dict[str, Any]) -> OptionField:
    types = spec.get("type")
    nullable = isinstance(types, list) and "null" in types
    description = str(spec.get("description", ""))
    if "enum" in spec:
        return OptionField(name, description, tuple(spec["enum"]), kind="choice")
    if types == "boolean":
        return OptionField(name, description, ("true", "false"), kind="bool")
    if types == "array" and "enum" in spec.get("items", {}):
        return OptionField(name, description, tuple(spec["items"]["enum"]), kind="set")
    return OptionField(name, description, minimum=spec.get("minimum"),
                       maximum=spec.get("maximum"), nullable=nullable)


def option_fields(game: str = DEFAULT_GAME) -> list[OptionField]:
    """The form's fields for ``game`` (a game's name), in the order of its variant schema."""
    from botanik_design.spec.bundled import schema

    props = schema(entry(game).variant_kind)["properties"]["options"]["properties"]
    return [_field(name, spec) for name, spec in props.items()]


def game_of(ref: str) -> str:
    """The name of the game whose variant ``ref`` is (bundled or a file)."""
    return game_of_variant(ref).name


def effective_options(ref: str, game: str) -> dict[str, Any]:
    """The options of variant ``ref`` of ``game``; raises ``SpecError`` when it is invalid."""
    return launcher_of(game).effective_options(ref)


def variant_name(path: Path) -> str:
    """A valid ``variant:`` name from a file name (``My Rules.yaml`` -> ``my-rules``)."""
    from botanik_design.spec.refs import name_from_path

    return name_from_path(path, "my-variant")


def extends_ref(base: str, target: Path, game: str = DEFAULT_GAME) -> str:
    """``base`` as the saved file's ``extends:``: a bundled name, or a path relative to it."""
    from botanik_design.spec.refs import portable_ref

    return portable_ref(base, entry(game).variant_kind, target.resolve().parent)


def variant_yaml(target: Path, base: str, changed: dict[str, Any],
                 tileset: str | None = None, game: str = DEFAULT_GAME) -> str:
    """The text of a variant file at ``target`` extending ``base`` with the ``changed``
    options; ``tileset``: the set it names (its game's :func:`material_kind`), if any.
    A game other than the default one is named by ``game:``.  References are written
    portably (bundled names, or paths relative to ``target``)."""
    from botanik_design.spec.refs import portable_ref

    data: dict[str, Any] = {"variant": variant_name(target)}
    if game != DEFAULT_GAME:
        data["game"] = game
    data["title"] = f"{base} with {plural(len(changed), 'option')} changed"
    data["extends"] = extends_ref(base, target, game)
    if tileset:
        part = material_kind(game)
        data[part] = portable_ref(tileset, part, target.resolve().parent)
    if changed:
        data["options"] = changed
    head = f"# Saved by botanik-design play: the variant {base} with adjusted options.\n"
    return head + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def save_variant(target: Path, text: str) -> tuple[list[str], list[str]]:
    """Write ``text`` atomically and validate the file; returns (errors, warnings) formatted.

    Raises ``OSError`` when the file cannot be written.
    """
    from botanik_design.spec.atomic import write_atomic
    from botanik_design.spec.validate import validate_path

    write_atomic(target, text)
    found = validate_path(target)
    return ([d.format() for d in found if d.level == "error"],
            [d.format() for d in found if d.level != "error"])

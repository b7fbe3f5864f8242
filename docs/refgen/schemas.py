"""The spec-file reference, generated from the JSON Schemas in ``spec/*.schema.json``.

Every property of every schema becomes one table row: its key path
(``palette[].name``), type, default, allowed values or limits and description.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from refgen import markdown as md

SPEC = Path(__file__).resolve().parents[2] / "spec"

#: Schema files in the order the reference lists them (any other schema follows).
ORDER = ("tileset", "variant", "record", "position", "sweep",
         "pieceset", "hive-variant", "hive-record", "hive-position")

#: ``(low key, high key, noun)``: a noun is counted (``None``: a plain number).
_LIMITS = (("minimum", "maximum", None), ("minLength", "maxLength", "character"),
           ("minItems", "maxItems", "item"), ("minProperties", "maxProperties", "key"))


@dataclass(frozen=True)
class Row:
    """One documented property: ``path`` as ``a.b[].c``; the node is its schema."""

    path: str
    node: dict[str, Any]
    required: bool


def schema_files(folder: Path = SPEC) -> list[Path]:
    """The schema files, in :data:`ORDER` first."""
    files = {p.name.removesuffix(".schema.json"): p for p in folder.glob("*.schema.json")}
    return [files[k] for k in ORDER if k in files] + [
        files[k] for k in sorted(files) if k not in ORDER]


def _children(path: str, node: dict[str, Any]) -> Iterator[Row]:
    required = set(node.get("required", ()))
    for key, sub in node.get("properties", {}).items():
        child = f"{path}.{key}" if path else key
        yield Row(child, sub, key in required)
        yield from _walk(child, sub)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict):
        child = f"{path}.<key>" if path else "<key>"
        yield Row(child, extra, False)
        yield from _walk(child, extra)


def _walk(path: str, node: dict[str, Any]) -> Iterator[Row]:
    yield from _children(path, node)
    items = node.get("items")
    if isinstance(items, dict):
        yield from _walk(f"{path}[]", items)
    for key in ("oneOf", "anyOf"):
        for alt in node.get(key, ()):
            yield from _walk(path, alt)


def rows(schema: dict[str, Any]) -> list[Row]:
    """Every property of ``schema``, depth first, in the schema's key order (no repeats)."""
    seen: dict[str, Row] = {}
    for row in _walk("", schema):
        seen.setdefault(row.path, row)
    return list(seen.values())


def type_of(node: dict[str, Any]) -> str:
    """``integer``, ``list of string``, ``integer or null``, ``one of: ...``."""
    if "const" in node:
        return "constant"
    if "enum" in node:
        return "choice"
    for key in ("oneOf", "anyOf"):
        if key in node:
            return " or ".join(type_of(alt) for alt in node[key])
    kind = node.get("type")
    if isinstance(kind, list):
        return " or ".join(kind)
    if kind == "array" and isinstance(node.get("items"), dict):
        inner = type_of(node["items"])
        return f"list of {inner}" if inner else "list"
    return str(kind) if kind else ""


def _yaml(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _count(n: Any, noun: str | None) -> str:
    if noun is None:
        return str(n)
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _limit(node: dict[str, Any], low: str, high: str, noun: str | None) -> str:
    """``exactly 1 character``, ``1 to 9``, ``at least 2 items``, ``at most 64 characters``."""
    lo, hi = node.get(low), node.get(high)
    if lo is not None and lo == hi:
        return "exactly " + _count(lo, noun)
    if lo is not None and hi is not None:
        return f"{lo} to {_count(hi, noun)}"
    if lo is not None:
        return "at least " + _count(lo, noun)
    if hi is not None:
        return "at most " + _count(hi, noun)
    return ""


def allowed(node: dict[str, Any]) -> str:
    """Enum values, constant, pattern and numeric or size limits, as Markdown."""
    parts: list[str] = []
    if "const" in node:
        parts.append(md.cell_code(_yaml(node["const"])))
    if "enum" in node:
        parts.append(", ".join(md.cell_code(_yaml(v)) for v in node["enum"]))
    items = node.get("items")
    if isinstance(items, dict) and "enum" in items:
        parts.append("each " + ", ".join(md.cell_code(_yaml(v)) for v in items["enum"]))
    parts += [limit for low, high, noun in _LIMITS if (limit := _limit(node, low, high, noun))]
    if node.get("uniqueItems"):
        parts.append("no repeats")
    if "pattern" in node:
        parts.append("matches " + md.cell_code(node["pattern"]))
    return "; ".join(parts)


def _row(row: Row) -> tuple[str, str, str, str, str]:
    node = row.node
    key = md.cell_code(row.path) + (" (required)" if row.required else "")
    default = md.cell_code(_yaml(node["default"])) if "default" in node else ""
    what = md.text(node.get("description", ""))
    if "x-source" in node:
        what += " Source: " + md.text(str(node["x-source"])) + "."
    return key, type_of(node), default, allowed(node), what


def schema_section(path: Path) -> str:
    """One schema: its title, file, description and the table of its properties."""
    schema = json.loads(path.read_text(encoding="utf-8"))
    title = schema.get("title", path.name)
    head = f"## {title} {{#{md.anchor(path.name.removesuffix('.schema.json'))}}}"
    intro = f"Schema: `spec/{path.name}`. " + md.text(schema.get("description", ""))
    body = md.table(("key", "type", "default", "allowed", "what"),
                    [_row(r) for r in rows(schema)])
    return "\n\n".join((head, intro, body))


def reference(folder: Path = SPEC) -> str:
    """The whole spec-file reference as Markdown."""
    files = schema_files(folder)
    index = md.table(("kind", "schema"), [
        (f"[{json.loads(p.read_text(encoding='utf-8')).get('title', p.name)}]"
         f"(#{md.anchor(p.name.removesuffix('.schema.json'))})", f"`spec/{p.name}`")
        for p in files])
    return "\n\n".join([index] + [schema_section(p) for p in files]) + "\n"

"""Words for what an undo or redo changed, so its message names the edit
(``undone: red-straight colour 'blue' → 'red'``), found by comparing the document's
data before and after (plain YAML values: mappings, lists, scalars)."""

from __future__ import annotations

from typing import Any

Path_ = tuple[str, ...]


def _short(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    if isinstance(value, (dict, list)):
        text = f"({len(value)} entries)"
    return text if len(text) <= 30 else text[:29] + "…"


def _name(item: Any, index: int) -> str:
    if isinstance(item, dict):
        for key in ("id", "name"):
            if isinstance(item.get(key), str) and item[key]:
                return str(item[key])
    return f"#{index + 1}"


def _diffs(a: Any, b: Any, where: Path_, out: list[str]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in b:
                out.append(f"{' '.join((*where, str(key)))} removed")
            elif key not in a:
                out.append(f"{' '.join((*where, str(key)))} {_short(b[key])} added")
            else:
                _diffs(a[key], b[key], (*where, str(key)), out)
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) == len(b):
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                _diffs(x, y, (*where, _name(y, i)), out)
            return
        names_a = [_name(x, i) for i, x in enumerate(a)]
        names_b = [_name(y, i) for i, y in enumerate(b)]
        gone = [n for n in names_a if n not in names_b]
        new = [n for n in names_b if n not in names_a]
        label = " ".join(where) or "list"
        if len(b) < len(a):
            out.append(f"{label}: {', '.join(gone) or 'one'} taken out")
        else:
            out.append(f"{label}: {', '.join(new) or 'one'} put back" if new else
                       f"{label}: one more entry")
    elif a != b:
        out.append(f"{' '.join(where) or 'the document'} {_short(a)} → {_short(b)}")


def change_words(before: Any, after: Any) -> str:
    """What differs from ``before`` to ``after``: the first difference, and how many
    more there are (``"tiles red-straight colour 'blue' → 'red'"``); ``"no visible
    change"`` when they are equal."""
    out: list[str] = []
    _diffs(plain(before), plain(after), (), out)
    if not out:
        return "no visible change"
    more = f" (and {len(out) - 1} more)" if len(out) > 1 else ""
    return out[0] + more


def plain(value: Any) -> Any:
    """``value`` (ruamel's commented mappings and lists included) as plain dicts, lists
    and scalars, copied (the document may change it in place later)."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value

"""A small Markdown writer for the rules pages (no I/O)."""

from __future__ import annotations

from collections.abc import Sequence


def tag(option: str, value: object) -> str:
    """``(`option: value`)``: how the pages name the option a rule comes from."""
    return f"(`{option}: {shown(value)}`)"


def shown(value: object) -> str:
    """An option value as YAML writes it: ``null``, ``true``, ``[mosquito, pillbug]``, ``3``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    return str(value)


class Page:
    """Markdown lines: a title, ``##`` sections, paragraphs, bullets and numbered steps."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def _gap(self) -> None:
        if self.lines and self.lines[-1] != "":
            self.lines.append("")

    def title(self, text: str) -> None:
        self._gap()
        self.lines.append(f"# {text}")

    def head(self, text: str) -> None:
        self._gap()
        self.lines.append(f"## {text}")
        self.lines.append("")

    def para(self, text: str) -> None:
        self._gap()
        self.lines.append(text)
        self.lines.append("")

    def item(self, text: str, indent: int = 0) -> None:
        """A bullet (``indent`` levels of three spaces: nests under a numbered step)."""
        self.lines.append("   " * indent + f"- {text}")

    def steps(self, texts: Sequence[str], start: int = 1) -> None:
        """Numbered steps from ``start``."""
        for i, text in enumerate(texts, start):
            self.lines.append(f"{i}. {text}")

    def text(self) -> str:
        """The page, one trailing newline."""
        return "\n".join(self.lines).strip("\n") + "\n"


def option_table(rows: Sequence[tuple[str, str, str, str]]) -> list[str]:
    """A Markdown table of ``(option, value here, default, note)`` rows; a value that
    differs from the default is in bold."""
    out = ["| option | this variant | default | note |", "|---|---|---|---|"]
    for name, value, default, note in rows:
        shown = f"**{value}**" if value != default else value
        out.append(f"| `{name}` | {shown} | {default} | {note} |")
    return out

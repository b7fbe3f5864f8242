"""Output formats for diagnostics: text (editors, people), JSON (tools), GitHub annotations.

No third-party imports at module level (PyYAML only where a value is written as YAML):
colour is plain ANSI, used only when asked for.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TextIO

from botanik_design.model.words import plural
from botanik_design.spec.diagnostics import Diagnostic

#: The control-character patterns below are compiled on first use (``re``'s own cache):
#: a command writes one format, and classes reaching past U+00FF are slow to compile.
_RESET = "\x1b[0m"
_STYLE = {"error": "\x1b[1;31m", "warning": "\x1b[1;33m", "note": "\x1b[1;36m",
          "file": "\x1b[1m", "rule": "\x1b[2m"}

#: Version of the JSON report layout; bumped only when a key changes meaning.
JSON_VERSION = 1


def colour_wanted(stream: TextIO, disabled: bool = False) -> bool:
    """ANSI colour only on a terminal, without ``--no-color`` and without ``NO_COLOR`` set."""
    if disabled or os.environ.get("NO_COLOR") is not None:
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _paint(text: str, style: str, on: bool) -> str:
    return f"{_STYLE[style]}{text}{_RESET}" if on else text


_CONTROL = r"[\x00-\x1f\x7f-\x9f\u2028\u2029]"


#: Longest message or file name printed in text output (characters).
MAX_TEXT = 400


def clean(text: str) -> str:
    """``text`` with control characters (terminal escapes, newlines) shown as ``\\xNN``
    (U+2028 and U+2029, which terminals may break lines at, as ``\\u2028``),
    cut to :data:`MAX_TEXT` characters."""
    text = text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 3] + "..."
    return re.sub(_CONTROL, lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                        else f"\\u{ord(m.group()):04x}", text)


#: Characters JSON leaves raw (``ensure_ascii=False``) that a terminal acts on: DEL, the
#: C1 controls (``\x9b`` is CSI) and the Unicode line and paragraph separators.
_JSON_RAW_CONTROL = r"[\x7f-\x9f\u2028\u2029]"


def json_text(data: Any, indent: int | None = 2) -> str:
    """``data`` as JSON text safe to print: UTF-8 kept readable, every control character
    escaped (JSON escapes those below U+0020 itself; DEL, C1 and U+2028/U+2029 become
    ``\\u`` escapes, which only ever occur inside strings), NaN refused."""
    text = json.dumps(data, indent=indent, ensure_ascii=False, allow_nan=False)
    return re.sub(_JSON_RAW_CONTROL, lambda m: f"\\u{ord(m.group()):04x}", text)


_TEXT_CONTROL = r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]"


def terminal_text(text: str) -> str:
    """A whole report for the terminal: every control character but newline and tab shown
    as ``\\xNN`` (``\\u2028``), so that names and titles read from files cannot drive it."""
    return re.sub(_TEXT_CONTROL, lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                             else f"\\u{ord(m.group()):04x}", text)


def format_text(diagnostics: Sequence[Diagnostic], colour: bool = False) -> str:
    """One ``file:line:col: level: message [rule]`` line per diagnostic, files separated
    by a blank line (input order kept: sort first).  Control characters in file
    names and messages are escaped, so that a spec cannot drive the terminal."""
    lines: list[str] = []
    current: str | None = None
    for d in diagnostics:
        d = replace(d, file=clean(d.file), message=clean(d.message), hint=clean(d.hint))
        if current is not None and d.file != current:
            lines.append("")
        current = d.file
        if not colour:
            lines.append(d.format())
            continue
        where = d.file + (f":{d.line}:{d.column or 1}" if d.line is not None else "")
        text = d.message + (f"; {d.hint}" if d.hint else "")
        lines.append(f"{_paint(where, 'file', True)}: {_paint(d.level, d.level, True)}: "
                     f"{text} {_paint('[' + d.rule + ']', 'rule', True)}")
    return "\n".join(lines) + ("\n" if lines else "")


def summary(diagnostics: Sequence[Diagnostic], files: int) -> str:
    """A one-line count, e.g. ``2 errors, 1 warning in 5 files`` (``5 files OK`` when clean;
    notes, which never fail a run, are counted after: ``5 files OK, 1 note``)."""
    e = sum(1 for d in diagnostics if d.level == "error")
    n = sum(1 for d in diagnostics if d.level == "note")
    w = len(diagnostics) - e - n
    notes = f", {plural(n, 'note')}" if n else ""
    if not e and not w:
        return f"{plural(files, 'file')} OK{notes}"
    return (f"{plural(e, 'error')}, {plural(w, 'warning')}{notes} "
            f"in {plural(files, 'file')}")


def as_dict(d: Diagnostic) -> dict[str, Any]:
    """The JSON object of one diagnostic (stable keys)."""
    return {
        "file": d.file, "line": d.line, "column": d.column, "level": d.level, "rule": d.rule,
        "message": d.message, "json_path": d.json_path, "hint": d.hint,
    }


def failure_report(diagnostics: Sequence[Diagnostic], file: str,
                   exit_code: int) -> dict[str, Any]:
    """The JSON object a command prints with ``--format json`` when a file it reads is
    invalid (``score``, ``replay``, every game and file kind): ``ok`` (false), ``file``,
    ``exit_code``, ``error`` (the first message) and ``diagnostics``, each with the keys
    of ``validate``'s report (:func:`as_dict`)."""
    return {
        "ok": False,
        "file": file,
        "exit_code": exit_code,
        "error": diagnostics[0].message if diagnostics else "",
        "diagnostics": [as_dict(d) for d in diagnostics],
    }


def format_json(diagnostics: Sequence[Diagnostic], files: Sequence[dict[str, Any]],
                effective: Sequence[dict[str, Any]] | None = None,
                simulation: Sequence[dict[str, Any]] | None = None) -> str:
    """The machine-readable report: ``version``, ``files``, ``diagnostics``, ``summary``
    (and ``effective`` with ``--show-effective``, ``simulation`` with ``--simulate``)."""
    errs = sum(1 for d in diagnostics if d.level == "error")
    notes = sum(1 for d in diagnostics if d.level == "note")
    report: dict[str, Any] = {
        "version": JSON_VERSION,
        "files": list(files),
        "diagnostics": [as_dict(d) for d in diagnostics],
        "summary": {"files": len(files), "errors": errs,
                    "warnings": len(diagnostics) - errs - notes, "notes": notes},
    }
    if effective is not None:
        report["effective"] = list(effective)
    if simulation is not None:
        report["simulation"] = list(simulation)
    return json_text(report) + "\n"


_GITHUB_CONTROL = r"[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029]"


def _escape_data(text: str) -> str:
    """A workflow command's text: ``%``, CR and LF as GitHub's ``%25``/``%0D``/``%0A``,
    every other control character shown as ``\\xNN`` (a spec cannot drive the terminal
    of whoever reads the log)."""
    text = re.sub(_GITHUB_CONTROL, lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                               else f"\\u{ord(m.group()):04x}", text)
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_prop(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def format_github(diagnostics: Sequence[Diagnostic]) -> str:
    """GitHub Actions workflow commands: ``::error file=…,line=…,col=…,title=rule::message``."""
    lines = []
    for d in diagnostics:
        props = [f"file={_escape_prop(d.file)}"]
        if d.line is not None:
            props += [f"line={d.line}", f"col={d.column or 1}"]
        props.append(f"title={_escape_prop(d.rule)}")
        text = d.message + (f"; {d.hint}" if d.hint else "")
        level = "notice" if d.level == "note" else d.level
        lines.append(f"::{level} {','.join(props)}::{_escape_data(text)}")
    return "\n".join(lines) + ("\n" if lines else "")


def yaml_scalar(value: Any) -> str:
    """``value`` written as a one-line YAML scalar that reads back as the same value."""
    import yaml  # here: only the reports that write YAML need PyYAML

    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000)
    if re.search(_CONTROL, text.removesuffix("\n")):  # NEL, U+2028...: escaped, never raw
        text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=False,
                              width=10_000)
    return text.removesuffix("\n").removesuffix("\n...").strip()


def effective_yaml(entry: dict[str, Any]) -> str:
    """An effective variant (see :func:`botanik_design.cli.validate_cmd.effective_entry`) as
    a YAML document whose comments say where each value came from: its ``game`` when
    the entry names one, its material (a key ``K`` with a ``K_from`` origin, e.g.
    ``tileset``), then its options."""
    from botanik_design.spec.refs import kind_noun

    lines = [f"# effective variant of {clean(entry['file'])}", "---",
             f"variant: {yaml_scalar(entry['variant'])}"]
    if entry.get("game") is not None:
        lines.append(f"game: {yaml_scalar(entry['game'])}")
    for key in [k for k in entry if f"{k}_from" in entry]:  # the material: tile set...
        origin = clean(entry[f"{key}_from"])
        if entry[key] is not None:
            lines.append(f"{key}: {yaml_scalar(entry[key])}  # from {origin}")
        else:
            lines.append(f"{key}: null  # "
                         + (origin or f"none: no variant in the chain names a {kind_noun(key)}"))
    lines.append("options:")
    for name, item in entry["options"].items():
        lines.append(f"  {yaml_scalar(name)}: {yaml_scalar(item['value'])}  "
                     f"# {clean(item['from'])}")
    return "\n".join(lines) + "\n"

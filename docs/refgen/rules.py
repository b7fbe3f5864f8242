"""The rule-id reference, generated from ``botanik_design/spec/rule_ids.py``.

Every declared id gets a row (id, level, meaning).  Where the test fixtures
(``tests/spec/fixtures/*.yaml``) hold a file that breaks the rule, the page
shows it with what ``validate`` reports for it, and a passing file of the same
kind (an ``ok-*`` fixture: no diagnostics at all).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from refgen import markdown as md

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "spec" / "fixtures"
MAX_LINES = 30
MAX_WIDTH = 120
_EXPECT = re.compile(r"^# expect: (.*)$", re.M)
_KIND = re.compile(r"^(tileset|variant|record|position|sweep|pieceset):", re.M)
_HIVE = re.compile(r"^game: *hive\b", re.M)


@dataclass(frozen=True)
class Fixture:
    """A fixture file: the rule ids it expects (none for ``ok-*``) and its spec kind."""

    path: Path
    rules: tuple[str, ...]
    kind: str  # "variant", "hive variant", ... ("" when no top-level key says)

    @property
    def name(self) -> str:
        return self.path.name


_WORDS = {"tileset": "tile set", "pieceset": "Hive piece set"}


def _kind(text: str) -> str:
    match = _KIND.search(text)
    if not match:
        return ""
    kind = match.group(1)
    if _HIVE.search(text) and kind != "pieceset":
        return f"Hive {kind}"
    return _WORDS.get(kind, kind)


def fixtures(folder: Path = FIXTURES) -> list[Fixture]:
    """Every fixture, in name order."""
    out = []
    for path in sorted(folder.glob("*.yaml")):
        text = path.read_bytes().decode("utf-8", errors="replace")
        match = _EXPECT.match(text)
        rules = tuple(i.split()[0] for i in match.group(1).split(";")) if match else ()
        out.append(Fixture(path, rules, _kind(text)))
    return out


def failing_example(rule: str, pool: list[Fixture]) -> Fixture | None:
    """The best fixture breaking ``rule``: named after it first, then the fewest other rules."""
    hits = [f for f in pool if rule in f.rules]
    if not hits:
        return None
    return min(hits, key=lambda f: (rule not in f.path.stem, len(f.rules), f.name))


def passing_example(kind: str, pool: list[Fixture]) -> Fixture | None:
    """An ``ok-*`` fixture of ``kind`` (a valid file of the same kind), if there is one."""
    oks = [f for f in pool if f.name.startswith("ok-") and f.kind == kind]
    return oks[0] if oks else None


def shown(path: Path) -> str:
    """The file's text for the page (its ``# expect:`` first line, for the test suite,
    included so line numbers match): control characters escaped, long lines and long files
    cut."""
    raw = path.read_bytes()
    text = raw.decode("utf-8", errors="backslashreplace")
    text = "".join(c if c in "\n\t" or c.isprintable() else f"\\x{ord(c):02x}" for c in text)
    lines = text.splitlines()
    cut = [ln if len(ln) <= MAX_WIDTH else ln[:MAX_WIDTH] + " …" for ln in lines[:MAX_LINES]]
    if len(lines) > MAX_LINES:
        cut.append(f"# … {len(lines) - MAX_LINES} more lines")
    return "\n".join(cut)


def report(path: Path) -> str:
    """What ``botanik-design validate`` prints for the fixture (paths relative to its folder)."""
    from botanik_design.spec.validate import validate_path

    prefix = str(path.parent) + "/"
    lines = [d.format().replace(prefix, "") for d in validate_path(path)]
    return "\n".join([f"$ botanik-design validate {path.name}", *lines])


def concrete_rules(pool: list[Fixture]) -> list[str]:
    """Rule ids the fixtures expect, each once, in name order."""
    return sorted({r for f in pool for r in f.rules})


def _example(rule: str, pool: list[Fixture]) -> str:
    bad = failing_example(rule, pool)
    assert bad is not None
    parts = [f"### {rule} {{#{md.anchor(rule)}}}",
             f"Fails: `{bad.name}`" + (f" (a {bad.kind} file)" if bad.kind else ""),
             md.fence(shown(bad.path), 'yaml linenums="1"'), md.fence(report(bad.path), "console")]
    good = passing_example(bad.kind, pool)
    if good is not None:
        parts.append(f"Passes: a valid {good.kind} file, [`{good.name}`](#{md.anchor(good.name)}).")
    return "\n\n".join(parts)


def reference(folder: Path = FIXTURES) -> str:
    """The whole rule-id reference as Markdown."""
    from botanik_design.spec.rule_ids import RULES

    pool = fixtures(folder)
    with_examples = set(concrete_rules(pool))
    family_members = {rid: [r for r in sorted(with_examples) if r.startswith(rid.split("<")[0])
                            and r not in RULES] for rid in RULES if "<" in rid}
    rows = []
    for rid, rule in RULES.items():
        if rid in with_examples:
            example = f"[example](#{md.anchor(rid)})"
        elif family_members.get(rid):
            example = ", ".join(f"[{r.split('-', 1)[1]}](#{md.anchor(r)})"
                                for r in family_members[rid])
        else:
            example = ""
        rows.append((md.cell_code(rid), rule.level, md.text(rule.meaning), example))
    parts = [md.table(("rule id", "level", "meaning", "example"), rows),
             "## Examples",
             "Each example is a file of the test suite and what `botanik-design validate` "
             "reports for it, then a valid file of the same kind."]
    order = [r for rid in RULES for r in ([rid] if rid in with_examples
                                          else family_members.get(rid, []))]
    order += sorted(with_examples - set(order))
    parts += [_example(r, pool) for r in order]
    parts.append("## Passing files")
    for ok in (f for f in pool if f.name.startswith("ok-")):
        parts += [f"### {ok.name} {{#{md.anchor(ok.name)}}}",
                  f"A valid {ok.kind} file: `validate` reports nothing.",
                  md.fence(shown(ok.path), 'yaml linenums="1"')]
    return "\n\n".join(parts) + "\n"

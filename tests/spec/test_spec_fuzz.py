"""Property: any bytes, and any mutation of a valid spec, give diagnostics, never an exception."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from botanik_design.spec.diagnostics import Diagnostic
from botanik_design.spec.validate import Session, validate_text

ROOT = Path(__file__).resolve().parents[2]
VALID = [(ROOT / "tilesets" / "quick-3.yaml").read_bytes(),
         (ROOT / "spec" / "variants" / "registre-3.yaml").read_bytes()]


def check_bytes(raw: bytes) -> list[Diagnostic]:
    session = Session()
    doc = session.doc_from(raw, "fuzz.yaml", "fuzz", ROOT / "tests" / "spec" / "fixtures")
    out = session.check(doc)
    for d in out:
        assert isinstance(d, Diagnostic) and d.rule and d.message
        assert d.line is None or d.line >= 1
    return out


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_never_raise(raw: bytes) -> None:
    check_bytes(raw)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("{}[]:,-?&*!|>'\"#%@` \n\tabcyno01~<=.")),
               max_size=200))
def test_yaml_punctuation_soup_never_raises(text: str) -> None:
    validate_text(text, "soup.yaml")


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    raw = bytearray(draw(st.sampled_from(VALID)))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete", "insert", "replace", "swap-lines"]))
        i = draw(st.integers(0, len(raw) - 1))
        if op == "delete":
            del raw[i : i + draw(st.integers(1, 20))]
        elif op == "insert":
            raw[i:i] = draw(st.sampled_from(
                [b"\n", b" ", b":", b"- ", b"[", b"}", b"&a ", b"*a", b"no", b"!!set ",
                 b"\x00", b"\xff", b"\t", b"<<: ", b"copies: 0", b"colour: pink", b"1:2"]))
        elif op == "replace":
            raw[i] = draw(st.integers(0, 255))
        else:
            lines = bytes(raw).split(b"\n")
            a, b = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines[a], lines[b] = lines[b], lines[a]
            raw = bytearray(b"\n".join(lines))
        if not raw:
            break
    return bytes(raw)


@settings(max_examples=400, deadline=None)
@given(mutated())
def test_mutations_of_valid_specs_never_raise(raw: bytes) -> None:
    check_bytes(raw)


#: Every bundled spec: tile sets, variants, example records and positions.
BUNDLED = sorted([*ROOT.glob("tilesets/*.yaml"), *ROOT.glob("spec/variants/*.yaml"),
                  *ROOT.glob("piecesets/*.yaml"), *ROOT.glob("examples/*/*.yaml")])
#: Odd values for any field: YAML 1.1 traps, empty and unknown tags, huge and whole-number
#: floats, line-break look-alikes, collections where scalars belong, aliases.
ODD = ["no", "On", "012", "0b11", "1:30", "1_000", "0o17", "1e3", "!!int ", "!!float ",
       "!!int x", "!!bool maybe", "!!null x", "!!binary aGk=", "!!python/none ''", "!foo x",
       "0x" + "f" * 4400, "9" * 4400, ".nan", "-.inf", "1.0e+999", "0.0", "1.0", "-1", "~",
       "''", "[]", "{}", "[[], {}]", "*nope", "&a x", "\"a\u2028b\"", "\"\\x85\"", "x" * 3000]


def _scalar_spans(text: str) -> list[tuple[int, int]]:
    """Start and end index of every plain or quoted scalar of a valid document."""
    import yaml

    spans, todo = [], [yaml.compose(text)]
    while todo:
        node = todo.pop()
        if isinstance(node, yaml.ScalarNode) and node.style not in ("|", ">"):
            spans.append((node.start_mark.index, node.end_mark.index))
        elif isinstance(node, yaml.MappingNode):
            todo += [v for _, v in node.value]
        elif isinstance(node, yaml.SequenceNode):
            todo += node.value
    return spans


SPANS = {p: _scalar_spans(p.read_text(encoding="utf-8")) for p in BUNDLED}


@st.composite
def bundled_mutant(draw: st.DrawFn) -> tuple[Path, bytes]:
    """A bundled spec with a few byte flips, line deletions, odd values in fields, tabs,
    line-break look-alikes, or cut short."""
    path = draw(st.sampled_from(BUNDLED))
    text = path.read_text(encoding="utf-8")
    spans = [s for s in SPANS[path]]
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["odd", "odd", "flip", "delete-lines", "truncate", "tab",
                                   "break"]))
        if op == "odd" and spans:
            start, end = spans.pop(draw(st.integers(0, len(spans) - 1)))
            text = text[:start] + draw(st.sampled_from(ODD)) + text[end:]
            spans = [s for s in spans if s[1] <= start]
        elif op == "flip" and text:
            i = draw(st.integers(0, len(text) - 1))
            text = text[:i] + chr(draw(st.integers(0, 0x2030))) + text[i + 1:]
            spans = [s for s in spans if s[1] <= i]
        elif op in ("delete-lines", "tab"):
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            if op == "tab":
                lines[i] = "\t" + lines[i].lstrip(" ")
            else:
                del lines[i:i + draw(st.integers(1, 3))]
            text = "\n".join(lines)
            spans = []
        elif op == "break" and text:
            i = draw(st.integers(0, len(text) - 1))
            text = text[:i] + draw(st.sampled_from(["\u2028", "\u2029", "\x85", "\r", "\x0c",
                                                    "\x0b", "\r\n"])) + text[i:]
            spans = [s for s in spans if s[1] <= i]
        elif op == "truncate":
            text = text[: draw(st.integers(0, len(text)))]
            spans = []
    return path, text.encode("utf-8", "surrogatepass")


def _lines(raw: bytes) -> int:
    """Lines of the file as an editor counts them (at least 1)."""
    import re

    text = raw.decode("utf-8", "replace")
    parts = re.split(r"\r\n|\r|\n", text)
    return max(1, len(parts) - (parts[-1] == "" and len(parts) > 1))


@settings(max_examples=200, deadline=None)
@given(bundled_mutant())
def test_mutants_of_every_bundled_spec_are_diagnosed_inside_the_file(
        case: tuple[Path, bytes]) -> None:
    path, raw = case
    session = Session()
    doc = session.doc_from(raw, "m.yaml", "mutant", path.parent)
    found = session.check(doc)
    for d in found:
        assert d.line is None or 1 <= d.line <= _lines(raw), (d.format(), _lines(raw))
    text = raw.decode("utf-8", "replace")
    assert validate_text(text, "m.yaml", base=path.parent) is not None


@settings(max_examples=20, deadline=None)
@given(st.lists(bundled_mutant(), min_size=1, max_size=4))
def test_validate_path_reads_mutants_from_disk(cases: list[tuple[Path, bytes]]) -> None:
    """The same mutants through files, one by one and as a folder."""
    import tempfile

    from botanik_design.spec.validate import validate_path

    with tempfile.TemporaryDirectory() as tmp:
        for n, (path, raw) in enumerate(cases):
            target = Path(tmp) / path.parent.name / f"m{n}.yaml"
            target.parent.mkdir(exist_ok=True)
            target.write_bytes(raw)
            for d in validate_path(target):
                assert d.line is None or 1 <= d.line <= _lines(raw), d.format()
        assert all(d.file.startswith(tmp) for d in validate_path(Path(tmp)))


def test_unmutated_specs_are_clean() -> None:
    assert all(check_bytes(raw) == [] for raw in VALID)
    for path in BUNDLED:
        assert check_bytes(path.read_bytes()) == [], path

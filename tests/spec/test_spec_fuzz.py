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


def test_unmutated_specs_are_clean() -> None:
    assert all(check_bytes(raw) == [] for raw in VALID)

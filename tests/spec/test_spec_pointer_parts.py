"""JSON Pointers (RFC 6901) read back: :func:`pointer_parts` undoes :func:`pointer`."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from botanik_design.spec.positions import pointer, pointer_parts

_ELEM = st.one_of(st.integers(min_value=0, max_value=10**6), st.text(max_size=12))


@given(st.lists(_ELEM, max_size=6))
def test_parts_of_a_pointer_are_its_path(path: list[int | str]) -> None:
    assert pointer_parts(pointer(path)) == [str(p) for p in path]


@pytest.mark.parametrize(("text", "parts"), [
    ("", []),
    ("/", [""]),
    ("/tiles/3", ["tiles", "3"]),
    ("/a~1b/~0c", ["a/b", "~c"]),
    ("/~01", ["~1"]),
])
def test_escapes(text: str, parts: list[str]) -> None:
    assert pointer_parts(text) == parts


@pytest.mark.parametrize("text", ["tiles/3", "#/tiles", " /a"])
def test_not_a_pointer_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="not a JSON Pointer"):
        pointer_parts(text)

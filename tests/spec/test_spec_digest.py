"""``spec.digest.sha256`` (CPython's own SHA-256 module, not OpenSSL's) gives
``hashlib.sha256``'s digests: the caches' names and the derived seeds are unchanged."""

from __future__ import annotations

import hashlib

from hypothesis import given
from hypothesis import strategies as st

from botanik_design.spec.digest import sha256


@given(st.binary(max_size=3000))
def test_the_digests_are_hashlibs(data: bytes) -> None:
    assert sha256(data).digest() == hashlib.sha256(data).digest()
    assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()


def test_a_known_digest() -> None:
    assert sha256(b"abc").hexdigest() == (
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")

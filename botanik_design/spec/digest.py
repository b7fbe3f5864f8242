"""SHA-256 for the caches' names and the derived seeds, from CPython's own module when it
has one: :mod:`hashlib` loads OpenSSL, a few milliseconds of every command's start (and
its call is no faster on the short texts hashed here).  The digests are SHA-256's
either way (``tests/spec/test_spec_digest.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hashlib import sha256
else:
    try:
        from _sha256 import sha256  # CPython 3.11
    except ImportError:  # another Python (3.12 names it _sha2)
        try:
            from _sha2 import sha256
        except ImportError:
            from hashlib import sha256

__all__ = ["sha256"]

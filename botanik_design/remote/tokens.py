"""The links' tokens, kept beside the record (``RECORD.tokens.json``, mode 0600).

``host --load RECORD`` reads them back, so the links printed before a crash
open the resumed game.  Written atomically; a new file is created 0600 first
(:func:`~botanik_design.spec.atomic.write_atomic` keeps a file's mode).
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path
from typing import Any

from botanik_design.spec.atomic import write_atomic
from botanik_design.spec.userfiles import read_text

SEATS = ("0", "1", "watch")


def tokens_path(record: Path) -> Path:
    return record.with_name(record.name + ".tokens.json")


def new_tokens() -> dict[str, str]:
    return {seat: secrets.token_urlsafe(16) for seat in SEATS}


def save_tokens(record: Path, tokens: dict[str, str], port: int) -> None:
    """Write the tokens and the port (``OSError`` on I/O problems)."""
    path = tokens_path(record)
    if not path.exists():
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    os.chmod(path, 0o600)
    write_atomic(path, json.dumps({"v": 1, "port": port, "tokens": tokens}, indent=2,
                                  allow_nan=False) + "\n")


def load_tokens(record: Path) -> tuple[dict[str, str], int] | None:
    """The saved tokens and port, or ``None`` when there is no (valid) tokens file."""
    try:
        data: Any = json.loads(read_text(tokens_path(record)))
        tokens = {seat: str(data["tokens"][seat]) for seat in SEATS}
        return tokens, int(data["port"])
    except (OSError, ValueError, KeyError, TypeError):
        return None

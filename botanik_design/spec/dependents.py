"""The spec files of a folder that refer to given spec files, directly or through others.

A pre-commit hook sees only the files that changed; cutting a tile set can break
a variant that names it (``sem-too-few-tiles``) without the variant changing.
:func:`dependents` finds, under a root folder (the repository), every spec that
names a changed file by path (``tileset:``, ``extends:``, ``variant:``,
``pieceset:``, a sweep's ``base``, anywhere in the document), and the specs
that name those, and so on, so that ``botanik-design validate
--with-dependents`` checks them too.  Bundled names (``standard``) are not
files of the repository and never make a dependent.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from botanik_design.spec.session import Doc, Session
from botanik_design.spec.validate import yaml_files

#: Longest text taken for a path reference.
_MAX_REF = 1000


def _strings(data: Any) -> Iterable[str]:
    """Every string value of ``data`` (keys aside), depth first, without recursion."""
    todo = [data]
    while todo:
        value = todo.pop()
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            todo += value.values()
        elif isinstance(value, list):
            todo += value


def _names(doc: Doc, targets: dict[str, str]) -> bool:
    """Whether ``doc`` names one of ``targets`` (resolved path -> file name) by path."""
    if doc.data is None:
        return False
    base = doc.folder if doc.folder is not None else Path.cwd()
    names = set(targets.values())
    for text in _strings(doc.data):
        if len(text) > _MAX_REF or os.path.basename(text) not in names:
            continue
        try:
            candidate = Path(text) if Path(text).is_absolute() else base / text
            if str(candidate.resolve()) in targets:
                return True
        except (OSError, ValueError, RuntimeError):
            continue
    return False


def dependents(session: Session, changed: Iterable[Doc], root: Path) -> list[Path]:
    """Spec files under ``root`` (sorted, hidden folders skipped) that refer by path to a
    ``changed`` document or, transitively, to such a file; the changed ones excluded.

    Every file is read through ``session`` (once).  Raises ``OSError`` only if
    ``root`` cannot be listed.
    """
    targets = {d.key: Path(d.key).name for d in changed if not d.key.startswith(("bundled:",
                                                                                 "text:"))}
    if not targets:
        return []
    candidates = [(f, session.read_source(f, os.path.relpath(f) if f.is_absolute() else str(f)))
                  for f in yaml_files(root)]
    found: list[Path] = []
    grew = True
    while grew:
        grew = False
        for path, doc in candidates:
            if doc.key in targets or doc.kind is None:
                continue
            if _names(doc, targets):
                targets[doc.key] = Path(doc.key).name
                found.append(path)
                grew = True
    return sorted(found)

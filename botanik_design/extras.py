"""The optional parts of the install (pyproject.toml's extras) and the one message every
command gives when a part it needs is missing.

The core install (``pip install botanik-design``) validates, simulates, replays and runs
the TUIs.  ``[pictures]`` (matplotlib) draws: ``sheet``, ``show --image``,
``score --image``, ``replay --image``, ``--plot``, the editor's picture.  ``[dask]``
(distributed, bokeh for its dashboard) runs games on a Dask cluster: ``--scheduler`` and
``sweep``'s embedded cluster.  ``[spreadsheets]`` (openpyxl, odfpy) reads .xlsx and .ods
files for ``import``.  ``[all]`` is every one.

Standard library only: any layer may import it (the command line turns
:class:`MissingExtra` into exit 2, the editor into a status line).
"""

from __future__ import annotations

import importlib

#: The modules of each extra that must import for it to work, in the order checked.
EXTRAS: dict[str, tuple[str, ...]] = {
    "pictures": ("matplotlib",),
    "dask": ("distributed",),
    "spreadsheets": ("openpyxl", "odf"),
}

#: Top-level modules that come with an extra (its own and those it pulls in): an
#: ``ImportError`` naming one of them means that extra is missing.
MODULE_EXTRA: dict[str, str] = {
    "matplotlib": "pictures", "numpy": "pictures", "PIL": "pictures",
    "kiwisolver": "pictures", "contourpy": "pictures", "fontTools": "pictures",
    "distributed": "dask", "dask": "dask", "tornado": "dask", "cloudpickle": "dask",
    "tblib": "dask", "zict": "dask", "psutil": "dask", "sortedcontainers": "dask",
    "toolz": "dask", "msgpack": "dask", "bokeh": "dask",
    "openpyxl": "spreadsheets", "odf": "spreadsheets",
}


def install_hint(extra: str) -> str:
    """The command that installs ``extra``: ``pip install "botanik-design[pictures]"``."""
    return f'pip install "botanik-design[{extra}]"'


class MissingExtra(ImportError):
    """A command needs an extra that is not installed.

    ``extra``: its name (``pictures``); ``module``: the module that failed to import;
    ``what``: what needs it (``--plot``).  ``str()`` is the whole message, ending with
    the command that installs it.
    """

    def __init__(self, extra: str, module: str, what: str = "") -> None:
        self.extra, self.module, self.what = extra, module, what
        need = f"{what} needs" if what else "this needs"
        super().__init__(f"{need} the optional {extra!r} part of botanik-design "
                         f"({module} is not installed): {install_hint(extra)}")


def require(extra: str, what: str = "") -> None:
    """Import ``extra``'s modules; raises :class:`MissingExtra` (naming ``what``) when one
    does not import.  Raises ``KeyError`` for an unknown extra."""
    for module in EXTRAS[extra]:
        try:
            importlib.import_module(module)
        except ImportError as exc:
            raise MissingExtra(extra, module, what) from exc


def available(extra: str) -> bool:
    """Whether ``extra``'s modules import (see :func:`require`)."""
    try:
        require(extra)
    except MissingExtra:
        return False
    return True


def missing_extra(exc: BaseException, what: str = "") -> MissingExtra | None:
    """The :class:`MissingExtra` an ``ImportError`` means (its module belongs to an
    extra), else ``None`` (a bug, to be reported as such)."""
    if isinstance(exc, MissingExtra):
        return exc
    if not isinstance(exc, ImportError) or not exc.name:
        return None
    top = exc.name.split(".")[0]
    extra = MODULE_EXTRA.get(top)
    return MissingExtra(extra, top, what) if extra else None

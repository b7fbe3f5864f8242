"""How ``simulate``, ``compare`` and ``sweep`` report a spec that does not load.

As text, the error and its ``file:line:col`` problems on stderr (as always).  With
``--format json``, the failure object ``score`` and ``replay`` print
(:func:`~botanik_design.spec.report.failure_report`) on stdout, where ``validate
--format json`` writes its report::

    {"ok": false, "file": "my-variant.yaml", "exit_code": 1,
     "error": "the first problem's message",
     "diagnostics": [{"file": ..., "line": 3, "column": 5, "level": "error",
                      "rule": "schema-type", "message": ..., "json_path": ..., "hint": ...}]}

``file`` is the input named on the command line; each diagnostic has the keys of
``validate``'s report (:func:`~botanik_design.spec.report.as_dict`), with its own
file (the variant's tile set, say), and ``line``/``column`` ``null`` where no position
is known.  An error that did not come from the validator (a name that names nothing:
``rule`` ``io-missing``; a rule of the command itself: ``rule`` ``null``) is one
diagnostic of the input, whose ``hint`` holds the error's other lines.  The exit
status is the error's own (:attr:`SpecError.exit_code`).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from botanik_design.spec.diagnostics import Diagnostic
    from botanik_design.spec.errors import SpecError


def failure_object(exc: SpecError, file: str) -> dict[str, Any]:
    """The JSON object of ``exc`` (see the module docstring); ``file``: the input."""
    from botanik_design.spec.errors import SpecNotFoundError
    from botanik_design.spec.report import failure_report

    report = failure_report(exc.diagnostics, file, exc.exit_code)
    if not exc.diagnostics:  # not from the validator: one diagnostic of the input
        message = str(exc.args[0]) if exc.args else str(exc)
        report["error"] = message
        report["diagnostics"] = [{
            "file": file, "line": None, "column": None, "level": "error",
            "rule": "io-missing" if isinstance(exc, SpecNotFoundError) else None,
            "message": message, "json_path": "", "hint": "; ".join(exc.problems)}]
    return report


def io_failure(diagnostic: Diagnostic) -> dict[str, Any]:
    """The JSON object of an input that cannot be read at all (``io-missing``...)."""
    from botanik_design.spec.report import failure_report

    return failure_report([diagnostic], diagnostic.file, 2)


def print_failure(report: dict[str, Any]) -> int:
    """Print a failure object on stdout; returns its exit status."""
    from botanik_design.spec.report import json_text

    sys.stdout.write(json_text(report) + "\n")
    sys.stdout.flush()
    return int(report["exit_code"])


def spec_failed(command: str, exc: SpecError, fmt: str, file: str,
                text: str | None = None) -> int:
    """Report ``exc``: with ``fmt`` ``"json"`` its failure object on stdout, else
    ``text`` (default ``COMMAND: ERROR``) on stderr.  Returns its exit status."""
    if fmt == "json":
        return print_failure(failure_object(exc, file))
    print(f"{command}: {exc}" if text is None else text, file=sys.stderr)
    return exc.exit_code

"""What loads at start-up: the engine, validator and CLI parser never load textual
(or networkx for the parser).  The layer rules themselves are import-linter contracts
in ``pyproject.toml``, checked by ``tests/test_import_cycles.py``."""

from __future__ import annotations

import subprocess
import sys


def test_engine_and_validator_never_load_textual() -> None:
    code = (
        "import sys, importlib\n"
        "for m in ('botanik_design.model', 'botanik_design.spec',"
        " 'botanik_design.games.botanik.engine',"
        " 'botanik_design.cli'):\n"
        "    try:\n"
        "        importlib.import_module(m)\n"
        "    except ModuleNotFoundError as e:\n"
        "        if e.name != m: raise\n"
        "bad = sorted(k for k in sys.modules if k == 'textual' or k.startswith('textual.'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_cli_parser_loads_neither_networkx_nor_textual() -> None:
    code = (
        "import sys\n"
        "from botanik_design.cli import build_parser\n"
        "build_parser()\n"
        "print(sorted(k for k in sys.modules\n"
        "             if k.split('.')[0] in ('networkx', 'textual', 'matplotlib')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

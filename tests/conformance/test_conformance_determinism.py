"""The same seed gives the same game in another process, whatever the hash seed:
the serialised end state and the history of every case's seed-0 playout match in
processes started with PYTHONHASHSEED=0 and =1 and in this one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conformance_cases import cases, played

HERE = Path(__file__).resolve().parent

_SCRIPT = """
import json, sys
sys.path.insert(0, {here!r})
from conformance_cases import cases, played, register_toy_game
register_toy_game()
out = {{}}
for case in cases():
    end = played(case, 0)
    out[case.id] = [end.serialize(), end.history(), end.returns()]
print(json.dumps(out))
"""


def _in_process() -> dict[str, list[object]]:
    out: dict[str, list[object]] = {}
    for case in cases():
        end = played(case, 0)
        out[case.id] = [end.serialize(), end.history(), end.returns()]
    return json.loads(json.dumps(out))  # type: ignore[no-any-return]


@pytest.mark.parametrize("hash_seed", ["0", "1"])
def test_a_playout_is_the_same_in_another_process(hash_seed: str) -> None:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run([sys.executable, "-c", _SCRIPT.format(here=str(HERE))], env=env,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    theirs = json.loads(done.stdout)
    ours = _in_process()
    assert sorted(theirs) == sorted(ours) and len(ours) >= 3
    for key, value in ours.items():
        assert theirs[key] == value, f"{key}: another process played another game"

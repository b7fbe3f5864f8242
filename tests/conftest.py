"""Suite-wide settings: every Diagnostic built during the tests must use a declared rule id,
and no Hypothesis test has a deadline (no timed tests: a first call that imports a heavy
module on a loaded machine is not a failure; speed is measured by bench/)."""

from __future__ import annotations

import os
import tempfile

from hypothesis import settings

from botanik_design.spec import diagnostics

diagnostics.CHECK_RULE_IDS = True

settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

# Clean schema verdicts (spec/verdicts.py) go to a folder of this run, never the user's cache.
if "BOTANIK_DESIGN_CACHE" not in os.environ:
    os.environ["BOTANIK_DESIGN_CACHE"] = tempfile.mkdtemp(prefix="botanik-verdicts-")

"""Suite-wide settings: every Diagnostic built during the tests must use a declared rule id,
and no Hypothesis test has a deadline (no timed tests: a first call that imports a heavy
module on a loaded machine is not a failure; speed is measured by bench/)."""

from __future__ import annotations

from hypothesis import settings

from botanik_design.spec import diagnostics

diagnostics.CHECK_RULE_IDS = True

settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

"""Suite-wide settings: every Diagnostic built during the tests must use a declared rule id."""

from __future__ import annotations

from botanik_design.spec import diagnostics

diagnostics.CHECK_RULE_IDS = True

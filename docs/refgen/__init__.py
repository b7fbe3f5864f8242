"""Generators of the reference pages of the documentation site.

Each module turns one source of truth into Markdown: ``commands`` the argparse
parser of :mod:`botanik_design.cli`, ``schemas`` the JSON Schemas in ``spec/``,
``rules`` the rule-id registry with the test fixtures as examples.  The MkDocs
hook (``docs/hooks.py``) calls them at build time, so the pages cannot drift.
"""

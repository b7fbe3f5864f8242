"""Typed values shared by every game: counted nouns (:mod:`.words`), parameter sweeps
(:mod:`.sweep`) and the Markdown writer of rules pages (:mod:`.rulespage.text`).

Each game's own model lives in ``botanik_design.games.<name>.model``.
"""

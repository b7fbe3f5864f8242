"""The Markdown writer every game's rules page is written with (:mod:`.text`).

Each game writes its own page from its typed variant (never YAML text):
``botanik_design.games.<name>.rulespage``, reached through the game's entry
(``GameEntry.rules_page``) by ``botanik-design rules`` and shown by the play screens.
"""

"""botanik-design: design, validate, simulate and play-test Botanik tile sets and variants.

Layers, lowest first (a lower layer never imports a higher one):

1. ``botanik_design.spec``   — YAML loading, JSON Schema and semantic validation.
2. ``botanik_design.model``  — typed tiles, tile sets and variants.
3. ``botanik_design.engine`` — machines, game state, scoring, records.
4. ``botanik_design.bots`` / ``botanik_design.sim`` — bots and simulations.
5. ``botanik_design.cli`` / ``botanik_design.tui`` — command line and Textual TUI.

(``spec`` builds ``model`` objects, so in practice ``model`` is the leaf and
``spec`` sits on it; neither imports networkx or textual.)
"""

__version__ = "0.1.0"

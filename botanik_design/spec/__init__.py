"""The shared spec layer: bundled resources, strict YAML reading with positions, JSON
Schema checks, diagnostics and their output formats, the rule-id registry, the
``extends`` chain, atomic writes and one validation run (:mod:`.session`).

Imports neither networkx nor textual, so ``botanik-design validate`` starts fast.
Each game's own checks live in ``botanik_design.games.<name>.spec``.  This
package's ``__init__`` imports nothing, so a game's spec modules may import the
shared modules without an import cycle: import from the modules themselves
(``from botanik_design.spec.errors import SpecError``).
"""

"""The two bots of a simulation, ``A,B``: one rule for ``--bots`` (``simulate``,
``compare``) and a sweep file's ``bots:``.

A single name is refused rather than read as both seats, so that a typo (``greedy``
meant as ``greedy,mcts``) never runs silently: ``greedy,greedy`` says it.
"""

from __future__ import annotations

#: What the error says is expected.
EXPECTED = "two bot specs separated by a comma, A,B (e.g. greedy,greedy or random,mcts)"


def split_bot_pair(text: str) -> tuple[str, str]:
    """``"A,B"`` -> ``("A", "B")`` (each stripped; a bot's own parameters use ``:``).
    Raises ``ValueError`` naming the expected form for anything else: one name, three,
    or an empty one."""
    parts = [s.strip() for s in text.split(",")]
    if len(parts) != 2 or not all(parts):
        shown = text if len(text) <= 80 else text[:77] + "..."
        hint = f"; for one bot in both seats write {parts[0]},{parts[0]}" if (
            len(parts) == 1 and parts[0]) else ""
        raise ValueError(f"needs {EXPECTED}, got {shown!r}{hint}")
    return parts[0], parts[1]

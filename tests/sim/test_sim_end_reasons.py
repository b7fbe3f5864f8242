"""The report's end reasons: counted from the rows' typed ``end_reason``."""

from __future__ import annotations

from dataclasses import replace

from sim_rows_helpers import rows_from

from botanik_design.sim.report import end_reasons, end_reasons_text


def test_end_reasons_counts_rows() -> None:
    rows = rows_from([0, -1, 1, -1])
    rows = [replace(r, end_reason="repetition" if r.winner < 0 else "queen-surrounded")
            for r in rows]
    ends = end_reasons(rows)
    assert list(ends) == ["queen-surrounded", "repetition"]  # ties: by name
    assert ends["repetition"]["draws"] == 2 and ends["queen-surrounded"]["draws"] == 0
    assert end_reasons([]) == {} and end_reasons_text({}) == []
    assert ends["queen-surrounded"]["games"]["k"] == 2
    text = "\n".join(end_reasons_text(ends))
    assert "repetition" in text and "2 draws" in text and "0 draws" in text

"""Whatever a client's frame holds, once :func:`~botanik_design.remote.protocol.parse_client`
accepts it the table handles it without an error and the record still writes and reads
back with it (a lone surrogate in a name once passed the check, then failed every write
of the record for the rest of the game)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from botanik_design.remote import protocol as p
from botanik_design.remote.records import load_hosted, new_hosted
from botanik_design.remote.table import Table
from botanik_design.remote.tokens import new_tokens

#: any characters, lone surrogates and control characters included (JSON can carry both)
texts = st.text(st.characters() | st.integers(0xD800, 0xDFFF).map(chr)
                | st.integers(0, 31).map(chr), min_size=1, max_size=60)
frames = st.one_of(
    st.builds(lambda t: {"type": "hello", "name": t}, texts),
    st.builds(lambda t: {"type": "note", "text": t}, texts),
    st.builds(lambda a, s: {"type": "move", "action": a, "step": s},
              st.integers(0, 2**70), st.integers(0, 3)),
    st.just({"type": "ping"}),
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["0", "1", "watch"]), frames), min_size=1,
                max_size=12))
def test_accepted_messages_are_handled_and_recorded(tmp_path: Path,
                                                    messages: list[tuple[str, dict[str, object]]]
                                                    ) -> None:
    record = tmp_path / "game.yaml"
    table = Table(new_hosted("standard", None, 5), record, new_tokens())
    table.save()
    for seat, frame in messages:
        raw = json.dumps({"v": 1, **frame})
        try:
            message = p.parse_client(raw)
        except p.ProtocolError:
            continue
        if isinstance(message, (p.Hello, p.Note)):
            text = message.name if isinstance(message, p.Hello) else message.text
            assert text == text.strip() and text.encode("utf-8")
        table.handle(seat, message)  # never raises
    again = load_hosted(record)
    ours = {k: v for k, v in table.hosted.playtest.fields().items() if k != "move_seconds"}
    assert {k: v for k, v in again.playtest.fields().items() if k != "move_seconds"} == ours
    assert again.state.history() == table.state.history()

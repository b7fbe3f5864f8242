"""Remote play: a host holds the game, players join over WebSocket (``host``, ``join``).

:mod:`.protocol` (the messages), :mod:`.table` (one hosted game, no sockets),
:mod:`.server` (the WebSocket host), :mod:`.client` (a seat's connection and
replica), :mod:`.records` (records of every game), :mod:`.tokens` (the links'
tokens beside the record), :mod:`.web` (``host --web``), :mod:`.report`
(``botanik-design report``).  No textual here.
"""

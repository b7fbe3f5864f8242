"""Pictures of tiles, tile sets and machines (layer 4, beside ``bots`` and ``sim``).

One drawing of a tile (:mod:`.art`) is shared by every output: print-and-cut
sheets (:mod:`.sheet`), the tile-set overview (:mod:`.overview`) and board
pictures of machines (:mod:`.board`).  Everything is drawn with matplotlib in
millimetre coordinates (x east, y **north**, like the machines'), on figures
whose size is the paper size, so a 40 mm tile measures 40 mm on paper.
Files are written through a temporary file and a rename (:mod:`.output`).

:mod:`.pages` (page sizes and the sheet grid) is pure Python; the other
modules import matplotlib, so the command line imports them only inside
``run`` (``validate`` starts without matplotlib).
"""

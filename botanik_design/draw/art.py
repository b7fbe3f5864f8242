"""Drawing primitives every game's pictures share: colours that read on each other
(WCAG contrast), text that fits, and :class:`Drawing`, the patches and labels of a
picture collected in order and rendered in one go.

Coordinates are millimetres on an axes whose data units are millimetres
(:mod:`botanik_design.draw.output` makes such pages); text uses :data:`FONT` (shipped with
matplotlib), sizes in millimetres.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from matplotlib.axes import Axes
from matplotlib.collections import PatchCollection
from matplotlib.font_manager import FontProperties, findfont
from matplotlib.patches import Patch
from matplotlib.textpath import TextToPath

#: The drawing font.
FONT = "DejaVu Sans"
#: Millimetres per typographic point.
MM_PER_PT = 25.4 / 72
#: Text colours: a soft black, and white.
INK_DARK = "#1c1c1c"
INK_LIGHT = "#ffffff"


# ----------------------------------------------------------------------------- colours


def rgb(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` -> (r, g, b) in 0..1."""
    c = colour.lstrip("#")
    return (int(c[0:2], 16) / 255, int(c[2:4], 16) / 255, int(c[4:6], 16) / 255)


def luminance(colour: str) -> float:
    """Relative luminance (WCAG) of ``#rrggbb``, 0 (black) .. 1 (white)."""

    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(v) for v in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two ``#rrggbb`` colours, 1 (equal) .. 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


#: WCAG 2.1 minimum contrast of graphics (1.4.11) and of text (1.4.3, AA).
GRAPHIC_CONTRAST = 3.0
TEXT_CONTRAST = 4.5


def ink_on(colour: str) -> str:
    """Black or white, whichever contrasts more with ``colour``: :data:`INK_DARK` (a soft
    black) where it reaches :data:`TEXT_CONTRAST`, pure black where only that does."""
    lum = luminance(colour)
    if (lum + 0.05) / 0.05 <= 1.05 / (lum + 0.05):
        return INK_LIGHT
    return INK_DARK if contrast(INK_DARK, colour) >= TEXT_CONTRAST else "#000000"


def washed(colour: str) -> str:
    """``colour`` turned grey and lightened: how a removed tile is drawn."""
    grey = 0.299 * rgb(colour)[0] + 0.587 * rgb(colour)[1] + 0.114 * rgb(colour)[2]
    v = 0.35 * grey + 0.6
    return "#{0:02x}{0:02x}{0:02x}".format(round(v * 255))


# ----------------------------------------------------------------------------- text


@lru_cache(maxsize=1)
def _font_path() -> str:
    return str(findfont(FontProperties(family=FONT), fallback_to_default=True))


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether the drawing font (DejaVu Sans, shipped with matplotlib) has ``ch``."""
    from matplotlib.ft2font import FT2Font

    font = FT2Font(_font_path())
    return all(font.get_char_index(ord(c)) != 0 for c in ch)


@lru_cache(maxsize=4096)
def text_width(text: str) -> float:
    """Width of ``text`` in the drawing font, in ems (multiply by the size)."""
    w, _, _ = TextToPath().get_text_width_height_descent(
        text, FontProperties(family=FONT, size=10), ismath=False
    )
    return float(w) / 10


def fit_lines(text: str, width: float, size: float, min_size: float,
              max_lines: int = 3) -> tuple[list[str], float]:
    """Break ``text`` after ``-``, ``_`` or ``.`` into at most ``max_lines`` lines no
    wider than ``width`` mm, shrinking the font from ``size`` down to ``min_size``
    mm; returns ``(lines, size)``."""
    words: list[str] = []
    cur = ""
    for ch in text:
        cur += ch
        if ch in "-_.":
            words.append(cur)
            cur = ""
    if cur:
        words.append(cur)
    s = size
    while True:
        lines: list[str] = []
        for w in words:
            if lines and text_width(lines[-1] + w) * s <= width:
                lines[-1] += w
            else:
                lines.append(w)
        widest = max(text_width(line) for line in lines) * s
        if (len(lines) <= max_lines and widest <= width) or s <= min_size:
            return lines, s
        s = max(min_size, s * 0.9)


@dataclass(frozen=True)
class Label:
    """A text to draw: anchor ``(x, y)`` mm, font size in mm, colour, alignment."""

    x: float
    y: float
    text: str
    size: float
    colour: str
    ha: str = "center"
    va: str = "center"
    bold: bool = False


# ----------------------------------------------------------------------------- drawing


@dataclass
class Drawing:
    """Patches and labels collected in drawing order, rendered in one go.

    Patches go into one :class:`PatchCollection` per :meth:`layer` (much faster
    than one artist each); labels are drawn above every patch of their layer.
    """

    layers: list[tuple[list[Patch], list[Label]]] = field(default_factory=lambda: [([], [])])

    @property
    def patches(self) -> list[Patch]:
        """The current layer's patches."""
        return self.layers[-1][0]

    @property
    def labels(self) -> list[Label]:
        """The current layer's labels."""
        return self.layers[-1][1]

    def layer(self) -> None:
        """Start a new layer drawn above everything before it."""
        self.layers.append(([], []))

    def text(self, label: Label) -> None:
        """Add a label to the current layer."""
        self.labels.append(label)

    def render(self, ax: Axes) -> None:
        """Add everything to ``ax`` (data units: mm)."""
        for z, (patches, labels) in enumerate(self.layers):
            if patches:
                ax.add_collection(PatchCollection(patches, match_original=True,
                                                  zorder=2 * z + 1))
            for lab in labels:
                ax.text(lab.x, lab.y, lab.text, fontsize=lab.size / MM_PER_PT,
                        color=lab.colour, ha=lab.ha, va=lab.va, family=FONT,
                        fontweight="bold" if lab.bold else "normal", zorder=2 * z + 2)

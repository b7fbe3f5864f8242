"""Rule variants: the effective options a game is played under.

Every field mirrors one option of ``spec/variant.schema.json`` (same name, same
default; a test keeps the two in step).  The schema's ``x-source`` keyword and
``spec/rules.md`` say which source each option comes from.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

MiddleCondition = Literal["none", "linked-to-slot"]
EmptySlots = Literal["allow", "forbid"]
NoRegistryMove = Literal["discard-chosen", "ignore-middle-condition"]
MechaRule = Literal["swap", "wildcard"]
MechaNoTarget = Literal["discard", "stay-in-slot"]
WildcardPairs = Literal["not-joined", "joined"]
Rotation = Literal["free", "fixed"]
Closure = Literal["open-end", "no-cycle", "both", "none"]
ClosureScope = Literal["source-network", "every-network", "whole-machine"]
ColourGroups = Literal["touching", "piped"]
CropFlowers = Literal["same-colour-pipe-neighbour", "always"]
TieBreak = Literal["shared", "largest-colour-group"]
ShortLastRound = Literal["play-remaining", "discard-remaining"]


@dataclass(frozen=True, slots=True)
class Variant:
    """Effective rule options of a variant (after ``extends`` is resolved).

    ``name`` is the variant's name; ``tileset`` its default tile set reference
    (bundled name or path, or ``None``).  See the schema for each option.
    """

    name: str = "standard"
    title: str = ""
    tileset: str | None = None
    registry_columns: int = 5
    initial_middle_tiles: int = 1
    arrival_tiles: int = 3
    short_last_round: ShortLastRound = "play-remaining"
    middle_condition: MiddleCondition = "none"
    middle_condition_empty_slots: EmptySlots = "allow"
    no_registry_move: NoRegistryMove = "discard-chosen"
    mecha_botanist: MechaRule = "swap"
    mecha_no_swap_target: MechaNoTarget = "discard"
    mecha_chain_limit: int | None = None
    mecha_bonus: int = 2
    wildcard_pairs: WildcardPairs = "not-joined"
    rotation: Rotation = "free"
    closure: Closure = "open-end"
    closure_scope: ClosureScope = "source-network"
    colour_groups: ColourGroups = "touching"
    min_group_size: int = 3
    group_points_per_tile: int = 1
    flower_points: int = 1
    crop_flowers: CropFlowers = "same-colour-pipe-neighbour"
    tie_break: TieBreak = "shared"

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """Names of the rule options (every field but name, title and tileset)."""
        return tuple(f.name for f in fields(cls) if f.name not in ("name", "title", "tileset"))

    @classmethod
    def from_options(
        cls, options: dict[str, Any], *, name: str = "custom", title: str = "",
        tileset: str | None = None,
    ) -> Variant:
        """Build from an effective options mapping (unknown keys raise ``TypeError``)."""
        return cls(name=name, title=title, tileset=tileset, **options)

    @property
    def wild_pairs(self) -> bool:
        """Whether two neighbouring wildcard mecha-botanists are joined (``wildcard_pairs``)."""
        return self.wildcard_pairs == "joined"

    def setup_need(self) -> int:
        """Machine tiles a game needs for the setup and its first round (:func:`setup_need`)."""
        return setup_need(self.registry_columns, self.initial_middle_tiles, self.arrival_tiles,
                          self.short_last_round)

    def options(self) -> dict[str, Any]:
        """The rule options as a plain dict (schema names)."""
        d = asdict(self)
        return {k: d[k] for k in self.option_names()}


def setup_need(registry_columns: int, initial_middle_tiles: int, arrival_tiles: int,
               short_last_round: str) -> int:
    """Machine tiles a game needs for the setup and its first round (``spec/rules.md``).

    ``registry_columns × initial_middle_tiles`` fill the middle stacks; the first
    round then needs one tile (``short_last_round: play-remaining`` plays a short
    round) or a full ``arrival_tiles`` (``discard-remaining`` would discard a
    short first round and end the game before any decision).  ``new_game`` refuses
    fewer tiles; ``validate`` reports them (``sem-too-few-tiles``).
    """
    first_round = arrival_tiles if short_last_round == "discard-remaining" else 1
    return registry_columns * initial_middle_tiles + first_round

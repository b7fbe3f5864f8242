"""The fast move generator (``engine/fastgen.py``) equals the reference (``engine/movegen.py``).

Property tests over three kinds of random positions: seeded random games of every
expansion (long ones too, where the whole hive shuffles about), the same games with
every climb preferred (tall stacks, gates on top of the hive), and hand-built
positions of a crowded Base+MLP hive with beetles and mosquitoes stacked anywhere,
either side to move and any piece last moved.  Also: the board's neighbour masks
stay equal to a fresh count through play and undo, and the masks' cut cells and
the one-arc shortcut agree with networkx.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from botanik_design.games.hive.engine import fastgen, movegen
from botanik_design.games.hive.engine.board import Board, decode, neighbour_masks
from botanik_design.games.hive.engine.coords import DELTAS, ORIGIN, unpack
from botanik_design.games.hive.engine.game import load_hive
from botanik_design.games.hive.engine.hivegraph import articulation_points_nx
from botanik_design.games.hive.engine.setup import HiveSetup
from botanik_design.games.hive.model import HiveVariant

GAME_TYPES = ("Base", "Base+M", "Base+L", "Base+P", "Base+ML", "Base+MP", "Base+LP", "Base+MLP")
_SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]


def assert_same(board: Board, variant: HiveVariant) -> None:
    fast = fastgen.legal_moves(board, variant)
    ref = movegen.legal_moves(board, variant)
    names = board.table.names
    assert fast == ref, sorted((names[p], unpack(c)) for p, c in map(decode, fast ^ ref))
    assert fastgen.legal_action_list(board, variant) == sorted(ref)  # the State's list
    assert board.masks == neighbour_masks(board.stacks)  # and nothing was left lifted
    assert board.tops == fresh_tops(board)  # play / undo kept the per-colour masks
    assert board.chi == fresh_chi(board)  # and the Euler characteristic
    if len(board.stacks) >= 3:
        assert (board.chi == 1) == fastgen._hole_free(board.masks, board.stacks)
    assert sorted(fastgen.placement_cells(board)) == sorted(movegen.placement_cells(board))


def fresh_chi(board: Board) -> int:
    """Cells - adjacencies + triangles of the occupied cells, counted plainly."""
    cells = set(board.stacks)
    edges = {frozenset((c, c + d)) for c in cells for d in DELTAS if c + d in cells}
    triangles = {frozenset((c, c + d, c + e)) for c in cells for d in DELTAS for e in DELTAS
                 if d != e and {c + d, c + e} <= cells and frozenset((c + d, c + e)) in edges}
    return len(cells) - len(edges) + len(triangles)


def fresh_tops(board: Board) -> tuple[dict[int, int], dict[int, int]]:
    """The per-colour neighbour masks of the stacks' top pieces, counted afresh."""
    colour = board.table.colour
    return (neighbour_masks([c for c, s in board.stacks.items() if colour[s[-1]] == 0]),
            neighbour_masks([c for c, s in board.stacks.items() if colour[s[-1]] == 1]))


def _climb_first(board: Board, legal: list[int], rng: random.Random) -> int:
    """A random move onto a stack when there is one, else any random move."""
    climbs = [a for a in legal if a and decode(a)[1] in board.stacks]
    return rng.choice(climbs or legal)


@given(st.sampled_from(GAME_TYPES), st.integers(0, 10**6), st.booleans(), st.booleans())
@settings(max_examples=40, deadline=None, suppress_health_check=_SLOW)
def test_equal_to_the_reference_in_random_games(game_type: str, seed: int, climb: bool,
                                                free_moves: bool) -> None:
    """Every position of a random game (up to 400 plies); ``free_moves``: the variant
    lets pieces move before their Queen is placed (lone pieces, early moves)."""
    game = load_hive(game_type)
    variant = game.variant
    if free_moves:
        variant = HiveVariant(**{**{k: getattr(variant, k) for k in variant.option_names()},
                                 "move_before_queen": True, "tournament_opening": False})
    board = game.new_initial_state().board
    rng = random.Random(seed)
    for _ in range(400):
        if board.queen_surrounded(0) or board.queen_surrounded(1):
            break
        assert_same(board, variant)
        legal = sorted(movegen.legal_moves(board, variant)) or [0]
        board.play(_climb_first(board, legal, rng) if climb else rng.choice(legal))


def _near(cell: int, radius: int) -> bool:
    q, r = unpack(cell)
    return max(abs(q), abs(r), abs(q + r)) <= radius


@st.composite
def crowded(draw: st.DrawFn) -> HiveSetup:
    """A connected Base+MLP hive: a random subset of the pieces on the ground, the
    remaining beetles and mosquitoes stacked on random cells.  Half of them are grown
    inside a small hexagon around the origin, so they often enclose empty cells
    (holes: the cut cells are no longer just the cells of two or more arcs)."""
    table = load_hive("Base+MLP").table
    climbers = [n for n in table.names if n[1] in "BM"]
    ground = [n for n in table.names if n[1] not in "BM"]
    ground = draw(st.permutations(ground))[: draw(st.integers(2, len(ground)))]
    above = draw(st.permutations(climbers))
    split = draw(st.integers(0, len(above)))
    ground += above[:split]
    radius = draw(st.sampled_from([3, 99]))
    ground = ground[:37] if radius == 3 else ground  # a hexagon of radius 3 has 37 cells
    cells = [ORIGIN]
    while len(cells) < len(ground):
        nxt = cells[draw(st.integers(0, len(cells) - 1))] + DELTAS[draw(st.integers(0, 5))]
        if nxt not in cells and _near(nxt, radius):
            cells.append(nxt)
    stacks = {c: [n] for c, n in zip(cells, ground, strict=True)}
    for name in above[split:]:
        stacks[cells[draw(st.integers(0, len(cells) - 1))]].append(name)
    placed = [n for s in stacks.values() for n in s]
    last = draw(st.sampled_from([None, *placed]))
    return HiveSetup.of({unpack(c): s for c, s in stacks.items()},
                        to_move=draw(st.integers(0, 1)), turn=draw(st.integers(1, 12)),
                        last_moved=last)


@given(crowded())
@settings(max_examples=300, deadline=None, suppress_health_check=_SLOW)
def test_equal_to_the_reference_in_crowded_positions(setup: HiveSetup) -> None:
    game = load_hive("Base+MLP")
    board = game.state_from_setup(setup).board
    assert_same(board, game.variant)
    # and one ply on from there, every move (make / unmake keep the masks)
    for a in sorted(movegen.legal_moves(board, game.variant))[:40]:
        undo = board.play(a)
        assert_same(board, game.variant)
        board.undo(undo)
    assert board.masks == neighbour_masks(board.stacks)
    assert board.tops == fresh_tops(board)
    assert board.chi == fresh_chi(board)


@given(crowded())
@settings(max_examples=200, deadline=None, suppress_health_check=_SLOW)
def test_cut_cells_and_the_one_arc_shortcut_agree_with_networkx(setup: HiveSetup) -> None:
    board = load_hive("Base+MLP").state_from_setup(setup).board
    cuts = articulation_points_nx(board.stacks)
    assert fastgen.cut_cells(board.masks, board.stacks) == cuts
    assert fastgen.cut_cells(board.masks, board.stacks, board.chi) == cuts
    for cell in board.stacks:
        if fastgen._ONE_ARC[board.masks.get(cell, 0)]:
            assert cell not in cuts


@given(crowded(), st.integers(0, 10**6), st.booleans())
@settings(max_examples=150, deadline=None, suppress_health_check=_SLOW)
def test_tall_stacks_are_found_under_the_climbers_or_by_every_stack(
        setup: HiveSetup, seed: int, off_rules: bool) -> None:
    """``_tall`` (looking under the Beetles and Mosquitoes) equals the masks of every
    stack of height 2+; ``off_rules``: a ground piece of another bug is first put on
    top of a stack by hand (no rule lets it: the full scan must take over)."""
    board = load_hive("Base+MLP").state_from_setup(setup).board
    if off_rules:
        rng = random.Random(seed)
        table = board.table
        lone = [c for c, s in board.stacks.items()
                if len(s) == 1 and s[0] not in table.climbers]
        if lone and len(board.stacks) > 1:
            src = rng.choice(lone)
            pid = board.stacks.pop(src)[0]
            dest = rng.choice(list(board.stacks))
            board.stacks[dest].append(pid)
            board.pos[pid] = dest
            board.refresh()
    expected = neighbour_masks([c for c, s in board.stacks.items() if len(s) > 1])
    assert fastgen._tall(board.stacks, board.pos, board.table.climbers) == expected


@given(crowded())
@settings(max_examples=200, deadline=None, suppress_health_check=_SLOW)
def test_every_bugs_moves_from_every_ground_piece_equal_the_reference(setup: HiveSetup) -> None:
    """Each fast per-bug generator (what a Mosquito copies, the Ladybug's steps with tall
    stacks near or far, the Pillbug's slides and throws) from every lone ground piece of a
    crowded hive, as if that piece were of each bug, equals :mod:`.movegen`'s function."""
    board = load_hive("Base+MLP").state_from_setup(setup).board
    stacks = board.stacks
    tall = fastgen._tall(stacks, board.pos, board.table.climbers)
    cuts = articulation_points_nx(stacks)
    gen = fastgen._Gen(stacks, board.masks, tall, board.chi)
    for cell in [c for c, s in stacks.items() if len(s) == 1]:
        assert gen.pinned(cell) == (cell in cuts)
        assert gen.throws(board, cell) == movegen.throws(board, cell, cuts)
        for bug, reference in movegen._SIMPLE.items():
            assert gen.moves(bug, cell) == reference(stacks, cell), (bug, unpack(cell))
        assert board.masks == neighbour_masks(stacks)

"""Worked examples: each is a move the rules engine plays on the spec's own
board, drawn with the moving piece ringed and its path, and told in plain
words; each shows what its rule says (the seed's sentence quoted)."""

from __future__ import annotations

import importlib

import pytest

from printkit import spec as specs
from printkit.kit import BuildOptions
from printkit.parts.core import Circle, Fill, Line
from printkit.parts.worked import RING_PT
from rulebook_cases import flat, pdf
from test_rulebook_words import offences

WORKED = {
    "phoenix": ["entry", "fight", "chain", "phoenix", "escalation", "chain-step"],
    "mckinney": ["plus-minus", "unit-move", "shield", "defeat"],
    "lam": ["rocks", "stack-moves", "lock"],
    "playground": ["move", "battle", "stalemate", "base"],
}
CASES = [(game, name) for game, names in WORKED.items() for name in names]


def figure(game: str, name: str):
    book = importlib.import_module(f"printkit.games.{game}.book")
    return book.figures(specs.load(game), BuildOptions())[name]


@pytest.mark.parametrize("game, name", CASES)
def test_a_worked_example_shows_the_move_and_says_it_in_plain_words(game, name):
    part = figure(game, name)
    assert not isinstance(part, str), part  # the bundled rules reach every example
    rings = [i for i in part.items if isinstance(i, Circle) and i.stroke_pt == RING_PT]
    assert rings, "the moving piece is ringed"
    heads = [i for i in part.items if isinstance(i, Fill) and len(i.points) == 3]
    paths = [i for i in part.items if isinstance(i, Line) and i.role == "art" and (i.width_pt or 0) >= 1.5]
    assert heads and paths, "the move's path is drawn, ending in an arrowhead"
    caption = part.meta["caption"]
    assert len(caption.split()) >= 20 and not offences(caption, game), caption
    # The rulebook prints it, with its caption.
    words = " ".join(caption.replace("\u00a0", " ").split()[:8])
    assert words in flat(pdf(game, BuildOptions())).replace("\u00a0", " ")


def _grid(view):
    return {tuple(b["at"]): (b["owner"], b["bird"]) for b in view["grid"]}


def test_phoenix_entry_onto_an_opponent():
    """"If the rolled coordinates contain an opponent's Bird, the opponent's
    Bird is eliminated regardless of RPS rules and sent to the Ashes.\""""
    before, after = figure("phoenix", "entry").meta["positions"]
    first, second = before["players"][:2]
    assert _grid(before)[(3, 4)][0] == first and _grid(after)[(3, 4)][0] == second
    assert sum(after["ashes"][first].values()) == sum(before["ashes"][first].values()) + 1


def test_phoenix_rises_onto_an_opponent():
    """"If the Phoenix square is occupied by an opponent's Bird, the opponent's
    Bird is eliminated to the Ashes and the resurrected Bird takes its place.\""""
    before, after = figure("phoenix", "phoenix").meta["positions"]
    square = tuple(before["rolled"])
    me = before["to_move"]
    assert square[0] == square[1]  # doubles
    assert _grid(before)[square][0] != me and _grid(after)[square][0] == me
    assert after["score"][me]["resurrections"] == before["score"][me]["resurrections"] + 1


def test_phoenix_chain_reaction_step():
    """"Chain Reactions: After a Bird eliminates an opponent's Bird and moves to
    its square, it may immediately move one additional square in the same
    direction if possible, potentially creating additional eliminations in a
    single turn.\""""
    before, after = figure("phoenix", "chain-step").meta["positions"]
    me = before["to_move"]
    foe = next(p for p in before["players"] if p != me)
    assert before["escalation"]
    assert _grid(after)[(4, 5)] == (me, _grid(before)[(1, 2)][1])  # one square on from (3, 4)
    assert sum(after["ashes"][foe].values()) == sum(before["ashes"][foe].values()) + 2


def test_phoenix_escalation_is_mutual():
    """"Mutual Elimination: When Birds interact diagonally, both are eliminated
    to the Ashes regardless of the normal RPS hierarchy.\""""
    before, after = figure("phoenix", "escalation").meta["positions"]
    assert (4, 4) not in _grid(after) and (5, 5) not in _grid(after) and (1, 1) not in _grid(after)


def test_mckinney_plus_minus_space_shifts_the_slider():
    """"The Sliders are moved when a Builder moves onto a +/- Space, wherein the
    appropriate Slider will be moved the number of dots on the Space in
    whichever direction the Player chooses.\""""
    spec = specs.load("mckinney")
    before, after = figure("mckinney", "plus-minus").meta["positions"]
    dots = min(s["dots"] for s in spec["board"]["plus_minus_spaces"] if s["slider"] == "A")
    assert after["players"][0]["sliders"]["A"] - before["players"][0]["sliders"]["A"] == dots


def test_mckinney_unit_attacking_a_shield_leaves_the_board():
    """"a Unit that successfully attacks a Shield on top of an enemy Builder is
    removed even as the Shield is folded down.\""""
    before, after = figure("mckinney", "shield").meta["positions"]
    assert after["players"][1]["shields"] == before["players"][1]["shields"] - 1
    units = [sum(1 for c in v["pieces"].values() if c[0] == "0" and c[1] != "B") for v in (before, after)]
    assert units == [1, 0]


def test_mckinney_defeat_clears_the_builders_units():
    """"When a Player's Builder is defeated, every Unit of theirs is also
    immediately removed from the board.\""""
    before, after = figure("mckinney", "defeat").meta["positions"]
    assert sum(1 for c in before["pieces"].values() if c[0] == "1") >= 3
    assert not any(c[0] == "1" for c in after["pieces"].values())


def test_lam_rocks_knock_on_down_the_row():
    """"Whenever a Rock hits another Rock, the first Rock takes the place of the
    second Rock, and the second Rock continues in the same direction, until it
    either moves off of the board (and is eliminated) or crashes into another
    piece (in which case normal capture rules are enacted).\""""
    before, after = figure("lam", "rocks").meta["positions"]
    assert sorted(before["board"].values()).count("0R") == 2 and "1S" in before["board"].values()
    assert "1S" not in after["board"].values()
    assert sorted(after["board"].values()).count("0R") == 2


def test_lam_stack_as_a_clump_or_spreading():
    """"A stack can move either in one clump, or it can spread as it moves,
    dropping the bottommost sheet on top of each space as it moves along." and
    "A spreading stack that drops a sheet of Paper onto a Rock or a Flag will
    capture those pieces.\""""
    start, clump, spread = figure("lam", "stack-moves").meta["positions"]
    assert "0P0P0P" in start["board"].values() and "1R" in start["board"].values()
    assert "0P0P0P" in clump["board"].values() and "1R" in clump["board"].values()  # jumped over
    assert list(spread["board"].values()).count("0P") == 3 and "1R" not in spread["board"].values()


def test_lam_scissors_lock():
    """"If a Scissors moves into an adjacent space with an enemy Scissors, they
    become locked together immediately, ending the turn.\""""
    before, after = figure("lam", "lock").meta["positions"]
    assert not before["locks"] and len(after["locks"]) == 1
    assert after["to_move"] != before["to_move"]


def test_playground_move_is_exactly_the_roll():
    """"The number facing up on the die will determine how many spaces you must
    move in each turn." and "Players cannot move diagonally or to a space
    previously visited during the current turn.\""""
    part = figure("playground", "move")
    before, after = part.meta["positions"]
    moved = {p["at"] for p in before["pieces"]} ^ {p["at"] for p in after["pieces"]}
    assert len(moved) == 2
    assert before["roll"] == 4


def test_playground_battle_and_stalemate():
    """"To attack an opponents piece, you must land on their spot after moving
    the exact required amount of spaces." "If both pieces are the same after
    being revealed, a stalemate occurs." "To end a stalemate, you must move a
    corresponding winning piece to the box where the stalemate occurred.\""""
    before, after = figure("playground", "battle").meta["positions"]
    assert len(after["pieces"]) == len(before["pieces"]) - 1 or any(p["at"] is None for p in after["pieces"])
    start, stalled, rescued = figure("playground", "stalemate").meta["positions"]
    on = [p for p in stalled["pieces"] if p["at"] == "d5"]
    assert len(on) == 2 and on[0]["type"] == on[1]["type"]
    after_rescue = [p for p in rescued["pieces"] if p["at"] == "d5"]
    assert len(after_rescue) == 1 and after_rescue[0]["type"] == "paper"


def test_playground_base_needs_the_exact_roll():
    """"you may only enter the base if you roll the proper number on the die to
    move the correct amount of spaces. No extra amount of moves can exist for
    the piece inside a base.\""""
    before, after = figure("playground", "base").meta["positions"]
    assert before["roll"] == 3 and after["result"]["outcome"] == "win"

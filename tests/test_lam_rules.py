"""Greg Lam's Rock, Paper, Scissors: one scenario per rule sentence of the
2001 rules (quoted), each from an exact position to the exact result.

Hexes: columns a-i from the left, rows 1-10 from Red's edge; odd rows
(1, 3, ...) are the unshifted ones, even rows sit half a hex to the right.
Around e5: f5 (e), e6 (ne), d6 (nw), d5 (w), d4 (sw), e4 (se).
"""

from __future__ import annotations

import pytest

from printkit import rules
from printkit.rules import CHANCE, TERMINAL, IllegalAction

KINDS = ("rock", "paper", "scissors", "flag")
FLAGS = {"a1": "0F", "b1": "0F", "h10": "1F", "i10": "1F"}


def game(variant=None):
    return rules.load("lam", **({"variant": variant} if variant else {}))


def position(g, pieces: dict, to_move: int = 0, locks=(), flags=True):
    """A game in progress with only ``pieces`` (and, with ``flags``, every Flag in a corner)."""
    board = {**(FLAGS if flags else {}), **pieces}
    names = g.colors
    on = {p: dict.fromkeys(KINDS, 0) for p in range(2)}
    for code in board.values():
        for i in range(0, len(code), 2):
            on[int(code[i])][KINDS["RPSF".index(code[i + 1])]] += 1
    captured = {names[p]: {k: g.counts[p][n] - on[p][k] for n, k in enumerate(KINDS)} for p in range(2)}
    return g.state_from_json({"game": "lam", "variant": g.variant, "players": names, "to_move": names[to_move],
                              "turn": 1, "board": board, "locks": [list(x) for x in locks],
                              "captured": captured, "result": None})


def play(state, *moves):
    for move in moves:
        state.apply(state.string_to_action(move))
    return state


def board(state) -> dict:
    """The board without the corner Flags, for short comparisons."""
    return {k: v for k, v in state.to_json()["board"].items() if not (k in FLAGS and v == FLAGS[k])}


def targets(state, cell: str) -> list[str]:
    g = state.game
    c = g.board.parse(cell)
    return sorted(g.board.name(a % g.cells) for a in state.legal_actions() if a < g.spread_base and a // g.cells == c)


def test_the_hand_game_decides_who_moves_first():
    """"The order of play is determined by ... a quick bout of rock, paper, scissors"."""
    s = game().initial_state()
    assert s.current_player == CHANCE
    assert [(s.action_to_string(a), p) for a, p in s.chance_outcomes()] == [("first Red", 0.5), ("first Blue", 0.5)]
    play(s, "first Blue")
    assert s.current_player == 1


def test_the_set_up_places_each_players_pieces_on_their_own_edge():
    """"Each player nine Papers, four Scissors, three Rocks, and two Flags"."""
    pieces = game().initial_state().to_json()["board"]
    row1 = "".join(pieces[f"{c}1"][1] for c in "abcdefghi")
    row10 = "".join(pieces[f"{c}10"][1] for c in "abcdefghi")
    assert row1 == row10 == "SRSFRFSRS"
    assert all(pieces[f"{c}2"] == "0P" and pieces[f"{c}9"] == "1P" for c in "abcdefghi")
    assert len(pieces) == 36


# --- Rocks ---------------------------------------------------------------------------

def test_a_rock_moves_any_distance_along_a_row_without_jumping():
    """"Rocks can move down a row in any direction in a straight line any number of spaces,
    but they cannot jump over another piece of any type." """
    g = game()
    s = position(g, {"e5": "0R", "f7": "1P"})  # e5 -> e6 -> f7 -> f8: north-east
    reach = targets(s, "e5")
    assert {"e6", "f7"} <= set(reach) and "f8" not in reach  # stopped by the Paper on f7
    assert {"a5", "b5", "c5", "d5", "f5", "g5", "h5", "i5"} <= set(reach)


def test_three_rocks_in_a_row_knocked_so_the_last_leaves_the_board():
    """"Whenever a Rock hits another Rock, the first Rock takes the place of the second Rock, and
    the second Rock continues in the same direction, until it either moves off of the board (and is
    eliminated) ... A Rock chain reaction can go through any number of Rocks in the same row." """
    g = game()
    s = position(g, {"b5": "0R", "d5": "1R", "f5": "0R", "h5": "1R"})
    play(s, "Rb5xd5")
    # b5's Rock takes d5; d5's slides to f5's, which slides on to h5's, which leaves the board.
    assert board(s) == {"d5": "0R", "f5": "1R", "h5": "0R"}
    assert s.to_json()["captured"]["Blue"]["rock"] == g.counts[1][0] - 1


def test_a_knocked_rock_landing_on_a_paper_is_captured():
    """"... or crashes into another piece (in which case normal capture rules are enacted)":
    Paper takes Rock."""
    g = game()
    s = position(g, {"b5": "0R", "c5": "1R", "g5": "1P"})
    play(s, "Rb5xc5")
    assert board(s) == {"c5": "0R", "g5": "1P"}


def test_a_knocked_rock_destroys_its_owners_flag():
    """"If a piece is forced to land on a friendly flag (such as a Rock getting knocked backward
    ...), the flag is still captured." Red knocks Blue's Rock into Blue's own Flag."""
    g = game()
    s = position(g, {"g7": "0R", "g8": "1R"})
    # g7 -> g8 -> h9 -> h10 is north-east; the knocked Rock travels on to h10, Blue's Flag.
    play(s, "Rg7xg8")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert s.to_json()["board"]["h10"] == "1R" and s.to_json()["result"] == {"outcome": "win", "winner": "Red"}


# --- Papers --------------------------------------------------------------------------

def test_a_single_paper_moves_one_hex_and_papers_stack_top_sheet_controlling():
    """"A single Paper moves one space in any direction. However, Papers also stack on top of one
    another (friendly or enemy) ... The Paper that is on the top of the stack controls the stack." """
    g = game()
    s = position(g, {"e5": "0P", "f5": "1P"})
    assert targets(s, "e5") == ["d4", "d5", "d6", "e4", "e6", "f5"]
    play(s, "Pe5xf5")
    assert board(s) == {"f5": "1P0P"}
    s = position(g, {"f5": "1P0P", "a5": "1R"}, to_move=1)
    assert targets(s, "f5") == []  # Red's sheet is on top: Blue cannot move the stack
    s = position(g, {"f5": "1P0P", "a5": "1R"}, to_move=0)
    reach = targets(s, "f5")  # a stack of two: up to two hexes in a row
    assert {"g5", "h5", "d5", "e5"} <= set(reach) and "i5" not in reach and "c5" not in reach


def test_a_stack_of_n_moves_up_to_n_as_a_clump_jumping_all_but_scissors():
    """"A stack of two Papers can move up to two spaces in a row ... A stack of Paper can jump over
    any piece but a Scissors, which would destroy it." """
    g = game()
    s = position(g, {"e3": "0P0P0P", "e4": "1R", "d5": "1S"})  # e4 is nw? no: e3 -> e4 is ne
    reach = targets(s, "e3")
    assert {"e4", "d5"} <= set(reach)  # onto the Rock (takes it) or onto the Scissors (destroyed)
    assert "d6" not in reach  # never past the Scissors
    assert "e5" in reach or "f5" in reach


def test_a_clump_onto_a_scissors_is_destroyed_every_sheet():
    """"A Scissors captures every Paper in any stack it encounters." """
    g = game()
    s = position(g, {"e3": "1P0P0P", "f3": "1S"})
    play(s, "Pe3xf3")
    assert board(s) == {"f3": "1S"}
    captured = s.to_json()["captured"]
    assert captured["Red"]["paper"] == captured["Blue"]["paper"] == 9  # every sheet, of both colours


def test_a_stack_of_three_spreads_and_a_sheet_falls_off_the_board():
    """"If it spreads, it must move the full number of sheets in the stack, even if some sheets
    fall off of the board and are eliminated from the game." """
    g = game()
    s = position(g, {"h5": "1P0P0P"})  # Red's sheet on top; bottom sheet Blue's
    play(s, "Ph5>e")
    # Bottom sheet (Blue's) on i5, the next falls off, the top sheet falls off too.
    assert board(s) == {"i5": "1P"}
    captured = s.to_json()["captured"]
    assert captured["Red"]["paper"] == g.counts[0][1] - 0  # both of Red's sheets are out


def test_a_spread_captures_a_rock_and_a_flag():
    """"A spreading stack that drops a sheet of Paper onto a Rock or a Flag will capture those pieces." """
    g = game()
    # e7 -> e8 -> f9 -> f10 is north-east.
    s = position(g, {"e7": "0P0P0P", "e8": "1R", "f9": "1F", "a1": "0F", "b1": "0F", "i10": "1F"}, flags=False)
    play(s, "Pe7>ne")
    assert board(s)["e8"] == "0P" and board(s)["f9"] == "0P" and board(s)["f10"] == "0P"
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_a_spreading_stack_that_meets_a_scissors_loses_every_sheet_left():
    g = game()
    s = position(g, {"e3": "0P0P0P", "f3": "0R", "g3": "1S"})
    play(s, "Pe3>e")
    # The first sheet takes the Rock on f3 (a friendly capture); the Scissors on g3 takes the other two.
    assert board(s) == {"f3": "0P", "g3": "1S"}


# --- Scissors --------------------------------------------------------------------------

def test_scissors_reach_three_straight_or_two_with_one_turn():
    """"Scissors can move up to three spaces if it moves in a straight line, or up to two spaces if
    it changes direction. Scissors cannot jump over any other pieces." """
    g = game()
    s = position(g, {"e5": "0S"})
    reach = set(targets(s, "e5"))
    straight = {g.board.name(c) for d in range(6) for c in list(g.board.line(g.board.parse("e5"), d))[:3]}
    ring2 = {g.board.name(c) for c in range(g.cells)
             if c != g.board.parse("e5") and _distance(g, "e5", g.board.name(c)) <= 2}
    assert reach == straight | ring2
    assert len(reach) == 18 + 6  # every hex within 2, and the six 3 straight away
    blocked = position(g, {"e5": "0S", "f5": "1R"})
    assert "g5" not in targets(blocked, "e5") and "h5" not in targets(blocked, "e5")


def _distance(g, a: str, b: str) -> int:
    from printkit.games.lam.hexes import offset_to_axial

    qa, ra = offset_to_axial(*g.board.place(g.board.parse(a)))
    qb, rb = offset_to_axial(*g.board.place(g.board.parse(b)))
    return (abs(qa - qb) + abs(ra - rb) + abs((qa + ra) - (qb + rb))) // 2


def test_a_scissors_locks_next_to_an_enemy_scissors_and_its_move_ends():
    """"If a Scissors moves into an adjacent space with an enemy Scissors, they become locked
    together immediately, ending the turn." """
    g = game()
    s = position(g, {"e3": "0S", "g5": "1S"})
    # e3 -> e4 -> f5 would pass f5, next to g5: the move ends there, so e3 cannot reach beyond it that way.
    play(s, "Se3-e4")
    assert s.to_json()["locks"] == []
    s = position(g, {"e3": "0S", "g5": "1S"})
    play(s, "Se3-f4")  # f4 touches g5
    assert s.to_json()["locks"] == [["f4", "g5"]]


def test_a_locked_scissors_moves_only_in_contact_and_cannot_break_it():
    """"If a Scissors is locked, it may still move but must remain in contact with the enemy
    Scissors it is locked together with." """
    g = game()
    s = position(g, {"e5": "0S", "f5": "1S"}, locks=[("e5", "f5")])
    reach = targets(s, "e5")
    assert reach and all(g.board.parse(c) in g.board.neighbours[g.board.parse("f5")] for c in reach)
    assert "d5" not in reach and "c5" not in reach  # away from f5: breaks contact
    play(s, "Se5-e6")  # e6 also touches f5
    assert s.to_json()["locks"] == [["e6", "f5"]]


def test_friendly_scissors_never_lock():
    """"Friendly Scissors do not lock together with one another." """
    g = game()
    s = position(g, {"e3": "0S", "g5": "0S"})
    play(s, "Se3-f4")
    assert s.to_json()["locks"] == []


def test_a_paper_meeting_a_locked_scissors_is_destroyed():
    """"However, any Paper that encounters any locked Scissors is still destroyed." """
    g = game()
    s = position(g, {"e5": "0S", "f5": "1S", "e4": "1P"}, to_move=1, locks=[("e5", "f5")])
    play(s, "Pe4xe5")
    assert board(s) == {"e5": "0S", "f5": "1S"} and s.to_json()["locks"] == [["e5", "f5"]]


def test_a_lock_ends_when_a_scissors_is_captured():
    g = game()
    s = position(g, {"e5": "0S", "f5": "1S", "b5": "1R"}, to_move=1, locks=[("e5", "f5")])
    play(s, "Rb5xe5")
    assert board(s) == {"e5": "1R", "f5": "1S"} and s.to_json()["locks"] == []


# --- captures and the end ------------------------------------------------------------

def test_a_friendly_capture():
    """"Unlike Chess, pieces can legally capture friendly pieces." """
    g = game()
    s = position(g, {"e5": "0R", "g5": "0S"})
    play(s, "Re5xg5")
    assert board(s) == {"g5": "0R"}
    assert s.to_json()["captured"]["Red"]["scissors"] == g.counts[0][2]


def test_the_mover_can_be_the_one_captured():
    """"The piece that moves onto another piece can actually be the one captured." """
    g = game()
    s = position(g, {"e5": "0R", "g5": "1P"})
    play(s, "Re5xg5")
    assert board(s) == {"g5": "1P"}


def test_any_piece_onto_a_flag_destroys_it_and_the_standard_game_ends():
    """"Any token, friendly or otherwise, will destroy a flag if it moves onto the same space as a
    flag." and "In the standard game, the capture of one flag ends the game." """
    g = game()
    s = position(g, {"a2": "0P"})
    play(s, "Pa2xa1")  # Red's own Flag
    assert s.is_terminal() and s.returns() == [-1.0, 1.0] and s.current_player == TERMINAL


def test_the_two_flag_version_needs_both():
    """"For a longer, more intricate game, play with the goal of capturing both enemy flags." """
    g = game("two-flag")
    s = position(g, {"h9": "0P", "e5": "1R"})
    play(s, "Ph9xh10")
    assert not s.is_terminal() and s.to_json()["captured"]["Blue"]["flag"] == 1
    play(s, "Re5-e6", "Ph10xi10")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_a_player_with_no_legal_move_loses():
    g = game()
    s = position(g, {"e5": "0R", "e8": "1P"}, to_move=0)
    play(s, "Re5-f5")
    # Blue to move: its only piece besides its Flags is a Paper; it can move, so play goes on.
    assert s.current_player == 1
    s = position(g, {"e5": "0R", "g5": "1P"})
    play(s, "Re5xg5")  # Blue's Paper takes the Rock: Red has only Flags left
    assert s.current_player == 1
    play(s, "Pg5-g6")
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]


def test_an_illegal_move_is_refused():
    g = game()
    s = position(g, {"e5": "0S", "f5": "0S"})
    with pytest.raises(IllegalAction):
        s.string_to_action("Se5xf5")  # never onto a Scissors
    with pytest.raises(IllegalAction, match="not Lam notation"):
        s.string_to_action("e5 to f5")


# --- invariants along random games ------------------------------------------------------

@pytest.mark.parametrize("variant", [None, "two-flag"])
def test_flags_never_move_stacks_keep_order_and_locks_join_touching_enemy_scissors(variant):
    import random

    g = game(variant)
    for seed in range(20):
        rng = random.Random(seed)
        s = g.initial_state()
        flags = {k for k, v in s.to_json()["board"].items() if v.endswith("F")}
        while not s.is_terminal():
            s.apply(rng.choice(s.next_actions()))
            after = s.to_json()
            now_flags = {k for k, v in after["board"].items() if "F" in v}
            assert now_flags <= flags  # a Flag is only ever destroyed, never moved
            for cell, code in after["board"].items():
                assert len(code) == 2 or set(code[1::2]) == {"P"}  # only Papers stack
            for a, c in after["locks"]:
                pa, pc = after["board"][a], after["board"][c]
                assert pa[-1] == pc[-1] == "S" and pa[-2] != pc[-2]
                assert g.board.parse(c) in g.board.neighbours[g.board.parse(a)]
            # Pieces are conserved: on the board plus captured = the set-up, per player and type.
            for p, name in enumerate(g.colors):
                for k, kind in enumerate(KINDS):
                    on = sum(code[i:i + 2] == f"{p}{'RPSF'[k]}" for code in after["board"].values()
                             for i in range(0, len(code), 2))
                    assert on + after["captured"][name][kind] == g.counts[p][k]


def test_a_clump_keeps_its_order_and_lands_on_top_of_papers():
    g = game()
    s = position(g, {"e3": "1P1P0P", "g3": "1P"})
    play(s, "Pe3xg3")
    assert board(s) == {"g3": "1P1P1P0P"}  # the clump on top, bottom to top as it was

"""Rock Paper Scissors Tiles: shapes, scoring, turn order, hidden first tiles, positions."""

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit import rules, spec
from printkit.errors import PrintkitError, SpecError
from printkit.games.tiles import rules as tiles
from printkit.games.tiles.shapes import BLACK, CODES, STEPS, WHITE, images, normalise, swapped

ROCK, PAPER, SCISSORS = 0, 1, 2


@pytest.fixture(scope="module")
def game():
    return rules.load("tiles")


def game_with(**changes):
    data = copy.deepcopy(spec.load("tiles").data)
    data.update(changes)
    return tiles.Game(data)


def table_of(cells, dx=0, dy=0):
    return {(x + dx, y + dy): o for x, y, o in cells}


def play(game, moves):
    """Play moves given as [x, y, corner] from the start; the state after them."""
    state = game.initial_state()
    for x, y, corner in moves:
        state.apply(tiles.encode(x, y, CODES.index(corner)))
    return state


# --- the shapes as the spec gives them --------------------------------------

def test_counted_images_per_shape(game):
    book = game.book
    assert [len(i) for i in book.images[BLACK]] == [1, 4, 4]  # rock, paper, scissors
    assert [len(i) for i in book.images[WHITE]] == [1, 4, 4]
    flat = game_with(mirrors=False).book
    # Paper's mirror image is not one of its rotations; Scissors' is.
    assert [len(i) for i in flat.images[BLACK]] == [1, 2, 4]


def test_shape_patterns_drawn_by_hand(game):
    ll, lr, ul, ur = range(4)
    book = game.book
    # The Rock diamond: black halves all point to the centre.
    assert book.images[BLACK][ROCK] == ((( 0, 0, ur), (0, 1, lr), (1, 0, ul), (1, 1, ll)),)
    # The White Rock is the same diamond in the white halves.
    assert book.images[WHITE][ROCK] == (((0, 0, ll), (0, 1, ul), (1, 0, lr), (1, 1, ur)),)
    # Paper turned a quarter counter-clockwise: a band rising to the upper left.
    assert ((0, 1, ur), (0, 2, ll), (1, 0, ur), (1, 1, ll)) in book.images[BLACK][PAPER]
    # Paper mirrored: a band leaning the other way.
    assert ((0, 1, ur), (1, 0, ur), (1, 1, ll), (2, 0, ll)) in book.images[BLACK][PAPER]
    # Scissors turned half round: a chevron ">" pointing right.
    assert ((0, 0, lr), (0, 1, ur), (1, 0, ul), (1, 1, ll)) in book.images[BLACK][SCISSORS]


@pytest.mark.parametrize("colour", [BLACK, WHITE])
@pytest.mark.parametrize("shape", [ROCK, PAPER, SCISSORS])
def test_each_shape_in_each_counted_image_is_one_occurrence(game, colour, shape):
    book = game.book
    for image in book.images[colour][shape]:
        table = table_of(image, dx=5, dy=-3)
        expected = [[0, 0, 0], [0, 0, 0]]
        expected[colour][shape] = 1
        assert book.count(table) == expected, image
        # Laid one tile at a time, in any order, the last tile finds it once.
        for order in (image, image[::-1]):
            counts = [[0, 0, 0], [0, 0, 0]]
            laid = {}
            for x, y, o in order:
                laid[(x, y)] = o
                for c, i in book.through(laid, x, y, o):
                    counts[c][i] += 1
            assert counts == expected


def test_mirror_images_do_not_count_when_mirrors_are_off():
    book = game_with(mirrors=False).book
    mirrored_paper = normalise([(-x, y, o ^ 1) for x, y, o in book.shapes[PAPER].cells])
    assert book.count(table_of(mirrored_paper)) == [[0, 0, 0], [0, 0, 0]]
    with_mirrors = game_with(mirrors=True).book
    assert with_mirrors.count(table_of(mirrored_paper)) == [[0, 1, 0], [0, 0, 0]]


def test_two_shapes_sharing_tiles_both_count(game):
    # A White Scissors and a White Paper sharing two tiles (the text's example).
    table = {(0, 0): CODES.index("ul"), (1, 0): CODES.index("lr"), (1, 1): CODES.index("ul"),
             (2, 1): CODES.index("lr"), (1, 2): CODES.index("ll"), (2, 2): CODES.index("ur")}
    found = game.book.occurrences(table)
    assert {(c, i) for c, i, _ in found} == {(WHITE, PAPER), (WHITE, SCISSORS)}
    paper, scissors = sorted(found, key=lambda f: f[1])
    assert len({(x, y) for x, y, _ in paper[2]} & {(x, y) for x, y, _ in scissors[2]}) == 2


def test_a_table_without_shapes_scores_nothing(game):
    table = {(x, y): CODES.index("lr") for x in range(5) for y in range(5)}
    assert game.book.count(table) == [[0, 0, 0], [0, 0, 0]]
    state = play(game, [[0, 0, "lr"], [1, 0, "lr"], [0, 1, "lr"], [1, 1, "lr"],
                        [2, 0, "lr"], [2, 1, "lr"]])
    assert state.scores() == (0, 0) and not state.is_terminal()


# --- scoring and the end of the game -----------------------------------------

# A Black Rock at x 0-1, a White Scissors at x 3-4 and a White Paper at x 6-8,
# joined by tiles that form nothing. The last turn completes the Rock (which
# beats the Scissors) and the Paper (which beats the Rock) at once.
SIMULTANEOUS = [[0, 0, "ur"], [1, 0, "ul"], [0, 1, "lr"], [2, 0, "ll"], [2, 1, "ll"],
                [3, 0, "ll"], [3, 1, "ul"], [4, 0, "ur"], [4, 1, "lr"], [5, 0, "ll"],
                [5, 1, "ll"], [6, 0, "ul"], [6, 1, "ll"], [7, 0, "lr"], [7, 1, "ul"],
                [8, 0, "ll"], [1, 1, "ll"], [8, 1, "lr"]]


def test_both_players_completing_a_beating_pair_at_once_does_not_end_the_game(game):
    before = play(game, SIMULTANEOUS[:-2])
    assert before.scores() == (0, 0)
    state = play(game, SIMULTANEOUS)
    shapes = state.to_json()["shapes"]
    assert shapes == {"black": {"rock": 1, "paper": 0, "scissors": 0},
                      "white": {"rock": 0, "paper": 1, "scissors": 1}}
    assert state.scores() == (1, 1)
    assert not state.is_terminal()
    assert state.turn == 10 and state.to_json()["to_move"] == "black"


def test_a_higher_score_after_a_turn_wins_at_once(game):
    moves = SIMULTANEOUS[:-1] + [[8, 1, "ll"]]  # the Paper is not completed
    state = play(game, moves)
    assert state.scores() == (1, 0)
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.legal_actions() == []
    assert state.to_json()["result"] == "black"


def test_no_score_is_checked_between_the_two_tiles_of_a_turn():
    # With first-turn hiding, the Rock is laid face up by the turn's first
    # tile, but the game is decided only when the turn's second tile is down.
    game = game_with(hidden_orientation="first-turn")
    state = play(game, SIMULTANEOUS[:-1])
    assert state.scores() == (1, 0) and not state.is_terminal()
    state.apply(tiles.encode(8, 1, CODES.index("lr")))
    assert state.scores() == (1, 1) and not state.is_terminal()


def test_equal_scores_when_the_tiles_run_out_is_a_draw():
    game = game_with(tiles={"count": 4, "size_mm": 40})
    state = play(game, [[0, 0, "lr"], [1, 0, "lr"], [0, 1, "lr"], [1, 1, "lr"]])
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.to_json()["result"] == "draw"
    assert game.max_game_length == 4


# --- turns and placement -----------------------------------------------------

def test_turn_order_black_first_on_even_turns(game):
    state = game.initial_state()
    seen = []
    rng = random.Random(3)
    while len(seen) < 10 and not state.is_terminal():
        seen.append((state.turn, state.current_player))
        state.apply(rng.choice(state.legal_actions()))
    assert seen == [(1, BLACK), (1, WHITE), (2, BLACK), (2, WHITE), (3, WHITE), (3, BLACK),
                    (4, BLACK), (4, WHITE), (5, WHITE), (5, BLACK)]


def test_first_turn_places_side_by_side_and_chooses_only_the_corner(game):
    state = game.initial_state()
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "0,0 ll", "0,0 lr", "0,0 ul", "0,0 ur"]
    state.apply(state.string_to_action("0,0 ur"))
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "1,0 ll", "1,0 lr", "1,0 ul", "1,0 ur"]


def test_later_tiles_touch_an_edge_of_a_tile_on_the_table(game):
    state = play(game, [[0, 0, "ur"], [1, 0, "ll"]])
    cells = {tuple(map(int, state.action_to_string(a).split()[0].split(",")))
             for a in state.legal_actions()}
    assert cells == {(-1, 0), (2, 0), (0, 1), (1, 1), (0, -1), (1, -1)}
    assert state.string_to_action("1,1 lr") in state.legal_actions()
    with pytest.raises(rules.IllegalAction, match="does not touch"):
        state.string_to_action("3,0 lr")


def test_second_tile_of_a_turn_touches_a_tile_already_down_not_the_hidden_one():
    hidden_game = game_with(hidden_orientation="every-turn")
    state = play(hidden_game, [[0, 0, "ur"], [1, 0, "ll"], [2, 0, "ul"]])
    assert "3,0 ll" not in [state.action_to_string(a) for a in state.legal_actions()]
    assert not any(state.action_to_string(a).startswith("2,0 ") for a in state.legal_actions())
    # With first-turn hiding the first tile is face up at once and counts.
    open_game = game_with(hidden_orientation="first-turn")
    state = play(open_game, [[0, 0, "ur"], [1, 0, "ll"], [2, 0, "ul"]])
    assert "3,0 ll" in [state.action_to_string(a) for a in state.legal_actions()]


# --- hidden information ------------------------------------------------------

def test_first_turn_choice_is_hidden_from_the_other_player(game):
    views = []
    for corner in CODES:
        state = play(game, [[0, 0, corner]])
        views.append(state.observation(WHITE))
        assert state.observation(BLACK)["tiles"] == [[0, 0, corner]]
    assert all(v == views[0] for v in views)
    assert views[0]["tiles"] == [[0, 0, None]]
    # Once both have chosen, both see both tiles.
    state = play(game, [[0, 0, "ul"], [1, 0, "lr"]])
    assert state.observation(WHITE) == state.observation(BLACK) == state.to_json()


def test_every_turn_hiding_and_first_turn_only():
    base = [[0, 0, "ul"], [1, 0, "lr"]]
    hidden_game = game_with(hidden_orientation="every-turn")
    views = {play(hidden_game, base + [[2, 0, c]]).observation(WHITE)["tiles"][-1][2] for c in CODES}
    assert views == {None}
    open_game = game_with(hidden_orientation="first-turn")
    views = {play(open_game, base + [[2, 0, c]]).observation(WHITE)["tiles"][-1][2] for c in CODES}
    assert views == set(CODES)


def test_the_bundled_kit_hides_the_tiles_of_every_turn(game):
    """The 2010 procedure: "1. Simultaneously, each player takes a tile from
    the supply. 2. Hiding the front side from the opponent, each player
    positions their tile upright ... 3. Simultaneously ... the players tip
    their tiles ... 4. Repeat." and "Step 2 is only simultaneous on the first
    turn": only the choice of place becomes sequential, so the second player
    of turn 2 sees where the first tile stands, not which way it lies."""
    assert spec.load("tiles").data["hidden_orientation"] == "every-turn"
    base = [[0, 0, "ul"], [1, 0, "lr"]]
    for corner in CODES:
        state = play(game, base + [[0, 1, corner]])
        assert state.observation(WHITE)["tiles"][-1] == [0, 1, None]
        assert state.observation(BLACK)["tiles"][-1] == [0, 1, corner]


# --- notation and positions --------------------------------------------------

def test_notation_round_trips_and_accepts_long_corner_names(game):
    state = play(game, [[0, 0, "ul"], [1, 0, "lr"]])
    for action in state.legal_actions():
        assert state.string_to_action(state.action_to_string(action)) == action
    assert state.string_to_action(" -1 , 0  upper-left ") == tiles.encode(-1, 0, CODES.index("ul"))
    for bad in ("", "1,0", "0 0 ul", "2,0 up", "2,0,ul"):
        with pytest.raises(rules.IllegalAction):
            state.string_to_action(bad)
    with pytest.raises(rules.IllegalAction, match="already holds"):
        state.string_to_action("1,0 ll")


def test_json_round_trip_along_random_games(game):
    rng = random.Random(7)
    for _ in range(5):
        state = game.initial_state()
        while not state.is_terminal():
            copy_ = game.state_from_json(state.to_json())
            assert copy_ == state and copy_.to_json() == state.to_json()
            assert copy_.legal_actions() == state.legal_actions()
            assert state.clone() == state
            state.apply(rng.choice(state.legal_actions()))
        assert game.state_from_json(state.to_json()).returns() == state.returns()


@pytest.mark.parametrize("obj, words", [
    ([], "JSON object"),
    ({"tiles": "0,0 ul"}, "list"),
    ({"tiles": [[0, 0]]}, "tile 1"),
    ({"tiles": [[0, 0, "ul"], [1, 0, "up"]]}, "not a corner"),
    ({"tiles": [[0, 0, "ul"], [2, 0, "ul"]]}, "tile 2 at 2,0"),
    ({"tiles": [[0, 0, "ul"], [1, 0, "lr"], [5, 5, "ll"]]}, "does not touch"),
    ({"tiles": [[0, 0, None]]}, "hidden"),
    ({"tiles": [[0, 0, "ul"], [1, 0, "lr"]], "score": {"black": 1, "white": 0}}, "'score' is .* but the tiles give"),
    ({"tiles": [], "colour": "black"}, "unknown key"),
])
def test_malformed_positions_are_refused_with_a_reason(game, obj, words):
    with pytest.raises(rules.IllegalAction, match=words):
        game.state_from_json(obj)


def test_moves_after_the_end_are_refused(game):
    state = play(game, SIMULTANEOUS[:-1] + [[8, 1, "ll"]])
    with pytest.raises(rules.IllegalAction):
        state.apply(tiles.encode(9, 1, 0))
    with pytest.raises(rules.IllegalAction):
        game.state_from_json({"tiles": SIMULTANEOUS[:-1] + [[8, 1, "ll"], [9, 1, "ll"]]})


def test_game_options():
    spec_ = spec.load("tiles")
    assert tiles.Game(spec_, players=2).num_players == 2
    with pytest.raises(PrintkitError):
        tiles.Game(spec_, players=3)
    with pytest.raises(PrintkitError):
        tiles.Game(spec_, variant="elements")


# --- incremental detection agrees with a full search -------------------------

@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 3)), min_size=1, max_size=60),
       st.booleans())
def test_incremental_counts_equal_a_full_recount(steps, mirrors):
    book = (MIRRORED if mirrors else FLAT).book
    table = {(0, 0): steps[0][1]}
    counts = [[0, 0, 0], [0, 0, 0]]
    for c, i in book.through(table, 0, 0, steps[0][1]):
        counts[c][i] += 1
    for pick, o in steps[1:]:
        frontier = sorted({(x + dx, y + dy) for x, y in table for dx, dy in STEPS} - set(table))
        x, y = frontier[pick % len(frontier)]
        table[(x, y)] = o
        for c, i in book.through(table, x, y, o):
            counts[c][i] += 1
        assert counts == book.count(table)


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_game_counts_equal_a_full_recount_along_random_games(rng):
    state = MIRRORED.initial_state()
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        assert state.counts == MIRRORED.book.count(state.table)
    assert len(state.played) <= MIRRORED.max_game_length


MIRRORED = game_with(mirrors=True)
FLAT = game_with(mirrors=False)


def test_full_search_on_a_packed_table(game):
    # A 3 x 3 block of Black Rocks.
    rock = game.book.images[BLACK][ROCK][0]
    table = {}
    for bx in range(0, 6, 2):
        for by in range(0, 6, 2):
            table.update(table_of(rock, bx, by))
    counts = game.book.count(table)
    # Where four diamonds meet, their white halves form a White Rock.
    assert counts == [[9, 0, 0], [4, 0, 0]]
    assert game.book.score(counts) == (0, 0)  # Rock against Rock scores nothing


# --- spec checks -------------------------------------------------------------

def bundled():
    return (spec.SPECS_DIR / "tiles.yaml").read_text(encoding="utf-8")


def load_text(tmp_path, text):
    path = tmp_path / "custom.yaml"
    path.write_text(text, encoding="utf-8")
    return spec.load(str(path))


def problems_of(tmp_path, text):
    with pytest.raises(SpecError) as info:
        load_text(tmp_path, text)
    return info.value.problems


def line_of(text, needle, start=0):
    return next(i + 1 for i, l in enumerate(text.splitlines()) if needle in l and i + 1 > start)


def test_bundled_spec_loads_without_warnings():
    assert spec.load("tiles").warnings == []


def test_odd_tile_count(tmp_path):
    text = bundled().replace("count: 48", "count: 47")
    (p,) = problems_of(tmp_path, text)
    assert "odd" in p.message and p.line == line_of(text, "count: 47")


def test_disconnected_shape(tmp_path):
    text = bundled().replace("- {at: [2, 1], black: upper-left}", "- {at: [3, 1], black: upper-left}")
    (p,) = problems_of(tmp_path, text)
    assert "paper" in p.message and "connected" in p.message


def test_duplicate_cell_and_fractional_cell(tmp_path):
    text = bundled().replace("- {at: [1, 0], black: upper-left}\n      - {at: [1, 1], black: lower-right}",
                             "- {at: [1, 0], black: upper-left}\n      - {at: [1, 0], black: lower-right}")
    (p,) = problems_of(tmp_path, text)
    assert "two tiles at 1,0" in p.message
    text = bundled().replace("- {at: [0, 1], black: lower-right}\n      - {at: [1, 1], black: upper-left}",
                             "- {at: [0, 1.5], black: lower-right}\n      - {at: [1, 1], black: upper-left}")
    (p,) = problems_of(tmp_path, text)
    assert "scissors" in p.message and "whole tile" in p.message
    assert p.line == line_of(text, "0, 1.5")


def test_two_shapes_with_one_name(tmp_path):
    text = bundled().replace("    name: Rock\n", "    name: paper\n")
    (p,) = problems_of(tmp_path, text)
    assert "shapes/paper has the name 'Paper' of shapes/rock" in p.message
    assert p.line == line_of(text, "name: Paper")


def test_halves_of_one_colour(tmp_path):
    text = bundled().replace('white: "#FFFFFF"', 'white: "#000000"')
    (p,) = problems_of(tmp_path, text)
    assert "both halves of a tile are #000000" in p.message and p.line == line_of(text, 'white: "#000000"')


def test_a_shape_key_that_is_not_a_key(tmp_path):
    text = bundled().replace("  rock:                     # a diamond", "  Rock:                     # a diamond")
    text = text.replace("beats: {rock: scissors, scissors: paper, paper: rock}",
                        "beats: {Rock: scissors, scissors: paper, paper: Rock}")
    problems = problems_of(tmp_path, text)
    assert any("'Rock' is not a shape key: a lower-case letter" in p.message for p in problems), problems


@pytest.mark.parametrize("beats, words", [
    ("{rock: scissors, scissors: rock, paper: rock}", "paper and scissors both beat rock, so paper is beaten by none"),
    ("{rock: rock, scissors: paper, paper: scissors}", "beats/rock: a shape cannot beat itself"),
    ("{rock: paper, scissors: paper, paper: rock}", "cycle"),
    ("{rock: scissors, scissors: paper, stone: rock}", "not a shape"),
    ("{rock: scissors, scissors: paper, paper: lizard}", "'lizard' is not a shape"),
])
def test_beats_must_be_a_three_cycle(tmp_path, beats, words):
    text = bundled().replace("{rock: scissors, scissors: paper, paper: rock}", beats)
    problems = problems_of(tmp_path, text)
    assert any(words in p.message for p in problems)
    assert all(p.line == line_of(text, "beats: {") for p in problems)


def test_two_shapes_that_are_one(tmp_path):
    # Scissors redrawn as Paper turned a quarter: the same shape twice.
    text = bundled().replace(
        """      - {at: [0, 1], black: lower-right}
      - {at: [1, 1], black: upper-left}
      - {at: [0, 0], black: upper-right}
      - {at: [1, 0], black: lower-left}""",
        """      - {at: [0, 1], black: upper-right}
      - {at: [0, 2], black: lower-left}
      - {at: [1, 0], black: upper-right}
      - {at: [1, 1], black: lower-left}""")
    assert text != bundled()
    problems = problems_of(tmp_path, text)
    assert any("same shape as paper" in p.message for p in problems)


def test_players_must_be_two(tmp_path):
    problems = problems_of(tmp_path, bundled().replace("players: {min: 2, max: 2}",
                                                       "players: {min: 2, max: 4}"))
    assert problems and problems[0].line == line_of(bundled(), "players:")


def test_images_of_any_image_are_the_same_set():
    cells = ((0, 0, 1), (1, 0, 2), (1, 1, 0))
    assert swapped(swapped(cells)) == cells
    for image in images(cells, True):
        assert set(images(image, True)) == set(images(cells, True))


# --- messages for bad moves, positions and specs -----------------------------

@pytest.mark.parametrize("text, words", [
    (5, "a move is text"),
    (None, "is not a move"),
    ("99999,0 ul", "too far from the first tiles"),
    ("0,0 upperleft", "upper-left"),  # the help lists the written-out names too
    ("0,0 up", "'up' is not a corner"),
    ("1,0 ul", "Black's is at 0,0"),
])
def test_bad_moves_say_why(game, text, words):
    state = game.initial_state()
    with pytest.raises(rules.IllegalAction, match=words):
        state.string_to_action(text)


@pytest.mark.parametrize("obj, words", [
    ({"tiles": [[0, 0, "ul"], [1, 0, "up"]]}, "tile 2 at 1,0: 'up' is not a corner"),
    ({"tiles": [[0, 0, 5]]}, "tile 1 at 0,0: 5 is not a corner"),
    ({"tiles": [[0.5, 0, "ul"]]}, r"tile 1: expected \[x, y, corner\].*got \[0.5, 0, \"ul\"\]"),
    ({"tiles": [[True, 0, "ul"]]}, r"got \[true, 0"),
    ({"tiles": [], "game": "phoenix"}, "a position of \"phoenix\", not of tiles"),
    ({"tiles": [[0, 0, "ul"]], "turn": 2}, "'turn' is 2 but the tiles give 1"),
])
def test_malformed_positions_name_the_tile_and_the_problem(game, obj, words):
    with pytest.raises(rules.IllegalAction, match=words):
        game.state_from_json(obj)


def test_cli_moves_with_a_bad_position_says_why_and_exits_2(tmp_path):
    import subprocess
    import sys
    for text, words in [('{"tiles": [[0, 0, "ul"], [1, 0, "xx"]]}', "tile 2 at 1,0: 'xx' is not a corner"),
                        ('{"tiles": [[0, 0, "ul"], [1, 0, "ll"], [4, 4, "ll"]]}', "tile 3 at 4,4"),
                        ('{"tiles": ', "malformed position JSON")]:
        path = tmp_path / "bad.json"
        path.write_text(text)
        run = subprocess.run([sys.executable, "-m", "printkit.cli", "moves", "tiles", "--position", str(path)],
                             capture_output=True, text=True, cwd=tmp_path)
        assert run.returncode == 2 and words in run.stderr and "Traceback" not in run.stderr, run.stderr


def test_a_fractional_tile_is_pointed_at_its_number(tmp_path):
    text = bundled().replace("- {at: [2, 1], black: upper-left}", "- {at: [2, 0.5], black: upper-left}")
    (p,) = problems_of(tmp_path, text)
    line = line_of(text, "0.5]")
    assert (p.line, p.column) == (line, text.splitlines()[line - 1].index("0.5") + 1)


@pytest.mark.parametrize("name", ["tiles", str(spec.SPECS_DIR / "examples" / "tiles-variant.yaml")])
def test_the_appendix_hidden_tile_example_is_an_observation_the_engine_gives(name):
    import json
    import re

    from printkit import kit
    from printkit.rulebook.templating import render

    loaded = spec.load(name)
    text = render(loaded, kit.BuildOptions(), name="tiles-notation.md.j2")
    (example,) = re.findall(r"`(\[-?\d+, -?\d+, null\])`", text)
    x, y, _ = json.loads(example)
    game = rules.load(name)
    # The shortest game that hides a tile at that place from White.
    state = play(game, [[0, 0, "ur"]] if (x, y) == (0, 0) else [[0, 0, "ur"], [1, 0, "ll"], [x, y, "ul"]])
    assert state.observation(WHITE)["tiles"][-1] == [x, y, None]


def test_a_shape_larger_than_the_supply_is_a_warning(tmp_path):
    text = bundled().replace("count: 48", "count: 2")
    loaded = load_text(tmp_path, text)
    messages = [p.message for p in loaded.warnings]
    assert len(messages) == 3 and all("can never be formed" in m for m in messages)

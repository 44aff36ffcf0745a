"""Each game's table stage (``printkit.table``): its assembled board, pieces and touches.

Over seeded random playouts of every game: cell names unique and every cell
centre inside its outline and the board; every piece on a cell or zone of the
board; the pieces a position holds all shown (per game); a seat's pieces the
same whatever is hidden from it; every legal move's touches on the board,
the first naming the piece that moves, among them positions with the
choices random play seldom meets. Then exact positions after a known
opening (quoting the rule), and the assembled board measured against the
printed sections, quadrants or board.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from shapely.geometry import Point, Polygon

from printkit import rules, spec, table
from printkit.options import BuildOptions
from printkit.playout import choose

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = 12  # positions per playout whose every legal move is checked
PLAYOUT_SEEDS = (3, 5)


@cache
def setting(game_id: str, options: tuple = ()):
    """(spec, game, table stage, board) of a game (a bundled id or a spec under specs/), made once."""
    name = str(ROOT / game_id) if game_id.endswith(".yaml") else game_id
    sp = spec.load(name)
    stage = table.stage(sp.game)
    game = rules.load(name, **dict(options))
    return sp, game, stage, stage.board(sp, BuildOptions(colors=game.num_players))


@cache
def positions(game_id: str, options: tuple = ()) -> tuple:
    """States along seeded random playouts: every position, as states."""
    _, game, _, _ = setting(game_id, options)
    out = []
    for seed in PLAYOUT_SEEDS:
        state, rng = game.initial_state(), random.Random(seed)
        while True:
            out.append(state.clone())
            if state.is_terminal():
                break
            state.apply(choose(state, rng))
    return tuple(out)


def sampled(game_id: str, options: tuple = (), count: int = SAMPLES) -> list:
    every = positions(game_id, options)
    return list(every[:: max(1, len(every) // count)])


def places(board) -> set:
    return {c.name for c in board.cells} | {z.name for z in board.zones}


CONFIGS = [("playground", ()), ("mckinney", (("players", 2),)), ("mckinney", (("players", 4),)),
           ("lam", ()), ("lam", (("variant", "two-flag"),)),
           ("phoenix", (("players", 2),)), ("phoenix", (("players", 4), ("variant", "team"))),
           ("phoenix", (("players", 3), ("variant", "give-away"))),
           ("tiles", ()), ("specs/examples/tiles-variant.yaml", ())]


@pytest.mark.parametrize("game_id,options", CONFIGS)
def test_cells_are_named_once_and_lie_on_the_board(game_id, options):
    _, _, _, board = setting(game_id, options)
    names = [c.name for c in board.cells] + [z.name for z in board.zones]
    assert len(names) == len(set(names)), [n for n, k in Counter(names).items() if k > 1]
    frame = Polygon([(0, 0), (board.width, 0), (board.width, board.height), (0, board.height)])
    for cell in board.cells:
        outline = Polygon(cell.outline)
        assert outline.is_valid and outline.area > 1.0, cell.name
        assert outline.contains(Point(cell.center)), cell.name
        assert frame.buffer(1e-6).contains(outline), cell.name
    assert board.items, "the board has its art"


@pytest.mark.parametrize("game_id,options", CONFIGS)
def test_pieces_stand_on_the_board_and_are_all_there(game_id, options):
    sp, game, stage, board = setting(game_id, options)
    known = places(board)
    # A board made without a player count (as a table that lets players choose one
    # makes it) has every place a game of any count puts pieces on.
    known_anyway = places(stage.board(sp, BuildOptions()))
    for state in sampled(game_id, options, 40):
        for viewer in (None, *range(game.num_players)):
            shown = stage.pieces(sp, state, viewer)
            assert {p.where for p in shown} <= known & known_anyway
            assert all(p.count >= 1 for p in shown)
            CONSERVED[sp.game](sp, state, viewer, shown)


@pytest.mark.parametrize("game_id,options", CONFIGS)
def test_a_seats_pieces_do_not_change_with_what_is_hidden_from_it(game_id, options):
    sp, game, stage, _ = setting(game_id, options)
    rng = random.Random(7)
    tried = 0
    for state in sampled(game_id, options, 40):
        for p in range(game.num_players):
            for make in (state.hidden_variant, state.resample):
                other = make(p, rng)
                if other is None:
                    continue
                tried += 1
                assert stage.pieces(sp, other, p) == stage.pieces(sp, state, p)
    assert tried


@pytest.mark.parametrize("game_id,options", CONFIGS)
def test_every_legal_move_is_clicks_on_the_board(game_id, options):
    sp, _, stage, board = setting(game_id, options)
    known = places(board) & places(stage.board(sp, BuildOptions()))
    moves = 0
    rare = [s for s in positions(game_id, options) if RARE[sp.game](s)]
    assert rare, "the playouts reach the game's rarer choices"
    for state in sampled(game_id, options) + rare[:SAMPLES]:
        if state.is_terminal():
            continue
        everything = stage.pieces(sp, state, None)
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        menus: dict = {}
        for action in actions:
            clicks = stage.touches(sp, state, action)
            assert clicks and set(clicks) <= known, (state.action_to_string(action), clicks)
            if not state.is_chance_node():
                moves += 1
                MOVER[sp.game](sp, state, action, clicks, everything)
                menus.setdefault(clicks, []).append(state.action_to_string(action))
        # Moves that share their clicks make a menu: only where the game's module says so.
        for clicks, notations in menus.items():
            assert len(notations) == 1 or MENU[sp.game](notations), (clicks, notations)
    assert moves


# --- Playground Battles ---------------------------------------------------------------------------

def _playground_conserved(sp, state, viewer, shown):
    """Each colour's 24 cards: the army on the board or off it, the rest in the reserve."""
    cards = 3 * sp["cards"]["per_type"]
    for owner in range(2):
        mine = [p for p in shown if p.owner == owner and p.kind == "card"]
        assert sum(p.count for p in mine) == cards
        army = [i for i in range(len(state.owners)) if state.owners[i] == owner]
        on_board = [p for p in mine if p.where[0].isalpha() and p.where[1:].isdigit()]
        assert len(on_board) == sum(state.at[i] is not None for i in army)
        if viewer in (None, owner):  # the owner (or everyone) sees each type's count
            for t, kind in enumerate(("Rock", "Paper", "Scissors")):
                assert sum(p.count for p in mine if p.name == kind) == sp["cards"]["per_type"]
    assert [p.label for p in shown if p.kind == "die"] == [str(state.roll or "")]


def _playground_mover(sp, state, action, clicks, everything):
    g, p = state.game, state.player
    text = state.action_to_string(action)
    if state.phase == "setup":
        assert clicks[0] == f"reserve-{p}"
        return
    if text == "pass":
        assert clicks == ("dice",)
        return
    mine = {x.where for x in everything if x.owner == p}
    assert clicks[0] in mine, (text, clicks)
    if text.startswith("keep"):
        assert clicks[0] == g.name_of(state.pending[0])
        assert clicks[1] == (text.split()[-1] if text.split()[-1] != "off" else f"off-{p}")
    else:
        source, target = text.replace("x", "-").split("-", 1)
        assert clicks == (source, target if target != "base" else f"base-{1 - p}")


def test_playground_set_up_and_opening_move():
    """"After selecting your pieces, set them along the back row of the board
    directly in front of your base." """
    sp, game, stage, board = setting("playground")
    state = game.initial_state()
    assert stage.touches(sp, state, 0) == ("reserve-0", "a1")
    for letter in "RPSRRRRRRR" + "SSSPRSSSSS":
        state.apply(state.string_to_action(letter))
    assert {stage.touches(sp, state, a) for a, _ in state.chance_outcomes()} == {("first",)}
    for notation in ("first Blue", "roll 3"):
        state.apply(state.string_to_action(notation))
    move = state.string_to_action("c1-c4")
    assert stage.touches(sp, state, move) == ("c1", "c4")
    state.apply(move)
    shown = stage.pieces(sp, state, 1)
    # Red sees Blue's Scissors on c4 as a piece, its type hidden; its own Scissors on a8 by name.
    assert [(p.name, p.hidden) for p in shown if p.where == "c4"] == [("Piece", True)]
    assert [(p.name, p.owner) for p in shown if p.where == "a8"] == [("Scissors", 1)]
    assert not [p for p in shown if p.where == "c1"]
    assert [p.name for p in stage.pieces(sp, state, None) if p.where == "c4"] == ["Scissors"]
    cells = {c.name: c for c in board.cells}
    square = sp["board"]["square_mm"]
    # c1 is the third square of the row above the base row: its centre 2.5 and 1.5 squares in from the frame.
    x0, y0 = cells["a1"].outline[0]
    assert cells["c4"].center == pytest.approx((x0 + 2.5 * square, y0 + 3.5 * square))
    assert cells["base-0"].center[1] == pytest.approx(y0 - square / 2)


def _sections_extent(sections) -> tuple[float, float]:
    """The printed sections laid where they go, less their glue tabs (under the next)."""
    x0 = min(p.meta["origin"][0] for p in sections)
    y0 = min(p.meta["origin"][1] for p in sections)
    x1 = max(p.meta["origin"][0] + p.width for p in sections if p.meta["section"][0] == p.meta["grid"][0] - 1)
    y1 = max(p.meta["origin"][1] + p.height for p in sections if p.meta["section"][1] == p.meta["grid"][1] - 1)
    return x1 - x0, y1 - y0


def test_playground_board_measures_as_its_sections_joined():
    from printkit.games.playground import parts

    sp, _, _, board = setting("playground")
    sections = parts.board_sections(sp, BuildOptions())
    assert len(sections) > 1
    assert (board.width, board.height) == pytest.approx(_sections_extent(sections))
    # Each section's squares land on the same cells: its first square's corner, in the board's frame.
    cells = {c.name: c for c in board.cells}
    x0 = min(p.meta["origin"][0] for p in sections)
    y0 = min(p.meta["origin"][1] for p in sections)
    square = sp["board"]["square_mm"]
    for part in sections:
        (c0, _), (r0, _) = part.meta["squares"]
        if 0 < r0 < sp["board"]["rows"] + 1:  # a playing row (drawn row 0 is the first base row)
            name = f"{'abcdefghij'[c0]}{r0}"
            assert cells[name].outline[0] == pytest.approx((c0 * square - x0, r0 * square - y0))


# --- McKinney ----------------------------------------------------------------------------------------

def _mckinney_conserved(sp, state, viewer, shown):
    """Per player: every Unit on the board or in its cache, one Builder, two Slider Markers."""
    view = state.to_json()
    for owner, entry in enumerate(view["players"]):
        mine = [p for p in shown if p.owner == owner]
        units = [p for p in mine if p.kind == "unit"]
        assert sum(p.count for p in units) == sum(sp["pieces"]["units"].values())
        on_board = sorted(p.where for p in units if not p.where.startswith("cache-") and not p.meta.get("passing"))
        assert on_board == sorted(sq for sq, code in view["pieces"].items() if code[:-1] == str(owner)
                                  and code[-1] != "B")
        # A Unit passing over a friend stands where its move has got to.
        assert [p.where for p in units if p.meta.get("passing")] in ([], view["path"][-1:])
        builders = [p for p in mine if p.kind == "builder"]
        assert len(builders) == 1 and builders[0].label == str(entry["shields"])
        markers = sorted(p.where for p in mine if p.kind == "slider-marker")
        seat = entry["seat"]
        assert markers == [f"slider-{seat}-A{entry['sliders']['A'] + 1}", f"slider-{seat}-B{entry['sliders']['B'] + 1}"]


def _mckinney_mover(sp, state, action, clicks, everything):
    text = state.action_to_string(action)
    p = state.player
    if text in ("pass", "stop", "done", "end"):
        assert clicks == ("done",)
        return
    if "@" in text:  # a build: from the cache of its type
        kind = {"P": "paper", "R": "rock", "S": "scissors"}[text[0]]
        assert clicks == (f"cache-{state.game.seats[p]}-{kind}", text[2:])
        return
    piece = [x for x in everything if x.where == clicks[0]]
    if len(piece) == 2:  # a Unit passing over a friend moves on, not the friend
        piece = [x for x in piece if x.meta.get("passing")]
    assert len(piece) == 1 and piece[0].owner == p, (text, clicks)
    if text[0] in "AB" and text[1] in "+-":  # a Slider: its Marker, then the notch it moves to
        assert piece[0].name == f"Slider Marker {text[0]}"
        after = state.clone()
        after.apply(action)
        moved = [x.where for x in table.stage("mckinney").pieces(sp, after, None)
                 if x.name == piece[0].name and x.owner == p]
        assert moved == [clicks[1]]
    elif text[0] == "B":
        assert piece[0].name == "Builder" and clicks[1] == text[1:]
    else:
        assert clicks == tuple(text.replace("x", "-").split("-"))


def test_mckinney_opening_and_sliders():
    """"Building Units is as simple as laying the tiles onto any unoccupied Space
    adjacent to the Builder"; "Both Sliders begin the game set to the far left
    position until they move." """
    sp, game, stage, board = setting("mckinney", (("players", 2),))
    state = game.initial_state()
    shown = stage.pieces(sp, state, None)
    cells = {c.name: c for c in board.cells}
    # Each Marker stands on the notch the track marks "Start".
    starts = [i for i in board.items if getattr(i, "text", None) == "Start"]
    for marker in (p for p in shown if p.kind == "slider-marker"):
        outline = Polygon(cells[marker.where].outline)
        assert sum(outline.contains(Point(t.x, t.y)) for t in starts) == 1, marker
    assert [p.where for p in shown if p.name == "Builder"] == ["g8", "h7"]
    build = state.string_to_action("P@f8")
    assert stage.touches(sp, state, build) == ("cache-0-paper", "f8")
    state.apply(build)
    shown = stage.pieces(sp, state, 1)
    assert [(p.name, p.owner) for p in shown if p.where == "f8"] == [("Paper Unit", 0)]
    assert [p.count for p in shown if p.where == "cache-0-paper"] == [sp["pieces"]["units"]["paper"] - 1]
    square = sp["board"]["square_mm"]
    assert cells["f8"].center[0] - cells["g8"].center[0] == pytest.approx(-square)


def test_mckinney_board_measures_as_its_quadrants_joined():
    from printkit.games.mckinney import parts

    sp, _, _, board = setting("mckinney", (("players", 4),))
    quadrants = parts.quadrant_parts(sp, [0, 1, 2, 3])
    corners = []
    for part in quadrants:
        ox, oy = part.meta["board_offset"]
        cut = next(i for i in part.items if getattr(i, "role", None) == "cut" and getattr(i, "closed", False))
        corners += [(x + ox, y + oy) for x, y in cut.points]
    x0, y0 = min(x for x, _ in corners), min(y for _, y in corners)
    assert (board.width, board.height) == pytest.approx((max(x for x, _ in corners) - x0,
                                                         max(y for _, y in corners) - y0))
    # Each quadrant's play grid, as printed, is where the board's cells are.
    cells = {c.name: c for c in board.cells}
    for part in quadrants:
        ox, oy = part.meta["board_offset"]
        gx0, gy0, gx1, gy1 = part.meta["grid"]
        inside = [c for c in cells.values() if not c.name.startswith("slider-")
                  and gx0 + ox - x0 < c.center[0] < gx1 + ox - x0 and gy0 + oy - y0 < c.center[1] < gy1 + oy - y0]
        assert len(inside) == sp["board"]["quadrant_size"] ** 2
    assert len([c for c in cells if not c.startswith("slider-")]) == (2 * sp["board"]["quadrant_size"]) ** 2


# --- Lam -------------------------------------------------------------------------------------------

def _lam_conserved(sp, state, viewer, shown):
    """Per player and type: every piece of the set-up on the board (a Paper stack's sheets
    each counted with its owner) or out of the game, one top per occupied cell."""
    game = state.game
    for owner in range(2):
        for k, kind in enumerate(("Rock", "Paper", "Scissors", "Flag")):
            assert sum(p.count for p in shown if p.owner == owner and p.name == kind) == game.counts[owner][k]
    board = [p for p in shown if not p.where.startswith("captured-")]
    assert sorted(p.where for p in board if p.meta["top"]) == sorted(state.to_json()["board"])
    for p in board:
        height = len(state.cells[game.board.parse(p.where)])
        assert p.label == (str(height) if p.meta["top"] and height > 1 else "")


def _lam_mover(sp, state, action, clicks, everything):
    text = state.action_to_string(action)
    top = [x for x in everything if x.where == clicks[0] and x.meta["top"]]
    assert len(top) == 1 and top[0].owner == state.player and top[0].name[0] == text[0], (text, clicks)
    if ">" in text:
        height = len(state.cells[state.game.board.parse(clicks[0])])
        if clicks[-1].startswith("captured-"):  # the sheets left fall off the board
            assert len(clicks) <= 1 + height
        else:  # a sheet on each of ``height`` cells
            assert len(clicks) == 1 + height
    else:
        assert clicks == (text[1:].replace("x", "-").split("-")[0], text[1:].replace("x", "-").split("-")[1])


def test_lam_papers_stack_and_spread():
    """"Papers also stack on top of one another (friendly or enemy) when they move
    onto the same space. The Paper that is on the top of the stack controls the
    stack."; "it can spread as it moves, dropping the bottommost sheet on top of
    each space as it moves along." """
    sp, game, stage, board = setting("lam")
    state = game.initial_state()
    assert stage.touches(sp, state, state.chance_outcomes()[0][0]) == ("first",)
    state.apply(state.chance_outcomes()[0][0])  # the first player begins
    move = state.string_to_action("Pa2xb2")
    assert stage.touches(sp, state, move) == ("a2", "b2")
    state.apply(move)
    shown = [(p.name, p.owner, p.count, p.label) for p in stage.pieces(sp, state, 1) if p.where == "b2"]
    assert shown == [("Paper", 0, 2, "2")]
    assert not [p for p in stage.pieces(sp, state, 1) if p.where == "a2"]
    state.apply(state.legal_actions()[0])
    spread = state.string_to_action("Pb2>ne")
    assert stage.touches(sp, state, spread) == ("b2", "c3", "c4")
    state.apply(spread)
    shown = stage.pieces(sp, state, 0)
    assert [(p.where, p.name, p.owner, p.count) for p in shown if p.where in ("b2", "c3", "c4")] == \
        [("c3", "Paper", 0, 1), ("c4", "Paper", 0, 1)]
    cells = {c.name: c for c in board.cells}
    flat = sp["board"]["hex_mm"]
    assert cells["b2"].center[0] - cells["a2"].center[0] == pytest.approx(flat)
    assert Polygon(cells["b2"].outline).area == pytest.approx(flat * flat * 3 ** 0.5 / 2)


def test_lam_board_measures_as_its_segments_joined():
    from printkit.games.lam import parts

    sp, _, _, board = setting("lam")
    segments = [parts.segment_part(sp, n) for n in (1, 2)]
    x0, y0 = segments[0].meta["origin"]
    x1 = max(s.meta["origin"][0] + s.width for s in segments)
    y1 = segments[1].meta["origin"][1] + segments[1].height  # segment 1's tab lies under segment 2
    assert (board.width, board.height) == pytest.approx((x1 - x0, y1 - y0))
    # The hexes where each segment prints them.
    cells = {c.name: c for c in board.cells}
    for seg in segments:
        ox, oy = seg.meta["origin"]
        names = [i for i in seg.items if getattr(i, "text", "") in cells and i.size < 8]
        assert len(names) == sp["board"]["columns"] * sp["board"]["segment_rows"]
        for t in names:  # the cell's name prints under its centre, in the hex
            assert Polygon(cells[t.text].outline).contains(Point(t.x + ox - x0, t.y + oy - y0))


# --- RPS Phoenix -----------------------------------------------------------------------------------

def _phoenix_conserved(sp, state, viewer, shown):
    """Per player and type: each Bird on the grid, in hand or in the Ashes; the dice show the roll."""
    view = state.to_json()
    for owner, name in enumerate(view["players"]):
        c = [colour["name"] for colour in sp["colors"]].index(name)  # zones go by the colour's place
        for t in ("rock", "paper", "scissors"):
            birds = [p for p in shown if p.owner == owner and p.name == f"{t.capitalize()} Bird"]
            assert sum(p.count for p in birds) == sp["birds"]["counts"][t]
            assert sum(p.count for p in birds if p.where == f"hand-{c}-{t}") == view["hand"][name][t]
            assert sum(p.count for p in birds if p.where == f"ashes-{c}-{t}") == view["ashes"][name][t]
    assert [p.label for p in shown if p.kind == "die"] == [str(v) for v in view["rolled"] or ("", "")]


def _phoenix_mover(sp, state, action, clicks, everything):
    text = state.action_to_string(action)
    p = state.player
    if text in ("roll", "stop"):
        assert clicks == ({"roll": "dice", "stop": "done"}[text],)
        return
    first = [x for x in everything if x.where == clicks[0]]
    assert len(first) == 1 and first[0].owner == p and first[0].kind == "bird", (text, clicks)
    c = [colour["name"] for colour in sp["colors"]].index(state.game.colors[p])
    if text.startswith("phoenix"):
        assert clicks[0].startswith(f"ashes-{c}-") and clicks[1] == text.split()[-1]
    elif text.startswith("x "):
        assert clicks == (state._at(state.active), text[2:])
    elif text.startswith("step"):
        assert clicks[0] == state._at(state.active) and clicks[1] == text.split()[-1]
    elif ">" in text:
        assert clicks == tuple(text.split()[-1].split(">"))
    else:  # entering a Bird from the hand
        assert clicks[0].startswith(f"hand-{c}-") and clicks[1] == text.split()[-1]


def _phoenix_clicks(state, sp, stage, board) -> dict:
    """Every legal move's clicks in notation, each checked as the playouts check them."""
    known = places(board)
    everything = stage.pieces(sp, state, None)
    out = {}
    for action in state.legal_actions():
        clicks = stage.touches(sp, state, action)
        assert set(clicks) <= known
        _phoenix_mover(sp, state, action, clicks, everything)
        out[state.action_to_string(action)] = clicks
    return out


def test_phoenix_interaction_order_chain_step_and_second_phoenix_are_clicks():
    """"Where several interactions arise at once, the moving player chooses the order"
    (the project's reading); the Escalation's chain-reaction step and second Phoenix."""
    from phoenix_helpers import ESCALATION_2P, game, play, position

    sp, _, stage, board = setting("phoenix", (("players", 2),))
    g = game()
    grid = {"1,1": "Red S", "5,5": "Blue P", "3,5": "Blue R", "6,1": "Blue S", "1,6": "Red P"}
    state = play(position(g, grid, turn=ESCALATION_2P), "S d 1,1>4,4")
    assert _phoenix_clicks(state, sp, stage, board) == {"x 3,5": ("4,4", "3,5"), "x 5,5": ("4,4", "5,5")}
    grid = {"2,5": "Red R", "2,3": "Blue P", "6,1": "Blue R", "6,6": "Blue S"}
    state = play(position(g, grid, turn=ESCALATION_2P), "roll", "2-3")
    assert _phoenix_clicks(state, sp, stage, board)["R 2,5>2,3"] == ("2,5", "2,3")
    play(state, "R 2,5>2,3")
    assert _phoenix_clicks(state, sp, stage, board) == {"stop": ("done",), "step 2,2": ("2,3", "2,2")}
    grid = {"1,6": "Red S", "6,1": "Blue S", "5,2": "Blue R"}
    state = play(position(g, grid, turn=ESCALATION_2P), "roll", "4-4")
    assert _phoenix_clicks(state, sp, stage, board)["phoenix R 4,4"] == ("ashes-0-rock", "4,4")
    play(state, "phoenix R 4,4")
    second = _phoenix_clicks(state, sp, stage, board)
    assert second.pop("stop") == ("done",)
    assert second and all(clicks[0] == "ashes-0-paper" for clicks in second.values())
    assert sorted(clicks[1] for clicks in second.values()) == ["3,3", "3,4", "3,5", "4,3", "4,5", "5,3", "5,4",
                                                               "5,5"]


def test_phoenix_entry():
    """"The player places one of their Birds on the corresponding square. Players can
    choose any available Bird when first entering the game." """
    sp, game, stage, board = setting("phoenix", (("players", 2),))
    state = game.initial_state()
    for move in ("first Red", "3-5"):
        state.apply(state.string_to_action(move))
    shown = stage.pieces(sp, state, 1)
    assert [(p.name, p.label) for p in shown if p.kind == "die"] == [("Black die", "3"), ("White die", "5")]
    choices = {state.action_to_string(a): stage.touches(sp, state, a) for a in state.legal_actions()}
    assert choices == {"R 3,5": ("hand-0-rock", "3,5"), "P 3,5": ("hand-0-paper", "3,5"),
                       "S 3,5": ("hand-0-scissors", "3,5")}
    state.apply(state.string_to_action("R 3,5"))
    shown = stage.pieces(sp, state, 1)
    assert [(p.name, p.owner) for p in shown if p.where == "3,5"] == [("Rock Bird", 0)]
    assert not [p for p in shown if p.where == "hand-0-rock"]  # the Rock was Red's only one
    cells = {c.name: c for c in board.cells}
    square = sp["board"]["square_mm"]
    x0, y0 = cells["1,1"].outline[0]
    assert cells["3,5"].center == pytest.approx((x0 + 2.5 * square, y0 + 4.5 * square))


def test_phoenix_board_is_the_printed_board():
    from printkit.games.phoenix import parts

    sp, _, _, board = setting("phoenix", (("players", 2),))
    printed = parts.board_part(sp)
    assert (board.width, board.height) == (printed.width, printed.height)
    # Each square's printed coordinates lie in the cell of that name.
    cells = {c.name: c for c in board.cells}
    names = [i for i in printed.items if getattr(i, "text", "") in cells]
    assert len(names) == len(cells) == sp["board"]["columns"] * sp["board"]["rows"]
    for t in names:
        assert Polygon(cells[t.text].outline).contains(Point(t.x, t.y))


# --- Rock Paper Scissors Tiles ----------------------------------------------------------------------

def _tiles_conserved(sp, state, viewer, shown):
    """Every tile laid on its place, the rest in the supply; only a face-hidden tile the
    viewer may not see is hidden."""
    laid = [p for p in shown if p.where != "supply"]
    assert sum(p.count for p in shown) == sp["tiles"]["count"]
    assert [p.where for p in laid] == [f"{x},{y}" for x, y, _ in state.played]
    hidden = [p for p in laid if p.hidden]
    secret = state.pending is not None and viewer is not None and viewer != state.first_mover()
    assert len(hidden) == secret and all("corner" not in p.meta and "face" not in p.meta for p in hidden)
    assert [p.meta["corner"] for p in laid if not p.hidden] == \
        [t[2] for t in state.to_json()["tiles"]][:len(laid) - secret]


def _tiles_mover(sp, state, action, clicks, everything):
    place, _ = state.action_to_string(action).split()
    assert clicks == ("supply", place)
    assert not [p for p in everything if p.where == place]


def test_tiles_first_turn_is_laid_hidden_then_shown():
    """"On the first turn, when there are no tiles on the table, the first tiles should
    touch each other at the edge." Turn 1's tiles are tipped together: until White's
    is down, White sees where Black's lies, not which way."""
    sp, game, stage, board = setting("tiles")
    state = game.initial_state()
    choices = {state.action_to_string(a): stage.touches(sp, state, a) for a in state.legal_actions()}
    assert choices == {f"0,0 {c}": ("supply", "0,0") for c in ("ll", "lr", "ul", "ur")}
    state.apply(state.string_to_action("0,0 ul"))
    assert [(p.where, p.hidden, p.meta.get("corner")) for p in stage.pieces(sp, state, 1)
            if p.where != "supply"] == [("0,0", True, None)]
    assert [(p.where, p.meta["corner"]) for p in stage.pieces(sp, state, 0) if p.where != "supply"] == \
        [("0,0", "ul")]
    state.apply(state.string_to_action("1,0 lr"))
    shown = stage.pieces(sp, state, 1)
    assert [(p.where, p.meta["corner"], p.meta["player"]) for p in shown if p.where != "supply"] == \
        [("0,0", "ul", 0), ("1,0", "lr", 1)]
    assert [p.count for p in shown if p.where == "supply"] == [sp["tiles"]["count"] - 2]
    cells = {c.name: c for c in board.cells}
    size = sp["tiles"]["size_mm"]
    assert cells["1,0"].center[0] - cells["0,0"].center[0] == pytest.approx(size)
    assert Polygon(cells["0,0"].outline).area == pytest.approx(size * size)


def test_tiles_places_are_the_printed_tiles_size_and_reach_every_game():
    from printkit.games.tiles import parts

    sp, _, _, board = setting("tiles")
    sheet = parts.tile_grids(sp, BuildOptions())[0]
    _, _, (_, _, w, h) = sheet.faces[0]
    cells = {c.name: c for c in board.cells}
    x0, y0, x1, y1 = Polygon(cells["0,0"].outline).bounds
    assert (x1 - x0, y1 - y0) == pytest.approx((w, h))
    # A line of tiles laid straight out from a first tile ends on the board.
    reach = sp["tiles"]["count"] - 2
    assert {f"{-reach},0", f"{1 + reach},0", f"0,{reach}", f"1,{-reach}"} <= set(cells)
    assert f"{-reach - 1},0" not in cells


# Positions with the choices random play seldom meets: a broken stalemate's
# choice (Playground), a Slider's direction (McKinney).
RARE = {"playground": lambda s: s.phase == "break",
        "mckinney": lambda s: s.to_json()["phase"] == "slider",
        "lam": lambda s: any(a >= s.game.spread_base for a in s.legal_actions()),
        "phoenix": lambda s: s.stage == "after-roll",
        "tiles": lambda s: s.pending is not None}
# Where moves may share their clicks, the table offering their notations as a
# menu: a set-up piece's type and the choice after a broken stalemate
# (Playground), a tile's corner (Tiles); never in the other games.
MENU = {"playground": lambda moves: len(moves) <= 3 and all(m in "RPS" for m in moves)
        or (len(moves) == 2 and {m.split()[1] for m in moves} == {"mover", "rescued"}),
        "tiles": lambda moves: len(moves) <= 4 and len({m.split()[0] for m in moves}) == 1,
        "mckinney": lambda moves: False, "lam": lambda moves: False, "phoenix": lambda moves: False}
CONSERVED = {"playground": _playground_conserved, "mckinney": _mckinney_conserved, "lam": _lam_conserved,
             "phoenix": _phoenix_conserved, "tiles": _tiles_conserved}
MOVER = {"playground": _playground_mover, "mckinney": _mckinney_mover, "lam": _lam_mover, "phoenix": _phoenix_mover, "tiles": _tiles_mover}


@pytest.mark.parametrize("count", [2, 3, 4])
def test_phoenix_board_has_the_places_of_the_seated_colours_only(count):
    """A 2-player board shows no hand or Ashes of the colours left out, and a
    colour's places keep their names (its place in the spec's colours) at
    every player count: "2": [Red, Blue], "4": [Red, Blue, Pink, Green]."""
    sp = spec.load("phoenix")
    board = table.stage("phoenix").board(sp, BuildOptions(colors=count))
    colours = [c["name"] for c in sp["colors"]]
    seated = sp["seating"][str(count)]
    own = [z for z in board.zones if z.name.startswith(("hand-", "ashes-"))]
    assert len(own) == 6 * count  # a hand and an Ashes of each of three types, per seated colour
    for zone in own:
        colour = colours[int(zone.name.split("-")[1])]
        assert colour in seated and zone.owner == seated.index(colour) and zone.label.startswith(colour)
    assert {z.name for z in board.zones if z.owner is None} == {"dice", "turn-counter", "done"}


def test_lam_every_hex_is_drawn_whole_on_the_assembled_board():
    """Each edge of every hex shows on the board: a printed line or outline
    runs along it, the seam where segment 2 lies over segment 1 included
    (there the paper's edge is the hexes' edge)."""
    from shapely.geometry import LineString
    from shapely.ops import unary_union

    from printkit.parts.core import Fill, Line

    _, _, _, board = setting("lam")
    drawn = unary_union([LineString([*i.points, i.points[0]] if i.closed else i.points)
                         for i in board.items if isinstance(i, Line) and len(i.points) > 1]
                        + [LineString([*i.points, i.points[0]]) for i in board.items
                           if isinstance(i, Fill) and i.stroke])
    missing = [(cell.name, k) for cell in board.cells for k, (a, z) in
               enumerate(zip(cell.outline, cell.outline[1:] + cell.outline[:1]))
               if drawn.distance(Point((a[0] + z[0]) / 2, (a[1] + z[1]) / 2)) > 0.05]
    assert missing == []

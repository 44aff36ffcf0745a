"""Rulebook figures and worked examples play on the spec's own board and
values: each is a position the rules engine reaches and plays on that spec,
its caption says what the engine did, and a figure the spec cannot reach is
left out with a note saying why. Measured on sound specs that differ from
the bundled ones where the bundled examples used to be fixed."""

from __future__ import annotations

import copy
import io
import json
import re

import pytest
import yaml
from pypdf import PdfReader

from printkit import SPECS_DIR, rulebook
from printkit import spec as specs
from printkit.games.lam import parts as lam_parts
from printkit.games.mckinney import parts as mckinney_parts
from printkit.games.phoenix import book as phoenix_book
from printkit.games.phoenix import parts as phoenix_parts
from printkit.games.phoenix.rules import Game as PhoenixGame
from printkit.kit import BuildOptions
from printkit.parts.core import Part


def sound(game: str, tmp_path, **changes):
    """The bundled spec with ``changes`` (key paths joined by "/"), loaded and checked as validate does."""
    data = yaml.safe_load((SPECS_DIR / f"{game}.yaml").read_text(encoding="utf-8"))
    for path, value in changes.items():
        node = data
        *parents, last = path.split("/")
        for key in parents:
            node = node[key]
        node[last] = copy.deepcopy(value)
    path = tmp_path / f"{game}-{abs(hash(json.dumps(changes, sort_keys=True))) % 10 ** 8}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return specs.load(str(path))


def pdf_text(data: bytes) -> str:
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages))


REVERSED = {"rock": "paper", "paper": "scissors", "scissors": "rock"}
THREE_ONLY = {"players": {"min": 3, "max": 3}, "default_players": 3,
              "variants": {"default": "standard", "standard": {}, "give-away": {}}}
PHOENIX_SPECS = {
    "bundled": {},
    "cap-10": {"max_turns": 10},
    "escalation-from-turn-2": {"escalation_after_turns_per_player": 1},
    "escalation-after-the-cap": {"max_turns": 54},
    "beats-reversed": {"beats": REVERSED},
    "two-players": {"players": {"min": 2, "max": 2}, "default_players": 2,
                    "variants": {"default": "standard", "standard": {}}},
    "three-only": THREE_ONLY,
    "more-birds": {"birds/counts": {"rock": 3, "paper": 2, "scissors": 2}},
}


@pytest.mark.parametrize("name", list(PHOENIX_SPECS))
def test_phoenix_figures_are_played_on_the_specs_rules(name, tmp_path):
    """"Rock beats Scissors" is the bundled circle; a spec's own beats and
    turns decide what each figure shows, and its caption says it."""
    spec = sound("phoenix", tmp_path, **PHOENIX_SPECS[name])
    figures = phoenix_book.figures(spec, BuildOptions())  # the worked examples the rulebook prints
    beaten = spec["beats"]["rock"].capitalize()
    fight = figures["fight"]
    assert isinstance(fight, Part), fight
    assert f"Rock beats {beaten}: the {beaten} goes to the Ashes" in fight.meta["caption"]
    stronger = next(t for t in spec["beats"] if spec["beats"][t] == "rock").capitalize()
    escalation = figures["escalation"]
    two = next(n for n in range(2, 7) if str(n) in spec["seating"]
               and spec["players"]["min"] <= n <= spec["players"]["max"])
    starts = spec["escalation_after_turns_per_player"] * two
    if starts < spec["max_turns"]:
        assert isinstance(escalation, Part)
        assert f"both Birds go to the Ashes, though {stronger} beats Rock" in escalation.meta["caption"]
    else:  # the cap ends every game before the Escalation Phase
        assert isinstance(escalation, str)
        assert f"begin on turn {starts}" in escalation and f"{spec['max_turns']} turns" in escalation
    chain = figures["chain"]
    seats = spec["players"]["max"]
    if seats >= 3 or spec["birds"]["counts"][spec["beats"]["rock"]] >= 2:
        assert isinstance(chain, Part), chain
        assert "beats it in the same turn" in chain.meta["caption"]
    else:
        assert isinstance(chain, str) and "chain" in chain


@pytest.mark.parametrize("name", list(PHOENIX_SPECS))
def test_phoenix_notation_examples_replay_on_the_spec(name, tmp_path):
    """The opening is legal move by move and ends the first player's turn on
    its own Rock; the position's JSON is one the engine reads back as it is."""
    spec = sound("phoenix", tmp_path, **PHOENIX_SPECS[name])
    examples = phoenix_parts.examples(spec, BuildOptions())
    names = examples["players"]
    game = PhoenixGame(spec, players=len(names), variant="standard" if "standard" in spec["variants"] else None)
    state = game.initial_state()
    moves = re.findall(r'"([^"]+)"|(\S+)', examples["opening"])
    for quoted, bare in moves:
        state.apply(state.string_to_action(quoted or bare))
    assert state.to_json()["to_move"] == names[1 % len(names)]
    assert {"at": [3, 5], "owner": names[0], "bird": "rock"} in state.to_json()["grid"]
    position = json.loads(examples["position"])
    assert game.state_from_json(position).to_json() == position
    assert position["turn"] == examples["position_turn"] < spec["max_turns"]
    assert all(v == 0 for hand in position["hand"].values() for v in hand.values())
    on_board = len(position["grid"]) + sum(v for ashes in position["ashes"].values() for v in ashes.values())
    assert on_board == len(names) * sum(spec["birds"]["counts"].values())


def test_a_figure_left_out_prints_its_note_in_the_rulebook(tmp_path):
    spec = sound("phoenix", tmp_path, max_turns=54)
    text = pdf_text(rulebook.render_pdf(spec, BuildOptions()))
    assert "the Escalation Phase would begin on turn 54" in text and "no Escalation move is shown" in text
    assert "though Paper beats Rock" not in text


@pytest.mark.parametrize("setup, columns, rows", [(["SRF", "PPP"], 3, 4), (["SRFRS", "PPPPP"], 5, 6),
                                                  (["SRSFRFSRF", "PPPPPPPPP"], 9, 6)])
def test_lam_diagrams_stand_on_the_specs_board(setup, columns, rows, tmp_path):
    counts = {k: sum(r.count(c) for r in setup) for k, c in
              (("rock", "R"), ("paper", "P"), ("scissors", "S"), ("flag", "F"))}
    spec = sound("lam", tmp_path, **{"board/columns": columns, "board/rows": rows,
                                      "board/segment_rows": rows // 2, "setup/rows": setup, "pieces": counts,
                                      "variants/two-flag/flags_to_win": min(2, counts["flag"])})
    board = lam_parts.HexBoard(columns, rows)
    cells = lam_parts.diagram_cells(spec)
    for name in (cells["centre"], cells["east"], cells["stack"], *cells["rocks"]):
        assert board.parse(name) is not None, name
    shown = lam_parts.figures(spec, BuildOptions())
    assert isinstance(shown["setup"], Part) and isinstance(shown["scissors"], Part)
    assert isinstance(shown["rocks"], Part) == (counts["rock"] >= 2 and columns >= 4)
    card = lam_parts.reference_card(spec)
    assert card.width == 180.0 and card.height > 40


def test_lam_bundled_diagrams_keep_their_cells():
    assert lam_parts.diagram_cells(specs.load("lam")) == {
        "centre": "e5", "east": "f5", "stack": "e3", "rocks": ("b5", "d5", "e5", "h5")}


@pytest.mark.parametrize("changes", [{}, {"players/min": 3}, {"players/min": 4}])
def test_mckinney_notation_examples_are_moves_its_engine_lists(changes, tmp_path):
    from printkit.games.mckinney.rules import Game

    spec = sound("mckinney", tmp_path, **changes)
    examples = mckinney_parts.examples(spec, BuildOptions())
    assert examples["players"] == spec["players"]["min"]
    state = Game(spec, players=examples["players"]).initial_state()
    listed = [state.action_to_string(a) for a in state.legal_actions()]
    assert f"B{examples['step']}" in listed and examples["build_move"] in listed
    assert examples["build_move"].endswith("@" + examples["build"])
    state.apply(state.string_to_action(examples["build_move"]))
    state.apply(state.string_to_action("done"))  # the command the reference prints plays through

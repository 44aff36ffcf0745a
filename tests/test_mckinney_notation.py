"""The rulebook's notation appendix says what the engine does."""

from __future__ import annotations

import json
import re

from printkit import rules, spec
from printkit.kit import BuildOptions
from printkit.rulebook.templating import render


def appendix(name="mckinney") -> str:
    return render(spec.load(name), BuildOptions(), name="mckinney-notation.md.j2")


def test_example_position_is_the_engines_start():
    text = appendix()
    block = re.search(r"```\n(\{\n \"game\": \"mckinney\".*?\n\})\n```", text, re.S)[1]
    obj = json.loads(block)
    g = rules.load("mckinney", players=len(obj["players"]))
    assert g.state_from_json(obj).to_json() == g.initial_state().to_json()


def test_start_squares_in_the_table_are_the_engines():
    text = appendix()
    rows = re.findall(r"^\| (\d) \| \w+ \| [\w-]+ \| (\w\d+) \|$", text, re.M)
    g = rules.load("mckinney", players=4)
    assert {int(seat): square for seat, square in rows} == {
        seat: g.names[start] for seat, start in zip(g.seats, g.starts)}


def test_documented_command_line_moves_are_legal():
    g = rules.load("mckinney", players=2)
    s = g.initial_state()
    for move in ("P@f8", "done"):
        s.apply(s.string_to_action(move))
    assert s.current_player == 1

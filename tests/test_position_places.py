"""A position a game refuses is reported at the line and column of what the
refusal names: a path from the top (position.players[1].shields) or a
top-level key it quotes ('grid')."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from conftest import budget

from printkit import positions, rules
from printkit.cli import main

KEYS = st.text(alphabet="abcdefghij_-", min_size=1, max_size=6)
JSON = st.recursive(st.none() | st.booleans() | st.integers(-9, 99) | st.text(alphabet="ab:,[]{}\" ", max_size=4),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
                    max_leaves=20)


@st.composite
def value_and_path(draw):
    value = draw(st.dictionaries(KEYS, JSON, min_size=1, max_size=5))
    path, here = [], value
    while isinstance(here, (dict, list)) and here and draw(st.booleans() if path else st.just(True)):
        step = draw(st.sampled_from(sorted(here) if isinstance(here, dict) else range(len(here))))
        path.append(step)
        here = here[step]
    return value, path


@settings(max_examples=budget(100), deadline=None)
@given(value_and_path(), st.sampled_from([None, 1, 2]))
def test_the_place_found_is_the_key_or_item_the_path_names(case, indent):
    value, path = case
    text = json.dumps(value, indent=indent)
    offset = positions._offset(text, path)
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if isinstance(last, str):
        assert text.startswith(json.dumps(last) + ":", offset)
    else:
        assert json.loads(json.dumps(parent[last])) == parent[last]
        assert text.startswith(json.dumps(parent[last], indent=indent).split("\n")[0], offset)


def _write(tmp_path, game, change):
    obj = rules.load(game).initial_state().to_json()
    change(obj)
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(obj, indent=1), encoding="utf-8")
    return path


@pytest.mark.parametrize("game, change, key", [
    ("mckinney", lambda o: o.update(phase="nope"), '"phase"'),
    ("mckinney", lambda o: o["players"][1].update(shields=99), '"shields": 99'),
    ("phoenix", lambda o: o.update(grid=12345), '"grid"'),
    ("tiles", lambda o: o.update(score=12345), '"score"'),
    ("lam", lambda o: o.update(locks=12345), '"locks"'),
    ("playground", lambda o: o.update(pieces=12345), '"pieces"'),
])
def test_a_refused_position_names_the_line_of_what_is_wrong(tmp_path, game, change, key):
    path = _write(tmp_path, game, change)
    result = CliRunner().invoke(main, ["moves", game, "--position", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    where = result.output.split(": bad position:")[0].split(f"{path}:")[1]
    line, column = map(int, where.split(":"))
    assert path.read_text(encoding="utf-8").splitlines()[line - 1][column - 1:].startswith(key.split(":")[0])
    assert key in path.read_text(encoding="utf-8").splitlines()[line - 1]

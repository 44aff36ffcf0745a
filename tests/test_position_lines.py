"""A position file `printkit moves` and `apply` refuse is refused at a line:
the line and column of the key or item at fault (a missing key: its
object; the position as a whole: its first character), in every game, as
the docs promise (docs/rules-engine.md). Positions along seeded games are mutated by
hypothesis (a key deleted, a value of another type, a number out of range)
and each refusal is checked: exit code 2, one message, file:line:column
pointing at the start of a key or an item of the file."""

from __future__ import annotations

import json
import random
import re

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit import SPECS_DIR, rules
from printkit.cli import main

GAMES = sorted(p.stem for p in SPECS_DIR.glob("*.yaml"))
WHERE = re.compile(r"^printkit: (?P<file>\S+):(?P<line>\d+):(?P<column>\d+): ")


def positions(game: str, seed: int = 11) -> list[dict]:
    """Positions along two seeded random games: early, middle and late, and the last."""
    g = rules.load(game)
    found = []
    for k in range(2):
        rng = random.Random(seed + k)
        state = g.initial_state()
        for step in range(500):
            if state.is_terminal():
                break
            if step % 25 == 3:
                found.append(state.to_json())
            state.apply(rng.choice(state.next_actions()))
        found.append(state.to_json())
    return found


def pointers(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from pointers(child, (*path, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from pointers(child, (*path, i))


@st.composite
def mutated(draw, originals: list[dict]):
    """A position with one to three of its values deleted, retyped or pushed
    out of range; and whether a key of the position itself was deleted
    (then the object missing it, the whole position, is at fault)."""
    data = json.loads(json.dumps(draw(st.sampled_from(originals))))
    top_deleted = False
    for _ in range(draw(st.integers(1, 3))):
        paths = list(pointers(data))[1:]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        old = parent[path[-1]]
        kind = draw(st.sampled_from(["delete", "retype", "range"]))
        if kind == "delete":
            del parent[path[-1]]
            top_deleted = top_deleted or len(path) == 1
        elif kind == "range" and isinstance(old, int) and not isinstance(old, bool):
            parent[path[-1]] = draw(st.sampled_from([-1, -old - 1, old + 1, old + 1000, 10 ** 6]))
        else:
            others = [None, True, "x", [], {}, 3, [old], {"v": old}]
            parent[path[-1]] = draw(st.sampled_from([v for v in others if type(v) is not type(old)]))
    return data, top_deleted


def refused_at_a_token(result, text: str, whole: bool = True) -> None:
    """Exit 2 (or 0: a mutation can leave a legal position), and a refusal's
    place is a line of the file where a key or an item starts; the position's
    own first line only where ``whole`` (a key of it is missing)."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert result.exit_code in (0, 2), result.output
    if result.exit_code == 0:
        return
    found = WHERE.match(result.output)
    assert found, f"no file:line:column in {result.output!r}"
    lines = text.splitlines()
    line, column = int(found["line"]), int(found["column"])
    assert 1 <= line <= len(lines), result.output
    assert lines[line - 1][column - 1] in '"{[-0123456789tfn', (result.output, lines[line - 1])
    assert whole or line > 1, f"the whole position named for a fault inside it: {result.output}"


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_of_a_mutated_position_names_a_line(game, tmp_path_factory):
    originals = positions(game)

    @settings(max_examples=40, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(mutated(originals))
    def check(drawn):
        position, top_deleted = drawn
        text = json.dumps(position, indent=1)
        path = tmp_path_factory.mktemp("pos") / "stranger.json"
        path.write_text(text, encoding="utf-8")
        result = CliRunner().invoke(main, ["moves", game, "--position", str(path)])
        refused_at_a_token(result, text, whole=top_deleted)

    check()


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize("game, change, needle, below", [
    ("phoenix", lambda p: p.update(turn=10 ** 6), '"turn"', 0),
    ("phoenix", lambda p: p["grid"][0].update(at=[9, 1]), '"at"', 1),  # the x of the first Bird's square
    ("lam", lambda p: p["board"].update(z99="0R"), '"z99"', 0),
    ("lam", lambda p: p.update(locks=[["a1"]]), '"locks"', 1),  # the pair, on the line after the key
    ("playground", lambda p: p.update(roll=9), '"roll"', 0),
    ("tiles", lambda p: p["tiles"][1].__setitem__(2, "middle"), '"middle"', 0),
    ("mckinney", lambda p: p.pop("game"), '{', 0),  # a missing key: the position itself
])
def test_the_line_is_the_one_of_the_key_or_item_at_fault(game, change, needle, below, tmp_path):
    position = positions(game)[1]
    change(position)
    text = json.dumps(position, indent=1)
    path = tmp_path / "p.json"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["moves", game, "--position", str(path)])
    assert result.exit_code == 2, result.output
    found = WHERE.match(result.output)
    assert found, result.output
    needle_line = _line_of(text, needle) + below
    assert int(found["line"]) == needle_line, (result.output, text.splitlines()[needle_line - 1])

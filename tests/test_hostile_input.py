"""Specs and positions from strangers, mutated by hypothesis: whatever the
file holds, printkit answers with exit 0, or with exit 2 and one message per
problem naming the file, never a traceback, within a bounded time; and a spec
that validate calls sound builds.

The CI profile ("ci", the default) is fixed-seed and quick; for a longer
local hunt: HYPOTHESIS_PROFILE=long python -m pytest tests/test_hostile_input.py
"""

from __future__ import annotations

import json
import random
import re
import time

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from printkit import SPECS_DIR, rules
from printkit.cli import main

# The budgets are the profile's (tests/conftest.py): "ci" by default, "long" for a hunt.

GAMES = sorted(p.stem for p in SPECS_DIR.glob("*.yaml"))
SECONDS = 30  # a refusal or a small build is well under a second; this only catches a runaway

# Raw YAML or JSON text put in place of a value (through a placeholder, since
# a dumper would quote or refuse them).
HOSTILE_TOKENS = [
    "null", "true", "false", "-1", "0", "1000000", "9" * 5000, "6.0", "22.0", "1e308", ".nan", ".inf",
    "-.inf", "2023-02-30", "2023-13-01", "!!bool maybe", "!!int abc", "!!float abc",
    "!!timestamp nonsense", "!!python/object/apply:os.system ['true']", "!!binary aGVsbG8=", "'\u017b\u017a\u2605\u77f3'",
    "[]", "{}", "[[[[[[]]]]]]", "'x'", "\"" + "y" * 20000 + "\"", "*nowhere", "{<<: [*a, *a]}",
]
CONTROL = ["\x00", "\x01", "\x07", "\x08", "\x7f", "\ufeff", "\t"]


def pointers(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from pointers(child, path + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from pointers(child, path + (i,))


def replace(data, path, new):
    if not path:
        return new
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    if new is DELETE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return data


DELETE = object()
PLACEHOLDER = "PRINTKIT_PLACEHOLDER_VALUE"


@st.composite
def mutated_text(draw, original, dump):
    """A structure-aware mutation of a document (spec or position): values
    deleted, retyped or replaced by hostile tokens; then a line doubled (a key
    given twice), a control character inserted or the file cut short."""
    data = json.loads(json.dumps(original))
    paths = list(pointers(data))
    token = None
    for _ in range(draw(st.integers(1, 3))):
        paths = list(pointers(data))
        path = draw(st.sampled_from(paths[1:]))
        kind = draw(st.sampled_from(["delete", "retype", "token"]))
        if kind == "delete":
            data = replace(data, path, DELETE)
        elif kind == "retype":
            data = replace(data, path, draw(st.one_of(
                st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=8),
                st.floats(allow_nan=False, allow_infinity=False), st.just([]), st.just({}))))
        elif kind == "token" and token is None:
            token = draw(st.sampled_from(HOSTILE_TOKENS))
            data = replace(data, path, PLACEHOLDER)
    text = dump(data)
    if token is not None:
        text = text.replace(json.dumps(PLACEHOLDER), token).replace(PLACEHOLDER, token)
    edit = draw(st.sampled_from(["none", "control", "cut", "dup-line"]))
    if edit == "control" and text:
        at = draw(st.integers(0, len(text) - 1))
        text = text[:at] + draw(st.sampled_from(CONTROL)) + text[at:]
    elif edit == "cut" and text:
        text = text[:draw(st.integers(0, len(text) - 1))]
    elif edit == "dup-line":
        lines = text.splitlines(keepends=True)
        if lines:
            at = draw(st.integers(0, len(lines) - 1))
            lines.insert(at, lines[at])
            text = "".join(lines)
    return text


def dump_yaml(data) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def dump_json(data) -> str:
    return json.dumps(data, indent=1)


def invoke(*args):
    started = time.monotonic()
    result = CliRunner().invoke(main, [str(a) for a in args])
    elapsed = time.monotonic() - started
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"printkit {' '.join(map(str, args))} raised {result.exception!r}:\n{result.output}")
    assert "Traceback" not in result.output
    assert elapsed < SECONDS, f"{elapsed:.1f} s for {args}"
    return result


def _bundled(game):
    return yaml.safe_load((SPECS_DIR / f"{game}.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_a_mutated_spec_is_refused_cleanly_or_builds(game, tmp_path_factory):
    original = _bundled(game)

    @given(mutated_text(original, dump_yaml))
    def check(text):
        folder = tmp_path_factory.mktemp("spec")
        path = folder / "stranger.yaml"
        path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
        checked = invoke("validate", path, "--playouts", "2")
        assert checked.exit_code in (0, 2), checked.output
        if checked.exit_code == 2:
            assert "stranger.yaml" in checked.output, checked.output
            assert all(len(line) < 2000 for line in checked.output.splitlines())
            return
        # Sound to validate: then build keeps the promise, on both papers.
        for paper in ("letter", "a4"):
            built = invoke("build", path, "--out", folder / "out", "--paper", paper, "--format", "pdf")
            assert built.exit_code == 0, f"validate said sound, build said:\n{built.output}"

    check()


def _positions(game, seed=0):
    """JSON of positions along a seeded random game."""
    g = rules.load(game)
    rng = random.Random(seed)
    state, found = g.initial_state(), []
    for step in range(400):
        if state.is_terminal():
            break
        if step % 40 == 5:
            found.append(state.to_json())
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply(rng.choice(outcomes))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return found or [state.to_json()]


@pytest.mark.parametrize("game", GAMES)
def test_a_mutated_position_is_refused_cleanly(game, tmp_path_factory):
    positions = _positions(game)

    @given(st.sampled_from(positions).flatmap(lambda p: mutated_text(p, dump_json)))
    def check(text):
        path = tmp_path_factory.mktemp("pos") / "stranger.json"
        path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
        result = invoke("moves", game, "--position", path)
        assert result.exit_code in (0, 2), result.output
        if result.exit_code == 2:
            assert "stranger.json" in result.output or "move" in result.output, result.output
        if re.search(r"(?<![\"\w])-?\d+\.\d+|NaN|Infinity", text) and result.exit_code == 0:
            # A number with a decimal point outside strings is never a position value.
            outside = re.sub(r'"(?:[^"\\]|\\.)*"', '""', text)
            assert not re.search(r"\d\.\d|NaN|Infinity", outside), "a float was accepted"

    check()


def test_messages_quote_a_huge_value_cut_short(tmp_path):
    """A 5-million-character name once gave a 5 MB message."""
    spec = tmp_path / "huge.yaml"
    spec.write_text("game: tiles\ntitle: " + "x" * 200_000 + "\n", encoding="utf-8")
    position = tmp_path / "huge.json"
    position.write_text(json.dumps({"game": "phoenix", "variant": "standard", "players": ["Red", "Blue"],
                                    "stage": "x" * 500_000}), encoding="utf-8")
    for args in (["validate", spec], ["build", spec, "--out", tmp_path / "o"],
                 ["moves", "phoenix", "--position", position]):
        result = invoke(*args)
        assert result.exit_code == 2
        assert len(result.output) < 2_000, len(result.output)

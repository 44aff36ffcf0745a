"""Specs drawn across the schemas' ranges, for every game: a spec that
`validate` calls sound builds (its rulebook and reference included, whose
figures and examples play positions on the spec's own board and values),
and a spec either refuses is refused at its file, line and column, without a
traceback.

Each spec is a bundled one with a few keys changed: any number the schema
bounds, to a value in its range, or one of the groups of keys that only
make sense together (a Lam board and a set-up that fits it, a player
range and the seating and variants that go with it). The budget is small
(a spec is validated and built in about two seconds); for a longer local
hunt: HYPOTHESIS_PROFILE=long python -m pytest tests/test_spec_ranges.py
"""

from __future__ import annotations

import copy
import re

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from conftest import budget

from printkit import SPECS_DIR, games
from printkit.cli import main
from printkit.spec import SCHEMAS_DIR, _read_schema

# Five specs a game in the ci profile, 320 in the long hunt (tests/conftest.py).
RANGES = settings(max_examples=budget(5, hunt=320), suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])

GAMES = sorted(p.stem for p in SPECS_DIR.glob("*.yaml"))
COMMON = _read_schema(SCHEMAS_DIR / "common.yaml")


# --- the numbers a schema bounds ------------------------------------------------------

def _deref(schema: dict, root: dict) -> tuple[dict, dict]:
    """A schema node with its $ref followed (within the game's schema or into common.yaml)."""
    while "$ref" in schema:
        document, _, fragment = schema["$ref"].partition("#")
        root = COMMON if document == "common.yaml" else root
        schema = root
        for step in filter(None, fragment.split("/")):
            schema = schema[step]
    return schema, root


def _child(schema: dict, root: dict, key) -> tuple[dict | None, dict]:
    schema, root = _deref(schema, root)
    for part in [schema, *schema.get("allOf", [])]:
        part, where = _deref(part, root)
        if isinstance(key, int) and "items" in part:
            return _deref(part["items"], where)
        if not isinstance(key, int):
            if key in part.get("properties", {}):
                return _deref(part["properties"][key], where)
            if isinstance(part.get("additionalProperties"), dict):
                return _deref(part["additionalProperties"], where)
    return None, root


def bounded_numbers(data, schema: dict, root: dict, path=()):
    """(path, "integer" or "number", minimum, maximum) of every number in a
    spec whose schema bounds it."""
    if isinstance(data, (dict, list)):
        items = data.items() if isinstance(data, dict) else enumerate(data)
        for key, value in items:
            child, where = _child(schema, root, key)
            if child is not None:
                yield from bounded_numbers(value, child, where, path + (key,))
    elif isinstance(data, (int, float)) and not isinstance(data, bool):
        schema, _ = _deref(schema, root)
        if "minimum" in schema and "maximum" in schema:
            yield path, schema.get("type", "number"), schema["minimum"], schema["maximum"]


def bundled(game: str) -> dict:
    return yaml.safe_load((SPECS_DIR / f"{game}.yaml").read_text(encoding="utf-8"))


def number_change(game: str):
    """One bounded number of the bundled spec set to a value in its range."""
    schema = _read_schema(games.schema_path(game))
    found = list(bounded_numbers(bundled(game), schema, schema))
    assert found, f"{game}: no bounded numbers found in its schema"

    def value(entry):
        path, kind, low, high = entry
        drawn = st.integers(low, high) if kind == "integer" else \
            st.floats(low, high, allow_nan=False).map(lambda v: round(v, 1)).filter(lambda v: low <= v <= high)
        return drawn.map(lambda v: {path: v})

    return st.sampled_from(found).flatmap(value)


# --- keys that go together ------------------------------------------------------------

@st.composite
def lam_board(draw):
    """A Lam board in two equal segments and a set-up that fits it, every type
    placed; the piece counts and the Flags to destroy follow from the set-up."""
    columns, segment = draw(st.integers(3, 15)), draw(st.integers(2, 8))
    rows = []
    for _ in range(draw(st.integers(1, min(4, segment)))):
        rows.append(draw(st.lists(st.sampled_from("RPS.PSR"), min_size=columns, max_size=columns)))
    for k, letter in enumerate("RPS"):
        rows[0][k] = letter
    for at in draw(st.lists(st.integers(0, columns - 1), min_size=1, max_size=min(4, columns), unique=True)):
        rows[-1][at] = "F"
    rows = ["".join(r) for r in rows]
    if "F" not in "".join(rows):
        rows[-1] = "F" + rows[-1][1:]
    counts = {kind: sum(r.count(letter) for r in rows)
              for kind, letter in (("rock", "R"), ("paper", "P"), ("scissors", "S"), ("flag", "F"))}
    flags = counts["flag"]
    return {("board", "columns"): columns, ("board", "rows"): 2 * segment, ("board", "segment_rows"): segment,
            ("setup", "rows"): rows, ("pieces",): counts,
            ("variants", "standard", "flags_to_win"): 1,
            ("variants", "two-flag", "flags_to_win"): draw(st.integers(1, min(flags, 4)))}


@st.composite
def player_range(draw, game: str):
    """Phoenix or McKinney played by fewer player counts: the range, its
    default, and (Phoenix) the Team variant only where four may play."""
    low = draw(st.integers(2, 4))
    high = draw(st.integers(low, 4))
    out = {("players",): {"min": low, "max": high}}
    if game == "phoenix":
        out[("default_players",)] = draw(st.integers(low, high))
        if high < 4:
            out[("variants",)] = {"default": "standard", "standard": {}, "give-away": {},
                                  "casino": {"starting_chips": 20, "chips_per_elimination": 1}}
    return out


@st.composite
def playground_board(draw):
    """A Playground board, its base behind one or two squares of the back row,
    and an army that fits the back row."""
    columns, rows = draw(st.integers(3, 20)), draw(st.integers(3, 20))
    base = draw(st.integers(0, columns - 2))
    return {("board", "columns"): columns, ("board", "rows"): rows, ("board", "base_columns"): [base, base + 1],
            ("army", "size"): draw(st.integers(3, columns))}


GROUPS = {"lam": [lam_board()], "phoenix": [player_range("phoenix")], "mckinney": [player_range("mckinney")],
          "playground": [playground_board()], "tiles": []}


def changes(game: str):
    """One to three changes to the bundled spec: numbers in range, or groups of keys."""
    one = st.one_of(number_change(game), *GROUPS[game])
    return st.lists(one, min_size=1, max_size=3).map(lambda found: {k: v for d in found for k, v in d.items()})


def changed(data: dict, change: dict) -> dict:
    data = copy.deepcopy(data)
    for path, value in change.items():
        node = data
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = value
    return data


# --- the promise ----------------------------------------------------------------------

def invoke(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"printkit {' '.join(map(str, args))} raised {result.exception!r}:\n{result.output}")
    assert "Traceback" not in result.output
    return result


def refused_at_a_line(result, name: str) -> None:
    """Exit 2, and every problem named at the file, a line and a column."""
    assert result.exit_code == 2, result.output
    problems = [line for line in result.output.splitlines() if name in line or line.startswith("printkit:")]
    assert problems, result.output
    for line in problems:
        assert re.match(rf"\S*{re.escape(name)}:\d+:\d+: ", line), f"no file:line:column in {line!r}"


def holds_for(data: dict, folder) -> None:
    path = folder / "drawn.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    checked = invoke("validate", path, "--playouts", "2", "--jobs", "1")
    if checked.exit_code != 0:
        refused_at_a_line(checked, "drawn.yaml")
        return
    # A kit that fits one paper only is sound, with a warning naming that paper.
    paper = re.search(r"build with --paper (letter|a4)\b", checked.output)
    built = invoke("build", path, "--out", folder / "out", "--format", "pdf", "--quiet",
                   "--paper", paper.group(1) if paper else "letter")
    assert built.exit_code == 0, f"validate said sound, build said:\n{built.output}"
    kit = folder / "out" / data["id"]
    assert {p.name for p in kit.glob("*.pdf")} == {f"{data['id']}-{k}.pdf" for k in ("kit", "rules", "reference")}


@pytest.mark.parametrize("game", GAMES)
def test_a_spec_drawn_across_the_ranges_builds_when_sound(game, tmp_path_factory):
    original = bundled(game)

    @RANGES
    @given(changes(game))
    def check(change):
        holds_for(changed(original, change), tmp_path_factory.mktemp(game))

    check()


# --- the layouts the review found ----------------------------------------------------

@pytest.mark.parametrize("change", [
    {("max_turns",): 10}, {("max_turns",): 54}, {("escalation_after_turns_per_player",): 1},
    {("escalation_after_turns_per_player",): 5}, {("escalation_after_turns_per_player",): 500},
    {("max_turns",): 40, ("escalation_after_turns_per_player",): 20},
    {("beats",): {"rock": "paper", "paper": "scissors", "scissors": "rock"}},
], ids=lambda c: ",".join(f"{'/'.join(k)}={v}" for k, v in c.items()))
def test_phoenix_turns_and_beats_in_range_build(change, tmp_path):
    """"The Escalation Phase starts once every player has had this many
    turns": a cap at 10, or an Escalation Phase from the second turn, is a
    spec that builds, its figures played on turns the spec reaches."""
    holds_for(changed(bundled("phoenix"), change), tmp_path)


@pytest.mark.parametrize("board", [(9, 4, ["SRSFRFSRS"]), (5, 10, ["SRFRS", "PPPPP"]),
                                   (3, 4, ["SRF", "PPP"]), (9, 6, ["SRSFRFSRF", "PPPPPPPPP"]),
                                   (10, 4, ["FPSPPS.RRR"])],
                         ids=["4-rows", "5-columns", "3x4", "three-flags", "a4-only"])
def test_lam_boards_in_range_build(board, tmp_path):
    columns, rows, setup = board
    change = {("board", "columns"): columns, ("board", "rows"): rows, ("board", "segment_rows"): rows // 2,
              ("setup", "rows"): setup,
              ("pieces",): {kind: sum(r.count(letter) for r in setup)
                            for kind, letter in (("rock", "R"), ("paper", "P"), ("scissors", "S"), ("flag", "F"))}}
    holds_for(changed(bundled("lam"), change), tmp_path)


def test_mckinney_without_two_players_builds(tmp_path):
    holds_for(changed(bundled("mckinney"), {("players", "min"): 3}), tmp_path)

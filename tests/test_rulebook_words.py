"""The players' rulebook speaks to players only: no move notation, no spec
keys, no command-line options, no talk of engines, programs or simulations.
All of that belongs in the kit's reference (``<id>-reference.pdf``).

Every rulebook there is (every game, variant, example spec and kit option
whose text differs) is read twice: as the Markdown the template writes (where
a backquote or a spec key is still visible) and as the text of the PDF."""

from __future__ import annotations

import re

import pytest

from printkit import rulebook
from printkit.kit import BuildOptions
from rulebook_cases import GAMES, case_id, cases, flat, load, markdown, pdf

# Words of programmers, in any game's rulebook.
ENGINE_WORDS = [
    (r"(?<![\w-])--[a-z]", "a command-line option"),
    (r"`", "a code span (a spec key, a command or a move)"),
    (r"\b[a-z]+_[a-z_]+\b", "a spec key (snake_case)"),
    (r"\bengine\b", "the engine"),
    (r"\bsimulat", "simulations"),
    (r"\bprintkit\b", "the tool's name"),
    (r"\bprograms?\b", "programs"),
    (r"\bJSON\b", "JSON"),
    (r"\bspec\b|\bspec's\b|\bYAML\b", "the spec"),
    (r"reference\.pdf|-reference\b", "the programmers' reference"),
    (r"\bnotation\b", "move notation"),
    (r"\bunfinished\b", "a game stopped by a program's cap"),
    (r"\baction ids?\b|\bobservation\b|\bcodes?\b", "engine vocabulary"),
    (r"\bseeds?\b", "the project's word for the original rules"),
    (r"\bbuild the kit with\b", "a build instruction"),
]

# Each game's move notation, as its reference writes it.
NOTATION = {
    "phoenix": [r"\b[RPS] (d )?\d ?, ?\d", r"\d,\d ?> ?\d,\d", r"\bphoenix [RPS]\b", r"\bstep \d,\d",
                r"\bx \d,\d", r"\bfirst (Red|Blue|Green|Pink|Yellow)\b", r"\b\d-\d\b"],
    "mckinney": [r"\b[RPSB]@?[a-z]\d{1,2}\b", r"\b[a-z]\d{1,2}[x>-][a-z]\d", r"\b[AB][+-](?!\w)"],
    "lam": [r"\b[RPSF][a-p]\d{1,2}[x>-]", r"\bP[a-p]\d{1,2}>(e|ne|nw|w|sw|se)\b", r"\b[a-p]\d{1,2}[x-][a-p]\d"],
    "playground": [r"\b[a-z]\d{1,2}[x-]([a-z]\d|base)", r"\bkeep (mover|rescued)\b", r"\broll \d\b",
                   r"\bfirst (Blue|Red)\b"],
    "tiles": [r"-?\d+ ?, ?-?\d+ (ll|lr|ul|ur)\b", r"\b(ll|lr|ul|ur)\b"],
}


def offences(text: str, game: str) -> list[str]:
    found = []
    for pattern, what in ENGINE_WORDS + [(p, "move notation") for p in NOTATION[game]]:
        for match in re.finditer(pattern, text):
            found.append(f"{what}: ...{text[max(0, match.start() - 40):match.end() + 40]}...")
    return found


CASES = cases()


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_the_rulebook_text_holds_no_programmer_words(case):
    name, options = case
    game = load(name).game
    text = " ".join(markdown(name, options).split())
    # The credit line quotes the spec's own words; the rules are ours.
    found = offences(text, game)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("case", [c for c in CASES if not c[1].ink_saver and not c[1].sheet_per_colour],
                         ids=[case_id(c) for c in CASES if not c[1].ink_saver and not c[1].sheet_per_colour])
def test_the_printed_rulebook_holds_no_programmer_words(case):
    """The PDF's text too: captions written by the game's figures are only in it."""
    name, options = case
    found = offences(flat(pdf(name, options)), load(name).game)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_the_lint_catches_each_kind_of_word(game):
    """The patterns find what they are meant to (a lint that finds nothing is no test)."""
    samples = {"phoenix": "before: R d 2,2>3,3", "mckinney": "it builds P@f7 then Bg9",
               "lam": "the Rock Rc1xc4 then Pb2>ne", "playground": "c1-c5 then keep mover a1",
               "tiles": "play 0,1 lr"}
    assert any(w == "move notation" for w in (o.split(":")[0] for o in offences(samples[game], game)))
    for words in ("build the kit with --variant two-flag", "set `hidden_orientation`",
                  "played by the rules engine", "a simulated game is stopped after 400 turns",
                  "For programs that play it", "max_turns is 400"):
        assert offences(words, game), words


@pytest.mark.parametrize("game", GAMES)
def test_the_reference_keeps_what_the_rulebook_left_out(game):
    """Notation, commands and the turn cap have a home: the reference."""
    spec = load(game)
    reference = rulebook.render(spec, BuildOptions(), reference=True)
    needed = [f"printkit moves {spec.id}", "## Move notation and positions", "--ink-saver"]
    if spec.get("max_turns"):
        needed += [f"after {spec['max_turns']} ", "unfinished"]
    if spec.get("variants"):
        needed.append("--variant NAME")
    for words in needed:
        assert words in reference, f"{game}'s reference lacks {words!r}"

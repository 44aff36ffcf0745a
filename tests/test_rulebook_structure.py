"""The game first: every rulebook opens with the game (goal, components,
set-up, turns, winning) and ends with the making of the kit; what a player
needs to play is in the rules sections, not only in Clarifications."""

from __future__ import annotations

import re

import pytest

from printkit.kit import BuildOptions
from rulebook_cases import GAMES, case_id, cases, load, markdown, pages_text, pdf

CASES = [c for c in cases() if not c[1].ink_saver and not c[1].sheet_per_colour]


def sections(text: str) -> dict[str, str]:
    """``## heading`` -> its text (up to the next ``##``), in order."""
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    return {parts[i].strip(): " ".join(parts[i + 1].split()) for i in range(1, len(parts), 2)}


def rules_part(text: str) -> str:
    """The sections a player reads to play: all before Clarifications."""
    out = []
    for heading, body in sections(text).items():
        if heading in ("Clarifications", "About this edition", "Making the kit", "Turn summary"):
            break
        out.append(body)
    return " ".join(out)


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_the_game_comes_first_and_the_making_of_the_kit_last(case):
    headings = list(sections(markdown(*case)))
    assert headings[:2] == ["The goal", "Components"], headings
    assert "Setting up" in headings[:4], headings
    making = headings.index("Making the kit")
    # Nothing about playing comes after the making of the kit but the turn summary.
    assert headings[making + 1:] in ([], ["Turn summary"]), headings
    for rules in ("Setting up", "Clarifications"):
        if rules in headings:
            assert headings.index(rules) < making


def test_phoenix_rules_alone_say_what_a_player_needs():
    """Rules that lived only in Clarifications are in the rules sections."""
    text = rules_part(markdown("phoenix", BuildOptions()))
    moving = sections(markdown("phoenix", BuildOptions()))["Playing"]
    # "If the rolled coordinates contain an opponent's Bird, the opponent's Bird is eliminated":
    # on a move too, the rolled square belongs to the roller.
    assert re.search(r"\*\*Roll\*\* both dice, then move .* If an opponent's Bird is there, it goes to the Ashes "
                     r"whatever its type", moving)
    # A player who has finished entering rolls on, with nothing to place.
    assert "A player whose Birds have all entered while others are still entering keeps rolling" in moving
    # When an Escalation chain reaction can happen at all.
    assert "this happens when a **roll** lands on an opponent's Bird" in text
    # The turn counter counts rounds, and its number is turns per player.
    esc = load("phoenix")["escalation_after_turns_per_player"]
    assert f"When the turn counter reaches {esc}, every player has had {esc} turns" in text
    assert "counts every turn" not in text


def test_mckinney_rules_alone_say_what_a_player_needs():
    text = rules_part(markdown("mckinney", BuildOptions()))
    assert "No Unit ever enters the square of its own Builder." in text
    assert ("it steps onto a friend only when the steps it has left can take it on to a square where it "
            "may end its move") in text
    # "These central squares are the starting points of the correlated Builders
    # (after the game begins these will be basic, blank spaces)."
    assert "Once play begins, the start squares are ordinary squares" in text
    # "Player order can be determined by any method the Players agree to."
    assert "Agree on who begins by any method you like" in text
    clarifications = sections(markdown("mckinney", BuildOptions())).get("Clarifications", "")
    assert "first seat" not in clarifications


@pytest.mark.parametrize("game", GAMES)
def test_clarifications_read_what_the_original_leaves_open(game):
    """A clarification that only repeats a rule is gone: none starts with the
    words of a rule already stated (captures, attacks, scoring, the end)."""
    clarifications = sections(markdown(game, BuildOptions())).get("Clarifications", "")
    for repeated in ("**Captures.**", "**Attacking a Builder.**", "**Turn order.**", "**The end.**",
                     "**Shared tiles.**", "**Turn numbers.**", "**Who begins.**", "**Who moves first.**",
                     "**Who goes first.**"):
        assert repeated not in clarifications, (game, repeated)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_the_turn_summary_is_one_page_of_its_own_at_the_end(case, paper):
    """A player aid to print on its own: the last page, all of it, and nothing else."""
    name, options = case
    texts = pages_text(pdf(name, options, paper))
    assert texts[-1].lstrip().startswith("Turn summary"), texts[-1][:80]
    assert not any("Turn summary" in text for text in texts[:-1])
    assert "print this page once for each player" in " ".join(texts[-1].split())
    # The summary names the turn's steps and how to win.
    assert re.search(r"\bwin", texts[-1], flags=re.I)

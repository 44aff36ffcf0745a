"""An honest edition: the rulebook says which things are this edition's
reconstructions of the originals' lost diagrams, marks the rulings it adds
where an original is silent, and keeps Lam's Notes on Play in their own words."""

from __future__ import annotations

import re

import pytest

from printkit.kit import BuildOptions
from rulebook_cases import GAMES, load, markdown, variants


def paragraphs(text: str) -> list[str]:
    """Paragraphs and list items of Markdown, each on one line, quote marks gone."""
    text = re.sub(r"^> ?", "", text, flags=re.M)
    blocks = re.split(r"\n\s*\n|\n(?=\s*(?:[-*]|\d+\.) )", text)
    return [" ".join(b.split()) for b in blocks if b.strip()]


def section(text: str, heading: str) -> str:
    match = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, flags=re.M | re.S)
    assert match, heading
    return " ".join(match.group(1).split())


# What each original lost with its diagrams, named in "About this edition".
RECONSTRUCTED = {
    "mckinney": ["**the board**", "**the Slider values**", "**the +/- spaces**", "**the pieces**"],
    "tiles": ["**the shapes**", "**the tiles**"],
    "phoenix": ["the look of the board", "the Birds as folding stand-up pieces", "the dice"],
    "lam": ["**the board**", "**the set-up**"],
    "playground": ["**the board**", "**the cards**"],
}


@pytest.mark.parametrize("game", GAMES)
def test_the_edition_says_what_it_reconstructed(game):
    about = section(markdown(game, BuildOptions()), "About this edition")
    assert "lost" in about or "shows none of them" in about
    assert "this edition's" in about
    for named in RECONSTRUCTED[game]:
        assert named in about, (game, named)


# Rulings the kit adds where the original is silent: a phrase of the rule,
# found in a paragraph that also says it is this edition's ruling.
RULINGS = {
    "phoenix": ["If the last Birds eliminate each other", "each player starts with"],
    "lam": ["the game is a draw", "a player who cannot move on their turn loses"],
    "playground": ["If neither player has a piece that can move, the game is a draw"],
}


@pytest.mark.parametrize("game, variant", [(g, v) for g in RULINGS for v in variants(g)])
def test_rulings_the_edition_adds_are_marked_as_its_own(game, variant):
    text = markdown(game, BuildOptions(variant=variant))
    rules = text[:text.index("## Clarifications")]
    for phrase in RULINGS[game]:
        holding = [p for p in paragraphs(rules) if phrase in p]
        assert holding, (game, phrase)
        assert all("this edition's ruling" in p.lower() for p in holding), (game, phrase, holding)


def test_phoenix_casino_chips_are_this_editions_number():
    """The original: "Players place a chip in a pot each time one of their
    Birds is eliminated. The winner collects all chips in the pot." No number
    of chips to start with: the kit's is its own."""
    chips = load("phoenix")["variants"]["casino"]["starting_chips"]
    casino = [p for p in paragraphs(markdown("phoenix", BuildOptions(variant="casino")))
              if f"starts with {chips} chips" in p]
    assert casino and all("this edition's rulings" in p for p in casino)


# Greg Lam's Notes on Play (2001), sentence by sentence, as the rulebook must keep them.
NOTES_ON_PLAY = [
    "As the Rocks are by far the most mobile of the pieces, it is important to guard against them "
    "slipping past the defenses and threatening the flag.",
    "Papers are important in keeping Rocks in check, and are also able to mount a threat as well.",
    "Stacks of Paper are highly mobile and therefore dangerous.",
    "Their ability to float over most other pieces make a stack of four or more Papers even more "
    "dangerous than Rocks.",
    "Scissors can often be used to penetrate deeply into enemy territory by cutting through the line "
    "of enemy Papers.",
    "Their ability to lock enemy Scissors can sometimes be paralyzing, and also to keep Papers in check.",
    "The loss of all of any one of your types of playing pieces will result in being unable to defend "
    "against another.",
    "For example, if you lose all of your Scissors, it will be very difficult to defend against a "
    "coordinated Paper attack.",
    "In the Two-Flag version, the loss of one flag is not necessarily fatal, as the second flag can "
    "become better fortified as a result.",
    "You may even begin the game by deciding to fortify one flag while exposing the other.",
]


@pytest.mark.parametrize("variant", variants("lam"))
def test_lam_keeps_its_notes_on_play_in_its_own_words(variant):
    notes = section(markdown("lam", BuildOptions(variant=variant)), "Notes on Play")
    notes = re.sub(r"\s*>\s*", " ", notes)
    for sentence in NOTES_ON_PLAY:
        assert sentence in notes, sentence

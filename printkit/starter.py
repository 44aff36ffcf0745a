"""``printkit new NAME``: a small game of one's own that builds at once.

Writes ``NAME/NAME.yaml`` (the spec: a deck of cards from a CSV file, a few
tokens and a die), ``NAME/cards.csv``, ``NAME/rules.md`` and
``NAME/icon.svg``, refusing to replace any file that is already there.
"""

from __future__ import annotations

import re
from pathlib import Path

from .errors import PrintkitError

NAME = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")

SPEC = """\
# {title}: a game of your own. Change anything, then build it:
#   printkit build {spec}
# docs/own-game.md lists every key a component takes.
game: custom
id: {name}
title: {title}
description: A small game to start from.
players: {{min: 2, max: 4}}
rules: rules.md                 # the rulebook: Markdown beside this file
components:
  - type: cards
    name: Deck
    size: poker                 # or bridge, mini, tarot, square; or size_mm: [63, 88]
    table: cards.csv            # one row per kind of card; its count column says how many
    face:
      band: colour              # each field names a column of the table
      title: name
      icon: icon
      corners: value
      text: text
    back:
      color: "#2E4057"
      text: {title}
  - type: tokens
    name: Stars
    shape: round                # square, hex
    size_mm: 20
    rows:
      - {{value: "1", colour: "#F2C14E", mark: icon.svg, count: 8}}
      - {{value: "5", colour: "#F78154", mark: icon.svg, count: 4}}
    face: {{background: colour, title: value}}
    back_face: {{background: colour, image: mark}}
  - type: dice
    name: Die
    size_mm: 16
    faces: [{{pips: 1}}, {{pips: 2}}, {{pips: 3}}, {{pips: 4}}, {{pips: 5}}, {{icon: icon.svg}}]
"""

CARDS = """\
name,value,colour,icon,text,count
Scout,1,#4D9DE0,icon.svg,Look at the top card of the deck.,4
Runner,2,#3BB273,icon.svg,Move a token one space.,4
Guard,3,#E1BC29,icon.svg,Keep a star when you would lose one.,3
Captain,5,#E15554,icon.svg,Take a star from each other player.,1
"""

RULES = """\
# {title}

A small game to start from: change these words to your own rules.

## What is in the box

- 12 cards: Scouts, Runners, Guards and a Captain
- 12 stars
- 1 die

![A card of the deck](part:Deck)

## Setting up

Shuffle the deck and deal three cards to each player. Put the stars in a
pile everyone can reach.

## Playing

On your turn, roll the die, then play a card and do what it says. When the
die shows the star, take a star:

![The star](icon.svg)

The first player with 10 stars wins.
"""

ICON = """\
<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
  <path d="M12 1.5 L14.9 8.6 L22.5 9.2 L16.7 14.1 L18.5 21.6 L12 17.6 L5.5 21.6 L7.3 14.1 L1.5 9.2 L9.1 8.6 Z"
        fill="#2E4057"/>
</svg>
"""


def create(name: str, folder: Path) -> list[Path]:
    """Write the starter game ``name`` into ``folder/name/``; the files written."""
    if not NAME.match(name or ""):
        raise PrintkitError(f"new {name!r}: a game's name is a lower-case letter, then up to 39 lower-case "
                            "letters, digits, - or _ (it names the kit's folder)")
    target = Path(folder) / name
    title = name.replace("-", " ").replace("_", " ").title()
    spec = target / f"{name}.yaml"
    files = {spec: SPEC.format(name=name, title=title, spec=spec.as_posix()),
             target / "cards.csv": CARDS,
             target / "rules.md": RULES.format(title=title),
             target / "icon.svg": ICON}
    there = [path for path in files if path.exists() or path.is_symlink()]
    if there:
        raise PrintkitError(f"{there[0]}: already exists; printkit new never replaces a file (choose another "
                            "name, or --dir for another folder)")
    if target.exists() and not target.is_dir():
        raise PrintkitError(f"{target}: already exists and is not a folder")
    try:
        target.mkdir(parents=True, exist_ok=True)
        for path, text in files.items():
            # "x": created here or not at all, even if a file appeared since the check above.
            with open(path, "x", encoding="utf-8", newline="\n") as f:
                f.write(text)
    except FileExistsError as exc:
        raise PrintkitError(f"{exc.filename}: already exists; printkit new never replaces a file") from None
    except OSError as exc:
        raise PrintkitError(f"{target}: cannot write the new game: {exc.strerror or exc}") from None
    return list(files)

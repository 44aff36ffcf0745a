"""One source of truth for the colours a kit prints: the sheets and the
rulebook name the same ones, for every --colors value of every game."""

from __future__ import annotations

import re

import pytest

from printkit import games, spec as specs
from printkit.options import BuildOptions, resolve_options
from printkit.rulebook import templating


def _cases():
    for game_id in specs.bundled_games():
        loaded = specs.load(game_id)
        players = loaded.get("players") or {}
        colors = loaded.get("colors")
        if not isinstance(colors, list):
            continue
        for n in range(players.get("min", 2), min(players.get("max", 2), len(colors)) + 1):
            yield game_id, n


@pytest.mark.parametrize("game_id, n", list(_cases()))
def test_sheets_and_rulebook_name_the_same_colours(game_id, n):
    loaded = specs.load(game_id)
    options = resolve_options(loaded, BuildOptions(colors=n))
    parts = games.stage(loaded.game, "parts").parts(loaded, options)
    names = {c["name"] for c in loaded["colors"]}
    on_sheets = {m for p in parts for m in re.findall(r"\(([^()]+)\)", p.name) if m in names}
    in_rulebook = [c["name"] for c in templating.context(loaded, options)["colors"]]
    assert len(in_rulebook) == n
    assert on_sheets == set(in_rulebook)


def test_a_two_colour_mckinney_rulebook_names_the_printed_colours():
    """`--colors 2`: the kit prints the seats that play with two (Vermilion and Yellow)."""
    from printkit.rulebook import render_pdf

    loaded = specs.load("mckinney")
    text = "".join(page.extract_text() for page in _pdf(render_pdf(loaded, BuildOptions(colors=2))).pages)
    flat = " ".join(text.split())
    assert "2 colours: Vermilion and Yellow" in flat
    assert "start square of Blue" not in flat and "start square of Green" not in flat


def _pdf(data):
    import io

    from pypdf import PdfReader

    return PdfReader(io.BytesIO(data) if isinstance(data, bytes) else data)

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
    import pdf_text
    import rulebook_cases

    # rendered and read once a run (tests/test_rulebook.py reads the same rulebook)
    text = "".join(pdf_text.texts(rulebook_cases.pdf("mckinney", BuildOptions(colors=2))))
    flat = " ".join(text.split())
    assert "2 colours: Vermilion and Yellow" in flat
    assert "start square of Blue" not in flat and "start square of Green" not in flat


# --- every pair of player colours told apart --------------------------------------

GREY_STEP = 5.0  # CAM02-UCS lightness J': two tones a black-and-white print tells apart
CVD_STEP = 10.0  # CAM02-UCS colour difference under a colour-vision deficiency
DEFICIENCIES = ("deuteranomaly", "protanomaly", "tritanomaly")


def _rgb(hex_color: str):
    import numpy as np
    text = hex_color.lstrip("#")
    return np.array([int(text[i:i + 2], 16) / 255 for i in (0, 2, 4)])


def _player_colours(game: str) -> list:
    colours = specs.load(game)["colors"]
    return colours if isinstance(colours, list) else []


@pytest.mark.parametrize("game", specs.bundled_games())
def test_every_pair_of_player_colours_differs_in_grey_and_for_colour_blind_players(game):
    """In greyscale every pair differs in tone (Red and Green once printed the
    same grey); under full deuteranomaly, protanomaly and tritanomaly
    (simulated) every pair differs in colour or carries a different mark."""
    import numpy as np
    pytest.importorskip("colorspacious")
    from colorspacious import cspace_convert, deltaE
    colours = _player_colours(game)
    for i, a in enumerate(colours):
        for b in colours[i + 1:]:
            pair = f"{game}: {a['name']} and {b['name']}"
            grey_a = cspace_convert(_rgb(a["hex"]), "sRGB1", "CAM02-UCS")[0]
            grey_b = cspace_convert(_rgb(b["hex"]), "sRGB1", "CAM02-UCS")[0]
            assert abs(grey_a - grey_b) >= GREY_STEP, f"{pair} print the same grey"
            assert a.get("mark") != b.get("mark"), f"{pair} share a mark"
            for kind in DEFICIENCIES:
                seen = {"name": "sRGB1+CVD", "cvd_type": kind, "severity": 100}
                sa = np.clip(cspace_convert(_rgb(a["hex"]), seen, "sRGB1"), 0, 1)
                sb = np.clip(cspace_convert(_rgb(b["hex"]), seen, "sRGB1"), 0, 1)
                assert deltaE(sa, sb) >= CVD_STEP or a.get("mark") != b.get("mark"), f"{pair} ({kind})"


def test_validate_warns_of_two_colours_that_print_the_same_grey(tmp_path):
    """A designer's palette is checked too: Vermilion and a mid green (the
    kit's old Green) print the same grey, a warning at the second one's hex."""
    from printkit.palette import lightness
    source = specs.load("mckinney").path.read_text(encoding="utf-8")
    assert '{name: Green, hex: "#7FC97F"' in source
    path = tmp_path / "greens.yaml"
    path.write_text(source.replace('{name: Green, hex: "#7FC97F"', '{name: Green, hex: "#009E73"'), encoding="utf-8")
    loaded = specs.load(str(path))
    (warning,) = [w for w in loaded.warnings if "same grey" in w.message]
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if "#009E73" in text)
    assert warning.line == line and "Green and Vermilion" in warning.message
    assert abs(lightness("#D55E00") - lightness("#009E73")) < 5 <= abs(lightness("#D55E00") - lightness("#7FC97F"))
    assert round(lightness("#FFFFFF")) == 100 and round(lightness("#000000")) == 0


@pytest.mark.parametrize("game_id", [g for g in specs.bundled_games()
                                     if isinstance(specs.load(g).get("colors"), list)])
def test_ink_saver_prints_every_mark_and_word_of_a_piece_in_ink(game_id, monkeypatch):
    """Ink-saver mode prints a large colour field as a band along its outline,
    so a player's mark or words set white on the field would print white on
    white: Lam's counters, Playground's cards, stands and bases and Phoenix's
    Bird faces lost them, and with them what tells the colours apart in grey."""
    from printkit.parts.core import Fill, Text

    loaded = specs.load(game_id)
    module = games.stage(loaded.game, "parts")
    used = []
    original = module.player_mark

    def recording(kind, cx, cy, size, color="#000000"):
        used.append(color.upper())
        return original(kind, cx, cy, size, color)

    monkeypatch.setattr(module, "player_mark", recording)
    for ink_saver in (False, True):
        used.clear()
        options = resolve_options(loaded, BuildOptions(ink_saver=ink_saver))
        parts = module.parts(loaded, options)
        assert used, game_id
        if not ink_saver:
            continue
        assert "#FFFFFF" not in used, game_id
        for part in parts:
            fields = [i for i in part.items if isinstance(i, Fill) and i.large]
            for text in (i for i in part.items if isinstance(i, Text)):
                on_field = any(min(x for x, _ in f.points) <= text.x <= max(x for x, _ in f.points)
                               and min(y for _, y in f.points) <= text.y <= max(y for _, y in f.points)
                               for f in fields)
                assert not (on_field and text.color.upper() == "#FFFFFF"), (part.name, text.text)

"""Every way of building a kit, drawn at random: home, print shop, cutting
machine, duplex, ink-saver, any paper, colours and bleed. Whatever the mix,
a build either succeeds or says why in one line with exit code 2; and on
every sheet of a kit that succeeds, the bleed never paints another piece,
nothing leaves the paper's printable area, and a cutting machine's marks
have their clear ground."""

from __future__ import annotations

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from conftest import budget
from shapely.geometry import Polygon
from shapely.ops import unary_union

from printkit import cli, games, sheets
from printkit import spec as specs
from printkit.errors import PrintkitError
from printkit.options import BuildOptions, resolve_options
from printkit.parts.bleed import piece_area

GAMES = specs.bundled_games()

modes = st.fixed_dictionaries({
    "game": st.sampled_from(GAMES),
    "paper": st.sampled_from(["letter", "a4"]),
    "press": st.booleans(),
    "print_and_cut": st.booleans(),
    "duplex": st.booleans(),
    "ink_saver": st.booleans(),
    "sheet_per_colour": st.booleans(),
    "bleed": st.one_of(st.none(), st.none(), st.floats(0, 5, allow_nan=False).map(lambda v: round(v, 2))),
    # Mostly the game's own count; now and then a count it may refuse.
    "colors": st.one_of(st.none(), st.none(), st.none(), st.integers(1, 5)),
})


def _imposed(mode: dict):
    spec = specs.load(mode["game"])
    options = {k: v for k, v in mode.items() if k != "game"}
    try:
        chosen = resolve_options(spec, BuildOptions(**options))
    except PrintkitError:
        return None  # refused with a message (checked through the command below)
    module = games.stage(spec.game, "parts")
    return sheets.impose(spec, module.parts(spec, chosen), chosen, module)


# Twenty modes in ci (each a whole layout), 800 in the long hunt.
@settings(max_examples=budget(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mode=modes)
def test_every_mode_keeps_bleed_off_pieces_and_ink_on_the_printable_area(mode):
    laid = _imposed(mode)
    if laid is None:
        return
    edge = sheets.PRINTER_EDGE
    for sheet in laid:
        w, h = sheet.paper.width, sheet.paper.height
        areas = [a for a in (piece_area(p.items()) for p in sheet.placements) if a is not None]
        pieces = unary_union(areas) if areas else None
        for fill in sheet.bleed:
            x0, y0, x1, y1 = _bounds(fill.points)
            assert x0 >= edge - 1e-6 and x1 <= w - edge + 1e-6 and y0 >= edge - 1e-6 and y1 <= h - edge + 1e-6
            if pieces is not None:
                shape = Polygon(fill.points, [hole for hole in fill.holes if len(hole) > 2]).buffer(0)
                assert shape.intersection(pieces).area < 0.01, sheet.title
        for placement in sheet.placements:
            x0, y0, x1, y1 = placement.x, placement.y, placement.x + placement.width, placement.y + placement.height
            assert x0 >= edge and y0 >= edge and x1 <= w - edge and y1 <= h - edge, sheet.title
            if sheet.paper.corner:  # the marks' ground: no piece in their rows, columns or corners
                m, c = sheet.paper.margin, sheet.paper.corner
                assert x0 >= m - 1e-6 and x1 <= w - m + 1e-6
                assert not (x1 > w - c and y1 > h - c) and not (x0 < c and y0 < c), sheet.title


def _bounds(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


@settings(max_examples=budget(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mode=modes, formats=st.sampled_from(["pdf", "svg", "pdf,svg", "png", "pdf,png"]))
def test_every_mode_builds_or_says_why_in_one_line(tmp_path_factory, mode, formats):
    out = tmp_path_factory.mktemp("kit")
    args = ["build", mode["game"], "-o", str(out), "-q", "--paper", mode["paper"], "--format", formats]
    for flag in ("press", "print_and_cut", "duplex", "ink_saver", "sheet_per_colour"):
        if mode[flag]:
            args.append("--" + flag.replace("_", "-"))
    if mode["bleed"] is not None:
        args += ["--bleed", str(mode["bleed"])]
    if mode["colors"] is not None:
        args += ["--colors", str(mode["colors"])]
    result = CliRunner().invoke(cli.main, args)
    assert result.exit_code in (0, 2), result.output
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        assert len(result.output.strip().splitlines()) == 1, result.output
        assert not any(out.iterdir())  # nothing half-written
    else:
        written = [p for p in (out / mode["game"]).iterdir() if not p.name.startswith(".")]
        assert written
        assert all(p.resolve().is_relative_to(out.resolve()) for p in written)

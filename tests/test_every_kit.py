"""Every bundled kit on both papers, measured the same way: no ink within a
quarter inch of any edge (rendered pixels), cut files with only the cut and
score layers in pure red and blue, every font embedded."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from pypdf import PdfReader

from printkit import kit
from printkit import spec as specs
from printkit.options import BuildOptions
from test_kit_pdf import render

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    cache = {}

    def get(game, paper):
        if (game, paper) not in cache:
            out = tmp_path_factory.mktemp(f"{game}-{paper}")
            cache[(game, paper)] = kit.build(specs.load(game), BuildOptions(paper=paper), out)
        return cache[(game, paper)]

    return get


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", specs.bundled_games())
def test_no_ink_within_a_quarter_inch_of_any_edge(built, game, paper):
    path = built(game, paper).kit_pdf
    dpi = 60
    band = int(np.ceil(6.35 / 25.4 * dpi))
    for index in range(len(PdfReader(path).pages)):
        image, _ = render(path, index, dpi)
        edges = [image[:band], image[-band:], image[:, :band], image[:, -band:]]
        assert min(e.min() for e in edges) >= 250, f"{game}: ink near the edge of sheet {index + 1}"
        assert image.min() < 100, f"{game}: sheet {index + 1} is blank"


@pytest.mark.parametrize("game", specs.bundled_games())
def test_cut_files_hold_only_cut_and_score_layers(built, game):
    result = built(game, "letter")
    svgs = [p for p in result.files if p.suffix == ".svg"]
    assert svgs
    for path in svgs:
        root = ET.parse(path).getroot()
        layers = {g.get("id"): g for g in root.findall(f"{SVG}g")}
        assert set(layers) == {"cut", "score"}, path.name
        assert layers["cut"].get("stroke") == "#FF0000" and layers["score"].get("stroke") == "#0000FF"
        assert any(True for _ in layers["cut"].iter(f"{SVG}path")), f"{path.name} cuts nothing"


@pytest.mark.parametrize("game", specs.bundled_games())
def test_every_font_is_embedded(built, game):
    for path in (built(game, "a4").kit_pdf, built(game, "a4").folder / f"{game}-rules.pdf"):
        for page in PdfReader(path).pages:
            fonts = (page.get("/Resources") or {}).get("/Font") or {}
            for ref in fonts.values():
                font = ref.get_object()
                descendants = font.get("/DescendantFonts")
                target = descendants[0].get_object() if descendants else font
                descriptor = target.get("/FontDescriptor")
                assert descriptor is not None and any(k in descriptor.get_object() for k in
                                                      ("/FontFile2", "/FontFile", "/FontFile3")), path.name

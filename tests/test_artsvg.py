"""The kit's art drawn for screens (printkit.writers.artsvg): millimetres
kept, y turned down, what a finished piece does not show left out."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from printkit.parts.core import CUT, GLUE, VALLEY, Circle, Fill, Line, Text
from printkit.writers import artsvg


def test_a_fill_keeps_its_millimetres_with_y_turned_down():
    fill = Fill(((0.0, 0.0), (10.0, 0.0), (10.0, 5.25)), "#D55E00", stroke="#000000", stroke_pt=0.5)
    element = artsvg.element(fill, 20.0)
    assert 'd="M0,20L10,20L10,14.75Z"' in element and 'fill="#D55E00"' in element
    assert 'stroke-width="0.18"' in element  # 0.5 pt = 0.176 mm


def test_text_is_sized_in_millimetres_and_turned_as_printed():
    text = Text(5.0, 2.0, "Rock & <Paper>", size=10.0, anchor="start", bold=True, angle=90.0)
    node = ET.fromstring(artsvg.element(text, 30.0))
    assert node.text == "Rock & <Paper>"  # escaped in the SVG, read back as written
    assert (node.get("x"), node.get("y"), node.get("font-size")) == ("5", "28", "3.53")  # 10 pt
    assert node.get("text-anchor") == "start" and node.get("font-weight") == "bold"
    assert node.get("transform") == "rotate(-90 5 28)"  # counter-clockwise on paper, y down on screen


def test_what_a_finished_piece_does_not_show_is_left_out():
    assert artsvg.element(Fill(((0, 0), (1, 0), (1, 1)), "#DDDDDD", role=GLUE), 10) == ""
    assert artsvg.element(Line(((0, 0), (1, 1)), role="guide"), 10) == ""
    cut = ET.fromstring(artsvg.element(Line(((0, 0), (4, 0), (4, 3)), role=CUT, closed=True), 10))
    assert cut.tag == "polygon" and cut.get("points") == "0,10 4,10 4,7" and cut.get("stroke") == "#000000"
    fold = ET.fromstring(artsvg.element(Line(((0, 0), (4, 0)), role=VALLEY), 10))
    assert fold.get("stroke-dasharray") == "2 1"


def test_a_document_is_one_unit_a_millimetre():
    svg = artsvg.document([Circle((10.0, 10.0), 4.0, fill="#0072B2")], 120.5, 80.0)
    root = ET.fromstring(svg)
    assert root.get("viewBox") == "0 0 120.5 80" and root.get("width") == "120.5mm"
    circle = root.find(".//{http://www.w3.org/2000/svg}circle")
    assert (circle.get("cx"), circle.get("cy"), circle.get("r")) == ("10", "70", "4")

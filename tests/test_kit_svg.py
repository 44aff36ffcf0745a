"""The McKinney cut files: millimetres, two pure layers, each segment once."""

import re
import xml.etree.ElementTree as ET

import pytest

from printkit.sheets import PAPERS

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
LAYER_COLOURS = {"cut": "#FF0000", "score": "#0000FF"}


def svg_files(result):
    return sorted(p for p in result.files if p.suffix == ".svg")


def path_segments(d):
    """The straight segments of an SVG path made of M, L and Z, and whether it closes."""
    tokens = re.findall(r"([MLZ])\s*(?:(-?[\d.]+),(-?[\d.]+))?", d)
    points, segments, closed = [], [], False
    for command, x, y in tokens:
        if command == "Z":
            segments.append((points[-1], points[0]))
            closed = True
            continue
        point = (float(x), float(y))
        if command == "L":
            segments.append((points[-1], point))
        points.append(point)
    assert re.fullmatch(r"[MLZ\d.,\s-]+", d), d  # nothing but straight lines
    return segments, closed


def overlap(s, t, eps=1e-6):
    """Length shared by two segments lying on one line (0 when not collinear)."""
    (ax, ay), (bx, by) = s
    (cx, cy), (dx, dy) = t
    ux, uy = bx - ax, by - ay
    length = (ux * ux + uy * uy) ** 0.5
    ux, uy = ux / length, uy / length
    for px, py in ((cx, cy), (dx, dy)):
        if abs((px - ax) * uy - (py - ay) * ux) > eps:
            return 0.0
    c = (cx - ax) * ux + (cy - ay) * uy
    d = (dx - ax) * ux + (dy - ay) * uy
    return max(0.0, min(length, max(c, d)) - max(0.0, min(c, d)))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_one_svg_per_sheet_with_cuts_sized_in_millimetres(mckinney_kit, paper):
    """Every sheet has its cut file, named by its sheet number: the cover's
    cuts out the box label."""
    result = mckinney_kit(paper=paper)
    files = svg_files(result)
    assert [f.name for f in files] == [f"mckinney-sheet-{n:02d}.svg" for n in range(1, result.sheets + 1)]
    want = PAPERS[paper]
    for path in files:
        root = ET.parse(path).getroot()
        assert root.get("width") == f"{want.width:g}mm"
        assert root.get("height") == f"{want.height:g}mm"
        assert [float(v) for v in root.get("viewBox").split()] == [0, 0, want.width, want.height]


def test_only_pure_cut_and_score_layers_without_fills_or_dashes(mckinney_kit):
    for path in svg_files(mckinney_kit()):
        text = path.read_text(encoding="utf-8")
        assert "dasharray" not in text
        root = ET.parse(path).getroot()
        layers = [g for g in root if g.tag == f"{SVG}g"]
        assert [g.get(f"{INKSCAPE}label") for g in layers] == ["cut", "score"]
        assert all(g.get(f"{INKSCAPE}groupmode") == "layer" for g in layers)
        assert all(child.tag in (f"{SVG}g", f"{SVG}defs") for child in root)
        for layer in layers:
            assert layer.get("stroke") == LAYER_COLOURS[layer.get(f"{INKSCAPE}label")]
            assert layer.get("fill") == "none"
            assert float(layer.get("stroke-width")) <= 0.1  # a hairline
            for element in layer.iter():
                if element is layer:
                    continue
                assert element.tag == f"{SVG}path"
                assert element.get("fill") in (None, "none")
                assert element.get("stroke") in (None, layer.get("stroke"))
                assert element.get("style") is None


def test_no_segment_is_cut_or_scored_twice(mckinney_kit):
    for path in svg_files(mckinney_kit()):
        root = ET.parse(path).getroot()
        for layer in root.iter(f"{SVG}g"):
            segments = []
            for element in layer.iter(f"{SVG}path"):
                segments.extend(path_segments(element.get("d"))[0])
            for i, s in enumerate(segments):
                for t in segments[i + 1:]:
                    assert overlap(s, t) < 1e-3, (path.name, s, t)


def test_outlines_are_closed_and_shared_unit_edges_appear_once(mckinney_kit, mckinney_spec):
    result = mckinney_kit()
    files = [f for f in svg_files(result) if not f.name.endswith("-01.svg")]  # not the cover's box label
    # Sheets 2-5: one quadrant each, its outline (tabs included) one closed path.
    for path in files[0:4]:
        cut = ET.parse(path).getroot().find(f"{SVG}g[@id='cut']")
        paths = [path_segments(p.get("d")) for p in cut.iter(f"{SVG}path")]
        assert len(paths) == 1 and paths[0][1], path.name
    # A pieces sheet: the Units' grid is cut along each shared line once, so its
    # length is that of the grid lines, not the sum of every tile's outline.
    units = mckinney_spec["pieces"]["units"]
    unit = mckinney_spec["kit"]["unit_mm"]
    columns, rows = max(units.values()), len(units)
    grid_length = (rows + 1) * columns * unit + (columns + 1) * rows * unit
    alone = [f for f in svg_files(mckinney_kit(sheet_per_colour=True))  # one colour's pieces on the sheet
             if not f.name.endswith("-01.svg")]
    cut = ET.parse(alone[4]).getroot().find(f"{SVG}g[@id='cut']")
    total = 0.0
    for element in cut.iter(f"{SVG}path"):
        for (ax, ay), (bx, by) in path_segments(element.get("d"))[0]:
            total += ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    sum_of_outlines = sum(units.values()) * 4 * unit
    assert total < sum_of_outlines
    others = total - grid_length
    assert 0 < others < 400  # the Builder and the Slider Markers

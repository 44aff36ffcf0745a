"""McKinney's printed sizes: the board frame, its Quadrants and every piece's size.

The part generator draws with them and the spec checks measure with them
(``size_problems``: what the kit cannot print is a spec error, reported by
validate with every other problem), so both read one set of numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...parts.core import CUT_CLEAR, rect, tabbed_outline
from ...writers.fonts import text_width_mm
from .board import SIGNS, to_board

# --- geometry from the spec --------------------------------------------------

@dataclass(frozen=True)
class KitGeometry:
    """Every printed size of the kit, in millimetres, from the spec."""

    square: float
    size: int  # squares per quadrant side
    tab: float  # glue tab depth
    track: float  # depth of a slider track strip
    waste: float  # grey border to cut away
    unit: float
    marker: float
    builder_side: float
    builder_height: float
    shield: float
    builder_tab: float

    @property
    def grid(self) -> float:
        return self.size * self.square


def kit_geometry(spec) -> KitGeometry:
    """The spec's ``board`` and ``kit`` sizes. The bundled spec sets every ``kit``
    value; a spec without them gets sizes in proportion to its squares."""
    board = spec["board"]
    kit = spec.get("kit") or {}
    builder = kit.get("builder") or {}
    s = float(board["square_mm"])
    marker = float(kit.get("slider_marker_mm", round(max(6.0, s * 0.36), 1)))
    return KitGeometry(
        square=s, size=int(board["quadrant_size"]), tab=float(board["glue_tab_mm"]),
        track=float(kit.get("track_mm", round(max(s * 0.9, marker + 10), 1))),
        waste=float(kit.get("waste_mm", 4)),
        unit=float(kit.get("unit_mm", round(s * 0.82, 1))),
        marker=marker,
        builder_side=float(builder.get("side_mm", round(s * 0.73, 1))),
        builder_height=float(builder.get("height_mm", round(s * 1.27, 1))),
        shield=float(builder.get("shield_mm", round(s * 0.5, 1))),
        builder_tab=float(builder.get("tab_mm", 6)),
    )


@dataclass(frozen=True)
class Quadrant:
    """One quadrant of the board and its place on the assembled board."""

    index: int  # in the spec's board.quadrants
    position: str  # top-left, top-right, bottom-right, bottom-left
    type: str  # "A" carries glue tabs on both inner edges, "B" none
    seat: int
    geometry: KitGeometry

    @property
    def signs(self) -> tuple[int, int]:
        return SIGNS[self.position]

    @property
    def name(self) -> str:
        return f"Quadrant {self.type}, {self.position}"

    def grid_rect(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the play grid in the board frame."""
        sx, sy = self.signs
        G = self.geometry.grid
        return (min(0, sx * G), min(0, sy * G), max(0, sx * G), max(0, sy * G))

    def piece_rect(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the quadrant without tabs: grid plus slider tracks."""
        sx, sy = self.signs
        E = self.geometry.grid + self.geometry.track
        return (min(0, sx * E), min(0, sy * E), max(0, sx * E), max(0, sy * E))

    def board_square(self, i: int, j: int) -> tuple[int, int]:
        """The board square (x from the west, y from the south, as the rules
        engine counts them) of square (i, j) counted from this start square."""
        return to_board(self.position, (i, j), self.geometry.size)

    def square_rect(self, i: int, j: int) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of square (i, j), counted from the start square away from the centre."""
        x, y = self.board_square(i, j)
        n, s = self.geometry.size, self.geometry.square
        return ((x - n) * s, (y - n) * s, (x - n + 1) * s, (y - n + 1) * s)

    def start_square(self) -> tuple[float, float, float, float]:
        return self.square_rect(0, 0)

    def neighbour(self, seam: str) -> str:
        """The position across the "vertical" (x = 0) or "horizontal" (y = 0) seam."""
        sx, sy = self.signs
        other = (-sx, sy) if seam == "vertical" else (sx, -sy)
        return next(p for p, signs in SIGNS.items() if signs == other)

    def seam_edges(self) -> list[tuple[str, tuple, tuple]]:
        """The quadrant's two inner edges, the whole seam (the grid and the
        Slider track that meets its neighbour's at the rim), as (seam, a, b),
        each running the way a counter-clockwise outline of the quadrant runs,
        so a tab on a->b lies outside: a tab glues the whole seam."""
        sx, sy = self.signs
        G = self.geometry.grid + self.geometry.track
        ylo, yhi = sorted((0, sy * G))
        xlo, xhi = sorted((0, sx * G))
        vertical = ((0, ylo), (0, yhi)) if sx < 0 else ((0, yhi), (0, ylo))
        horizontal = ((xlo, 0), (xhi, 0)) if sy > 0 else ((xhi, 0), (xlo, 0))
        return [("vertical", *vertical), ("horizontal", *horizontal)]

    @property
    def has_tabs(self) -> bool:
        return self.type == "A"

    def tabs(self) -> list[tuple[tuple, tuple, float]]:
        """(a, b, depth) of each glue tab, in the board frame."""
        if not self.has_tabs:
            return []
        return [(a, b, self.geometry.tab) for _, a, b in self.seam_edges()]

    def outline(self) -> tuple:
        """The cut outline in the board frame: one closed polygon, tabs included."""
        x0, y0, x1, y1 = self.piece_rect()
        return tabbed_outline(rect(x0, y0, x1 - x0, y1 - y0), self.tabs())

    def bounds(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the printed part: the piece, room for tabs on the
        inner edges (type A's tabs, type B's assembly notes) and the waste border."""
        g = self.geometry
        x0, y0, x1, y1 = self.piece_rect()
        sx, sy = self.signs
        inner = g.tab + g.waste
        return (x0 - (g.waste if sx < 0 else inner), y0 - (g.waste if sy < 0 else inner),
                x1 + (inner if sx < 0 else g.waste), y1 + (inner if sy < 0 else g.waste))

    @property
    def board_offset(self) -> tuple[float, float]:
        """Add this to a point of the printed part to get its place on the board."""
        x0, y0, _, _ = self.bounds()
        return (x0, y0)


def board_layout(spec) -> list[Quadrant]:
    """The spec's quadrants, in spec order, with their places on the board."""
    g = kit_geometry(spec)
    return [Quadrant(i, q["position"], q["type"], q["seat"], g)
            for i, q in enumerate(spec["board"]["quadrants"])]


def marker_row(marker: float) -> float:
    """Depth of a track's outer row: a Slider Marker's spot (0.8 mm larger
    than the marker), 0.4 mm inside it, CUT_CLEAR outside it to the cut."""
    return marker + 0.8 + 0.4 + CUT_CLEAR


def track_cells(spec, slider: str, g: KitGeometry) -> tuple[float, float]:
    """(label cell length, notch cell length) of a Slider's track, in mm:
    notches as long as a square where they fit, the label cell takes the rest."""
    data = spec["sliders"][slider]
    label1, label2 = data["labels"]
    label_w = max(text_width_mm(label1, 6.5), text_width_mm(label2, 6.5),
                  text_width_mm(f"Slider {slider}", 8, bold=True)) + 6.5  # 3 mm from the cut, 3.5 before the notches
    n = len(data["notches"])
    c = min(g.square, (g.grid - label_w) / n)
    return g.grid - n * c, c


MIN_NOTCH_MM = 6.0  # a notch must hold its two numbers and a Slider Marker's spot


def size_problems(spec) -> list:
    """Sizes the kit cannot print: Slider tracks too short for their notches
    or too narrow for their Markers. (Whether Units and Builders fit the
    squares is the shared check's, ``printkit.footprint``, through the parts'
    ``footprints``; ``checks.check_spec`` runs it on the pieces at load.)"""
    g = kit_geometry(spec)
    problems = []
    kit = ("kit",) if spec.get("kit") else ()
    for slider in ("A", "B"):
        _, c = track_cells(spec, slider, g)
        if c < max(MIN_NOTCH_MM, g.marker + 1):
            problems.append(spec.problem(
                ("sliders", slider, "notches"),
                f"{len(spec['sliders'][slider]['notches'])} notches and the labels of Slider {slider} do not fit "
                f"along a {g.grid:g} mm quadrant edge (each notch needs "
                f"{max(MIN_NOTCH_MM, g.marker + 1):g} mm); use fewer notches or larger squares"))
    if g.track < marker_row(g.marker) + 2 * 3.5:
        problems.append(spec.problem(kit + ("track_mm",) if kit else ("board", "square_mm"),
                                     f"a slider track of {g.track:g} mm has no room for {g.marker:g} mm "
                                     f"Slider Markers and two rows of values (needs {marker_row(g.marker) + 7:g} mm)"))
    return problems

"""shapely, for the parts and the writers, with numpy loaded first.

shapely's compiled module loads numpy itself when numpy is not loaded yet,
and numpy's C loader prints the traceback of whatever stops it, a Ctrl-C or
a SIGTERM included, before printkit can end the run with its one line.
Imported from Python first, numpy is stopped like any other import.
"""

import numpy  # noqa: F401  (before shapely: see above)
from shapely import (STRtree, buffer, covers, distance, get_coordinates, intersection, is_valid, line_merge,
                     linearrings, linestrings, make_valid, multilinestrings, points, polygons, prepare)
from shapely.geometry import LineString, MultiLineString, Point, Polygon, box
from shapely.ops import linemerge, polygonize, unary_union

__all__ = ["LineString", "MultiLineString", "Point", "Polygon", "STRtree", "box", "buffer", "covers", "distance",
           "get_coordinates", "intersection", "is_valid", "line_merge", "linearrings", "linemerge", "linestrings",
           "make_valid", "multilinestrings", "points", "polygonize", "polygons", "prepare", "unary_union"]

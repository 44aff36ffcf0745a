"""Pictures a spec names: PNG and JPEG (Pillow), SVG (svglib).

Every picture is read from inside the spec's folder (``files``), at most
``MAX_BYTES``; a raster one of at most ``MAX_PIXELS`` (Pillow's own guard
against decompression bombs is turned into an error too), read whole so
that a truncated file fails here and not in the middle of a build. An SVG
becomes a ReportLab drawing, so the PDF keeps it as vectors, its words set
in printkit's embedded DejaVu fonts whatever family it names; one that
refers to any other file or address, or declares entities, is refused
before it is parsed for drawing. Any failure is a problem at the place
that names the picture.
"""

from __future__ import annotations

import io
import re
import warnings
from collections import OrderedDict

from ..errors import SpecError
from ..parts.core import Picture
from .files import Refused, read

MAX_BYTES = 8_000_000
MAX_SVG_BYTES = 2_000_000
MAX_PIXELS = 25_000_000  # 5000 x 5000: a 300 dpi picture 42 cm wide
MAX_SIDE = 12_000
RASTER = {"png": "PNG", "jpg": "JPEG", "jpeg": "JPEG"}
_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 512


def load(ctx, name: str, at) -> Picture:
    """The picture ``name`` beside ``ctx``'s spec; ``at(message)`` gives the
    Problem for a failure (the YAML line, or a table's row)."""
    suffix = str(name).rsplit(".", 1)[-1].lower() if "." in str(name) else ""
    try:
        if suffix not in RASTER and suffix != "svg":
            raise Refused(f"image {name!r}: give a .png, .jpg or .svg file")
        path, data = read(ctx.folder, name, MAX_SVG_BYTES if suffix == "svg" else MAX_BYTES, "image")
        key = (str(path), len(data), hash(data))
        found = _CACHE.get(key)
        if found is None:
            found = _svg(name, data) if suffix == "svg" else _raster(name, data, RASTER[suffix])
            _CACHE[key] = found
            while len(_CACHE) > _CACHE_SIZE:
                _CACHE.popitem(last=False)
        return found
    except Refused as why:
        raise SpecError([at(str(why))]) from None


def _raster(name: str, data: bytes, expected: str) -> Picture:
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            # Pillow warns of a picture over its own limit and fails at twice it: both are refusals here.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=[expected])
            width, height = image.size
            if width * height > MAX_PIXELS or max(width, height) > MAX_SIDE:
                raise Refused(f"image {name!r} is {width} x {height} pixels; a picture is at most "
                              f"{MAX_PIXELS:,} pixels and {MAX_SIDE:,} on a side")
            image.load()
    except Refused:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise Refused(f"image {name!r} claims more pixels than a picture may have (a decompression bomb?); "
                      f"a picture is at most {MAX_PIXELS:,} pixels") from None
    except UnidentifiedImageError:
        raise Refused(f"image {name!r} is not a {expected} picture (a broken or renamed file?)") from None
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        raise Refused(f"image {name!r} is broken: {str(exc)[:120] or type(exc).__name__}") from None
    if width < 1 or height < 1:
        raise Refused(f"image {name!r} has no pixels")
    # Transparency kept (a PNG's), everything else as RGB: what a PDF takes.
    has_alpha = image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info)
    from PIL import ImageOps

    # A photo's camera turn (its EXIF orientation) applied, as viewers show it.
    image = ImageOps.exif_transpose(image).convert("RGBA" if has_alpha else "RGB")
    return Picture("raster", image, float(width), float(height), name, _raster_colours(image))


def _hex(r: float, g: float, b: float) -> str:
    return "#{:02X}{:02X}{:02X}".format(round(r), round(g), round(b))


def _raster_colours(image) -> tuple:
    """The commonest colours of a small copy of the picture, its clear parts left out."""
    small = image.resize((24, 24))
    counts = small.getcolors(24 * 24) or []  # (how many, pixel) for every colour
    seen = [(n, p[:3]) for n, p in counts if small.mode != "RGBA" or p[3] > 128]
    return tuple(_hex(*p) for _, p in sorted(seen, key=lambda np: (-np[0], np[1]))[:16])


def _vector_colours(drawing) -> tuple:
    """The fill and stroke colours a drawing sets, in the order met."""
    from reportlab.lib.colors import Color

    found: dict = {}

    def walk(node):
        for attribute in ("fillColor", "strokeColor"):
            value = getattr(node, attribute, None)
            if isinstance(value, Color):
                r, g, b = value.rgb()
                found.setdefault(_hex(r * 255, g * 255, b * 255), None)
        for child in getattr(node, "contents", ()) or ():
            walk(child)

    walk(drawing)
    return tuple(list(found)[:16])


# What an SVG may not hold: a reference to anything but its own elements
# (#id), entity declarations, a stylesheet import. Pictures inside it (data:
# addresses) are refused too: they would escape the pixel limit above.
_HREF = re.compile(rb"""(?:href|src)\s*=\s*["']\s*(?!#)([^"']*)""", re.I)
_URL = re.compile(rb"""url\(\s*["']?\s*(?!#)""", re.I)


def _svg(name: str, data: bytes) -> Picture:
    if b"<!ENTITY" in data or b"<!entity" in data or b"<!DOCTYPE" in data.upper():
        raise Refused(f"image {name!r}: an SVG with a DOCTYPE or entities is not read")
    if _HREF.search(data) or _URL.search(data) or b"@import" in data:
        raise Refused(f"image {name!r}: the SVG refers to another file or address, or holds a picture; "
                      "an SVG must draw everything itself (give a picture as a PNG or JPEG file of its own)")
    from lxml import etree

    try:
        parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, load_dtd=False)
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise Refused(f"image {name!r} is not a sound SVG file: {str(exc)[:120]}") from None
    if not isinstance(root.tag, str) or etree.QName(root).localname != "svg":
        raise Refused(f"image {name!r} is not an SVG drawing (its first element is not <svg>)")
    import logging

    from svglib.svglib import SvgRenderer

    from ..writers.fonts import SvgFontMap, embedded_face

    logger = logging.getLogger("svglib")
    level, logger.level = logger.level, logging.CRITICAL  # its complaints become our one message
    try:
        drawing = SvgRenderer(name, font_map=SvgFontMap()).render(root)
    except Exception as exc:  # svglib raises what its parser meets; any of it is a broken file
        raise Refused(f"image {name!r}: the SVG cannot be drawn: {str(exc)[:120] or type(exc).__name__}") from None
    finally:
        logger.level = level
    if drawing is None or not drawing.width or not drawing.height or drawing.width <= 0 or drawing.height <= 0:
        raise Refused(f"image {name!r}: the SVG has no size (give its <svg> a width and height or a viewBox)")
    _embedded_fonts(drawing)
    # The font a renderer sets before the first word (else Helvetica, which is never embedded).
    drawing.initialFontName = embedded_face("")
    return Picture("vector", drawing, float(drawing.width), float(drawing.height), name, _vector_colours(drawing))


def _embedded_fonts(node) -> None:
    """Every word of a drawing in one of printkit's embedded fonts: svglib
    asks its font map for most, but a drawing's defaults (ReportLab's
    Helvetica) would slip past it."""
    from ..writers.fonts import embedded_face

    if hasattr(node, "fontName"):
        node.fontName = embedded_face(node.fontName)
    for child in getattr(node, "contents", ()) or ():
        _embedded_fonts(child)

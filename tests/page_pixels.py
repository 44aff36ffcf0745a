"""A PDF page as the printer would see it, in grey, for tests that measure
ink on paper."""

from __future__ import annotations

import pypdfium2 as pdfium

PT_PER_MM = 72 / 25.4


def grey(path, index: int, dpi: float, crop_mm=None):
    """Page ``index`` as an array of grey bytes (0 black .. 255 paper) and the
    mm position of its top-left pixel corner; ``crop_mm`` = (x0, y0, x1, y1)
    in mm from the bottom-left. Read straight from the rendered bitmap: a
    page at 600 dpi as an image, then an array of floats, took most of a
    second and a quarter of a gigabyte."""
    pdf = pdfium.PdfDocument(str(path))
    page = pdf[index]
    width, height = page.get_size()
    crop = (0, 0, 0, 0)
    left_mm, top_mm = 0.0, height / PT_PER_MM
    if crop_mm:
        x0, y0, x1, y1 = crop_mm
        crop = (x0 * PT_PER_MM, y0 * PT_PER_MM, width - x1 * PT_PER_MM, height - y1 * PT_PER_MM)
        left_mm, top_mm = x0, y1
    image = page.render(scale=dpi / 72, crop=crop, grayscale=True).to_numpy().copy()
    pdf.close()
    return image, (left_mm, top_mm)

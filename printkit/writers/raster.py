"""PDF pages as RGB images, rendered by PDFium: a piece's PNG, a virtual
table's pictures, the live table's sheets."""

from __future__ import annotations


def rgb_pages(data: bytes, scale: float):
    """Each page of the PDF ``data`` as an RGB image (PIL), ``scale`` pixels
    a point, one at a time."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    try:
        for index in range(len(pdf)):
            page = pdf[index]
            bitmap = page.render(scale=scale)
            image = bitmap.to_pil().convert("RGB")
            # Each closed before what it came from: PDFium 4.0 crashes on a
            # page left open after its document.
            bitmap.close()
            page.close()
            yield image
    finally:
        pdf.close()


def rgb_page(data: bytes, scale: float):
    """The first page of the PDF ``data`` as an RGB image (PIL)."""
    pages = rgb_pages(data, scale)
    try:
        return next(pages)
    finally:
        pages.close()  # the document closed now, not when the generator is collected

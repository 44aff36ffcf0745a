"""Make the README's pictures from a real build: a sheet of the McKinney kit
and a page of its rulebook, and a sheet of the starter game `printkit new`
writes, rendered with PDFium into docs/images/.

    python scripts/doc_images.py

tests/test_docs.py rebuilds the kit and checks that each picture still
shows what the build prints. It compares pixels, not files: a newer
reportlab or PDFium may write or smooth the same page a little differently,
so the pictures are compared averaged over small blocks, where only a real
change of the page (a part moved, a paragraph added) shows.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "docs" / "images"
DPI = 72  # a Letter page 612 x 792 pixels: the layout shows, the file stays small

# file name -> (game, which PDF of its kit, words on the page to show): a
# page is found by what it shows, so that a rulebook grown by a paragraph
# still gives the page with the same figure.
IMAGES = {
    "mckinney-kit-sheet.png": ("mckinney", "kit", "Pieces of Vermilion"),
    "mckinney-rulebook-page.png": ("mckinney", "rules", "Where it may build"),
}

# The README's picture of a game of one's own: a sheet of the starter game
# `printkit new` writes, built as it is (file name -> words on the page).
STARTER = "duel"
STARTER_IMAGES = {
    "own-game-sheet.png": "Look at the top card",
}

BLOCK = 4  # pixels a side averaged before comparing
LEVELS = 40  # a block differs when one of its channels' means moves by more than this (of 255)
SHARE = 0.03  # the most blocks that may differ: 3% (a page moved by 0.7 mm differs in 4%)


def build(out: Path) -> Path:
    """The kit of ``printkit build mckinney`` in out/mckinney/."""
    from printkit import kit, spec

    return kit.build(spec.load("mckinney"), kit.BuildOptions(), out).folder


def render(pdf: Path, words: str):
    """The first page of a PDF that carries ``words``, as an RGB PIL image at DPI."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf))
    try:
        for page in document:
            # Each closed before what it came from: PDFium 4.0 crashes on a
            # page or text page left open after its document.
            text = page.get_textpage()
            found = words in " ".join(text.get_text_range().split())
            text.close()
            if found:
                bitmap = page.render(scale=DPI / 72)
                image = bitmap.to_pil().convert("RGB")
                bitmap.close()
                page.close()
                return image
            page.close()
        raise LookupError(f"no page of {pdf.name} says {words!r}: change IMAGES in scripts/doc_images.py")
    finally:
        document.close()


def images(kit_folder: Path) -> dict:
    """File name -> the picture rendered from the kit in kit_folder."""
    out = {}
    for name, (game, which, words) in IMAGES.items():
        out[name] = render(kit_folder / f"{game}-{which}.pdf", words)
    return out


def starter_images(base: Path) -> dict:
    """File name -> the picture rendered from the kit of the starter game
    (``printkit new duel``, built as written) made under ``base``."""
    from printkit import kit, spec, starter

    starter.create(STARTER, base)
    folder = kit.build(spec.load(str(base / STARTER / f"{STARTER}.yaml")), kit.BuildOptions(formats=("pdf",)),
                       base / "out").folder
    return {name: render(folder / f"{STARTER}-kit.pdf", words) for name, words in STARTER_IMAGES.items()}


def difference(a, b) -> float:
    """The share of BLOCK x BLOCK blocks whose mean colour differs by more
    than LEVELS in a channel; 1.0 when the sizes differ."""
    import numpy as np

    if a.size != b.size:
        return 1.0
    pa, pb = (np.asarray(i.convert("RGB"), dtype=np.float64) for i in (a, b))
    h, w = (pa.shape[0] // BLOCK) * BLOCK, (pa.shape[1] // BLOCK) * BLOCK

    def blocks(p):
        return p[:h, :w].reshape(h // BLOCK, BLOCK, w // BLOCK, BLOCK, 3).mean(axis=(1, 3))

    return float((np.abs(blocks(pa) - blocks(pb)).max(axis=2) > LEVELS).mean())


def main() -> int:
    FOLDER.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="printkit-images-") as base:
        made = {**images(build(Path(base) / "bundled")), **starter_images(Path(base) / "starter")}
        for name, image in made.items():
            image.save(FOLDER / name, format="PNG", optimize=True)
            print(f"wrote docs/images/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

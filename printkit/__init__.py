"""printkit: print-and-play kits and reference rules engines for board games."""

from pathlib import Path

# Bundled data lives beside the package in the source tree (installed editable).
ROOT = Path(__file__).resolve().parent.parent
SPECS_DIR = ROOT / "specs"
TEMPLATES_DIR = ROOT / "templates"

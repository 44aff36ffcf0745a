"""printkit: print-and-play kits and reference rules engines for board games."""

from importlib import metadata
from pathlib import Path

try:
    __version__ = metadata.version("printkit")
except metadata.PackageNotFoundError:  # run from a checkout that was never installed
    __version__ = "0+unknown"

_PACKAGE = Path(__file__).resolve().parent


def _bundled(name: str) -> Path:
    """Where the bundled `specs/` or `templates/` folder is: inside the package in
    an installed wheel (pyproject maps them to printkit/bundled/), beside the
    package in a source checkout or an editable install."""
    inside = _PACKAGE / "bundled" / name
    return inside if inside.is_dir() else _PACKAGE.parent / name


SPECS_DIR = _bundled("specs")
TEMPLATES_DIR = _bundled("templates")

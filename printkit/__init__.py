"""printkit: print-and-play kits and reference rules engines for board games."""

from pathlib import Path


def __getattr__(name: str):
    # __version__ on first use: importlib.metadata loads some thirty modules,
    # and the printkit command takes over Ctrl-C only once this file has run
    # (printkit.__main__).
    if name == "__version__":
        from importlib import metadata

        try:
            return metadata.version("printkit-games")  # the distribution's name on the index
        except metadata.PackageNotFoundError:  # run from a checkout that was never installed
            return "0+unknown"
    raise AttributeError(f"module 'printkit' has no attribute {name!r}")

_PACKAGE = Path(__file__).resolve().parent


def _bundled(name: str) -> Path:
    """Where the bundled `specs/` or `templates/` folder is: inside the package in
    an installed wheel (pyproject maps them to printkit/bundled/), beside the
    package in a source checkout or an editable install."""
    inside = _PACKAGE / "bundled" / name
    return inside if inside.is_dir() else _PACKAGE.parent / name


SPECS_DIR = _bundled("specs")
TEMPLATES_DIR = _bundled("templates")

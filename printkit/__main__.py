"""``python -m printkit``: the same command line as ``printkit``."""

from .cli import main

main(prog_name="printkit")

"""The ``printkit`` command, and ``python -m printkit``: the same command line.

Ctrl-C, SIGTERM or SIGHUP while the command is still loading (click,
reportlab, fonts: some tenths of a second) ends it with printkit's one line
and exit code, not a traceback from inside an import; nothing is written
yet, so there is nothing to clean up. Once a command runs, ``printkit.cli``
takes the signals over: they then stop it the way Ctrl-C does, and a build
clears away what it had begun.
"""

import signal
import sys

_EARLY = ("SIGINT", "SIGTERM", "SIGHUP")


def stopped_while_loading(signum, frame):
    """A signal before the command has begun: say so, and exit with the
    shell's convention, 128 + the signal's number (130 for Ctrl-C)."""
    sys.stderr.write("printkit: interrupted\n" if signum == signal.SIGINT else "printkit: terminated\n")
    raise SystemExit(128 + signum)


def _own_package() -> None:
    """Make ``printkit`` this file's package when Python took another folder
    for it. Run as ``python -m printkit`` from the folder that holds a clone
    named printkit, with an editable install: the working folder comes first
    on the path and its ``printkit`` folder (the clone, no __init__.py) is
    taken for a namespace package before the editable install's finder is
    asked, so ``from . import SPECS_DIR`` failed. The package beside this
    file is the one installed: it is loaded in that folder's place."""
    package = sys.modules.get(__package__ or "")
    if package is None or getattr(package, "__file__", None):
        return
    import importlib.util
    from pathlib import Path

    here = Path(__file__).resolve().parent
    spec = importlib.util.spec_from_file_location(__package__, here / "__init__.py",
                                                  submodule_search_locations=[str(here)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[__package__] = module
    spec.loader.exec_module(module)


def run() -> None:
    for name in _EARLY:
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stopped_while_loading)
    _own_package()
    from . import cli

    # From here Ctrl-C is Python's KeyboardInterrupt again, which a command
    # turns into the same line after clearing up; printkit.cli.main takes
    # SIGTERM and SIGHUP over as it starts.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    cli.AS_COMMAND = True
    cli.main(prog_name="printkit")


if __name__ == "__main__":
    run()

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


def run() -> None:
    for name in _EARLY:
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stopped_while_loading)
    from . import cli

    # From here Ctrl-C is Python's KeyboardInterrupt again, which a command
    # turns into the same line after clearing up; printkit.cli.main takes
    # SIGTERM and SIGHUP over as it starts.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    cli.AS_COMMAND = True
    cli.main(prog_name="printkit")


if __name__ == "__main__":
    run()

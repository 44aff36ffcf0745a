"""Errors a user can cause. The CLI prints them and exits 2, without a traceback."""

from __future__ import annotations

import difflib
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a spec or an input file, with where it is."""

    file: str
    line: int | None  # 1-based
    column: int | None  # 1-based
    message: str
    severity: str = "error"  # "error", "warning" or "info" (a note, e.g. from validate's analysis)

    def as_dict(self) -> dict:
        """The problem as --json reports it (a place it lacks is null)."""
        return {"file": self.file, "line": self.line, "column": self.column,
                "severity": self.severity, "message": self.message}

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        prefix = {"warning": "warning: ", "info": "note: "}.get(self.severity, "")
        return f"{where}: {prefix}{cut(self.message)}"


MAX_MESSAGE = 600  # characters: a message quotes a value, never a whole file


def cut(message: str, limit: int = MAX_MESSAGE) -> str:
    """A message no longer than about ``limit`` characters, saying how long it was."""
    return message if len(message) <= limit else f"{message[:limit]}... ({len(message):,} characters in all)"


class PrintkitError(Exception):
    """A problem with the user's input: reported as a message, exit code 2."""

    exit_code = 2


class SpecError(PrintkitError):
    """One or more problems in a spec, all reported at once."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class PartTooLarge(PrintkitError):
    """A part generator cannot lay out a size on the paper at all; printkit.fit
    reports it at the spec keys that set the size."""

    def __init__(self, what: str, sized_by: tuple):
        self.what, self.sized_by = what, tuple(sized_by)
        super().__init__(f"{what} does not fit on the paper")


class NotForThisGame(PrintkitError):
    """An option one game cannot take though another may (a colour count, a
    variant, images of cards for a game without cards): ``build --all``
    leaves that game out, or its images, and says so, instead of stopping."""

    def __init__(self, message: str, option: str):
        self.option = option  # the option's name: "colors", "variant" or "png"
        super().__init__(message)


def did_you_mean(word: str, known) -> str:
    """" did you mean 'x'?" for the one name of ``known`` closest to ``word``
    (in any case), or "": the wording keys and click's options use too."""
    folded = {str(name).casefold(): str(name) for name in known}
    close = difflib.get_close_matches(str(word).strip().casefold(), list(folded), n=1, cutoff=0.6)
    return f" did you mean '{folded[close[0]]}'?" if close else ""


def no_such_variant(game: str, variant: str, known) -> NotForThisGame:
    """The one wording, in every command, for a variant a game does not have."""
    known = list(known)
    offer = f"choose one of {', '.join(known)}" if known else "it is played one way only"
    close = did_you_mean(variant, known)
    if close and known:
        offer = f"{close.strip()} Choose one of {', '.join(known)}"
    return NotForThisGame(f"--variant {variant}: {game} has no such variant; {offer}", "variant")

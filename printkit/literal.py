"""What a template prints stays as written: Markdown gives it no meaning.

Rulebook templates print values from the spec (a title, colour names,
Slider labels) that anyone may write. The rulebook sets them as written,
as the kit's sheets do: a "#", "|", "**", "`" or "&amp;" in a colour name
must not make a heading, a table cell, bold type, code or an "&". Every
value a template prints (Jinja's ``finalize``), and every caption it gives
a figure, has its ASCII punctuation swapped for characters of a
private-use plane, which Markdown reads as plain letters wherever they
fall (a paragraph, a table cell, a code span);
``restore`` swaps them back in the text the PDF stage sets and in the
Markdown ``templating.render`` hands out.

A caption a game's parts write (``part.meta["caption"]``) is Markdown of
the game's own: its ``**`` may set words in bold. The spec text it holds (a
colour's or a shape's name) goes in through ``as_written``, which protects
that text alone, so it prints as written while the game's emphasis stays::

    part.meta["caption"] = f"{as_written(name)} moves first. **Black wins.**"
"""

from __future__ import annotations

PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
PLANE = 0xF0000  # Supplementary Private Use Area-A: no font, no Markdown rule uses it

_PROTECT = {ord(c): PLANE + ord(c) for c in PUNCTUATION}
_RESTORE = {PLANE + ord(c): ord(c) for c in PUNCTUATION}


def protect(value):
    """A printed value with its punctuation out of Markdown's reach (strings only)."""
    return value.translate(_PROTECT) if isinstance(value, str) else value


def restore(text: str) -> str:
    """Text with every protected character back as it was written."""
    return text.translate(_RESTORE)


def as_written(value) -> str:
    """Spec text for Markdown a game writes (a part's caption): ``value`` as a
    string, its punctuation protected, so it prints exactly as written."""
    return protect(str(value))

"""The parts of a custom game: its components, made by ``printkit.components``."""

from __future__ import annotations

from ... import components


def parts(spec, options) -> list:
    return components.parts(spec, options)

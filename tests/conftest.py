"""Shared fixtures. Kits are slow to build, so each is built once per session."""

import pytest

from printkit import kit, spec


@pytest.fixture(scope="session")
def mckinney_spec():
    return spec.load("mckinney")


@pytest.fixture(scope="session")
def mckinney_kit(mckinney_spec, tmp_path_factory):
    """``mckinney_kit(paper="letter", ink_saver=False, colors=4)`` -> BuildResult,
    built on first use and shared by every test that asks for the same options."""
    built = {}

    def get(paper="letter", ink_saver=False, colors=4, sheet_per_colour=False):
        key = (paper, ink_saver, colors, sheet_per_colour)
        if key not in built:
            out = tmp_path_factory.mktemp(f"mckinney-{paper}-{'ink' if ink_saver else 'colour'}-{colors}")
            options = kit.BuildOptions(colors=colors, paper=paper, ink_saver=ink_saver,
                                       sheet_per_colour=sheet_per_colour)
            built[key] = kit.build(mckinney_spec, options, out)
        return built[key]

    return get

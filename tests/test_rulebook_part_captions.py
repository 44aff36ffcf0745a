"""Spec text inside the captions a game's parts write prints as written.

A part's own caption (``part.meta["caption"]``) is Markdown of the game's
own: its ``**`` sets words in bold. The names it holds come from the spec
(colours, shapes, Slider labels) and must print exactly as the spec writes
them, never as Markdown, in every game whose captions hold them."""

from __future__ import annotations

import io
import re
from xml.sax.saxutils import escape

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from conftest import budget
from pypdf import PdfReader

from printkit import SPECS_DIR, rulebook
from printkit import spec as specs
from printkit.kit import BuildOptions
from printkit.parts.core import Part
from printkit.rulebook.figures import Figure, FigureBlock
from printkit.literal import as_written
from printkit.rulebook.markdown import Renderer, Styles

MARKDOWN_SIGNS = "#|*_`[]()<>&;!~-+.=:\\"


def flat(data: bytes) -> str:
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    return re.sub(r"\s+", " ", text)


def hostile_rulebook(tmp_path, game: str, change) -> str:
    """The text of the rulebook of a copy of a bundled spec, ``change(data)``
    applied, written under ``tmp_path`` and loaded (checked) from there."""
    data = yaml.safe_load((SPECS_DIR / f"{game}.yaml").read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / f"{game}-hostile.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return flat(rulebook.render_pdf(specs.load(str(path)), BuildOptions()))


def _rename_colour(data, old: str, new: str) -> None:
    """Name colour ``old`` ``new``, wherever the spec names it (seats, teams)."""
    def renamed(node):
        if isinstance(node, dict):
            return {k: renamed(v) for k, v in node.items()}
        if isinstance(node, list):
            return [renamed(v) for v in node]
        return new if node == old else node
    assert old in [c["name"] for c in data["colors"]]
    data.update(renamed(data))


def test_tiles_scoring_caption_prints_shape_names_as_written(tmp_path):
    def change(data):
        data["shapes"]["rock"]["name"] = "**Rock**"
        data["shapes"]["scissors"]["name"] = "Sci|ss&amp;ors"
    text = hostile_rulebook(tmp_path, "tiles", change)
    assert "play order: Black **Rock** and White Sci|ss&amp;ors." in text
    assert "**Rock** beats Sci|ss&amp;ors: Black" in text
    # The caption's own emphasis still sets bold: its asterisks never print.
    assert "Black wins." in text and "**Black wins.**" not in text


def test_phoenix_nets_caption_prints_the_colour_as_written(tmp_path):
    text = hostile_rulebook(tmp_path, "phoenix",
                            lambda d: _rename_colour(d, "Red", "**R** &amp; #1|x"))
    assert "A Bird (Rock, **R** &amp; #1|x: the kit prints its type" in text


def test_playground_board_caption_prints_the_colours_as_written(tmp_path):
    def change(data):
        _rename_colour(data, "Blue", "**Blue**")
        _rename_colour(data, "Red", "R|e&amp;d `x`")
    text = hostile_rulebook(tmp_path, "playground", change)
    assert "its sections joined: **Blue** sets up on the back row" in text
    assert "in front of its base; R|e&amp;d `x` at the top." in text


def test_mckinney_engine_captions_print_colours_and_labels_as_written(tmp_path):
    def change(data):
        _rename_colour(data, "Vermilion", "**Orange**")
        _rename_colour(data, "Yellow", "Y|&amp;")
        data["sliders"]["A"]["labels"][1] = "Units `built` *"
    text = hostile_rulebook(tmp_path, "mckinney", change)
    assert "With Slider A set to 5 Units `built` *, the **Orange** Builder may build" in text
    assert "the **Orange** Scissors moves" in text
    assert "taking two Y|&amp; Papers" in text


# --- the shared function -----------------------------------------------------

def caption_markup(caption: str) -> str:
    """The paragraph markup the rulebook sets for a part's own caption."""
    figure = Figure(1, "example", Part("example", 20, 10), caption, 0.5, "test")
    renderer = Renderer(400, Styles(), figures={figure.marker: figure})
    [block] = renderer.flowables(figure.marker)
    assert isinstance(block, FigureBlock)
    return block.caption.text


@settings(max_examples=budget(80), deadline=None)
@given(st.text(alphabet=st.sampled_from("abcXYZ 12" + MARKDOWN_SIGNS), min_size=1, max_size=30)
       .map(lambda t: " ".join(t.split())).filter(bool))
def test_spec_text_in_a_part_caption_keeps_every_markdown_sign(name):
    """Whatever Markdown signs a name holds, it is set as written, and the
    caption's own emphasis around it is still bold."""
    markup = caption_markup(f"The {as_written(name)} piece. **It wins.**")
    assert markup == f"The {escape(name)} piece. <b>It wins.</b>"


@pytest.mark.parametrize("value, shown", [(3, "3"), (1.5, "1.5"), ("a*b*c", "a*b*c")])
def test_as_written_takes_any_printed_value(value, shown):
    assert caption_markup(f"**Set** to {as_written(value)}") == f"<b>Set</b> to {escape(shown)}"

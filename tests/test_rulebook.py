"""The rulebook: template -> Markdown -> PDF, checked on the PDF itself."""

from __future__ import annotations

import io
import re

import pypdfium2 as pdfium
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
import yaml
from pypdf import PdfReader

from printkit import SPECS_DIR, TEMPLATES_DIR, kit, rulebook
from printkit import spec as specs
from printkit.errors import PrintkitError
from printkit.kit import BuildOptions
import pdf_text
import rulebook_cases

MM = 72 / 25.4
PAPER_MM = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}
GAMES_WITH_RULEBOOKS = sorted(p.name[: -len(".md.j2")] for p in TEMPLATES_DIR.glob("*.md.j2")
                              if "-" not in p.name and p.name != "reference.md.j2")


def load(name="mckinney"):
    # The game's own checks belong to the rules tests; the rulebook only reads the data.
    return specs.load(name, check=False)


@pytest.fixture(scope="module")
def mckinney():
    return load()


@pytest.fixture(scope="module")
def letter_pdf():
    return rulebook_cases.pdf("mckinney", BuildOptions(), "letter")  # rendered once a run


def pages_text(data: bytes) -> list[str]:
    return pdf_text.texts(data)


def flat(data: bytes) -> str:
    """All text of a PDF with runs of whitespace made single spaces."""
    return re.sub(r"\s+", " ", " ".join(pages_text(data)))


def spec_copy(tmp_path, change) -> specs.Spec:
    """A copy of the McKinney spec with ``change(data)`` applied, loaded from disk."""
    data = yaml.safe_load((SPECS_DIR / "mckinney.yaml").read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "custom.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return specs.load(str(path), check=False)


def custom_template(tmp_path, body: str, name="mckinney.md.j2"):
    (tmp_path / name).write_text(body, encoding="utf-8")
    return tmp_path


# --- the page ---------------------------------------------------------------

@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_page_size_is_the_paper(paper):
    data = rulebook_cases.pdf("mckinney", BuildOptions(), paper)
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) >= 3
    want_w, want_h = PAPER_MM[paper]
    for page in reader.pages:
        box = page.mediabox
        assert float(box.left) == 0 and float(box.bottom) == 0
        assert abs(float(box.width) / MM - want_w) < 0.01
        assert abs(float(box.height) / MM - want_h) < 0.01


def test_everything_printed_stays_15mm_from_the_edges(letter_pdf):
    pdf = pdfium.PdfDocument(letter_pdf)
    margin = 15 * MM - 0.5
    checked = 0
    for page in pdf:
        width, height = page.get_size()
        for obj in page.get_objects(max_depth=3):
            left, bottom, right, top = obj.get_bounds()
            assert left >= margin and bottom >= margin, (left, bottom)
            assert right <= width - margin and top <= height - margin, (right, top)
            checked += 1
    assert checked > 100


def test_all_fonts_are_embedded_truetype(letter_pdf):
    reader = PdfReader(io.BytesIO(letter_pdf))
    seen = set()
    for page in reader.pages:
        fonts = page["/Resources"]["/Font"]
        for ref in fonts.values():
            font = ref.get_object()
            seen.add(font["/BaseFont"])
            assert font["/Subtype"] == "/TrueType", font["/BaseFont"]
            assert "/FontFile2" in font["/FontDescriptor"].get_object(), font["/BaseFont"]
    assert len(seen) >= 3  # regular, bold and italic are all used
    assert not any("Helvetica" in name or "Times" in name or "Courier" in name for name in seen)


def test_every_page_says_page_n_of_total(letter_pdf):
    texts = pages_text(letter_pdf)
    total = len(texts)
    assert total > 1
    for number, text in enumerate(texts, 1):
        assert f"page {number} of {total}" in text


def test_title_block_and_credit_on_page_one(mckinney, letter_pdf):
    first = re.sub(r"\s+", " ", pages_text(letter_pdf)[0])
    assert mckinney["title"] in first
    assert mckinney["credit"] in first
    outline = PdfReader(io.BytesIO(letter_pdf)).outline
    assert outline and outline[0].title == mckinney["title"]


def test_two_renders_are_byte_identical(mckinney, letter_pdf, tmp_path):
    again = rulebook.write(mckinney, BuildOptions(paper="letter"), tmp_path)
    assert again.name == "mckinney-rules.pdf"
    assert again.read_bytes() == letter_pdf
    assert rulebook_cases.pdf("mckinney", BuildOptions(), "a4") != letter_pdf


# --- the content comes from the spec ---------------------------------------

def test_component_counts_follow_the_spec(mckinney, letter_pdf, tmp_path):
    before = flat(letter_pdf)
    assert "8 Paper Units" in before and "32 Paper" in before
    changed = spec_copy(tmp_path, lambda d: d["pieces"]["units"].update(paper=9))
    after = flat(rulebook.render_pdf(changed, BuildOptions()))
    assert "9 Paper Units" in after and "36 Paper" in after
    assert "8 Paper Units" not in after
    assert "25 Units in all per colour" in after and "24 Units in all" in before


def test_slider_notches_and_board_follow_the_spec(tmp_path):
    def change(data):
        data["sliders"]["A"]["notches"] = [[1, 4], [2, 3], [3, 2], [4, 1]]
        data["board"]["square_mm"] = 25
    text = flat(rulebook.render_pdf(spec_copy(tmp_path, change), BuildOptions()))
    assert "each has 4 notches (A) and 5 notches (B)" in text
    assert "25 mm (0.98 in)" in text
    assert "A5" not in text and "B5" in text


def test_colour_count_changes_the_kit_totals(mckinney):
    text = flat(rulebook_cases.pdf("mckinney", BuildOptions(colors=2)))  # rendered once a run
    # Two players sit at seats 0 and 2 (board.seating), so the kit prints Vermilion and Yellow.
    assert "In this kit (2 colours: Vermilion and Yellow)" in text
    assert "16 Paper" in text
    with pytest.raises(PrintkitError, match=r"--colors 9: .* is for 2 to 4 players; choose --colors 2\.\.4"):
        rulebook.render_pdf(mckinney, BuildOptions(colors=9))


def test_a_rulebook_on_its_own_prints_the_colour_count_of_the_kit(tmp_path):
    # Four colours in the spec, three players at most: the kit prints three.
    spec = spec_copy(tmp_path, lambda data: data["players"].update(max=3))
    assert kit.resolve_options(spec, BuildOptions()).colors == 3
    text = flat(rulebook.render_pdf(spec, BuildOptions()))
    assert "In this kit (3 colours: Vermilion, Blue and" in text


def test_clarifications_section_is_included(letter_pdf):
    text = flat(letter_pdf)
    assert "Clarifications" in text
    reading = (TEMPLATES_DIR / "mckinney-clarifications.md.j2").read_text(encoding="utf-8")
    assert "Slider B counts different Units" in reading
    assert "Slider B counts different Units" in text


@pytest.mark.parametrize("game", GAMES_WITH_RULEBOOKS)
def test_every_bundled_rulebook_renders_on_both_papers(game):
    spec = load(game)
    for paper in ("letter", "a4"):
        texts = pages_text(rulebook_cases.pdf(game, BuildOptions(ink_saver=True), paper))
        assert spec["title"] in texts[0]
        assert all(f"of {len(texts)}" in t for t in texts)


@pytest.mark.parametrize("game", GAMES_WITH_RULEBOOKS)
def test_scissors_is_its_own_plural(game):
    text = rulebook.render(load(game), BuildOptions())
    assert "Scissorses" not in text and "scissorses" not in text
    if game == "lam":
        assert f"{load(game)['pieces']['scissors']} Scissors, " in text


@pytest.mark.parametrize("game", GAMES_WITH_RULEBOOKS)
def test_the_rulebook_holds_the_game_and_the_reference_the_engine(game):
    """A player's rulebook has no move notation, JSON, commands or engine
    fields, and no word of the programmers' reference; the reference has
    them all, with the engine's declarations and its observation tensor
    (tests/test_rulebook_words.py reads every rulebook for such words)."""
    spec = load(game)
    rules_text = rulebook.render(spec, BuildOptions())
    for engine_word in ("printkit moves", "printkit apply", "JSON", "to_json", '{"', "Appendix"):
        assert engine_word not in rules_text, f"{game}'s rulebook still holds {engine_word!r}"
    assert "reference.pdf" not in rules_text
    reference = rulebook.render(spec, BuildOptions(), reference=True)
    for needed in (f"printkit moves {spec.id}", f"printkit apply {spec.id}", "JSON",
                   "## Move notation and positions", "decisions in a game", "## Observation tensor"):
        assert needed in reference, f"{game}'s reference lacks {needed!r}"
    pages = pages_text(rulebook_cases.pdf(game, BuildOptions(), "a4", reference=True))
    assert f"{spec['title']}: reference" in " ".join(pages[0].split())


def test_the_lam_rulebook_says_a_lock_shields_no_paper():
    """The 2001 rules: "any Paper that encounters any locked Scissors is still
    destroyed" (the engine: test_a_paper_meeting_a_locked_scissors_is_destroyed)."""
    text = " ".join(rulebook.render(load("lam"), BuildOptions()).split())
    assert "meets a locked Scissors is destroyed" in text


# --- the Markdown subset ----------------------------------------------------

def test_markdown_subset_is_set_and_html_stays_text(mckinney, tmp_path):
    body = (
        "# {{ spec.title }}\n\nBy someone\n\n## Lists\n\n3. third\n4. fourth\n   - inner\n\n"
        "| Kind | Count |\n|---|--:|\n{% for k, v in spec.pieces.units.items() %}"
        "| {{ k }} | {{ v }} |\n{% endfor %}\n"
        "```\n{\"move\": \"b1-c1\"}\n```\n\n<b>not html</b> & **bold** *it*\n"
    )
    folder = custom_template(tmp_path, body)
    data = rulebook.render_pdf(mckinney, BuildOptions(), templates_dir=folder)
    text = flat(data)
    fonts = {f.get_object()["/BaseFont"] for page in PdfReader(io.BytesIO(data)).pages
             for f in page["/Resources"]["/Font"].values()}
    assert any(name.endswith("+DejaVuSansMono") for name in fonts)  # code lines up
    assert "3. third 4. fourth" in text
    assert "scissors 8" in text
    assert '{"move": "b1-c1"}' in text
    assert "<b>not html</b> & bold it" in text


def test_spec_text_is_escaped_not_markup(tmp_path):
    spec = spec_copy(tmp_path, lambda d: d.update(title="Rock <&> Paper"))
    text = flat(rulebook.render_pdf(spec, BuildOptions()))
    assert "Rock <&> Paper" in text


MARKDOWN_SIGNS = "#|*_`[]()<>&;!~-+.=:\\"


def test_spec_text_is_never_markdown(tmp_path):
    """A title and a colour name print as written wherever a template puts
    them (the title block, a sentence, a table, a code span)."""
    title = "# **Rock** | _Paper_ & `Scissors` &amp; [x](y) 1."
    colour = "Red*|`x`"
    spec = spec_copy(tmp_path, lambda d: (d.update(title=title), d["colors"][0].update(name=colour)))
    text = flat(rulebook.render_pdf(spec, BuildOptions()))
    assert f"{title} page 1 of" in text  # the running footer
    assert colour in text
    assert rulebook.render(spec, BuildOptions()).startswith(f"# {title}\n")  # the Markdown handed out reads the same


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=st.sampled_from("abcXYZ 12" + MARKDOWN_SIGNS), min_size=1, max_size=30)
       .map(lambda t: " ".join(t.split())).filter(bool))
def test_printed_values_keep_every_markdown_sign(tmp_path, title):
    body = ("# A game\n\n## About {{ spec.title }}\n\nA line: {{ spec.title }}\n\n| Title |\n|---|\n"
            "| Cell {{ spec.title }} |\n\nCode: `{{ spec.title }}`\n")
    folder = custom_template(tmp_path, body)
    spec = spec_copy(tmp_path, lambda d: d.update(title=title))
    lines = [" ".join(line.split()) for page in pages_text(rulebook.render_pdf(spec, BuildOptions(),
                                                                                templates_dir=folder))
             for line in page.splitlines()]
    assert f"About {title}" in lines
    assert f"A line: {title}" in lines
    assert f"Cell {title}" in lines
    assert f"Code: {title}" in lines


def test_a_caption_the_template_writes_prints_spec_text_as_written(tmp_path):
    body = '# A game\n\n{{ figure("board", "The board of " ~ spec.title ~ ".", width=0.5) }}\n'
    folder = custom_template(tmp_path, body)
    title = "**Rock** _and_ `Paper` | #1"
    spec = spec_copy(tmp_path, lambda d: d.update(title=title))
    text = flat(rulebook.render_pdf(spec, BuildOptions(), templates_dir=folder))
    assert f"The board of {title}." in text


def test_a_character_the_font_lacks_is_an_error(tmp_path):
    spec = spec_copy(tmp_path, lambda d: d.update(title="Scissors \u77f3"))
    with pytest.raises(PrintkitError, match="U\\+77F3"):
        rulebook.render_pdf(spec, BuildOptions())


@pytest.mark.parametrize("title", ["Papier, Kamie\u0144, No\u017cyce \u017b\u017a",  # Polish
                                   "K\u00e1men, n\u016f\u017eky, pap\u00edr \u0159\u010d",  # Czech
                                   "Ta\u015f, ka\u011f\u0131t, makas \u0130\u011f",  # Turkish
                                   "Scissors \u2702 \u2605"])
def test_latin_extended_and_symbols_print_with_the_embedded_font(tmp_path, title):
    """Characters the bundled fonts cover print as they are, in the title and its running footer."""
    spec = spec_copy(tmp_path, lambda d: d.update(title=title))
    text = flat(rulebook.render_pdf(spec, BuildOptions()))
    assert title in text


# --- bad templates are clean errors ----------------------------------------

@pytest.mark.parametrize("line3, message", [
    ("{{ ''.__class__.__mro__ }}", "not allowed in a template"),
    ("{{ cycler.__init__.__globals__ }}", "not allowed in a template"),
    ("{{ spec.colors.append(1) }}", "not allowed in a template"),
    ("{{ spec.board.no_such_key }}", "undefined value"),
    ("{{ nothing_by_this_name }}", "undefined value"),
    ("{% if %}", "syntax error"),
    ("{% include 'absent.md.j2' %}", "absent.md.j2 not found"),
    ("{{ 1 // 0 }}", "ZeroDivisionError"),
])
def test_template_errors_name_the_file_and_line(mckinney, tmp_path, line3, message):
    folder = custom_template(tmp_path, f"# Title\n\n{line3}\n")
    with pytest.raises(PrintkitError) as caught:
        rulebook.write(mckinney, BuildOptions(), tmp_path / "out.pdf", templates_dir=folder)
    text = str(caught.value)
    assert "mckinney.md.j2:3:" in text
    assert message in text
    assert caught.value.exit_code == 2
    assert not (tmp_path / "out.pdf").exists()


def test_error_inside_an_include_names_the_included_file(mckinney, tmp_path):
    custom_template(tmp_path, "- one\n- {{ spec.nope }}\n", name="part.md.j2")
    folder = custom_template(tmp_path, "# T\n\n{% include 'part.md.j2' %}\n")
    with pytest.raises(PrintkitError, match=r"part\.md\.j2:2: undefined value"):
        rulebook.render_pdf(mckinney, BuildOptions(), templates_dir=folder)


def test_optional_includes_may_be_missing(mckinney, tmp_path):
    folder = custom_template(
        tmp_path, "# T\n\ntext\n{% include 'none-such.md.j2' ignore missing %}\n"
        "{% if template_exists('none-such.md.j2') %}## Never{% endif %}\n")
    text = flat(rulebook.render_pdf(mckinney, BuildOptions(), templates_dir=folder))
    assert "text" in text and "Never" not in text


def test_missing_main_template_is_an_error(tmp_path):
    spec = spec_copy(tmp_path, lambda d: None)
    with pytest.raises(PrintkitError, match="no rulebook template"):
        rulebook.render(spec, BuildOptions(), name="nonexistent.md.j2")


# --- Phoenix and Tiles ------------------------------------------------------

def test_phoenix_variants_and_escalation_come_from_the_spec():
    spec = load("phoenix")
    text = flat(rulebook_cases.pdf("phoenix", BuildOptions(variant="casino")))  # rendered once a run
    turns = spec["escalation_after_turns_per_player"]
    assert f"after {turns} turns each" in text
    assert "built for the Casino variant" in text
    assert f"starts with {spec['variants']['casino']['starting_chips']} chips" in text
    # The kit has no chips: the rulebook says where to keep them, and the score sheet has the row.
    assert 'score sheet\'s "Casino chips" row' in text.replace("\n", " ")
    for heading in ("The Escalation Phase", "Scoring", "Team", "Give-Away", "Casino"):
        assert heading in text
    with pytest.raises(PrintkitError, match="no such variant"):
        rulebook.render_pdf(spec, BuildOptions(variant="chess"))
    with pytest.raises(PrintkitError, match="no such variant"):
        rulebook.render_pdf(load(), BuildOptions(variant="team"))


def test_tiles_shapes_and_counts_come_from_the_spec(tmp_path):
    data = yaml.safe_load((SPECS_DIR / "tiles.yaml").read_text(encoding="utf-8"))
    before = flat(rulebook_cases.pdf("tiles", BuildOptions()))  # rendered once a run
    assert f"{data['tiles']['count']} tiles" in before
    assert f"at most {data['tiles']['count'] // 2} turns" in before
    assert "Worked examples" in before and "draw" in before
    data["tiles"]["count"] = 60
    data["shapes"]["rock"]["name"] = "Boulder"
    path = tmp_path / "tiles.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    after = flat(rulebook.render_pdf(specs.load(str(path), check=False), BuildOptions()))
    assert "60 tiles" in after and "at most 30 turns" in after
    assert "Boulder beats Scissors" in after and "Black Boulder" in after


def test_a_broken_template_exits_2_through_the_cli(tmp_path, monkeypatch):
    pytest.importorskip("printkit.games.mckinney.parts")  # the kit needs the game's parts
    from click.testing import CliRunner

    from printkit import cli
    from printkit.rulebook import templating

    (tmp_path / "tpl").mkdir()
    folder = custom_template(tmp_path / "tpl", "# T\n\n{{ spec.nope }}\n")
    monkeypatch.setattr(templating, "TEMPLATES_DIR", folder)
    result = CliRunner().invoke(cli.main, ["build", "mckinney", "--format", "pdf",
                                           "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "mckinney.md.j2:3: undefined value" in result.output  # stderr is mixed in
    assert "Traceback" not in result.output


def _outline_titles(reader) -> set:
    titles, stack = set(), list(reader.outline)
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
        else:
            titles.add(" ".join(item.title.split()))
    return titles


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", GAMES_WITH_RULEBOOKS)
def test_no_heading_ends_a_page_and_no_title_line_holds_one_word(game, paper):
    """Typesetting: a heading stays with what follows it (on A4 "The Sliders"
    once ended a page, its tables on the next), and a title that wraps never
    leaves one word on its last line ("Game" alone)."""
    for reference in (False, True):
        data = rulebook_cases.pdf(game, BuildOptions(), paper, reference)  # rendered once a run
        headings = _outline_titles(PdfReader(io.BytesIO(data)))
        texts = pages_text(data)
        for number, text in enumerate(texts, 1):
            lines = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
            body = [line for line in lines if "page " not in line or " of " not in line][:-1]  # no footer
            assert body and body[-1] not in headings, f"{game} {paper} page {number} ends with {body[-1]!r}"
        title = load(game)["title"] + (": reference" if reference else "")
        first = [" ".join(line.split()) for line in texts[0].splitlines()]
        title_lines = []
        for line in first:
            title_lines.append(line)
            if " ".join(title_lines) == title:
                break
        assert " ".join(title_lines) == title, (first[:3], title)
        assert len(title_lines) == 1 or len(title_lines[-1].split()) >= 2, title_lines

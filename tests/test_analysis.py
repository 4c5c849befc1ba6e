"""The editor analysis (coinche_dsl.analysis) as pure functions: text and cursor in, answers
out. The language server test drives the same functions through a real client."""

from __future__ import annotations

from pathlib import Path

from coinche_dsl import analysis

CLUB = """\
variant "club" extends "ffb" {
  auction { coinche any_time  minimum_bid 90 }
  scoring {
    failed {
      declarers = 0
      defenders = 160 + contract * multiplier
    }
  }
  example "short" {
    declarer N  bid 90  trump hearts
    card_points NS 70, EW 82  last_trick E
    expect NS 0, EW 999
  }
}
"""


def _labels(text: str, line: int, column: int) -> list[str]:
    return [c.label for c in analysis.complete(text, line, column)]


def test_completion_follows_the_cursor_block_and_statement() -> None:
    # a second setting on the line `auction { coinche any_time  minimum_bid 90 }`
    line = CLUB.splitlines()[1]
    assert "in_turn" in _labels(CLUB, 2, line.index("any_time") + 1)
    assert _labels(CLUB, 2, line.index("minimum_bid") + 1)[:3] == [
        "minimum_bid", "step", "bid_levels"]  # a name position: the auction's settings
    assert _labels(CLUB, 2, line.index("90") + 1) == []  # a number: no closed choices
    # in a formula: quantities, with their sides
    formula = _labels(CLUB, 6, 25)
    assert {"contract", "multiplier", "points(declarers)", "belote(both)"} <= set(formula)
    # in `failed { }`: the two sides; in an example: the deal summary's fields
    assert _labels(CLUB, 5, 7) == ["declarers", "defenders"]
    assert {"declarer", "bid", "trump", "expect", "made"} <= set(_labels(CLUB, 10, 5))
    typing_hearts = CLUB.splitlines()[9].index("hearts") + 3  # `trump he|`
    assert _labels(CLUB, 10, typing_hearts) == ["clubs", "diamonds", "hearts", "spades",
                                                "no_trump", "all_trump"]
    # top level: blocks and metadata, `example` as written (not the data name `examples`)
    top = _labels(CLUB, 2, 3)
    assert {"auction", "scoring", "title", "example"} <= set(top) and "examples" not in top


def test_completion_after_extends_offers_the_builtins() -> None:
    done = analysis.complete('variant "x" extends ', 1, 21)
    assert [c.label for c in done][:2] == ["ffb", "ffb-contree"]
    assert done[0].insert == '"ffb"' and done[0].kind == "variant"


def errors(text: str, path: str) -> list[analysis.Finding]:
    return [f for f in analysis.diagnose(text, path) if f.severity == "error"]


def test_diagnostics_cover_examples_and_are_placed_on_the_offending_word(tmp_path: Path) -> None:
    path = str(tmp_path / "club.coinche")
    [found] = errors(CLUB, path)
    assert found.severity == "error" and found.line == 9  # the example's own line
    assert "expects NS 0, EW 999" in found.message  # 160 + 90 = 250, not 999
    warned = {f.message.split(":")[0] for f in analysis.diagnose(CLUB, path)
              if f.severity == "warning"}  # the loader's warnings reach the editor too
    assert any("has no title" in w or "no title" in w for w in warned), warned
    bad = CLUB.replace("any_time", "anytime").replace("EW 999", "EW 250")
    [found] = errors(bad, path)
    assert (found.line, found.column, found.end_column) == (2, 21, 28)
    assert found.fix == "any_time"
    typo = CLUB.replace("minimum_bid 90", "minimum_bidd 90").replace("EW 999", "EW 250")
    [found] = errors(typo, path)
    assert (found.line, found.column, found.end_column, found.fix) == (2, 31, 43, "minimum_bid")
    [found] = errors(bad, path)
    assert found.to_json() == {"file": path, "line": 2, "column": 21, "severity": "error",
                               "message": "'anytime' is not a choice for auction.coinche",
                               "hint": "did you mean 'any_time'?"}


def test_a_problem_in_a_base_file_is_shown_at_the_extends(tmp_path: Path) -> None:
    (tmp_path / "base.coinche").write_text(
        'variant "base" extends "ffb" {\n  game { target lots }\n}\n', encoding="utf-8")
    text = 'variant "mine" extends "base" {\n  title "Mine"\n}\n'
    [found] = [f for f in analysis.diagnose(text, str(tmp_path / "mine.coinche"))
               if f.severity == "error"]  # (and the warnings, in the same run)
    assert (found.line, found.column) == (1, 24)  # the `"base"` after extends
    assert found.message.startswith("base.coinche:2:")
    assert found.fix is None  # the fix belongs to the other file


def test_hover_and_definition() -> None:
    line = CLUB.splitlines()[1]
    shown = analysis.hover(CLUB, 2, line.index("minimum_bid") + 2)
    assert shown is not None and shown.startswith("**auction.minimum_bid**")
    assert "The lowest numeric bid." in shown and "Default: `80`" in shown
    assert "minimum_bid 80" in shown and "ffb.coinche:" in shown
    assert analysis.hover(CLUB, 6, 26) == ("**contract** (int): the contract's value: the bid, "
                                           "or the capot / générale value")
    at = analysis.definition(CLUB, 2, line.index("minimum_bid") + 2)
    assert at is not None and Path(at.file).name == "ffb.coinche"
    written = Path(at.file).read_text(encoding="utf-8").splitlines()[at.line - 1]
    assert written[at.column - 1:].startswith("minimum_bid 80")
    assert analysis.definition(CLUB, 10, 5) is None  # an example's field has no base


def test_symbols_and_formatting() -> None:
    [variant] = analysis.symbols(CLUB)
    assert [(s.name, s.kind) for s in variant.children] == [
        ("auction", "block"), ("scoring", "block"), ("short", "example")]
    assert (variant.line, variant.end_line) == (1, 14)
    assert [s.name for s in variant.children[0].children] == ["coinche", "minimum_bid"]
    assert analysis.symbols("variant {") == []
    pretty = analysis.format_document(CLUB)
    assert pretty is not None
    assert "  auction {\n    coinche any_time\n    minimum_bid 90\n" in pretty
    assert analysis.format_document("variant {") is None


def test_hover_on_a_choice_names_the_setting_and_its_choices() -> None:
    line = CLUB.splitlines()[1]
    shown = analysis.hover(CLUB, 2, line.index("any_time") + 2)
    assert shown is not None and shown.startswith("**auction.coinche** `any_time`")
    assert "Choices: `none`, `in_turn`, `any_time`" in shown
    assert analysis.hover(CLUB, 2, line.index("90") + 1) is None  # a number is no choice


def test_an_inherited_value_cannot_break_out_of_its_code_block(tmp_path: Path) -> None:
    (tmp_path / "base.coinche").write_text(
        'variant "base" extends "ffb" {\n  title "x ```` y"\n}\n', encoding="utf-8")
    text = 'variant "mine" extends "base" {\n  title "Mine"\n}\n'
    shown = analysis.hover(text, 2, 4, str(tmp_path / "mine.coinche"))
    assert shown is not None
    assert '`````coinche\ntitle "x ```` y"\n`````' in shown  # a longer fence than the text's


def test_completion_and_hover_know_options() -> None:
    text = ('variant "x" extends "ffb" {\n  option partie "P" default a {\n    a {\n'
            "      game { tar }\n    }\n    b {\n      game { target 2000 }\n    }\n  }\n}\n")
    line = text.splitlines()[3]
    # inside an option's value, the rule blocks are written as at the top
    labels = [c.label for c in analysis.complete(text, 4, line.index("tar") + 1)]
    assert labels[:2] == ["target", "reach"]
    top = [c.label for c in analysis.complete(text, 2, 3)]
    assert "option" in top and "options" not in top
    assert "--option name=value" in (analysis.hover(text, 2, 3) or "")

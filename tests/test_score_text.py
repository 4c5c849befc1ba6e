"""`coinche score` on a deal written as a worked example's lines: what a secretary types to
settle a disputed deal, answered in words, each problem at its line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from coinche_dsl.cli import _register, app

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

# ffb.coinche's own example: § 10.2, 79 + 10 = 89 < 90 fails; § 10.1.2, EW 160 + 90 = 250.
FAILED_90 = """declarer N
bid 90
trump hearts
card_points NS 79, EW 73
last_trick N
"""


def _score(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    _register()
    result = CliRunner().invoke(app, ["score", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_a_deal_in_an_example_s_words_is_scored_in_the_variant_s_language() -> None:
    code, out, _ = _score("ffb", "-", stdin=FAILED_90)
    assert code == 0
    assert "Contrat chuté." in out
    rows = [line.split() for line in out.splitlines() if line.endswith("Total")]
    assert rows == [["Nord-Sud", "0", "Total"], ["Est-Ouest", "250", "Total"]]
    code, out, _ = _score("ffb", "-", "--lang", "en", stdin=FAILED_90)
    assert "Contract failed." in out and "East–West    250  Total" in out


def test_the_example_file_scores_as_its_json_twin() -> None:
    """examples/deal.txt is examples/deal.json in words: FFB § 10.1.1, 79 + 10 + belote 20
    + tierce 20 = 129 reach 90 and pass 73: NS 129 + 90 = 219, EW 73, rounded 220 and 70."""
    code, out, _ = _score("ffb", str(EXAMPLES / "deal.txt"), "--format", "json")
    assert code == 0
    assert json.loads(out)["scores"] == {"NS": 220, "EW": 70}
    code, out, _ = _score("ffb", str(EXAMPLES / "deal.json"))
    assert json.loads(out)["scores"] == {"NS": 220, "EW": 70}


def test_an_example_copied_from_a_variant_file_scores_as_it_is() -> None:
    """Its `made` and `expect` lines are what it should give, not part of the deal."""
    code, out, _ = _score("ffb", "-", "--format", "json",
                          stdin=FAILED_90 + "made no\nexpect NS 0, EW 250\n")
    assert code == 0 and json.loads(out)["scores"] == {"NS": 0, "EW": 250}


def test_each_problem_is_reported_at_its_line_in_the_club_s_words() -> None:
    code, _, err = _score("ffb", "-", stdin=FAILED_90.replace("declarer N", "declarer O")
                          .replace("trump hearts", "trump coeur"))
    assert code == 1
    assert [line.split(": error: ")[0] for line in err.splitlines()] == ["<stdin>:1:1",
                                                                         "<stdin>:3:1"]
    assert "did you mean 'W'?" in err and "did you mean 'hearts'?" in err


def test_points_that_do_not_add_up_are_reported_at_their_line() -> None:
    code, _, err = _score("ffb", "-", stdin=FAILED_90.replace("EW 73", "EW 70"))
    assert code == 1
    assert err.startswith("<stdin>:4:1: error: card_points: NS and EW sum to 149")


def test_syntax_errors_are_at_the_deal_s_own_lines() -> None:
    code, _, err = _score("ffb", "-", stdin="declarer N\nbid 90\ntrump: hearts\n")
    assert code == 1 and err.startswith("<stdin>:3:6: error: unexpected character ':'")


def test_a_deal_cannot_reach_outside_its_lines() -> None:
    """Braces would close the example the lines are read in: refused, at the brace."""
    code, _, err = _score("ffb", "-", stdin='declarer N\n} title "x" example "y" {\n')
    assert code == 1
    assert err.startswith("<stdin>:2:1: error: a deal is written as an example's lines")
    code, _, err = _score("ffb", "-", stdin='declarer N  # a comment with { is fine\nbid 90\n')
    assert "without braces" not in err


def test_control_characters_are_shown_not_obeyed() -> None:
    code, _, err = _score("ffb", "-", stdin='declarer "\x1b[2J"\n' + FAILED_90[11:])
    assert code == 1 and "\x1b" not in err


def test_a_litige_says_what_is_held_and_for_whom() -> None:
    """ffb.coinche's example 'litige 81-81' (§ 10.1.3): 71 + 10 = 81 against 81; EW score
    their 81 now, rounded 80; the declarers' points wait for the next deal's winner."""
    deal = "declarer N\nbid 80\ntrump hearts\ncard_points NS 71, EW 81\nlast_trick N\n"
    code, out, _ = _score("ffb", "-", "--format", "json", stdin=deal)
    data = json.loads(out)
    assert code == 0 and data["scores"] == {"NS": 0, "EW": 80}
    code, out, _ = _score("ffb", "-", stdin=deal)
    assert out.splitlines()[-1].replace("\u202f", " ") == (  # French's thin space before ':'
        f"Mis en réserve pour le gagnant de la donne suivante : {data['held']}")

"""`coinche play`: scripted terminal sessions through stdin.

The script does not need to know the cards: at each prompt it offers `pass` and then every
card of the deck in turn. A call prompt accepts the `pass` (refusing the card codes), a card
prompt refuses the cards the rules forbid, with the rule, and accepts the first legal one.
"""

from __future__ import annotations

import re

from typer.testing import CliRunner

from coinche_dsl.cards import card_name
from coinche_dsl.cli import _register, app

runner = CliRunner()
_register()

EVERYTHING = "\n".join(["pass"] + [card_name(c) for c in range(32)]) + "\n"


def play(*args: str, script: str) -> str:
    """The session's output with its lines joined (Rich wraps long lines, and the prompt shares
    a line with what follows, as the input is not echoed)."""
    result = runner.invoke(app, ["play", *args], input=script, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_a_scripted_session_plays_a_whole_deal() -> None:
    out = play("ffb", "--seed", "4", "--lang", "en", script="?\n95 hearts\n" + EVERYTHING * 15)
    # The rules of the auction on `?`, in the sheet's sentences, with where each is written
    # ("minimum_bid 80" in ffb.coinche).
    assert re.search(r"The lowest bid is 80\. \(ffb\.coinche:\d+\)", out)
    # An impossible bid is refused with the rule that forbids it.
    assert "Not allowed: S 95 hearts: 95 is not a bid" in out and "(rule: auction.step)" in out
    # Eight tricks, a score breakdown and the sheet.
    assert "Trick 8:" in out
    assert "scoring.made" in out or "scoring.failed" in out
    assert "Score sheet (game to 2000)" in out
    # Illegal cards are explained, naming the rule.
    assert re.search(r"Not allowed: S .* \(rule: play\.\w+\)", out)
    # The input ran out during a later deal (15 rounds of the script cover at least one deal).
    assert "Game abandoned." in out


def test_the_hand_is_shown_in_the_contracts_order_with_legal_cards_marked() -> None:
    out = play("ffb", "--seed", "4", "--lang", "en", script=EVERYTHING * 10)
    assert re.search(r"Contract: (\d+|capot|generale) [a-z-]+ by [NESW]", out)
    # Cards that may not be played are shown in parentheses.
    assert re.search(r"Your hand: .*\(\w{2,3}\)", out)


def test_quit_at_once_and_other_seats() -> None:
    out = play("es-club", "--seat", "N", "--seed", "1", "--lang", "en", script="q\n")
    assert "you are N, your partner S" in out and "Game abandoned." in out
    # es-club's table speaks Spanish ("language es"): its seats are named so.
    spanish = play("es-club", "--seat", "N", "--seed", "1", script="q\n")
    assert "eres Norte y tu compañero es Sur" in spanish and "Partida abandonada." in spanish


def test_a_whole_game_can_be_played_to_the_end() -> None:
    out = play("it-701", "--seed", "2", "--lang", "en", script=EVERYTHING * 400)
    assert re.search(r"\b(NS|EW) win\b", out)


def test_a_bad_seat_is_a_clear_error() -> None:
    result = runner.invoke(app, ["play", "ffb", "--seat", "X"], input="q\n")
    assert result.exit_code == 2 and "unknown seat 'X'" in result.output  # a usage error


def test_a_coinche_at_any_time_is_offered_between_the_bots_calls() -> None:
    # fr-bga: "à tout moment, un joueur peut Coincher l'équipe adverse"; with seed 5 an opponent
    # bids before South speaks, and South coinches out of turn, which ends that auction.
    out = play("fr-bga", "--seed", "5", "--lang", "en", script="coinche\n" * 3 + EVERYTHING * 15)
    assert "You may coinche now, out of turn" in out
    assert "S coinche (out of turn)" in out
    assert re.search(r"Contract: \d+ [a-z-]+ by [EW], coinched", out)


def test_no_out_of_turn_offer_where_coinche_is_in_turn_only() -> None:
    out = play("ffb", "--seed", "5", "--lang", "en", script=EVERYTHING * 15)
    assert "out of turn" not in out


def test_the_parentheses_are_explained() -> None:
    out = play("ffb", "--seed", "4", "--lang", "en", script=EVERYTHING * 10)
    assert re.search(r"Your hand: [^Y]*\(\w{2,3}\)[^Y]*\(in parentheses: cards you may not "
                     r"play now\)", out)


def test_the_contract_is_said_as_players_say_it() -> None:
    from coinche_dsl.engine.facts import Contract
    from coinche_dsl.sim.tableview import contract_text

    assert contract_text(Contract(declarer=1, bid=120, denomination=3, double=1)) == \
        "120 spades by E, coinched"
    assert contract_text(Contract(declarer=2, bid="capot", denomination=5, double=2)) == \
        "capot all-trump by S, surcoinched"
    assert contract_text(Contract(declarer=0, bid=80, denomination=4)) == "80 no-trump by N"


def test_question_mark_shows_only_the_rules_of_the_contracts_mode() -> None:
    from coinche_dsl.loader import load_variant
    from coinche_dsl.sim.tableview import rule_paths_now

    ffb = load_variant("ffb", {"sans_atout_tout_atout": "oui"})  # § 11's no-trump, all-trump

    def paths(denomination: int | None) -> set[str]:
        return {".".join(p) for p in rule_paths_now(ffb, "play", denomination)}

    at_hearts, at_no_trump, at_all_trump = paths(2), paths(4), paths(5)
    assert {"cards.trump", "cards.plain", "play.undertrump"} <= at_hearts
    assert not at_hearts & {"cards.no_trump", "cards.all_trump", "play.no_trump_beat"}
    assert "cards.no_trump" in at_no_trump and "play.no_trump_beat" in at_no_trump
    assert not at_no_trump & {"cards.trump", "cards.plain", "cards.all_trump",
                              "play.must_trump", "play.undertrump"}
    assert {"cards.all_trump", "play.all_trump_beat"} <= at_all_trump
    assert "cards.last_trick" in at_hearts & at_no_trump & at_all_trump
    assert {"cards.trump", "cards.no_trump", "cards.all_trump"} <= paths(None)


def test_ctrl_c_leaves_a_clean_line() -> None:
    import io

    from rich.console import Console

    from coinche_dsl.loader import load_variant
    from coinche_dsl.sim.session import PlaySession

    def interrupt(prompt: str) -> str:
        print(prompt, end="", file=out)
        raise KeyboardInterrupt

    out = io.StringIO()
    session = PlaySession(load_variant("ffb"), 2, 4, Console(file=out, width=200),
                          read=interrupt, lang="en")
    assert session.run() is False and session.interrupted
    assert out.getvalue().endswith("(? rules, q quit): \nGame abandoned.\n")


def test_the_rules_are_the_sheets_sentences_in_the_tables_language() -> None:
    # fr-bga: "capot no", "surcoinche no" in its file; its table speaks French.
    out = play("fr-bga", "--seed", "3", script="?\nq\n")
    assert "On ne peut pas annoncer capot." in out and "On ne surcoinche pas." in out
    assert "Capot" not in out.replace("capot.", "") and "None" not in out
    assert not re.search(r"\b(auction|play|cards)\.[a-z_]+\b", out)  # no field path
    # --lang: the same rules in Spanish ("minimum_bid 82" in fr-bga.coinche).
    spanish = play("fr-bga", "--seed", "3", "--lang", "es", script="?\nq\n")
    assert "La puja más baja es 82." in spanish and "No se puede pujar capot." in spanish


def test_a_stray_word_is_answered_with_what_to_type() -> None:
    out = play("fr-bga", "--seed", "3", "--lang", "en", script="foo\nq\n")
    # fr-bga's lowest bid is 82 ("minimum_bid 82"); clubs is the first denomination.
    assert "Cannot read 'foo': type a call, like '82 clubs', 'pass'." in out
    assert "'N 80 hearts'" not in out and "write a seat" not in out


def test_a_forced_card_is_played_for_the_human() -> None:
    out = play("ffb", "--seed", "4", "--lang", "en", script="pass\n" + EVERYTHING * 15)
    # The eighth card of a deal is the only one left: never asked for, said in one line.
    assert re.search(r"You play \w{2,3}, your only card you may play\.", out)
    deals = out.count("Trick 8:")
    assert deals >= 1 and out.count("your only card you may play") >= deals
    assert "your only card you may play. Your card" not in out  # and not asked for after


def test_an_any_time_coinche_is_offered_once_per_opponents_bid() -> None:
    out = play("fr-bga", "--seed", "5", "--lang", "en", script="\n" * 40 + "q\n")
    offers = out.count("You may coinche now")
    # fr-bga: "coinche any_time": asked after each bid of East or West, not after passes.
    bids = len(re.findall(r"\b[EW] (\d+|capot) [a-z-]+\b", out.split("Deal 2")[0]))
    assert offers >= 1 and offers <= bids

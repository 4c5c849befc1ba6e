"""The score pad: deals told in the table's words, a game scored under its variant's rules (the
federation's texts, cited), corrections, and `coinche marque` at a real pseudo-terminal.

Every score below is worked out by hand from the sentence cited, under `ffb`: § 10.1.1 (a
contract is made when the declarers' total reaches the bid and beats the defence's; made, they
score their total plus the contract; coinched, (160 or 250 on a capot + the contract) × 2, × 4
surcoinched), § 10.1.2 (failed: the defence scores 160 + the contract, × the multiplier; the
declarers keep their belote), § 10.1.3 (81 each: the declarers' points wait for the next
deal's winner), § 10.2 (scores to the nearest ten, 85 up), § 10.3 (first to reach 2000).
"""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from coinche_dsl.engine import compile
from coinche_dsl.errors import VariantError
from coinche_dsl.loader import load_variant
from coinche_dsl.model.enums import DealsTie
from coinche_dsl.pad import GameRecord, score_game, tell
from coinche_dsl.pad.record import PadDeal
from coinche_dsl.pad.said import complete, read_said
from coinche_dsl.pad.session import read_record

FFB = compile(load_variant("ffb"))


def played(*lines: str, rules=FFB) -> GameRecord:
    game = GameRecord(variant={"name": "ffb"})
    for line in lines:
        game = tell(rules, game, line)
    return game


# -- a deal in the table's words -------------------------------------------------------------

def test_a_french_line_is_a_deal_summary():
    said = read_said("110 coeur coinché N, 98 points, der S, belote N", "deal 1")
    assert complete(said, 152) == {
        "bid": 110, "trump": "hearts", "double": "coinche", "declarer": "N",
        "last_trick": "S", "belote": ["N"], "card_points": {"NS": 98, "EW": 54}}


@pytest.mark.parametrize("line, trump, double, declarer", [
    ("90 corazones contrado O, 100 puntos, últimas O", "hearts", "coinche", "W"),
    ("90 cuori contro E, 100 punti, dieci di der E", "hearts", "coinche", "E"),
    ("90 copas contra S, 100 pontos, dez últimas S", "hearts", "coinche", "S"),
    ("90 ♠ surcontré N, 100, der N", "spades", "surcoinche", "N"),
    ("90 sans-atout N, 100, der N", "no-trump", None, "N"),
    ("90 tout-atout par Est, 100 pts, dix de der Est", "all-trump", None, "E"),
])
def test_each_language_s_words(line, trump, double, declarer):
    data = complete(read_said(line, "deal"), 152)
    assert (data["trump"], data.get("double"), data["declarer"]) == (trump, double, declarer)
    ours = "NS" if declarer in "NS" else "EW"
    assert data["card_points"][ours] == 100


def test_a_capot_gives_the_side_every_trick_and_point():
    data = complete(read_said("90 pique E capot", "deal"), 152)
    assert data["card_points"] == {"EW": 152, "NS": 0}
    assert data["tricks"] == {"E": 8} and data["last_trick"] == "E"
    data = complete(read_said("90 pique E, capot N", "deal"), 152)  # the defence took all
    assert data["card_points"] == {"NS": 152, "EW": 0} and data["last_trick"] == "N"


def test_a_team_s_points_by_its_name():
    data = complete(read_said("80 trèfle N, EO 60, der E", "deal"), 152)
    assert data["card_points"] == {"EW": 60, "NS": 92}


def test_a_pass_out():
    assert read_said("tout le monde passe", "deal").passed
    assert read_said("passe", "deal").passed


def test_each_problem_at_its_column():
    with pytest.raises(VariantError) as e:
        read_said("110 coeur N, 98 points, der X", "deal 4")
    first, second = e.value.diagnostics
    assert (first.position.line, first.position.column) == (1, 25)  # "der" with no seat
    assert second.text == "X" and second.position.column == 29


def test_the_model_s_and_the_engine_s_problems_are_located_in_the_line():
    with pytest.raises(VariantError) as e:
        tell(compile(load_variant("ffb", {"sans_atout_tout_atout": "oui"})),  # § 11's no-trump
             GameRecord(variant={"name": "ffb", "options": {"sans_atout_tout_atout": "oui"}}),
             "80 sans-atout N, 100, der S, belote N")
    (problem,) = e.value.diagnostics
    assert "no belote at no-trump" in problem.message  # § 11.2: "Il n'y a pas de belote"
    assert problem.position.column == 30
    with pytest.raises(VariantError) as e:
        tell(FFB, GameRecord(variant={"name": "ffb"}), "110 carreau N, 200 points, der S")
    assert "more than the 152 card points" in e.value.diagnostics[0].message


@pytest.mark.parametrize("cards", [
    "QH JH 10H",                                  # the variant file's codes, as before
    "dame de cœur, valet de cœur, 10 de cœur",    # the French long form
    "Dame de coeur valet de Cœur dix de cœur",    # case, accents and « dix » aside
    "DC VC 10C",                                  # French letters: 10C read as the others
    "D♥ V♥ 10♥",                                  # symbols
])
def test_an_announcement_s_cards_in_the_players_words(cards):
    # A tierce (three cards in sequence, 20 under ffb): NS 100 + 10 for the last trick + 20 =
    # 130 >= 110 and > EW's 52, made: NS 130 + 110 = 240; EW 52, to the nearest ten 50.
    line = f"110 coeur N, 100 points, der S, annonce N {cards}"
    assert read_said(line, "deal", "fr").data["announcements"] == {"N": [["QH", "JH", "10H"]]}
    sheet = score_game(FFB, played(line))
    assert sheet.lines[0].points == {"NS": 240, "EW": 50}


def test_english_codes_stay_english_among_english_codes():
    # « AC KC QC »: every code reads as English, so the three clubs, even at a French table.
    said = read_said("110 trèfle N, 100, der S, annonce N AC KC QC", "deal", "fr")
    assert said.data["announcements"] == {"N": [["AC", "KC", "QC"]]}


@pytest.mark.parametrize("line, column, wrong, hint", [
    ("110 coeur N, 100, der S, annonce N valet d'atout, belote N", 36, "valet d'atout",
     "l'atout n'est pas une couleur\u202f; écrivez-la comme dame de cœur, DC ou D♥"),
    ("110 coeur N, 100, der S, annonce N dame de cœur, roi de rien", 50, "roi de rien",
     "écrivez-la comme dame de cœur, DC ou D♥"),
])
def test_words_that_are_no_card_are_located_with_a_hint_in_the_table_s_words(
        line, column, wrong, hint):
    with pytest.raises(VariantError) as e:
        tell(FFB, GameRecord(variant={"name": "ffb"}), line)
    (problem,) = e.value.diagnostics
    assert problem.message == f"'{wrong}' is not a card"
    assert (problem.position.column, problem.hint) == (column, hint)


# -- a game scored under ffb -----------------------------------------------------------------

def test_a_litige_held_then_won():
    # § 10.1.3: 71 + 10 = 81 against 81: EW score their 81, to the nearest ten 80 (§ 10.2);
    # NS's 81, rounded 80, wait. Next deal, EW make 90: 100 + 10 = 110 >= 90 and > 52, so
    # EW score 110 + 90 = 200 and the 80 held; NS 52, rounded 50.
    sheet = score_game(FFB, played("80 coeur N, 71 points, der N",
                                   "90 pique E, 100 points, der E"))
    first, second = sheet.lines
    assert first.points == {"NS": 0, "EW": 80} and first.held == 80
    assert second.points == {"NS": 50, "EW": 280} and second.held == 0
    assert sheet.totals == {"NS": 50, "EW": 360} and sheet.winner is None


THE_GAME = (
    # § 10.1.1 coinched, × 4 surcoinched, on a capot: (250 + 160) × 4 = 1640.
    "160 coeur surcoinché N capot",
    # Not doubled, a capot not bid: the total 152 + 100 (the last trick of a capot) = 252,
    # + 90 = 342, to the nearest ten 340. NS 1980.
    "90 pique N capot",
    # NS's 60 + 20 of belote = 80 reaches 80 but does not beat EW's 92 + 10: failed
    # (§ 10.1.1). NS keep their belote, 20: 2000, reached only through belote (game
    # belote_finish win_trick_later: not over until NS win a trick in a later deal). EW 160 +
    # 80 = 240.
    "80 coeur N, 60 points, der E, belote N",
    # EW capot at 80: 252 + 80 = 332, to 330. NS took no trick: still not over.
    "80 pique E capot",
    # EW make 80: 110 + 80 = 190; NS 52, to 50, and a trick: NS 2050, over, and win.
    "80 pique E, 100 points, der E",
)


def test_a_game_ended_by_the_belote_finish_rule():
    sheet = score_game(FFB, played(*THE_GAME))
    totals = [line.totals for line in sheet.lines]
    assert totals == [{"NS": 1640, "EW": 0}, {"NS": 1980, "EW": 0}, {"NS": 2000, "EW": 240},
                      {"NS": 2000, "EW": 570}, {"NS": 2050, "EW": 760}]
    assert [line.pending[0] for line in sheet.lines] == [False, False, True, True, False]
    assert sheet.winner == "NS"
    # The dealer turns anticlockwise (§ 3.4): N, W, S, E, N.
    assert [line.dealer for line in sheet.lines] == ["N", "W", "S", "E", "N"]
    with pytest.raises(VariantError, match="game ended at deal 5"):
        tell(FFB, played(*THE_GAME), "80 pique E, 100 points, der E")


def test_a_correction_three_deals_back_scores_every_later_deal_again():
    game = played(*THE_GAME[:4])
    # Deal 2 was in fact 102 points and the last trick, not a capot: 112 + 90 = 202, to 200.
    game = tell(FFB, game, "90 pique N, 102 points, der N", at=2)
    sheet = score_game(FFB, game)
    assert [line.totals["NS"] for line in sheet.lines] == [1640, 1840, 1860, 1860]
    assert [line.totals["EW"] for line in sheet.lines] == [0, 50, 290, 620]
    assert not any(line.pending[0] for line in sheet.lines) and sheet.winner is None


def test_a_pass_out_scores_nothing_and_the_next_dealer_deals():
    sheet = score_game(FFB, played("passe", "80 coeur W, 100 points, der W"))
    assert sheet.lines[0].score is None and sheet.lines[0].totals == {"NS": 0, "EW": 0}
    assert [line.dealer for line in sheet.lines] == ["N", "W"]  # table.all_pass: next dealer


def test_the_record_round_trips_through_its_json_and_its_schema():
    game = played(*THE_GAME[:3], "passe")
    text = json.dumps(game.to_json())
    again = read_record(text, "game.json")
    assert again == game
    assert score_game(FFB, again).totals == score_game(FFB, game).totals
    schema = GameRecord.model_json_schema()
    assert set(schema["required"]) == {"variant"} and "deals" in schema["properties"]
    # What the table said is kept, no score: the record is scored again on every reading.
    assert "scores" not in text and '"said": "passe"' in text


@pytest.mark.parametrize("text, message", [
    ("{", "invalid JSON"),
    ('{"variant": {"name": "ffb"}, "deals": [{"passed": true, "bid": 80}]}',
     "everybody passed has no bid"),
    ('{"variant": {"name": "ffb"}, "deals": "many"}', "deals"),
    ('{"format": "other", "variant": {"name": "ffb"}}', "format"),
])
def test_a_bad_record_is_one_clear_error(text, message):
    with pytest.raises(VariantError) as e:
        read_record(text, "game.json")
    assert message in str(e.value)


def test_a_deal_record_that_no_longer_scores_names_the_deal():
    game = GameRecord.model_validate({"variant": {"name": "ffb"}, "deals": [
        {"declarer": "N", "bid": 80, "trump": "hearts", "card_points": {"NS": 100, "EW": 50},
         "last_trick": "N"}]})
    with pytest.raises(Exception, match="deal 1: .*sum to 150"):
        score_game(FFB, game)


def test_deal_models_refuse_a_contract_on_a_pass_out():
    with pytest.raises(ValueError):
        PadDeal.model_validate({"passed": True, "declarer": "N"})


# -- coinche marque at a pseudo-terminal ----------------------------------------------------

class Terminal:
    """`coinche marque` on a pseudo-terminal: what a player types, what the screen shows."""

    def __init__(self, *args: str, cwd: Path):
        self.master, slave = pty.openpty()
        env = {**os.environ, "COLUMNS": "80", "TERM": "dumb"}
        self.proc = subprocess.Popen([sys.executable, "-m", "coinche_dsl", "marque", *args],
                                     stdin=slave, stdout=slave, stderr=slave, cwd=cwd,
                                     env=env, start_new_session=True)
        os.close(slave)
        self.screen = ""
        self.seen = 0
        """How much of the screen an earlier `read_until` already matched."""

    def read_until(self, text: str, timeout: float = 60) -> str:
        """Wait for `text` to be shown after what was matched last."""
        end = time.monotonic() + timeout
        while text not in self.screen[self.seen:]:
            left = end - time.monotonic()
            assert left > 0, f"waited for {text!r}; the screen shows:\n{self.screen}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    shown = os.read(self.master, 4096).decode("utf-8", "replace")
                    # As a person reads it: French spacing and the terminal's line ends plain.
                    self.screen += shown.replace("\u202f", " ").replace("\r\n", "\n")
                except OSError:  # the process ended
                    break
        at = self.screen.find(text, self.seen)
        assert at >= 0, self.screen
        self.seen = at + len(text)
        return self.screen

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)
        os.close(self.master)


def test_the_terminal_pad_keeps_the_game_through_a_kill(tmp_path):
    record = tmp_path / "jeudi.json"
    term = Terminal("ffb", str(record), "--ns", "Anne et Paul", cwd=tmp_path)
    try:
        term.read_until("Donne 1, Nord donne")
        term.type("80 coeur N, 71 points, der N")  # a litige: 80 held
        term.read_until("80 points sont mis en réserve pour le camp qui gagnera")
        term.read_until("Donne 2, Ouest donne")
        term.type("90 pique E, 100 points, der W")
        term.read_until("Est-Ouest marque en plus les 80 points mis en réserve")
        term.read_until("Donne 3, Sud donne")
        term.type("110 coeur N, 98 points, der X")
        term.read_until("qui a fait le dix de der")  # in the pad's language
        term.read_until("Donne 3, Sud donne")
        term.proc.send_signal(signal.SIGKILL)  # the power goes out mid-game
    finally:
        term.close()
    kept = json.loads(record.read_text(encoding="utf-8"))
    assert [d["said"] for d in kept["deals"]] == ["80 coeur N, 71 points, der N",
                                                  "90 pique E, 100 points, der W"]
    assert kept["teams"]["NS"] == "Anne et Paul"
    term = Terminal("ffb", str(record), cwd=tmp_path)
    try:
        term.read_until("Donne 3, Sud donne")
        term.type("annule")
        term.read_until("Donne 2 effacée")
        term.type("feuille")
        # 80 coeur by N: EW 80 (§ 10.1.3), NS's 80 held for the next deal's winner.
        term.read_until("Marque : Anne et Paul 0, Est-Ouest 80.")
        term.type("fin")
        term.read_until("La partie est gardée dans")
        assert term.proc.wait(10) == 0
    finally:
        term.close()
    assert len(json.loads(record.read_text(encoding="utf-8"))["deals"]) == 1


# -- on paper ---------------------------------------------------------------------------------

def _pdf_pages(data: bytes) -> list[str]:
    import io

    pypdf = pytest.importorskip("pypdf", reason="pypdf not installed; PDF text checks skipped")
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]


def test_the_filled_sheet_on_paper_reads_back():
    pytest.importorskip("weasyprint", reason="WeasyPrint not installed; PDF checks skipped")
    from coinche_dsl.pad import paper
    from coinche_dsl.pad.words import PadWords

    ruleset = load_variant("ffb")
    game = played(*THE_GAME).model_copy(update={"teams": {"NS": "Anne <b>& Paul</b>",
                                                          "EW": "Les Dupont"}})
    page = paper.filled(ruleset, game, score_game(FFB, game), PadWords("fr"))
    html = paper.to_html(page, "fr")
    assert "Anne &lt;b&gt;&amp; Paul&lt;/b&gt;" in html  # a name is text, never markup
    (text,) = _pdf_pages(paper.to_pdf(page, "fr"))
    flat = " ".join(text.replace("\u202f", " ").split())
    assert "Feuille de marque" in flat and "1 640" in flat and "2 050" in flat
    assert "gagne la partie, 2 050 à 760, en 5 donnes" in flat
    assert "Règle du litige (81 partout) : appliquée" in flat  # the options it was kept under


@pytest.mark.parametrize("variant", ["ffb", "ffb-contree", "es-club", "pt-online", "it-701",
                                     "fr-brut", "fr-bga"])
def test_a_blank_sheet_is_one_page_in_every_language(variant):
    pytest.importorskip("weasyprint", reason="WeasyPrint not installed; PDF checks skipped")
    from coinche_dsl.pad import paper
    from coinche_dsl.pad.words import PadWords

    ruleset = load_variant(variant)
    for lang in ("fr", "en", "es", "it", "pt"):
        (text,) = _pdf_pages(paper.to_pdf(paper.blank(ruleset, PadWords(lang)), lang))
        assert f"{ruleset.game.target:,}"[-3:] in text  # the target, in the language's digits
        assert "18" in text  # every line to fill in is on the one page


# -- a game of a fixed number of deals --------------------------------------------------------
# FFB § 2: « après un nombre défini de donnes »; `game.deals`: after the last, the higher total
# wins; `deals_tie`: equal totals play one more deal (`more_deals`) or stand (`stands`).
# Each deal under ffb (§ 10.1.1 made: the total plus the contract; § 10.2 to the nearest ten):
# « 80 coeur N, 100 points, der N »: NS 100 + 10 = 110 >= 80, so 110 + 80 = 190; EW 52, to 50.
# « 80 pique E, 100 points, der E »: the same for EW: EW 190, NS 50. After two: 240 each.

def _of_deals(n: int, tie: str):
    base = load_variant("ffb")
    return compile(base.model_copy(update={"game": base.game.model_copy(
        update={"deals": n, "deals_tie": DealsTie(tie)})}))


TWO = ("80 coeur N, 100 points, der N", "80 pique E, 100 points, der E")


def test_a_game_of_two_deals_drawn_when_the_tie_stands():
    rules = _of_deals(2, "stands")
    sheet = score_game(rules, played(*TWO, rules=rules))
    assert sheet.totals == {"NS": 240, "EW": 240} and sheet.over and sheet.winner is None
    with pytest.raises(VariantError, match="ended at deal 2 \\(drawn\\)"):
        tell(rules, played(*TWO, rules=rules), TWO[0])


def test_a_game_of_two_deals_goes_on_while_level_then_ends():
    rules = _of_deals(2, "more_deals")
    assert not score_game(rules, played(*TWO, rules=rules)).over
    # A third deal like the first: NS 240 + 190 = 430, EW 240 + 50 = 290.
    sheet = score_game(rules, played(*TWO, TWO[0], rules=rules))
    assert sheet.over and sheet.winner == "NS" and sheet.totals == {"NS": 430, "EW": 290}


def test_the_terminal_pad_ends_a_game_of_two_deals(tmp_path):
    (tmp_path / "tournoi.coinche").write_text(
        'variant "tournoi" extends "ffb" {\n  title "Tournoi"\n  language fr\n'
        "  game {\n    deals 2\n    deals_tie stands\n  }\n}\n", encoding="utf-8")
    term = Terminal("tournoi.coinche", str(tmp_path / "t.json"), cwd=tmp_path)
    try:
        term.read_until("Donne 1, Nord donne")
        term.type(TWO[0])
        term.read_until("Donne 2, Ouest donne")
        term.type(TWO[1])
        term.read_until("Partie nulle, 240 partout, en 2 donnes.")
        term.type(TWO[0])
        term.read_until("La partie est finie.")
        term.type("fin")
        assert term.proc.wait(10) == 0
    finally:
        term.close()


def test_a_game_carried_on_keeps_the_options_it_was_begun_with(tmp_path):
    """A game begun with ffb's no-trump and all-trump (§ 11: « L'organisateur d'un tournoi
    peut décider de le jouer avec la variante du Sans Atout / Tout Atout ») is carried on
    under them without the option typed again: no "rules changed", and the record keeps the
    value; typing another value is the one way to change it (and is said)."""
    from coinche_dsl.model.fingerprint import fingerprint

    root = Path(__file__).resolve().parent.parent
    record = json.loads((root / "examples" / "jeudi.json").read_text(encoding="utf-8"))
    record["variant"]["options"]["sans_atout_tout_atout"] = "oui"
    with_sa = load_variant("ffb", {"sans_atout_tout_atout": "oui"})
    record["variant"]["fingerprint"] = fingerprint(with_sa)
    game = tmp_path / "jeudi.json"
    game.write_text(json.dumps(record), encoding="utf-8")

    def marque(*more: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "coinche_dsl", "marque", "ffb", str(game),
                               "--show", *more], capture_output=True, text=True, timeout=120)

    kept = marque()
    assert kept.returncode == 0, kept.stderr
    assert kept.stderr == ""  # the rules it was begun with: nothing changed
    changed = marque("--option", "sans_atout_tout_atout=non")
    assert changed.returncode == 0 and changed.stderr.strip()  # another value is said
    assert fingerprint(with_sa) in changed.stderr

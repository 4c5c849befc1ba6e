"""`coinche play` in the table's language: a whole deal in French at fr-bga and refusals in
Spanish, Italian and Portuguese, played in a pseudo-terminal of 80 columns as a person's would
be; no English word reaches the table, and English stays as it was (`test_play_cli.py` plays in
English with `--lang en`)."""

from __future__ import annotations

import random
import re

import pytest
from rich.text import Text
from test_cli_terminal import _at_80_columns

from coinche_dsl.engine import Call, Deal
from coinche_dsl.engine import compile as compile_rules
from coinche_dsl.errors import IllegalActionError
from coinche_dsl.loader import load_variant
from coinche_dsl.sim.table_words import TableWords

ENGLISH = re.compile(
    r"\b(You|Your|you|your|Deal|dealt|Trick|takes|Auction|Contract|Score|sheet|made|failed|"
    r"this|team|Not|allowed|Cannot|read|type|like|rules?|quit|abandoned|win|Drawn|announces?|"
    r"says?|hearts|spades|clubs|diamonds|no-trump|all-trump|North|South|East|West|partner|"
    r"seed|out of turn|Enter|must|hold|bids?|pass|highest|may|cards?|the|and|of|to|by|"
    r"is|not|only|yet)\b")
"""Words of the English table that are no word of the other four languages' tables."""
FIELD_PATH = re.compile(r"\b(auction|play|cards|announcements|belote|scoring|game)\.[a-z_]+")

RANKS_FR = ("sept", "huit", "neuf", "dix", "valet", "dame", "roi", "as")
SUITS_FR = ("trèfle", "carreau", "cœur", "pique")


def _french_card(card: int) -> str:
    """Each card as a French player may type it: « dame de cœur », « DC » or « D♥ »."""
    rank, suit = card & 7, card >> 3
    letter = ("7", "8", "9", "10", "V", "D", "R", "A")[rank]
    return (f"{RANKS_FR[rank]} de {SUITS_FR[suit]}", letter + "TKCP"[suit],
            letter + "♣♦♥♠"[suit])[card % 3]


_PROMPT_END = re.compile(r"(?<=\)[ \u202f]: )|(?<=\): )")
"""Where a prompt ends: `(? rules, q quit): `,
« (Entrée pour laisser les enchères continuer) : »."""


def _too_long(text: str) -> list[str]:
    """Lines over 80 columns; a prompt ends its line, as the player's Enter does (the input is
    not echoed here, so what is said next shares the prompt's line)."""
    return [part for line in text.splitlines() for part in _PROMPT_END.split(line)
            if len(part) > 80]


def _seen(text: str) -> str:
    """The screen's words on one line (Rich wraps at 80 columns), French spaces as spaces."""
    return " ".join(text.replace("\u202f", " ").split())


def _no_english(text: str) -> None:
    found = sorted({m.group(0) for m in ENGLISH.finditer(text)})
    assert not found, found
    assert not FIELD_PATH.search(text), FIELD_PATH.search(text)


def test_a_whole_deal_in_french_at_fr_bga() -> None:
    # fr-bga: "language fr", "minimum_bid 82", "step 10". The script bids nonsense, then a
    # bid that is no bid, then passes and offers every card in French words in turn.
    rounds = "".join("passe\n" + "".join(_french_card(c) + "\n" for c in range(32))
                     for _ in range(12))
    code, text = _at_80_columns(["play", "fr-bga", "--seed", "7"],
                                stdin="?\nfoo\n95 cœur\n" + rounds)
    assert code == 0, text[-2000:]
    assert not _too_long(text), _too_long(text)[:3]
    out = _seen(text)
    assert "La coinche de BoardGameArena — vous êtes Sud, votre partenaire Nord ; partie en " \
        "2 000 points" in out
    assert re.search(r"Donne 1, distribuée par (Nord|Est|Sud|Ouest)\.", out)
    assert "Votre main : ♣" in out or "Votre main : ♦" in out or "Votre main : ♥" in out \
        or "Votre main : ♠" in out
    # `?`: the auction's rules in the sheet's sentences.
    assert re.search(r"L’enchère la plus basse est 82\. \(fr-bga\.coinche:\d+\)", out)
    # A word that is no call, answered in French with a call one could type.
    assert re.search(r"Je ne comprends pas « foo » : tapez une enchère, par exemple "
                     r"« \d+ [a-zèœ-]+ », « passe »", out)
    # A bid that is no bid: why, then the rule as the sheet says it and where it is written.
    assert re.search(r"Refusé : 95 n’est pas une enchère possible : on annonce 82, 90, 100, 110… "
                     r"Règle : les enchères montent par paliers de 10\. \(fr-bga\.coinche:\d+\)",
                     out)
    # Cards refused: one not held, one that does not follow suit with the rule of the sheet.
    assert re.search(r"Refusé : vous n’avez pas (10|[7-9VDRA])[♣♦♥♠]\.", out)
    assert re.search(r"Refusé : vous devez fournir la couleur demandée \((trèfle|carreau|cœur|"
                     r"pique)\)\. Règle : il faut toujours fournir la couleur demandée quand on "
                     r"le peut\. \(fr-bga\.coinche:\d+\)", out)
    # The deal played out: the auction, the contract, eight tricks, the score and the sheet.
    assert re.search(r"Enchères : [NESO][ \u00a0](passe|\d+ )", out)
    # a seat's letter after the colon keeps its capital (« Enchères : E passe », never « e »)
    assert not re.search(r"Enchères : [neso]\W", out)
    assert re.search(r"Contrat : \d+ [a-zèœ-]+ par (Nord|Est|Sud|Ouest)", out)
    assert re.search(r"Pli 8 : [NESO] (10|[7-9VDRA])[♣♦♥♠], .* → [NESO] remporte \d+ points",
                     out)
    assert "Contrat rempli" in out or "Contrat chuté" in out
    assert "Feuille de marque (partie en 2 000 points)" in out and "total de la donne" in out
    assert out.endswith("Partie abandonnée.")
    _no_english(out)


LANGS = [
    ("es-club", "es", "No se puede: 95 no es una puja: las pujas son 80, 90, 100, 110… Regla: "
     "las pujas suben de 10 en 10.", "No entiendo «hola»: escribe una puja, por ejemplo",
     r"No se puede: debes asistir al palo de salida \((tréboles|diamantes|corazones|picas)\)\. "
     r"Regla: siempre hay que asistir al palo de salida si se puede\."),
    ("it-701", "it", "Non si può: 95 non è una dichiarazione: le dichiarazioni sono 80, 90, 100, "
     "110… Regola: le dichiarazioni salgono di 10 in 10.", "Non capisco «hola»: scrivi una "
     "dichiarazione, come", r"Non si può: devi rispondere al seme di uscita \((fiori|quadri|"
     r"cuori|picche)\)\. Regola: bisogna sempre rispondere al seme di uscita, se possibile\."),
    ("pt-online", "pt", "Não é permitido: 95 não é um lance: os lances são 80, 90, 100, 110… "
     "Regra: os lances sobem de 10 em 10.", "Não percebo «hola»: escreve um lance, por exemplo",
     r"Não é permitido: tens de assistir ao naipe de saída \((paus|ouros|copas|espadas)\)\. "
     r"Regra: sempre que possível, é obrigatório assistir ao naipe de saída\."),
]


@pytest.mark.parametrize(("variant", "lang", "not_a_bid", "stray", "follow"), LANGS,
                         ids=[lang for _, lang, *_ in LANGS])
def test_refusals_in_the_tables_language(variant: str, lang: str, not_a_bid: str, stray: str,
                                         follow: str) -> None:
    # Each table types in its words: its pass, its hearts, its cards as they are shown.
    words = TableWords(load_variant(variant), lang)
    cards = "".join(words.card(c, False) + "\n" for c in range(32))
    script = f"hola\n95 {words.denomination(2)}\n" + (words.tr("tbl.call.pass") + "\n"
                                                       + cards) * 3
    code, text = _at_80_columns(["play", variant, "--seed", "1"], stdin=script)
    assert code == 0, text[-2000:]
    assert not _too_long(text), _too_long(text)[:3]
    out = _seen(text)
    assert not_a_bid in out and stray in out
    assert re.search(follow, out)
    _no_english(out)


def _refusals(variant: str, deals: int) -> list[IllegalActionError]:
    """Every refusal the engine gives on random deals of `variant` when each call of a list
    and each card is tried at every turn (on copies), the deals going on with legal choices."""
    rules = compile_rules(load_variant(variant))
    rng = random.Random(1)
    found: dict[str, IllegalActionError] = {}
    for n in range(deals):
        deal = Deal(rules, n % 4, rng=rng)
        while deal.phase == "auction":
            seat = deal.to_act
            tries = [Call(s, k) for s in range(4) for k in ("coinche", "surcoinche")]
            tries += [Call(seat, "bid", v, d) for v in (80, 85, 90, 250, "capot", "generale")
                      for d in range(6)]
            for call in tries:
                try:
                    deal.copy().apply(call)
                except IllegalActionError as e:
                    found.setdefault(e.code + e.rule, e)
            deal.apply(rng.choice(deal.legal_calls()))
        while deal.phase == "play":
            for card in range(32):
                try:
                    deal.copy().apply(card)
                except IllegalActionError as e:
                    found.setdefault(e.code + e.rule, e)
            legal = deal.legal_cards()
            deal.apply(rng.choice([c for c in range(32) if legal >> c & 1]))
    return list(found.values())


@pytest.mark.parametrize("variant", ["ffb", "fr-bga", "es-club", "it-701", "pt-online"])
def test_every_refusal_is_said_in_every_language(variant: str) -> None:
    refusals = _refusals(variant, 12)
    codes = {e.code for e in refusals}
    assert {"hand.not_held", "play.follow_suit", "auction.not_a_bid"} <= codes, codes
    ruleset = load_variant(variant)
    for lang in ("fr", "es", "it", "pt"):
        words = TableWords(ruleset, lang)
        for e in refusals:
            assert e.code and words.tr.has(f"refuse.{e.code}"), (e.code, str(e))
            said = words.refusal(e)
            assert "⟦" not in said, said
            _no_english(said.replace("[red]", "").replace("[dim]", "").replace("[/]", ""))
    # English keeps the engine's message and the rule's key, as the table always said them.
    english = TableWords(ruleset, "en")
    for e in refusals:
        assert Text.from_markup(english.refusal(e)).plain == f"Not allowed: {e}" + (
            f" (rule: {e.rule})" if e.rule else "")


def test_the_table_reads_its_own_words() -> None:
    fr = TableWords(load_variant("fr-bga"), "fr")
    assert fr.read_call("cent pique", 2) == Call(2, "bid", 100, 3)
    assert fr.read_call("quatre-vingt-dix sans atout", 2) == Call(2, "bid", 90, 4)
    assert fr.read_call("cent soixante cœur", 0) == Call(0, "bid", 160, 2)
    assert fr.read_call("82 trèfle", 2) == Call(2, "bid", 82, 0)
    assert [fr.read_call(w, 1).kind for w in ("passe", "contre", "Coincher", "surcoinche")] \
        == ["pass", "coinche", "coinche", "surcoinche"]
    assert fr.read_card("dame de cœur") == fr.read_card("DC") == fr.read_card("D♥") == 21
    es = TableWords(load_variant("es-club"), "es")
    assert es.read_call("ciento diez picas", 2) == Call(2, "bid", 110, 3)
    assert es.read_call("paso", 2).kind == "pass"
    it = TableWords(load_variant("it-701"), "it")
    assert it.read_call("centodieci picche", 2) == Call(2, "bid", 110, 3)
    assert it.read_call("cappotto fiori", 2) == Call(2, "bid", "capot", 0)
    pt = TableWords(load_variant("pt-online"), "pt")
    assert pt.read_call("cento e dez espadas", 2) == Call(2, "bid", 110, 3)
    assert pt.read_call("contra", 2).kind == "coinche"
    assert pt.read_card("valete de copas") == pt.read_card("V♥") == 20


def test_the_variants_own_words_are_the_tables() -> None:
    # ffb-contree: "terms { fr { coinche "contre" ... } }": its table says contre.
    words = TableWords(load_variant("ffb-contree"), "fr")
    assert words.tr("tbl.call.coinche") == "contre"
    assert "contre" in words.tr("tbl.help") and "coinche" not in words.tr("tbl.help")
    # and the rules `?` shows say it too (« peut contrer son enchère »).
    from coinche_dsl.sim.tableview import rule_lines

    said = " ".join(rule_lines(load_variant("ffb-contree"), "auction", None, "fr"))
    assert "contrer" in said and "coincher" not in said

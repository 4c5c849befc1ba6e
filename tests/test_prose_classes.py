"""Defect classes a native reader of the sheets found, one test per class and language.

Each test builds the federation's sheet (and a built-in whose source is a bare file) in the
language and fails on any occurrence of its class, wherever the sentence comes from.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

import pytest

from coinche_dsl import load_variant
from coinche_dsl.render.document import Document, Formula, Para, Rules, Terms
from coinche_dsl.render.i18n import lower_after_colon, translator
from coinche_dsl.render.output import to_markdown
from coinche_dsl.render.pairs import join_sentences
from coinche_dsl.render.rulesheet import build_sheet
from coinche_dsl.render.table_card import build_card

ROMANCE = ("fr", "es", "it", "pt")
SEATS = {
    "Nord",
    "Sud",
    "Est",
    "Ouest",
    "Norte",
    "Sur",
    "Este",
    "Oeste",
    "Ovest",
    "Sul",
    "Leste",
    "Belote",
    "Rebelote",
    "As",
}


SA_TA = {"sans_atout_tout_atout": "oui"}
"""ffb with the organiser's no-trump and all-trump (§ 11), for the sentences about them."""


def sheet(variant: str, lang: str, choices: dict[str, str] | None = None) -> str:
    return to_markdown(build_sheet(load_variant(variant, choices), lang))


@pytest.mark.parametrize("lang", ROMANCE)
def test_no_capital_after_a_colon(lang: str) -> None:
    # a rulebook goes on in lower case after « : » (« Contrat rempli : les preneurs… »)
    text = sheet("ffb", lang) + sheet("fr-bga", lang)
    bad = [
        m.group(0)
        for m in re.finditer(r":[ \u00a0\u202f]+([A-ZÀ-Ý][a-zà-ÿ]+)", text)
        if m.group(1) not in SEATS
    ]
    assert bad == []


def test_capital_after_colon_lowered_but_seats_kept() -> None:
    assert lower_after_colon("« oui » : Une enchère") == "« oui » : une enchère"
    assert lower_after_colon("Donne : Nord-Sud 20") == "Donne : Nord-Sud 20"
    assert lower_after_colon("Carré : FFB") == "Carré : FFB"


@pytest.mark.parametrize("lang", ROMANCE)
def test_ladder_without_stray_ellipsis(lang: str) -> None:
    text = sheet("ffb", lang)
    assert "…." not in text and "… ." not in text and "100 …" not in text
    # FFB 2015 § 4.1: bids go by tens from 80 with no highest; the sheet says so in words
    ladder = {
        "fr": "80, 90, 100 et ainsi de suite",
        "es": "80, 90, 100 y así sucesivamente",
        "it": "80, 90, 100 e così via",
        "pt": "80, 90, 100 e assim por diante",
    }
    assert ladder[lang] in text


@pytest.mark.parametrize("lang", ROMANCE)
def test_worked_checks_in_words(lang: str) -> None:
    text = sheet("ffb", lang)
    assert "≥" not in text and "≤" not in text
    # the generated case "102 points at the lowest bid": 102 ≥ 80 and 102 > 60, made
    said = {
        "fr": "102 points, au moins les 80 demandés et plus que les 60 de la défense",
        "es": "102 puntos, al menos los 80 pedidos y más que los 60 de la defensa",
        "it": "102 punti, almeno 80 (il contratto) e più di 60 (i difensori)",
        "pt": "102 pontos, pelo menos os 80 do lance e mais do que os 60 dos defensores",
    }
    assert said[lang] in text


@pytest.mark.parametrize(
    ("lang", "four", "five"),
    [
        ("es", "1500", "10.000"),
        ("pt", "1500", "10\u00a0000"),
        ("fr", "1\u202f500", "10\u202f000"),
        ("it", "1.500", "10.000"),
    ],
)
def test_four_digit_numbers(lang: str, four: str, five: str) -> None:
    tr = translator(lang)
    assert (tr.num(1500), tr.num(10000)) == (four, five)


@pytest.mark.parametrize(
    ("variant", "lang", "target"),
    [("es-club", "es", "2000 puntos"), ("pt-online", "pt", "1001 pontos")],
)
def test_sheet_target_as_the_seed_writes_it(variant: str, lang: str, target: str) -> None:
    # es seed: « Acordad una meta de 2000 puntos »; pt seed: « ganhar 1001 pontos »
    assert target in sheet(variant, lang)


@pytest.mark.parametrize("lang", ROMANCE)
def test_suit_named_once_in_sentences(lang: str) -> None:
    text = sheet("ffb", lang)
    doubled = re.findall(r"[♣♦♥♠] [a-zà-ÿ]", text)
    assert doubled == []


@pytest.mark.parametrize(
    ("variant", "lang"),
    [
        ("es-club", "es"),
        ("pt-online", "pt"),
        ("it-701", "it"),
        ("fr-bga", "fr"),
        ("fr-brut", "fr"),
        ("ffb", "fr"),
    ],
)
def test_sources_name_no_file(variant: str, lang: str) -> None:
    text = sheet(variant, lang)
    sources = text[text.rindex("\n## ") :]
    assert not re.search(r"\w\.(txt|md|pdf)\b", sources)
    assert "seed" not in sources
    # a sheet never names itself as its own source (« O texto de onde vêm estas regras:
    # «Coinche — regras do jogo online» »): each built-in describes the text it follows
    rs = load_variant(variant)
    assert rs.title not in sources
    assert all(len(s.split()) >= 5 for s in rs.sources)


BUILTINS = ("ffb", "ffb-contree", "fr-bga", "fr-brut", "es-club", "it-701", "pt-online")
LANGS = ("en", *ROMANCE)
_TOKEN = re.compile(r"\w[\w'’-]*|[^\w\s]")


def _prose_units(doc: Document) -> list[list[str]]:
    """Each run of prose sentences of a document, as a reader meets them in order (tables,
    worked examples, the glossary's definitions and the sources' titles are not prose)."""
    runs: list[list[str]] = []
    for section in doc.sections:
        if section.id in ("sources", "glossary"):
            continue
        for block in section.blocks:
            if isinstance(block, Rules):
                texts = block.items
            elif isinstance(block, Formula):
                texts = block.sentences
            elif isinstance(block, Para):
                texts = [block.text]
            else:
                continue
            runs.append([s for t in texts for s in re.split(r"(?<=[.!?])\s+(?=[A-ZÀ-Ý«])", t)])
    return runs


def _one_slot_apart(a: str, b: str) -> bool:
    """Two sentences that read the same but for one run of at most three words."""
    ta, tb = _TOKEN.findall(a.lower()), _TOKEN.findall(b.lower())
    ops = [
        o for o in SequenceMatcher(None, ta, tb, autojunk=False).get_opcodes() if o[0] != "equal"
    ]
    if len(ops) != 1:
        return False
    _, i1, i2, j1, j2 = ops[0]
    return 1 <= i2 - i1 <= 3 and 1 <= j2 - j1 <= 3 and len(ta) - (i2 - i1) >= 3


@pytest.mark.parametrize("lang", LANGS)
def test_no_paired_sentences(lang: str) -> None:
    # « À sans-atout, les points se comptent normalement » then the same « À tout-atout »:
    # a rulebook says it once (« À sans-atout comme à tout-atout, … »)
    paired = []
    for variant in BUILTINS:
        rs = load_variant(variant)
        for doc in (build_sheet(rs, lang), build_card(rs, lang)):
            for run in _prose_units(doc):
                paired += [
                    (variant, a, b)
                    for a, b in zip(run, run[1:], strict=False)
                    if _one_slot_apart(a, b)
                ]
    assert paired == []


@pytest.mark.parametrize(
    ("lang", "joined"),
    [
        ("en", "No-trump and all-trump points are counted as they are."),
        ("fr", "À sans-atout comme à tout-atout, les points se comptent normalement"),
        ("es", "Tanto sin triunfo como en todo triunfo, los puntos se cuentan sin ajuste."),
        ("it", "Senza atout o a tutto atout, i punti delle carte si contano al loro valore"),
        (
            "pt",
            "Tanto sem trunfo como em todo trunfo, os pontos das cartas contam-se por inteiro, "
            "sem redução.",
        ),
    ],
)
def test_paired_sentences_said_once(lang: str, joined: str) -> None:
    # FFB 2015: no conversion of the points at no-trump nor at all-trump
    text = sheet("ffb", lang, SA_TA)
    assert joined.replace(" :", "\u202f:") in text


@pytest.mark.parametrize(
    ("lang", "joined"),
    [
        ("en", "There is no belote at no-trump or at all-trump."),
        ("fr", "Il n’y a pas de belote à sans-atout ni à tout-atout."),
        ("es", "No hay belote sin triunfo ni en todo triunfo."),
        ("it", "Senza atout e a tutto atout non c’è belote."),
        ("pt", "Sem trunfo e em todo trunfo não há belote."),
    ],
)
def test_paired_negative_sentences_said_once(lang: str, joined: str) -> None:
    # fr-bga: no belote at no-trump or all-trump; a negation coordinates with « ni »
    assert joined in sheet("fr-bga", lang)


def test_join_keeps_apart_what_differs_elsewhere() -> None:
    tr = translator("fr")
    items = [
        "À sans-atout, il suffit de fournir.",
        "À tout-atout, vous devez monter.",
        "Le coefficient de la coinche est 2.",
        "Le coefficient de la surcoinche est 4.",
    ]
    assert join_sentences(items, tr) == items
    three = [
        "À la couleur, une donne compte 162.",
        "À sans-atout, une donne compte 162.",
        "À tout-atout, une donne compte 162.",
    ]
    assert join_sentences(three, tr) == [
        "À la couleur, à sans-atout et à tout-atout, une donne compte 162."
    ]


ARTICLES = {
    "fr": {"le", "la", "les", "un", "une", "des", "du"},
    "es": {"el", "la", "los", "las", "un", "una", "lo"},
    "it": {"il", "lo", "la", "i", "gli", "le", "un", "uno", "una"},
    "pt": {"o", "a", "os", "as", "um", "uma"},
}
_PARTICIPLE = {
    "fr": ("é", "ée", "és", "ées", "er"),
    "es": ("ado", "ada", "ados", "adas"),
    "it": ("ato", "ata", "ati", "ate"),
    "pt": ("ado", "ada", "ados", "adas"),
    "en": ("ed", "ing"),
}


def _stem(word: str) -> str:
    return re.sub(r"[aeiouéèàóò]+$", "", word.rstrip("s"))


def _same_word(headword: str, word: str, lang: str) -> bool:
    """`word` is `headword` or one of its forms (plural, gender, participle)."""
    stem = _stem(headword)
    return len(stem) >= 3 and (
        _stem(word) == stem or any(word == stem + end for end in _PARTICIPLE[lang])
    )


def _repeats_headword(term: str, definition: str, lang: str) -> bool:
    """Whether the definition names its own headword, or the word the headword glosses in
    parentheses (« Coinche (contre) — Le contre d’un adversaire »)."""
    words = _TOKEN.findall(definition.lower())
    for phrase in re.split(r"[(),«»]", term.lower()):
        said = _TOKEN.findall(phrase.strip())
        if not said or len(said) > 1 and len(said[-1]) < 3:
            continue
        for i in range(len(words) - len(said) + 1):
            if all(
                w == s for w, s in zip(words[i : i + len(said) - 1], said[:-1], strict=True)
            ) and _same_word(said[-1], words[i + len(said) - 1], lang):
                return True
    return False


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_reads_as_a_dictionary(lang: str) -> None:
    # a dictionary defines a word by others (« Coinche (contre) — Défi d’un adversaire… »,
    # not « Le contre d’un adversaire »), and in French, Spanish, Italian and Portuguese
    # starts the definition without an article (« Atout — Couleur nommée par le contrat »)
    bad = []
    for variant in BUILTINS:
        doc = build_sheet(load_variant(variant), lang)
        for section in doc.sections:
            for block in section.blocks:
                if not isinstance(block, Terms):
                    continue
                for term, definition in block.items:
                    first = re.split(r"[\s’']", definition.lower(), maxsplit=1)[0]
                    if _repeats_headword(term, definition, lang) or (
                        first in ARTICLES.get(lang, set())
                        or lang in ROMANCE
                        and definition.lower().startswith(("l’", "l'"))
                    ):
                        bad.append((variant, term, definition))
    assert bad == []


def test_headword_repeat_is_found() -> None:
    assert _repeats_headword("Coinche (contre)", "Le contre d’un adversaire.", "fr")
    assert _repeats_headword("Surcontre", "Le surcontre du camp contré.", "fr")
    assert _repeats_headword("Contratantes", "A equipa contratante.", "pt")
    assert _repeats_headword("Defensores", "A equipa defensora.", "pt")
    assert not _repeats_headword("Contra (coinche)", "Aposta em que o contrato vai falhar.", "pt")
    assert not _repeats_headword("Sans-atout", "Contrat sans couleur d’atout.", "fr")


CLUB = 'variant "club" extends "ffb" {\n  title "Club"\n  language %s\n  terms { %s }\n}\n'


@pytest.mark.parametrize(
    ("lang", "terms", "said", "never"),
    [
        # a Spanish club that says « sota » for the jack (the es-club seed says « jota »)
        ("es", 'es { jack "sota" }', ["cuatro sotas", "sota (J)"], r"\bjotas?\b"),
        ("it", 'it { no_trump "senza briscola" }', ["Senza briscola"], r"senza atout"),
        (
            "fr",
            'fr { no_trump "sans atout" all_trump "tout atout" }',
            ["À sans atout comme à tout atout"],
            r"(sans|tout)-atout",
        ),
        ("pt", 'pt { jack "conde" }', ["conde", "condes"], r"\bvaletes?\b"),
        ("en", 'en { all_trump "all trumps" }', ["all trumps"], r"all-trump"),
    ],
)
def test_jack_and_denomination_terms(tmp_path, lang, terms, said, never) -> None:
    path = tmp_path / "club.coinche"
    path.write_text(CLUB % (lang, terms), encoding="utf-8")
    rs = load_variant(path, SA_TA)  # the club plays the organiser's no-trump and all-trump
    text = to_markdown(build_sheet(rs, lang)) + to_markdown(build_card(rs, lang))
    text = text.replace("\u202f", " ")
    for word in said:
        assert word in text
    # the base's own option title (« Sans-atout et tout-atout », and as it gives it in the
    # sheet's language) is the file's text
    own = rs.terms[lang].options.get("sans_atout_tout_atout", {}).get("title", "")
    text = text.replace("Sans-atout et tout-atout", "").replace(own or "Sans-atout", "")
    assert not re.search(never, text, re.IGNORECASE)


def test_short_names_on_the_card_and_in_the_glossary() -> None:
    # fr-bga's text: « Sans Atout (SA) (No TRUMP), Tout Atout (TA) (All TRUMP) »
    rs = load_variant("fr-bga")
    card = to_markdown(build_card(rs, "fr"))
    assert "| Sans-atout (SA) |" in card and "| Tout-atout (TA) |" in card
    assert "**Sans-atout (SA)** —" in sheet("fr-bga", "fr")
    assert "(SA)" not in sheet("fr-bga", "en")  # the short names are the French text's


@pytest.mark.parametrize("lang", LANGS)
def test_no_colon_inside_a_list_after_a_colon(lang: str) -> None:
    # « Carrés : carré de valets : 200, carré de neuf : 150 » reads as a form; a rulebook
    # writes « Carrés : 200 pour le carré de valets, 150 pour le carré de neuf… »
    nested = []
    for variant in BUILTINS:
        rs = load_variant(variant)
        for doc in (build_sheet(rs, lang), build_card(rs, lang)):
            for run in _prose_units(doc):
                nested += [s for s in run if re.search(r":[^.():]*,[^.():]*[^\d]:(\s|$)", s)]
    assert nested == []


@pytest.mark.parametrize(
    ("lang", "carres"),
    [
        ("en", "200 for four jacks, 150 for four nines, 100 for four aces, tens, kings or queens"),
        (
            "fr",
            "200 pour le carré de valets, 150 pour le carré de neuf, 100 pour le carré d’as, "
            "de dix, de rois ou de dames",
        ),
        # the es-club seed: « 200 por 4 jotas, 150 por 4 nueves o 100 por 4 ases, dieces,
        # reyes o damas »
        (
            "es",
            "200 por cuatro jotas, 150 por cuatro nueves, 100 por cuatro ases, dieces, reyes "
            "o damas",
        ),
        ("it", "quattro fanti (200), quattro nove (150), quattro assi, dieci, re o donne (100)"),
        ("pt", "valetes 200, noves 150, ases, dez, reis ou damas 100"),
    ],
)
def test_card_carres_of_one_value_said_together(lang: str, carres: str) -> None:
    card = to_markdown(build_card(load_variant("ffb"), lang))
    assert carres in card


@pytest.mark.parametrize("lang", ROMANCE)
def test_one_letter_article_lowered_after_a_colon(lang: str) -> None:
    # « «oui»: O lance indica o trunfo » (pt): the article goes on in lower case too
    text = sheet("ffb", lang)
    assert not re.search(r":[ \u00a0\u202f]+[OAÀEIY] [a-zà-ÿ]", text)


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_ends_its_sentence(lang: str) -> None:
    # the card's ladder of fr-bga (no capot) ended « … jusqu’à 500 (paliers de 10) »
    open_ended = []
    for variant in BUILTINS:
        rs = load_variant(variant)
        for doc in (build_sheet(rs, lang), build_card(rs, lang)):
            for section in doc.sections:
                if section.id in ("sources", "example", "examples"):
                    continue
                for block in section.blocks:
                    if isinstance(block, Rules):
                        open_ended += [
                            (variant, s)
                            for s in block.items
                            if not re.search(r"[.!?…][)»\u202f ]*( \(.*\))?$", s)
                        ]
    assert open_ended == []


@pytest.mark.parametrize(
    ("lang", "bids", "alone"),
    [
        (
            "en",
            "Numeric bids go from 80 to 500 in steps of 10: 80, 90, 100 and so on.",
            ["The lowest bid is", "Bids go up in steps", "no highest bid"],
        ),
        (
            "fr",
            "Les enchères chiffrées vont de 80 à 500, de 10 en 10 : 80, 90, 100 et ainsi de suite.",
            ["L’enchère la plus basse", "paliers de 10.", "Sans plafond"],
        ),
        (
            "es",
            "Las pujas van de 80 a 500, de 10 en 10: 80, 90, 100 y así sucesivamente.",
            ["La puja más baja es 80.", "Sin tope"],
        ),
        (
            "it",
            "Le dichiarazioni vanno da 80 a 500, di 10 in 10: 80, 90, 100 e così via.",
            ["La dichiarazione più bassa è 80."],
        ),
        (
            "pt",
            "Os lances vão de 80 a 500, de 10 em 10: 80, 90, 100 e assim por diante.",
            ["O lance mais baixo é 80."],
        ),
    ],
)
def test_bid_ladder_said_once(lang: str, bids: str, alone: list[str]) -> None:
    # FFB 2015 § 4.1: from 80 by tens; the engine takes no number above 500. One sentence,
    # not the lowest bid, the step, the levels and the cap each in its own.
    text = sheet("ffb", lang).replace("\u202f", " ")
    assert bids in text
    assert [a for a in alone if a in text] == []


def test_a_lowest_bid_off_the_step_is_said_apart() -> None:
    # fr-bga's text: « Les enchères commencent à 82 points … et montent de 10 points en 10 »,
    # the levels above being 90, 100… (not « paliers de 10 : 82, 90 »)
    text = sheet("fr-bga", "fr").replace("\u202f", " ")
    assert (
        "La première enchère est 82 ; ensuite 90, 100, 110 et ainsi de suite, de 10 en 10, "
        "jusqu’à 500."
    ) in text
    card = to_markdown(build_card(load_variant("fr-bga"), "fr")).replace("\u202f", " ")
    assert "Enchères : 82, puis 90, 100, 110 et ainsi de suite jusqu’à 500, de 10 en 10." in card


@pytest.mark.parametrize("lang", LANGS)
def test_capot_above_every_number_on_the_card(lang: str) -> None:
    # FFB 2015: « Il n’existe pas d’enchère supérieure au capot »; « jusqu’à 500, puis capot
    # (250) » read as a 250 bid above 500; the value is said as one
    above = {
        "en": "above them all, capot (worth 250)",
        "fr": "Au-dessus de toute enchère chiffrée\u202f: capot (valeur 250)",
        "es": "por encima de cualquier puja numérica, capot (que vale 250)",
        "it": "sopra ogni dichiarazione a punti, cappotto (che vale 250)",
        "pt": "acima de qualquer lance em pontos, capote (que vale 250)",
    }
    assert above[lang] in to_markdown(build_card(load_variant("ffb"), lang))


@pytest.mark.parametrize(
    ("lang", "rounding", "alone"),
    [
        (
            "en",
            "Once the contract has been judged made or failed, each side’s score for the deal "
            "is rounded to the nearest 10, halves going up (so 85 becomes 90).",
            ["The rounding unit", "What is rounded"],
        ),
        (
            "fr",
            "En fin de donne, la marque de chaque camp s’arrondit à 10 points près, les demis "
            "vers le haut (par exemple 85 → 90), une fois le contrat jugé rempli ou chuté.",
            ["On arrondit à 10", "On arrondit la marque"],
        ),
        (
            "es",
            "Al final de la mano, la puntuación de cada bando se redondea al múltiplo de 10 más "
            "próximo",
            ["La unidad de redondeo", "Se redondea cada"],
        ),
        (
            "it",
            "A fine smazzata il punteggio di ogni squadra si arrotonda al multiplo di 10 più "
            "vicino",
            ["Si arrotonda al multiplo", "Si arrotonda ogni"],
        ),
        (
            "pt",
            "No fim da ronda, já julgado o contrato, cada pontuação arredonda-se ao múltiplo "
            "de 10 mais próximo",
            ["Arredonda-se ao", "Arredonda-se cada"],
        ),
    ],
)
def test_rounding_said_once(lang: str, rounding: str, alone: list[str]) -> None:
    # FFB 2015 § 10.3: the score of each side to the nearest ten, a half up, once judged
    for text in (sheet("ffb", lang), to_markdown(build_card(load_variant("ffb"), lang))):
        text = text.replace("\u202f", " ")
        assert rounding in text
        assert [a for a in alone if a in text] == []


@pytest.mark.parametrize(
    ("variant", "lang", "said"),
    [
        # FFB 2015 § 10.1.1: « (160 + … + Le montant du contrat) × 2 »
        ("ffb", "fr", "La coinche double la marque du contrat ; la surcoinche la quadruple."),
        ("ffb-contree", "fr", "Le contre double la marque du contrat ; le surcontre la quadruple."),
        ("ffb", "en", "A coinche doubles the contract's score; a surcoinche quadruples it."),
        (
            "ffb",
            "es",
            "El coinche duplica la puntuación del contrato y el surcoinche la cuadruplica.",
        ),
        (
            "ffb",
            "it",
            "La coinche raddoppia il punteggio del contratto e la surcoinche lo quadruplica.",
        ),
        ("ffb", "pt", "A contra dobra a pontuação e a recontra quadruplica-a."),
        # fr-brut's text: « Le multiplicateur ne porte que sur la valeur du contrat, pas sur
        # toute la donne : un 100 coinché vaut 200 »
        (
            "fr-brut",
            "fr",
            "La coinche double la seule valeur du contrat, la surcoinche la "
            "quadruple ; le reste de la donne n’est pas multiplié.",
        ),
        (
            "fr-brut",
            "en",
            "A coinche doubles the contract's value alone, a surcoinche quadruples "
            "it; the rest of the deal is not multiplied.",
        ),
        # it-701's seed: « Alla fine del gioco, i punti vinti vengono moltiplicati per 2 »,
        # the points won by each side, the defence's on a made contract too
        (
            "it-701",
            "it",
            "La coinche raddoppia tutti i punteggi della smazzata, di entrambe le squadre, "
            "e la surcoinche li quadruplica.",
        ),
        (
            "it-701",
            "fr",
            "La coinche double toutes les marques de la donne, celles des deux camps, "
            "et la surcoinche les quadruple.",
        ),
    ],
)
def test_what_the_coinche_multiplies(variant: str, lang: str, said: str) -> None:
    rs = load_variant(variant)
    for text in (sheet(variant, lang), to_markdown(build_card(rs, lang))):
        text = text.replace("\u202f", " ")
        assert said in text
        assert not re.search(r"coefficient|multiplier \d|× \d\.", text)


@pytest.mark.parametrize(
    ("variant", "lang", "said"),
    [
        # pt-online's seed: « Em caso de empate, o contrato considera-se falhado »
        (
            "pt-online",
            "pt",
            "Em caso de empate (81 para cada lado), um contrato de 80 considera-se falhado.",
        ),
        ("fr-bga", "fr", "En cas d’égalité parfaite (81 partout), un contrat de 82 est chuté."),
        ("es-club", "es", "En caso de empate exacto (81 a 81), un contrato de 80 fracasa."),
        ("fr-bga", "en", "On an exact tie (81 all), a contract of 82 fails."),
        (
            "it-701",
            "it",
            "Se le due squadre finiscono pari, 81 a 81, un contratto da 80 è riuscito.",
        ),
    ],
)
def test_a_tie_rule_is_said_as_a_rule(variant: str, lang: str, said: str) -> None:
    # a tie that fails the contract is a rule of its own, never « there is no tie rule »
    text = sheet(variant, lang).replace("\u202f", " ")
    assert said in text
    assert not re.search(
        r"no litige rule|pas de litige|Não há regra do empate|No se aplaza|"
        r"Non si applica la regola",
        text,
    )


@pytest.mark.parametrize(
    ("lang", "longest"),
    [
        ("en", "then the longer (a run of more than 5 cards counts as one of 5)"),
        ("fr", "puis la plus longue (au-delà de 5 cartes, une suite compte pour 5)"),
        ("es", "luego la más larga (contando como mucho 5 cartas)"),
        ("it", "poi la più lunga (oltre 5 carte una sequenza conta come di 5)"),
        ("pt", "depois a mais longa (uma sequência de mais de 5 cartas conta como de 5)"),
    ],
)
def test_sequence_comparison_says_length_as_the_engine_counts_it(lang: str, longest: str) -> None:
    # the engine compares a run by its counted length (at most `longest_counted`): a six-card
    # run to the king ties a quinte to the king, and the trump one wins (es.md E1)
    assert longest in sheet("ffb", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_scaled_points_say_how_they_round(lang: str) -> None:
    # fr-bga: 80 × 152 / 120 = 101.33 → 101, the engine's split keeps the total (« produit
    # en croix »); the sheet must say so, not only « les scores ne sont pas arrondis »
    rounding = {
        "en": "the odd point goes to the side with the larger fraction",
        "fr": "le point restant va au camp qui en a la plus grosse fraction",
        "es": "el punto que sobra va al bando con la fracción mayor",
        "it": "il punto in più va alla squadra con la frazione maggiore",
        "pt": "o ponto que sobra vai para a equipa com a fração maior",
    }
    assert rounding[lang] in sheet("fr-bga", lang)
    assert rounding[lang] not in sheet("ffb", lang)  # no scaling there


MACHINERY = {
    "en": ["Variant “", "Written on its own", "Written as changes", "The variant file gives"],
    "fr": [
        "Variante «",
        "se suffisent à elles-mêmes",
        "Règles rédigées en",
        "La variante donne",
        "en y apportant des changements",
    ],
    "es": [
        "Variante «",
        "Escrita como cambios",
        "Escrita por sí sola",
        "Reglas escritas en",
        "traen",
    ],
    "it": ["Variante «", "Scritta come modifiche", "Scritta per intero", "Il testo della variante"],
    "pt": ["Variante «", "Escrita a partir", "Escrita por inteiro", "O ficheiro da variante"],
}


@pytest.mark.parametrize("lang", LANGS)
def test_no_machinery_on_paper(lang: str) -> None:
    # the variant's identifier, its language, « se suffisent à elles-mêmes », the count of the
    # file's examples (13 shown for 7 counted) are the tool's business, not the club's
    for variant in BUILTINS:
        text = sheet(variant, lang)
        assert [m for m in MACHINERY[lang] if m in text] == [], variant


def test_italian_says_coinche_as_italian_is_spelt() -> None:
    # « coinchato », « coinchare » read « coincato » (ch before a, o); « surtagliare » mixes
    # a French prefix with an Italian verb; « tutte le otto prese » is « tutte e otto »
    for variant in BUILTINS:
        rs = load_variant(variant)
        text = sheet(variant, "it") + to_markdown(build_card(rs, "it"))
        text = text.replace(rs.description, "")
        assert not re.search(r"coinch[aou]|surtagli|tutte le otto", text, re.IGNORECASE), variant
    assert "tutte e otto le prese" in sheet("ffb", "it")


def test_what_is_not_multiplied_is_said() -> None:
    # pt-online: « (162 + contract) * multiplier + announcements(...) + belote(...) »: the
    # announcements and the belote are added after the product (pt.md: « A contra multiplica a
    # pontuação » read as doubling everything)
    said = (
        "A contra dobra o valor do contrato e a recontra quadruplica-o; os anúncios e a "
        "belote não se multiplicam."
    )
    assert said in sheet("pt-online", "pt")
    assert said in to_markdown(build_card(load_variant("pt-online"), "pt"))


@pytest.mark.parametrize(
    ("lang", "said", "never"),
    [
        ("fr", "les annonces qui comptent, de l’un ou l’autre camp", "les annonces des deux camps"),
        (
            "it",
            "gli annunci che contano (di qualunque squadra siano)",
            "gli annunci di entrambe le squadre",
        ),
        (
            "pt",
            "os anúncios que pontuam (de qualquer das equipas)",
            "os anúncios das duas equipas",
        ),
        (
            "es",
            "los anuncios que cuentan, sean de un bando o del otro",
            "los anuncios de ambos bandos",
        ),
        (
            "en",
            "the announcements that count (whichever side made them)",
            "both sides’ announcements",
        ),
    ],
)
def test_announcements_of_both_sides_where_one_side_scores(
    lang: str, said: str, never: str
) -> None:
    # FFB 2015: only the side with the best announcement scores its announcements; « les
    # annonces des deux camps » read as both sides scoring theirs (es.md C4, pt.md)
    text = sheet("ffb", lang)
    assert said in text and never not in text


@pytest.mark.parametrize(
    ("variant", "lang", "first", "cutter"),
    [
        # FFB 2015: play goes anticlockwise; the player on the dealer's right speaks first,
        # the one on the left cuts
        (
            "ffb",
            "fr",
            "Le joueur à droite du donneur parle le premier",
            "C’est le joueur à gauche du donneur qui coupe.",
        ),
        (
            "ffb",
            "es",
            "El jugador a la derecha del repartidor habla primero",
            "Corta el jugador a la izquierda del repartidor.",
        ),
        (
            "ffb",
            "en",
            "The player on the dealer’s right speaks first",
            "The player on the dealer’s left cuts the pack.",
        ),
        (
            "ffb",
            "it",
            "Il giocatore alla destra del mazziere parla per primo",
            "Alza il giocatore alla sinistra del mazziere.",
        ),
        (
            "ffb",
            "pt",
            "O jogador à direita de quem dá as cartas, o jogador de mão, fala primeiro",
            "Corta o baralho o jogador à esquerda de quem dá as cartas.",
        ),
        # fr-bga turns clockwise: the sides swap
        (
            "fr-bga",
            "fr",
            "Le joueur à gauche du donneur parle le premier",
            "C’est le joueur à droite du donneur qui coupe.",
        ),
    ],
)
def test_seats_said_right_and_left(variant: str, lang: str, first: str, cutter: str) -> None:
    # never « le joueur placé avant le donneur dans l’ordre du jeu » (es.md C6)
    text = sheet(variant, lang)
    assert first in text and cutter.replace(" :", "\u202f:") in text
    assert not re.search(
        r"ordre du jeu qui coupe|order of play cuts|orden de juego\.|"
        r"ordine di gioco\.|que antecede quem",
        text,
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Scores are written to the point, without rounding or dividing by ten."),
        ("fr", "Les marques s’inscrivent au point près, sans arrondi ni division par dix."),
        ("es", "Las puntuaciones se anotan punto por punto, sin redondear ni dividir por diez."),
        ("it", "I punteggi si segnano così come sono, senza arrotondare né dividere per dieci."),
        ("pt", "As pontuações escrevem-se ponto a ponto, sem arredondar nem dividir por dez."),
    ],
)
def test_no_rounding_and_raw_points_said_once(lang: str, said: str) -> None:
    # fr-bga's text: « points sans arrondi »; « Les scores ne sont pas arrondis. On marque les
    # points tels quels » said one rule twice, « pontos brutos » / « punti pieni » as jargon
    for text in (sheet("fr-bga", lang), to_markdown(build_card(load_variant("fr-bga"), lang))):
        assert said in text
        assert not re.search(r"raw points|tels quels|pontos brutos|punti pieni", text)


def test_french_rules_speak_of_on_never_vous() -> None:
    # FFB 2015 writes « on » / « le joueur » throughout; « vous » next to « on » in one list
    # reads as a translation (fr.md C8), and « coincher (contrer) » glosses with the
    # contrée's word (C9)
    for variant in BUILTINS:
        text = sheet(variant, "fr") + to_markdown(build_card(load_variant(variant), "fr"))
        assert not re.search(r"\b(vous|votre|vos)\b", text), variant
        assert "coincher (contrer)" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_worked_lines_lead_with_their_contract(lang: str) -> None:
    # « Dans l’exemple « Un contrat à l’enchère minimale, les preneurs faisant 102 points » : »
    # pointed to a title printed pages further on; a worked line names its contract instead
    from coinche_dsl.render.examples import generated_examples
    from coinche_dsl.render.worked import title

    tr = translator(lang)
    quoted = [line for line in sheet("ffb", lang).splitlines() if line.startswith("> ")]
    assert quoted
    contract = tr("ex.contract", bid=tr.num(80), denom=tr("denom.hearts"), seat=tr("seat.N"))
    assert all(" — " in line for line in quoted)
    assert any(line.startswith(f"> {contract} — ") for line in quoted), quoted[:3]
    titles = [title(w, tr) for w in generated_examples(load_variant("ffb"))]
    assert titles and not [t for t in titles for line in quoted if t in line]


@pytest.mark.parametrize("lang", LANGS)
def test_the_announcements_comparison_is_said_once(lang: str) -> None:
    # FFB 2015 § 8.3: the comparison paragraph already says that a long run counts as its
    # five cards and that the run in trumps wins a tie; the same rules as bullets were said
    # twice (it.md: repeated sentences)
    tr = translator(lang)
    text = sheet("ffb", lang).replace("\u202f", " ")
    assert tr("ann.compare.trump", longest=5).replace("\u202f", " ") in text
    for key in ("r.announcements.trump_sequence_wins.yes", "r.announcements.longest_counted"):
        assert tr(key, n=5).replace("\u202f", " ") not in text, key


@pytest.mark.parametrize("lang", LANGS)
def test_the_trump_comparison_says_the_trump(lang: str) -> None:
    # FFB 2015 § 8.3: between two sequences equal in all else, the one in trumps wins; the
    # bullet saying so is dropped where the comparison is printed, so the comparison must say it
    tr = translator(lang)
    assert tr("ann.compare.trump", longest=5) != tr("ann.compare.plain", longest=5)
    assert tr("ann.compare.trump", longest=5).replace("\u202f", " ") in sheet(
        "ffb", lang).replace("\u202f", " ")

"""The file's words as a club may write them in its own language, for the errors' suggestions.

A variant file is written in English words (`hearts`, `declarers`, `yes`, `auction`), whatever
the language of its sheets. A secretary who writes `cœur`, `preneurs`, `oui` or `enchères` is
told the word to write ("did you mean 'hearts'?"), from French, Spanish, Italian and
Portuguese, the sheets' other languages: the words their sheets print (render/messages) and
the usual other names of the same thing. Only a word the file could have at that place is
ever suggested (`native`), so a word shared by two languages suggests nothing wrong.

The same words name the cards a player types where cards are typed by people (the score
pad's line, the studio's score form): `card_word` and `read_cards` read « dame de cœur »,
« DC », « D♥ » as well as the files' `QH`, by the rules written at `card_word`; `fold` is the
one folding of words (case, accents, separators) every layer compares words with.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

_WORDS: dict[str, tuple[str, ...]] = {
    # denominations: as the sheets name them, and the other names of the suits
    "clubs": ("trèfle", "trèfles", "tréboles", "trébol", "bastos", "fiori", "fiore", "paus"),
    "diamonds": ("carreau", "carreaux", "diamantes", "diamante", "oros", "quadri", "quadro",
                 "ouros", "ouro"),
    "hearts": ("cœur", "cœurs", "corazones", "corazón", "copas", "cuori", "cuore"),
    "spades": ("pique", "piques", "picas", "pica", "espadas", "picche", "picca"),
    "no_trump": ("sans-atout", "sans atout", "SA", "sin triunfo", "senza briscola",
                 "senza atout", "sem trunfo"),
    "all_trump": ("tout-atout", "tout atout", "TA", "todo triunfo", "tutta briscola",
                  "tutto atout", "todo trunfo"),
    # answers
    "yes": ("oui", "sí", "sì", "sim"),
    "no": ("non", "não"),
    "none": ("aucun", "aucune", "rien", "ninguno", "ninguna", "nada", "nessuno", "nessuna",
             "nenhum", "nenhuma"),
    # sides, as the sheets name them
    "declarers": ("preneurs", "preneur", "attaquants", "declarantes", "declarante",
                  "dichiaranti", "dichiarante"),
    "defenders": ("défenseurs", "défense", "defensores", "defensa", "difensori", "difesa",
                  "defesa"),
    "both": ("les deux", "ambos", "ambas", "entrambi"),
    # blocks, as the sheets' headings name them
    "auction": ("enchères", "enchère", "subasta", "dichiarazioni", "asta", "leilão"),
    "play": ("jeu", "jeu de la carte", "juego", "gioco", "jogo"),
    "game": ("partie", "fin de partie", "partida", "partita"),
    "scoring": ("marque", "décompte", "puntuación", "punteggio", "pontuação"),
    "announcements": ("annonces", "anuncios", "cantes", "annunci", "anúncios"),
    "cards": ("cartes", "cartas", "carte"),
    "examples": ("exemples", "ejemplos", "esempi", "exemplos"),
    # quantities of the formulas
    "contract": ("contrat", "contrato", "contratto"),
    "points": ("puntos", "punti", "pontos"),
    "card_points": ("points de cartes", "puntos de cartas", "punti carte", "pontos de cartas"),
    "last_trick": ("dix de der", "der", "última baza", "ultima presa", "última vaza"),
    "tricks": ("plis", "bazas", "prese", "vazas"),
    "multiplier": ("multiplicateur", "multiplicador", "moltiplicatore"),
    # seats and teams: west is O (ouest, oeste, ovest)
    "W": ("O",),
    "EW": ("EO", "OE"),
}


def fold(word: str) -> str:
    """`word` without case, accents or separators: `Cœur`, `coeur` and `COEUR` are one."""
    word = word.lower().replace("œ", "oe").replace("æ", "ae")
    plain = "".join(c for c in unicodedata.normalize("NFKD", word)
                    if not unicodedata.combining(c))
    return "_".join(plain.replace("-", " ").replace("_", " ").split())


_key = fold  # the old name, for its callers


_NATIVE = {_key(native): english for english, natives in _WORDS.items() for native in natives}


def native(word: str, choices: Iterable[str]) -> str | None:
    """The file's word that `word` (in the club's language) stands for, if it is one of
    `choices` (what the file may have there); else None."""
    english = _NATIVE.get(_key(word))
    return english if english is not None and english in set(choices) else None


ENGLISH = "a variant file's words are English"
"""Said after a suggestion found here, so that a club does not think its word was a typo."""


def english_words() -> frozenset[str]:
    """Every file word this module knows a translation of."""
    return frozenset(_WORDS)


CALLS: dict[str, tuple[str, ...]] = {
    "pass": ("passe", "pass", "passed", "paso", "passo", "pasan", "passano", "passam",
             "passent"),
    # the contrée's words (« Je contre », « je surcontre ») and each language's
    "coinche": ("coinche", "coinché", "coinchée", "coinched", "contre", "contré", "contrée",
                "doublé", "contra", "contrado", "doblado", "contro", "dobrado"),
    "surcoinche": ("surcoinche", "surcoinché", "surcoinchée", "surcoinched", "surcontre",
                   "surcontré", "recontra", "recontrado", "sobrecontra", "surcontra",
                   "ricontro", "surcontro"),
}
"""The calls as players say them, wherever calls are typed (`play`, the score pad)."""
_CALLS = {_key(w): call for call, words in CALLS.items() for w in words}


def call_word(word: str) -> str | None:
    """`pass`, `coinche` or `surcoinche` for a word a player says for it, else None.

    >>> call_word("Surcontre"), call_word("contré"), call_word("80")
    ('surcoinche', 'coinche', None)
    """
    return _CALLS.get(_key(word))


# --- cards, as a player writes them -------------------------------------------------------

RANK_WORDS: dict[str, tuple[str, ...]] = {
    "A": ("as", "ace", "ás", "asso"),
    "K": ("roi", "rey", "re", "rei", "king"),
    "Q": ("dame", "dama", "reina", "regina", "donna", "rainha", "queen"),
    "J": ("valet", "jota", "fante", "valete", "jack"),
    "10": ("dix", "diez", "dieci", "dez", "ten"),
    "9": ("neuf", "nueve", "nove", "nine"),
    "8": ("huit", "ocho", "otto", "oito", "eight"),
    "7": ("sept", "siete", "sette", "sete", "seven"),
}
"""The ranks' names in the five languages (the seeds' « dame », « jota », « fante »,
« valete », « reina »/« regina »/« rainha » for the queen); no name is two ranks."""

RANK_LETTERS = {"A": "A", "K": "K", "Q": "Q", "J": "J", "R": "K", "D": "Q", "V": "J",
                "F": "J", "10": "10", "9": "9", "8": "8", "7": "7"}
"""A rank's letter before a suit's symbol (« D♥ », « R♦ », « V♠ », « F♣ », « Q♥ »): the letters
of every language at once, since none is two ranks (R roi/rey/re/rei, D dame/dama/donna,
V valet/valete, F fante)."""

SUIT_SYMBOLS = {"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S",
                "♤": "S"}

_SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_SUIT_MORE = {"C": ("club", "clubs", "trebol", "basto", "fiore"),
              "D": ("diamond", "diamonds", "oro", "quadro"),
              "H": ("heart", "hearts", "copa", "corazon"),
              "S": ("spade", "spades", "espada", "pica")}

LETTER_CODES: dict[str, tuple[dict[str, str], dict[str, str]]] = {
    "fr": ({"A": "A", "R": "K", "D": "Q", "V": "J"},
           {"C": "H", "K": "D", "P": "S", "T": "C"}),
    "es": ({"A": "A", "R": "K", "K": "K", "D": "Q", "Q": "Q", "J": "J"},
           {"C": "H", "D": "D", "P": "S", "T": "C"}),
    "it": ({"A": "A", "R": "K", "D": "Q", "F": "J"},
           {"C": "H", "Q": "D", "P": "S", "F": "C"}),
    "pt": ({"A": "A", "R": "K", "D": "Q", "V": "J"},
           {"C": "H", "O": "D", "P": "C", "E": "S"}),
}
"""Each language's two-letter codes, rank then suit: French R D V with C cœur, K carreau,
P pique, T trèfle; Spanish the seed's K Q J (or R rey, D dama) with C corazones, D diamantes,
P picas, T tréboles; Italian R re, D donna, F fante with C cuori, Q quadri, P picche, F fiori;
Portuguese R rei, D dama, V valete with C copas, O ouros, P paus, E espadas. The numbers 10 to
7 and A (as, as, asso, ás) are the same in all."""

TRUMP_WORDS = ("atout", "atouts", "triunfo", "triunfos", "trunfo", "trunfos", "briscola",
               "trump", "trumps")
_OF = frozenset(("de", "d", "du", "des", "di", "del", "dei", "do", "da", "dos", "of"))

CARD_EXAMPLES = {"fr": "dame de cœur, DC ou D♥", "es": "dama de corazones, DC o D♥",
                 "it": "donna di cuori, DC o D♥", "pt": "dama de copas, DC ou D♥",
                 "en": "QH, queen of hearts or Q♥"}
"""A card written three ways in each language, for the hints of those who read cards."""
TRUMP_IS_NO_SUIT = {"fr": "l'atout n'est pas une couleur\u202f;",
                    "es": "el triunfo no es un palo;", "it": "la briscola non è un seme;",
                    "pt": "o trunfo não é um naipe;",
                    "en": "trump is not a suit;"}
_LIKE = {"fr": "écrivez-la comme", "es": "escríbela como", "it": "scrivila come",
         "pt": "escreve-a como", "en": "write it like"}
"""At the table, as its prompts speak (« tu » in Spanish, Italian and Portuguese)."""
_LIKE_POLITE = {**_LIKE, "es": "escríbala como", "it": "la scriva come", "pt": "escreva-a como"}
"""In the score form and the score pad, as their problems speak (« usted », « Lei », « você »)."""

_RANK_KEYS = {fold(w): rank for rank, words in RANK_WORDS.items() for w in words}
_RANK_KEYS.update({fold(letter): rank for letter, rank in RANK_LETTERS.items()})
_SUIT_KEYS = {fold(w): suit for suit, name in _SUIT_NAMES.items()
              for w in (*_WORDS[name], *_SUIT_MORE[suit])}
_TRUMP_KEYS = frozenset(fold(w) for w in TRUMP_WORDS)
_CODE = re.compile(r"^(10|[0-9]|[A-Z])([A-Z])$")
_SYMBOL = re.compile(r"^(10|[0-9]|[A-Z]+)\s*([♣♧♦♢♥♡♠♤])$")
ENGLISH_RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")


def _parts(text: str) -> list[str]:
    """`text`'s words folded, an apostrophe apart (« d'atout » is « d », « atout »)."""
    return [p for p in fold(re.sub(r"['’]", " ", text)).split("_") if p]


def _readings(text: str, lang: str | None) -> tuple[str | None, str | None]:
    """The card `text` is as an English code, and as a card in `lang`'s words (its letter
    codes, its symbols, its long form); None for a reading that names no card."""
    plain = "".join(fold(text).split("_")).upper()
    code = _CODE.match(plain)
    english = (code.group(1) + code.group(2)
               if code and code.group(1) in ENGLISH_RANKS and code.group(2) in "CDHS" else None)
    if code:
        ranks, suits = LETTER_CODES.get(lang or "", ({}, {}))
        number = code.group(1) if code.group(1) in ("10", "9", "8", "7") else ""
        rank = ranks.get(code.group(1), number)
        suit = suits.get(code.group(2))
        return english, (rank + suit if rank and rank in ENGLISH_RANKS and suit else None)
    symbol = _SYMBOL.match(plain) or _SYMBOL.match("".join(text.split()).upper())
    if symbol and symbol.group(1) in RANK_LETTERS:
        found = RANK_LETTERS[symbol.group(1)] + SUIT_SYMBOLS[symbol.group(2)]
        return found, found
    parts = _parts(text)
    if len(parts) == 3 and parts[1] in _OF:
        parts = [parts[0], parts[2]]
    if len(parts) == 2 and parts[0] in _RANK_KEYS:
        suit = _SUIT_KEYS.get(parts[1]) or (SUIT_SYMBOLS.get(parts[1]) or "")
        card = _RANK_KEYS[parts[0]] + suit if suit else None
        return card, card
    return None, None


def card_word(text: str, lang: str | None = None) -> str | None:
    """The card code (`QH`, `10S`) a player's words name, or None for words that name no card.

    The rules, in order:

    - an English code of the variant files (`QH`, `10s`, `AC`) is always that card, whatever
      the language: `AC` is the ace of clubs, even for a French player (but see `read_cards`);
    - else `lang`'s two-letter codes (`LETTER_CODES`): in French `DC` is the dame de cœur,
      `VK` the valet de carreau, `10P` the dix de pique; without `lang`, none;
    - a rank's letter or number and a suit's symbol, in any language: `D♥`, `R♦`, `10♠`,
      `Q♥`, `F♣`;
    - a rank's name and a suit's, with or without « de », « di », « of »: « dame de cœur »,
      « jota de picas », « fante di fiori », « valete de copas », « queen of hearts ».

    « valet d'atout » is no card (the trump is not a suit): None, as for any other words;
    `card_hint` says why in the player's words.

    >>> card_word("QH"), card_word("dame de cœur"), card_word("D♥"), card_word("DC", "fr")
    ('QH', 'QH', 'QH', 'QH')
    >>> card_word("AC", "fr"), card_word("valet d'atout", "fr"), card_word("DC")
    ('AC', None, None)
    """
    english, native_card = _readings(text, lang)
    return english or native_card


def read_cards(words: list[str], lang: str | None = None) -> tuple[list[str], int]:
    """The cards that `words` (a combination, as typed: « dame de cœur, valet de cœur, 10 de
    cœur » split on spaces) begin with, and how many of the words they use; reading stops
    at the first words that name no card.

    One combination is read in one convention: when one of its codes can only be `lang`'s
    (`DC`, `VC` in French), a code that reads both ways (`10C`: English ten of clubs, French
    dix de cœur) is read in `lang` too, so « DC VC 10C » is the French three hearts; with no
    such code, English: « AC KC QC » is the three clubs. Commas between cards are allowed.
    """
    found: list[tuple[str | None, str | None]] = []
    used = 0
    while used < len(words):
        for size in (3, 2, 1):
            chunk = [w.strip(",;") for w in words[used:used + size]]
            if len(chunk) < size or not all(chunk):
                continue
            english, native_card = _readings(" ".join(chunk), lang)
            if english or native_card:
                found.append((english, native_card))
                used += size
                break
        else:
            break
    native_only = any(e is None for e, _ in found)
    return [(n or e if native_only else e or n) or "" for e, n in found], used


def card_code(card: str, lang: str | None = None) -> str:
    """The two-letter code a player of `lang` writes for the card `card` (an English code):
    `QH` is « DC » in French, `JS` « FP » the fante di picche (`LETTER_CODES`, each rank's
    first letter: Spanish « DC », the dama de corazones, never the `QC` an English code reads
    as the queen of clubs); the English code in English; a number is the same in all."""
    ranks, suits = LETTER_CODES.get(lang or "", ({}, {}))
    rank, suit = card[:-1], card[-1]
    mine_ranks: dict[str, str] = {}
    for letter, english in ranks.items():
        mine_ranks.setdefault(english, letter)
    mine_suit = {v: k for k, v in suits.items()}.get(suit, suit)
    return f"{mine_ranks.get(rank, rank)}{mine_suit}"


def card_hint(words: str, lang: str | None = None, polite: bool = False) -> str:
    """What to tell a player whose `words` name no card, in `lang` (the file's; English when
    unknown): how a card is written, and first that the trump is no suit when the words name
    it (« valet d'atout »); `polite` as a form speaks rather than the table."""
    code = lang if lang in CARD_EXAMPLES else "en"
    like = f"{(_LIKE_POLITE if polite else _LIKE)[code]} {CARD_EXAMPLES[code]}"
    if any(p in _TRUMP_KEYS for p in _parts(words)):
        return f"{TRUMP_IS_NO_SUIT[code]} {like}"
    return like


def starts_card(word: str) -> bool:
    """Whether `word` begins a card's long form (a rank's name: « valet », « dame »)."""
    return fold(word) in _RANK_KEYS and not word.isdigit()


# --- bids, as a player says them ------------------------------------------------------------

NUMBER_WORDS: dict[int, tuple[str, ...]] = {
    2: ("deux", "dos", "due", "dois", "duas", "two"),
    3: ("trois", "tre", "three"),
    4: ("quatre", "quattro", "four"),
    5: ("cinq", "cinque", "five"),
    6: ("six", "sei"),
    7: ("sept", "sette", "seven"),
    8: ("huit", "otto", "eight"),
    9: ("neuf", "nove", "nine"),
    10: ("dix", "diez", "dieci", "dez", "ten"),
    20: ("vingt", "vingts", "veinte", "venti", "vinte", "twenty"),
    30: ("trente", "treinta", "trenta", "trinta", "thirty"),
    40: ("quarante", "cuarenta", "quaranta", "quarenta", "forty"),
    50: ("cinquante", "cincuenta", "cinquanta", "cinquenta", "fifty"),
    60: ("soixante", "sesenta", "sessanta", "sessenta", "sixty"),
    70: ("setenta", "settanta", "seventy"),
    80: ("ochenta", "ottanta", "oitenta", "eighty"),
    90: ("noventa", "novanta", "ninety"),
    100: ("cent", "cents", "cien", "ciento", "cento", "cem", "hundred"),
    200: ("doscientos", "duecento", "duzentos"),
    250: ("duecentocinquanta",),
    300: ("trescientos", "trecento", "trezentos"),
    400: ("cuatrocientos", "quattrocento", "quatrocentos"),
    500: ("quinientos", "cinquecento", "quinhentos"),
    600: ("seiscientos", "seicento", "seiscentos"),
    700: ("setecientos", "settecento", "setecentos"),
    800: ("ochocientos", "ottocento", "oitocentos"),
    900: ("novecientos", "novecento", "novecentos"),
}
"""The words of the bids' numbers in the five languages (« cent », « quatre-vingt-dix »,
« ciento diez », « centodieci », « cento e dez »): tens, hundreds, and the few that build
them; `number_word` adds and multiplies them as each language does."""
_NUMBERS = {fold(w): n for n, words in NUMBER_WORDS.items() for w in words}
_LINKS = frozenset(("et", "y", "e", "and", "one"))
CAPOT_WORDS = ("capot", "capote", "cappotto")
GENERALE_WORDS = ("generale", "générale", "general", "generala")


def _number_parts(token: str) -> list[int] | None:
    """The number words `token` is made of (Italian writes them as one: « centodieci »)."""
    if token in _NUMBERS:
        return [_NUMBERS[token]]
    for end in range(len(token) - 1, 2, -1):
        head = _NUMBERS.get(token[:end])
        if head is not None:
            rest = _number_parts(token[end:]) if token[end:] else []
            if rest is not None:
                return [head, *rest]
    return None


def number_word(text: str) -> int | None:
    """The number a bid's words say, or None.

    >>> [number_word(t) for t in ("cent", "quatre-vingt-dix", "cent soixante", "ciento diez",
    ...                           "centodieci", "cento e dez", "80", "deux cent cinquante")]
    [100, 90, 160, 110, 110, 110, 80, 250]
    >>> number_word("cœur") is None
    True
    """
    if text.strip().isdigit():
        return int(text)
    parts: list[int] = []
    for token in fold(text).split("_"):
        if token in _LINKS:
            continue
        found = _number_parts(token)
        if found is None:
            return None
        parts += found
    if not parts:
        return None
    total = 0
    for n in parts:
        if n == 100 and 0 < total < 100:
            total *= 100  # « deux cents »
        elif n == 20 and total % 100 == 4:
            total += 76  # « quatre-vingt(s) »: four twenties
        else:
            total += n
    return total


def bid_word(text: str) -> int | str | None:
    """A bid's value as a player says it: a number (`80`, « cent »), `capot` or `generale`.

    >>> bid_word("cent dix"), bid_word("Capote"), bid_word("générale"), bid_word("pique")
    (110, 'capot', 'generale', None)
    """
    key = fold(text)
    if key in {fold(w) for w in CAPOT_WORDS}:
        return "capot"
    if key in {fold(w) for w in GENERALE_WORDS}:
        return "generale"
    return number_word(text)

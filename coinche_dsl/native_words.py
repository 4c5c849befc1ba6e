"""The file's words as a club may write them in its own language, for the errors' suggestions.

A variant file is written in English words (`hearts`, `declarers`, `yes`, `auction`), whatever
the language of its sheets. A secretary who writes `cœur`, `preneurs`, `oui` or `enchères` is
told the word to write ("did you mean 'hearts'?"), from French, Spanish, Italian and
Portuguese, the sheets' other languages: the words their sheets print (render/messages) and
the usual other names of the same thing. Only a word the file could have at that place is
ever suggested (`native`), so a word shared by two languages suggests nothing wrong.
"""

from __future__ import annotations

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
                 "sem trunfo"),
    "all_trump": ("tout-atout", "tout atout", "TA", "todo triunfo", "tutta briscola",
                  "todo trunfo"),
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


def _key(word: str) -> str:
    """`word` without case, accents or separators: `Cœur`, `coeur` and `COEUR` are one."""
    word = word.lower().replace("œ", "oe").replace("æ", "ae")
    plain = "".join(c for c in unicodedata.normalize("NFKD", word)
                    if not unicodedata.combining(c))
    return "_".join(plain.replace("-", " ").replace("_", " ").split())


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

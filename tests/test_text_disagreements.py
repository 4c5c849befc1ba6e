"""The rules the texts state and the engine once read otherwise: the highest bid printed as
the engine applies it, long runs declared in two parts, the coinche of a single round, the
federation's basic game without no-trump and all-trump. Every case is computed by hand from
the sentence it cites."""

from __future__ import annotations

import random

import pytest

from coinche_dsl import load_variant
from coinche_dsl.engine import Deal, compile
from coinche_dsl.errors import IllegalActionError
from coinche_dsl.loader import BUILTINS
from coinche_dsl.render import card, sheet
from coinche_dsl.render.i18n import LANGUAGES

EAST = 1


def bids_of(rules, denomination: str = "hearts") -> list[int]:
    deal = Deal(rules, EAST, rng=random.Random(3))
    return [c.value for c in deal.legal_calls() if c.kind == "bid"
            and str(c).endswith(" " + denomination) and isinstance(c.value, int)]


# -- 3. the highest bid: what the sheet prints is what the engine applies ---------------------

@pytest.mark.parametrize("name", [n for n in BUILTINS
                                  if load_variant(n).auction.maximum_bid is None])
def test_without_a_highest_bid_the_sheet_prints_the_cap_the_engine_applies(name: str) -> None:
    # ffb § 4.1 sets no ceiling ("un multiple de 10"), but the engine must stop somewhere: its
    # last legal bid is 500 (80, 90 … 500), and N's 510 is refused.
    rs = load_variant(name)
    rules = compile(rs)
    assert bids_of(rules)[-1] == 500
    deal = Deal(rules, EAST, rng=random.Random(3))
    with pytest.raises(IllegalActionError):
        deal.apply("N 510 hearts")
    words = {"fr": "s’arrêtent à 500", "en": "stop at 500", "es": "como mucho a 500",
             "it": "fino a 500", "pt": "vão até 500"}
    for lang in LANGUAGES:
        text = sheet(rs, lang, "md")
        assert words[lang] in text, lang
        for promise in ("sans plafond", "pas de plafond", "no tienen tope", "sin tope",
                        "no highest", "senza massimo", "non hanno un massimo", "sem máximo",
                        "não têm máximo"):
            said = text.replace("Sans plafond fixé", "").replace("Sin tope fijado", "").replace(
                "Sem máximo fixado", "").replace("With no highest bid set", "")
            assert promise not in said, (lang, promise)
        assert "… 500" in str(card(rs, lang, "md")), lang

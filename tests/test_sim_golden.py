"""The heuristic bots' decisions, frozen: seeded simulations give today's records.

The bots were made faster (bitmask hand evaluation, tables built once per ruleset, bids grouped
once per call) with the promise that they decide exactly as before. The golden file
`golden/sim-heuristic.json` was written by the bots as they were before that work (the commit
that adds this test, run with `UPDATE_GOLDEN=1`), not by the faster code: every deal record
(contract, doubles, made, both sides' scores, capot, générale) of 150 seeded deals and the
records of 2 seeded games under every built-in must be the same. A deliberate change of a
bot's decisions regenerates the file in a commit of its own, with its own measurement.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from coinche_dsl.cards import cards_of
from coinche_dsl.engine import compile
from coinche_dsl.loader import BUILTINS, load_variant
from coinche_dsl.sim.hands import _sure_tricks_seen, card_list, mode_tables, sure_tricks
from coinche_dsl.sim.simulate import run
from coinche_dsl.sim.valuation import evaluate, evaluate_compiled

GOLDEN = Path(__file__).parent / "golden" / "sim-heuristic.json"
DEALS, GAMES, SEED = 150, 2, 12


def _records(name: str) -> dict[str, list[list[object]]]:
    outcome = run([load_variant(name)], deals=DEALS, games=GAMES, seed=SEED,
                  bots="heuristic", jobs=1)
    return {"deals": [list(r) for r in outcome.deals[0]],
            "games": [[g.deals, g.winner, list(g.scores)] for g in outcome.games[0]]}


def _dump(golden: dict[str, dict[str, list[list[object]]]]) -> str:
    """One record a line, so that a diff shows which deals changed."""
    parts = []
    for name, kinds in golden.items():
        rows = ",\n".join(f'  "{kind}": [\n' + ",\n".join(f"    {json.dumps(r)}" for r in rows)
                          + "\n  ]" for kind, rows in kinds.items())
        parts.append(f'"{name}": {{\n{rows}\n}}')
    return "{\n" + ",\n".join(parts) + "\n}\n"


def test_regenerate_only_on_purpose():
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(_dump({name: _records(name) for name in BUILTINS}), encoding="utf-8")
    assert GOLDEN.exists()


@pytest.mark.parametrize("name", BUILTINS)
def test_heuristic_bots_decide_as_before(name):
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))[name]
    got = json.loads(json.dumps(_records(name)))
    assert len(got["deals"]) == DEALS and len(got["games"]) == GAMES
    assert sum(1 for r in got["deals"] if r[0] is not None) > DEALS // 2  # contracts played
    for i, (g, e) in enumerate(zip(got["deals"], expected["deals"], strict=True)):
        assert g == e, f"{name} deal {i}"
    assert got["games"] == expected["games"]


@pytest.mark.parametrize("name", BUILTINS)
def test_the_bots_look_ups_give_the_readable_computations(name):
    """What the faster bots compute by look-up equals the readable code it replaces, to the
    last bit of every float: a hand's evaluation at every denomination (`evaluate_compiled`
    against `evaluate`), `sure_tricks` from its kept suit values against the suit-by-suit sum,
    and the cards of a mask (`card_list` against `cards_of`), on 1500 random hands."""
    ruleset = load_variant(name)
    rules = compile(ruleset)
    tables = mode_tables(rules)
    rng = random.Random(len(name))
    for _ in range(1500):
        hand = sum(1 << c for c in rng.sample(range(32), 8))
        for table in tables:
            assert evaluate_compiled(rules, table, hand) == evaluate(table, hand, rules)
            assert sure_tricks(table, hand) == _sure_tricks_seen(table, hand, 0)
        mask = rng.getrandbits(32)
        assert card_list(mask) == list(cards_of(mask))

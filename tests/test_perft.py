"""Perft counts (python-chess's `.perft` files): the number of legal play sequences to the end
of the deal from fixed positions late in the play (the last three tricks, sometimes with a
trick already begun), per built-in variant and denomination, stored in `tests/perft/*.json`.

A wrong count prints the split per first card, expected against found. Regenerate the files on
purpose with `UPDATE_PERFT=1 pytest tests/test_perft.py` (the counts are then computed with
both the fast and the reference legal-move code, which must agree) and review the diff.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from coinche_dsl.cards import card_name, card_names, parse_card, parse_cards
from coinche_dsl.engine import compile
from coinche_dsl.engine.play import legal_on_trick, reference_legal, trick_best
from coinche_dsl.loader import BUILTINS, builtin_path, load_variant

DATA = Path(__file__).parent / "perft"
UPDATE = os.environ.get("UPDATE_PERFT") == "1"
CHOICES = {name: {"sans_atout_tout_atout": "oui"} for name in ("ffb", "ffb-contree")}
"""Options under which a built-in's positions are counted: the federation's no-trump and
all-trump are the organiser's option (§ 11), and their play rules are counted too."""


def rules_of(name: str):
    return compile(load_variant(name, CHOICES.get(name)))


def perft(rules, hands: list[int], d: int, trick: list[tuple[int, int]], seat: int,
          legal=legal_on_trick) -> int:
    """Legal play sequences from this position to the last card."""
    hand = hands[seat]
    if not hand:
        return 1
    total = 0
    moves = legal(rules, hand, d, trick)
    for card in range(32):
        if moves >> card & 1:
            total += _after(rules, hands, d, trick, seat, card, legal)
    return total


def _after(rules, hands, d, trick, seat, card, legal) -> int:
    hands = list(hands)
    hands[seat] ^= 1 << card
    trick = [*trick, (seat, card)]
    if len(trick) == 4:
        winner = trick[trick_best(rules, d, [c for _, c in trick])][0]
        return perft(rules, hands, d, [], winner, legal)
    return perft(rules, hands, d, trick, (seat + rules.step) & 3, legal)


def split(rules, hands, d, trick, seat, legal=legal_on_trick) -> dict[str, int]:
    moves = legal(rules, hands[seat], d, trick)
    return {card_name(c): _after(rules, hands, d, trick, seat, c, legal)
            for c in range(32) if moves >> c & 1}


def make_positions(rules, name: str) -> list[dict]:
    """Seeded random positions: five tricks played (and 0-3 cards of the sixth)."""
    out = []
    for d in rules.denominations:
        for extra in (0, 2):
            rng = random.Random(f"{name}-{d}-{extra}")
            deck = list(range(32))
            rng.shuffle(deck)
            hands = [sum(1 << c for c in deck[8 * s:8 * s + 8]) for s in range(4)]
            trick: list[tuple[int, int]] = []
            seat = rng.randrange(4)
            for _ in range(20 + extra):
                moves = legal_on_trick(rules, hands[seat], d, trick)
                card = rng.choice([c for c in range(32) if moves >> c & 1])
                hands[seat] ^= 1 << card
                trick.append((seat, card))
                seat = (seat + rules.step) & 3
                if len(trick) == 4:
                    seat = trick[trick_best(rules, d, [c for _, c in trick])][0]
                    trick = []
            out.append({"denomination": d, "to_act": "NESW"[seat],
                        "hands": {"NESW"[s]: card_names(hands[s]) for s in range(4)},
                        "trick": [f"{'NESW'[s]} {card_name(c)}" for s, c in trick]})
    return out


def read_position(pos: dict):
    hands = [parse_cards(pos["hands"][s]) for s in "NESW"]
    trick = [("NESW".index(t.split()[0]), parse_card(t.split()[1])) for t in pos["trick"]]
    return hands, pos["denomination"], trick, "NESW".index(pos["to_act"])


def regenerate(name: str, path: Path) -> None:
    rules = rules_of(name)
    positions = make_positions(rules, name)
    for pos in positions:
        hands, d, trick, seat = read_position(pos)
        pos["split"] = split(rules, hands, d, trick, seat)
        pos["count"] = sum(pos["split"].values())
        assert pos["split"] == split(rules, hands, d, trick, seat, reference_legal)
    path.write_text(json.dumps({"variant": name, "positions": positions}, indent=1) + "\n")


@pytest.mark.parametrize("name", BUILTINS)
def test_perft(name):
    path = DATA / f"{name}.json"
    if UPDATE and builtin_path(name).is_file():
        regenerate(name, path)
    assert path.is_file(), f"no perft data for {name}: UPDATE_PERFT=1 writes it"
    rules = rules_of(name)
    positions = json.loads(path.read_text())["positions"]
    assert positions, f"{path.name} holds no position"
    for i, pos in enumerate(positions):
        hands, d, trick, seat = read_position(pos)
        found = perft(rules, hands, d, trick, seat)
        if found != pos["count"]:
            got = split(rules, hands, d, trick, seat)
            lines = [f"  {c}: expected {pos['split'].get(c)}, found {got.get(c)}"
                     for c in sorted(set(got) | set(pos["split"]))]
            pytest.fail(f"{name} position {i} (denomination {d}): expected {pos['count']}, "
                        f"found {found}\n" + "\n".join(lines))


def test_perft_of_a_hand_made_position():
    """Last trick by hand: each player holds one card, so there is exactly one sequence; with
    two cards each at no-trump and no suit in common, 2*2*2*2 first tricks, then one."""
    rules = compile(load_variant("ffb"))
    one = [parse_cards([c]) for c in ("7C", "8D", "9H", "10S")]
    assert perft(rules, one, 4, [], 0) == 1
    two = [parse_cards(c.split()) for c in ("7C 8C", "7D 8D", "7H 8H", "7S 8S")]
    assert perft(rules, two, 4, [], 0) == 2 * 2 * 2 * 2

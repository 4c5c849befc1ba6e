"""The generic engine against a hand-written engine for one variant, on the same work.

    python benchmarks/bench_baseline.py [SECONDS] [--rounds N] [--only ffb,pt-online]

The baseline below knows the FFB rules only (federal coinche: anticlockwise, dealer's choice of
packets, cut of at least 3, must follow, must trump, must overtrump, may discard when unable to
overtrump, partner master frees; last trick 10, capot 252, belote 20, made when points + belote
reach the contract and pass the defence's, failed 160 + contract, the litige (equal totals:
the declarers score their belote, the defence its total), scores rounded half up to 10): on
the same random draws it deals, plays and scores what `Deal` does under ffb
(`tests/test_bench_baseline.py`). It is written as fast
as plain Python allows: bitmask hands, tables per trump suit built at import, one function with
everything in locals, no objects per trick, the three players after the leader written out
rather than looped over, the dealing's itemgetters in a flat list.

Work per deal, for both: shuffle, cut, deal in packets; the contract fixed (90 hearts by the
player after the dealer); eight tricks of uniformly random legal cards; card points, last trick,
belote; the deal's score. The generic engine does it through `Deal`'s public methods under each
built-in (`Deal(..., contract=)`, as `Deal.fix_contract`; `legal_cards` and `play` per card;
`Deal.result`): the work of a bot's or a player's deal, card by card. Bulk random play is the
batch engine's (`benchmarks/bench_batch.py`).

Rates are deals per CPU second of this process (`time.process_time`), the best of N rounds of
the two measured alternately, so that the ratios compare runs made under the same load.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from functools import partial
from operator import itemgetter

from coinche_dsl.engine import Deal, compile
from coinche_dsl.engine.facts import Contract
from coinche_dsl.engine.play import random_card
from coinche_dsl.loader import BUILTINS, load_variant

# -- the hand-written FFB engine ----------------------------------------------------------

_BIT = tuple(1 << c for c in range(32))
_STEPS = tuple((i, i + 1) for i in range(31, 0, -1))
_SUIT = (0xFF, 0xFF << 8, 0xFF << 16, 0xFF << 24)
_PACKETS = ((3, 2, 3), (3, 3, 2), (2, 3, 3))
# rank index 7 8 9 10 J Q K A
_TRUMP_STRENGTH = (1, 2, 7, 5, 8, 3, 4, 6)
_TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
_PLAIN_STRENGTH = (1, 2, 3, 7, 4, 5, 6, 8)
_PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)


def _trump_tables(trump: int) -> tuple[list[int], list[int], list[int]]:
    """Per card, for a `trump` contract: points, the same-suit cards above it, and the cards
    that take a trick it is winning."""
    strength = [(_TRUMP_STRENGTH[c & 7] + 8) if c >> 3 == trump else _PLAIN_STRENGTH[c & 7]
                for c in range(32)]
    points = [_TRUMP_POINTS[c & 7] if c >> 3 == trump else _PLAIN_POINTS[c & 7]
              for c in range(32)]
    above = [sum(1 << o for o in range(c & ~7, (c & ~7) + 8) if strength[o] > strength[c])
             for c in range(32)]
    beaters = [above[c] | (0 if c >> 3 == trump else _SUIT[trump]) for c in range(32)]
    return points, above, beaters


_TABLES = [_trump_tables(t) for t in range(4)]


def _takers() -> list[tuple[itemgetter, ...]]:
    """At `(dealer * 3 + packets index) * 32 + cut`: an itemgetter of each seat's deck
    positions, per seat (a flat list: an index is cheaper than a tuple key)."""
    out: list[tuple[itemgetter, ...]] = [()] * (12 * 32)
    for dealer in range(4):
        order = [(dealer + 3 * (i + 1)) & 3 for i in range(4)]
        for p, packets in enumerate(_PACKETS):
            receivers = [seat for size in packets for seat in order for _ in range(size)]
            for cut in range(3, 30):
                pos: list[list[int]] = [[], [], [], []]
                for i, seat in enumerate(receivers):
                    pos[seat].append((i + cut) % 32)
                out[(dealer * 3 + p) * 32 + cut] = tuple(itemgetter(*q) for q in pos)
    return out


_TAKE = _takers()


def baseline_deal(dealer: int, rand: Callable[[], float], trump: int = 2,
                  bid: int = 90) -> tuple[int, int]:
    """One FFB deal at `bid` in `trump` by the player after `dealer`; the two teams' scores."""
    deck = list(_BIT)
    for i, n in _STEPS:
        j = int(rand() * n)
        deck[i], deck[j] = deck[j], deck[i]
    cut = 3 + int(rand() * 27)
    t0, t1, t2, t3 = _TAKE[(dealer * 3 + int(rand() * 3)) * 32 + cut]
    h0, h1, h2, h3 = sum(t0(deck)), sum(t1(deck)), sum(t2(deck)), sum(t3(deck))
    hands = [h0, h1, h2, h3]
    king_queen = 0b01100000 << (8 * trump)  # the seats written out, as the generated code does
    if h0 & king_queen == king_queen or h2 & king_queen == king_queen:
        belote = 0
    elif h1 & king_queen == king_queen or h3 & king_queen == king_queen:
        belote = 1
    else:
        belote = -1
    points, above, beaters = _TABLES[trump]
    tmask = _SUIT[trump]
    seat = declarer = (dealer + 3) & 3
    taken = [0, 0]
    tricks = [0, 0]
    for _ in range(8):
        hand = hands[seat]
        k = int(rand() * hand.bit_count())
        m = hand
        while k:
            m &= m - 1
            k -= 1
        best = (m & -m).bit_length() - 1
        hands[seat] = hand ^ (1 << best)
        led = best >> 3
        suit = _SUIT[led]
        winner, value = seat, points[best]
        seat = (seat + 3) & 3  # the second player
        hand = hands[seat]
        legal = hand & suit
        if legal:
            if led == trump:
                legal = (legal & above[best]) or legal
        else:
            trumps = hand & tmask
            if not trumps or winner == seat ^ 2:
                legal = hand
            elif best >> 3 == trump:
                legal = (trumps & above[best]) or hand
            else:
                legal = trumps
        k = int(rand() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        card = (legal & -legal).bit_length() - 1
        hands[seat] = hand ^ (1 << card)
        value += points[card]
        if beaters[best] >> card & 1:
            best, winner = card, seat
        seat = (seat + 3) & 3  # the third player
        hand = hands[seat]
        legal = hand & suit
        if legal:
            if led == trump:
                legal = (legal & above[best]) or legal
        else:
            trumps = hand & tmask
            if not trumps or winner == seat ^ 2:
                legal = hand
            elif best >> 3 == trump:
                legal = (trumps & above[best]) or hand
            else:
                legal = trumps
        k = int(rand() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        card = (legal & -legal).bit_length() - 1
        hands[seat] = hand ^ (1 << card)
        value += points[card]
        if beaters[best] >> card & 1:
            best, winner = card, seat
        seat = (seat + 3) & 3  # the fourth player
        hand = hands[seat]
        legal = hand & suit
        if legal:
            if led == trump:
                legal = (legal & above[best]) or legal
        else:
            trumps = hand & tmask
            if not trumps or winner == seat ^ 2:
                legal = hand
            elif best >> 3 == trump:
                legal = (trumps & above[best]) or hand
            else:
                legal = trumps
        k = int(rand() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        card = (legal & -legal).bit_length() - 1
        hands[seat] = hand ^ (1 << card)
        value += points[card]
        if beaters[best] >> card & 1:
            best, winner = card, seat
        taken[winner & 1] += value
        tricks[winner & 1] += 1
        seat = winner
    d = declarer & 1
    last = 100 if tricks[d] == 8 or tricks[1 - d] == 8 else 10
    taken[winner & 1] += last
    bel = [20 if belote == 0 else 0, 20 if belote == 1 else 0]
    ours, theirs = taken[d] + bel[d], taken[1 - d] + bel[1 - d]
    if ours >= bid and ours > theirs:
        score = [taken[0] + bel[0], taken[1] + bel[1]]
        score[d] += bid
    elif ours == theirs:  # litige: the declarers keep their belote, the defence its total
        score = [bel[0], bel[1]]
        score[1 - d] = theirs
    else:
        score = [bel[0], bel[1]]
        score[1 - d] += 160 + bid
    return (score[0] + 5) // 10 * 10, (score[1] + 5) // 10 * 10


# -- the generic engine -------------------------------------------------------------------

def generic_deal(rules, dealer: int, rng: random.Random,
                 contracts: tuple[Contract, ...] = ()) -> tuple[int, int]:
    """The same deal through `Deal`'s public methods under `rules` (`contracts`: the fixed
    contract per dealer, made once, as the baseline takes its bid and trump as arguments):
    card by card, `legal_cards`, a uniformly random card of them (`play.random_card`, the
    baseline's draw) and `play`; then `result`."""
    deal = Deal(rules, dealer, rng=rng, contract=contracts[dealer] if contracts else
                Contract((dealer + rules.step) & 3, 90, 2))
    rand, legal, play = rng.random, deal.legal_cards, deal.play
    for _ in range(32):
        play(random_card(legal(), rand))
    scores = deal.result().scores
    return scores["NS"], scores["EW"]


def _rate(play: Callable[[int], object], seconds: float) -> float:
    n, start = 0, time.process_time()
    while True:
        for i in range(200):
            play(i & 3)
        n += 200
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return n / elapsed


def compare(rules, seconds: float, rounds: int) -> tuple[float, float]:
    """Best rates (baseline, generic) over `rounds` alternated runs of `seconds` each."""
    best = [0.0, 0.0]
    contracts = tuple(Contract((dealer + rules.step) & 3, 90, 2) for dealer in range(4))
    for r in range(rounds):
        plays = (partial(baseline_deal, rand=random.Random(r).random),
                 partial(generic_deal, rules, rng=random.Random(r), contracts=contracts))
        for i, play in enumerate(plays):
            best[i] = max(best[i], _rate(play, seconds))
    return best[0], best[1]


def main(argv: list[str]) -> None:
    seconds = float(argv[0]) if argv and not argv[0].startswith("-") else 0.5
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 5
    names = argv[argv.index("--only") + 1].split(",") if "--only" in argv else list(BUILTINS)
    from bench_cli import load_average  # this folder's, when run as a script

    print(f"load average (1 / 5 / 15 min) at the start: {load_average()}")
    print(f"{'variant':<14}{'baseline/s':>12}{'generic/s':>12}{'generic/baseline':>18}")
    for name in names:
        rules = compile(load_variant(name))
        base, gen = compare(rules, seconds, rounds)
        print(f"{name:<14}{base:>12,.0f}{gen:>12,.0f}{gen / base:>17.2f}x", flush=True)
    print(f"load average at the end: {load_average()}")


if __name__ == "__main__":
    main(sys.argv[1:])

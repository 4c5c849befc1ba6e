"""Ordinary announcements (carrés and sequences) and belote, under a Ruleset's policy.

Three jobs: find what a hand may declare (`find_announcements`; `announcer` reads the same
from per-suit tables, for `Deal` and the bots), classify a declared list of cards (rejecting
what is not a combination), and compare the sides to decide who scores
(`announcement_points`).

Belote at all-trump (and at no-trump where it exists) is one belote per suit whose king and
queen one player holds: such a seat is listed once per suit in a deal's `belote` list.

>>> from coinche_dsl import load_variant
>>> from coinche_dsl.cards import parse_cards, card_names
>>> from coinche_dsl.engine import compile
>>> rs = compile(load_variant("ffb"))
>>> [(c.label, c.value) for c in find_announcements(parse_cards(
...     ["JC", "JD", "JH", "JS", "QH", "KH", "AH", "7S"]), 2, rs)]
[('carré of J', 200), ('sequence of 3 to AH in trump', 20)]
>>> classify(parse_cards(["QH", "JH", "10H"]), 2, rs).label
'sequence of 3 to QH in trump'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..cards import RANKS, card_name, card_rank, card_suit, cards_of
from ..errors import InputError
from ..model import Ruleset
from ..model.enums import TiePolicy, WhoScores
from .facts import ALL_TRUMP, NO_TRUMP
from .tables import announcements_at

if TYPE_CHECKING:
    from .rules import CompiledRules

RANK_MASK = 0x01010101
"""The four cards of rank index 0 (the sevens); shift left by a rank index for another rank."""
KING, QUEEN = RANKS.index("K"), RANKS.index("Q")


@dataclass(frozen=True)
class Combination:
    """One classified announcement."""

    kind: str
    """`carre` or `sequence`."""
    mask: int
    """Its cards."""
    value: int
    """What it scores."""
    key: tuple[int, ...]
    """Comparison key: a larger key is a better announcement; equal keys are a tie."""
    label: str
    """In words: `carré of J`, `sequence of 4 to KH in trump`."""


@dataclass(frozen=True)
class Tables:
    """What classification needs for one ruleset and denomination, computed once by `compile`
    (`CompiledRules.announcement_tables`)."""

    denomination: int
    enabled: bool
    """Announcements are allowed at this denomination."""
    carres: dict[int, int]
    """Rank index -> value of four of that rank (ranks scoring nothing are absent)."""
    carre_strength: dict[int, int]
    """Rank index -> strength among carrés of equal value (higher is stronger)."""
    order: list[int]
    """Rank indices in sequence order, highest first."""
    sequences: dict[int, int]
    """Counted length -> value."""
    longest: int
    trump_sequence_wins: bool
    card_reuse: bool
    split_runs: bool
    belote_in_sequence: bool
    tie: TiePolicy
    every_side: bool
    runs_of: tuple[tuple[int, ...], ...]
    """For each 8-bit pattern of one suit, its maximal runs (as 8-bit masks) long enough to
    score, or with `split_runs` the best-scoring parts of each: finding announcements is then
    a table look-up per suit."""
    cache: dict[int, Combination | str] = field(default_factory=dict)
    """Card masks already classified (a memo owned by the tables)."""

    @property
    def shortest(self) -> int:
        return min(self.sequences, default=9)


def _pattern_runs(pattern: int, order: list[int], shortest: int,
                  split: Callable[[list[int]], list[list[int]]] | None = None
                  ) -> tuple[int, ...]:
    """Maximal runs in sequence `order` within one suit's 8-bit `pattern` (each cut by `split`
    into the parts that score best, when runs may be declared in parts)."""
    out: list[int] = []
    run: list[int] = []
    for rank in [*order, None]:
        if rank is not None and pattern >> rank & 1:
            run.append(rank)
            continue
        if len(run) >= shortest:
            for part in (split(run) if split else [run]):
                out.append(sum(1 << r for r in part))
        run = []
    return tuple(out)


def best_parts(sequences: dict[int, int], longest: int) -> Callable[[list[int]], list[list[int]]]:
    """How a run (its ranks, highest first) is best declared in parts that share no card: the
    highest total, then the fewest parts, then the longest part on top (A to 7 under
    3 20, 4 50, 5 100: A-K-Q-J-10 and 9-8-7, 120; A to 8: the one run, 100)."""
    shortest = min(sequences, default=9)

    def value(n: int) -> int:
        counted = [k for k in sequences if k <= min(n, longest)]
        return sequences[max(counted)] if counted else 0

    def split(run: list[int]) -> list[list[int]]:
        best: list[tuple[tuple[int, int], list[list[int]]]] = [((0, 0), [])] * (len(run) + 1)
        for i in range(len(run) - 1, -1, -1):
            choice = best[i + 1]  # leave the card undeclared
            for n in range(len(run) - i, shortest - 1, -1):
                (total, parts), rest = best[i + n]
                got = ((total + value(n), parts - 1), [run[i:i + n], *rest])
                if got[0] > choice[0] or (got[0] == choice[0] and choice is best[i + 1]):
                    choice = got
            best[i] = choice
        return best[0][1]

    return split


def build_tables(rs: Ruleset) -> tuple[Tables, ...]:
    """The tables of `rs` at each denomination 0..5 (`compile` calls this once)."""
    an = rs.announcements
    order = [RANKS.index(r) for r in an.sequence_order]
    shortest = min(an.sequences, default=9)
    split = best_parts(an.sequences, an.longest_counted) if an.split_runs else None
    runs_of = tuple(_pattern_runs(p, order, shortest, split)
                    for p in range(256))  # one for all six
    return tuple(_build(rs, d, order, runs_of) for d in range(6))


def _build(rs: Ruleset, denomination: int, order: list[int],
           runs_of: tuple[tuple[int, ...], ...]) -> Tables:
    an = rs.announcements
    allowed = announcements_at(an, denomination)
    values = an.no_trump_carres if denomination == NO_TRUMP and an.no_trump_carres else an.carres
    table = {NO_TRUMP: rs.cards.no_trump, ALL_TRUMP: rs.cards.all_trump}.get(
        denomination, rs.cards.trump)
    strength = {RANKS.index(row.rank): 8 - i for i, row in enumerate(table)}
    return Tables(
        denomination=denomination, enabled=allowed,
        carres={RANKS.index(r): v for r, v in values.items() if v > 0},
        carre_strength=strength, order=order,
        sequences=dict(an.sequences), longest=an.longest_counted,
        trump_sequence_wins=an.trump_sequence_wins, card_reuse=an.card_reuse,
        split_runs=an.split_runs, belote_in_sequence=an.belote_in_sequence, tie=an.tie,
        every_side=an.who_scores == WhoScores.EVERY_SIDE, runs_of=runs_of)


def classify(mask: int, denomination: int, rules: CompiledRules,
             field: str = "announcement") -> Combination:
    """The combination formed by the cards of `mask`; InputError naming `field` if none."""
    tables = rules.announcement_tables[denomination]
    found = tables.cache.get(mask)
    if found is None:
        found = _classify(mask, tables)
        tables.cache[mask] = found
    if isinstance(found, str):
        raise InputError(found, field, "deal.not_a_combination",
                         {"cards": " ".join(card_name(c) for c in cards_of(mask))})
    return found


def _classify(mask: int, t: Tables) -> Combination | str:
    cards = list(cards_of(mask))
    names = " ".join(card_name(c) for c in cards)
    ranks = {card_rank(c) for c in cards}
    if len(cards) == 4 and len(ranks) == 1:
        rank = cards[0] & 7
        if rank not in t.carres:
            return f"four {RANKS[rank]}s score nothing in this variant: not an announcement"
        value = t.carres[rank]
        return Combination("carre", mask, value, (1, value, t.carre_strength[rank]),
                           f"carré of {RANKS[rank]}")
    suits = {card_suit(c) for c in cards}
    positions = sorted(t.order.index(r) for r in ranks)
    if len(suits) != 1 or positions != list(range(positions[0], positions[0] + len(cards))):
        return f"{names or 'no cards'} is neither a carré nor a sequence"
    counted = min(len(cards), t.longest)
    lengths = [n for n in t.sequences if n <= counted]
    if not lengths:
        return f"{names}: a sequence needs at least {t.shortest} cards"
    value = t.sequences[max(lengths)]
    suit = suits.pop()
    top = t.order[positions[0]] + 8 * suit
    in_trump = t.denomination == ALL_TRUMP or suit == t.denomination
    wins = int(in_trump and t.trump_sequence_wins)
    where = " in trump" if in_trump else ""
    return Combination("sequence", mask, value, (0, value, counted, 8 - positions[0], wins),
                       f"sequence of {len(cards)} to {card_name(top)}{where}")


def compare(declared: dict[int, list[Combination]], tables: Tables) -> tuple[int, int]:
    """Points of ordinary announcements per team (NS, EW) after comparing the sides.

    Any carré beats any sequence; then value, then rank or high card, then (if the variant
    says so) trump. An unresolved tie follows `announcements.tie`; with `who_scores
    every_side` there is no comparison. `first_declared` reads the seats in the order of
    `declared` (the order they were written or played).
    """
    totals = [0, 0]
    for seat, combos in declared.items():
        totals[seat % 2] += sum(c.value for c in combos)
    if tables.every_side or not all(totals):
        return totals[0], totals[1]
    best: list[tuple[int, ...]] = [(), ()]
    first: list[int] = [99, 99]
    for order, (seat, combos) in enumerate(declared.items()):
        team = seat % 2
        for combo in combos:
            if combo.key > best[team]:
                best[team], first[team] = combo.key, order
    if best[0] != best[1]:
        winner = 0 if best[0] > best[1] else 1
    elif tables.tie == TiePolicy.BOTH_SCORE:
        return totals[0], totals[1]
    elif tables.tie == TiePolicy.FIRST_DECLARED:
        winner = 0 if first[0] < first[1] else 1
    else:
        return 0, 0
    return (totals[0], 0) if winner == 0 else (0, totals[1])


def announcement_points(masks: dict[int, list[int]], denomination: int,
                        rules: CompiledRules) -> tuple[int, int]:
    """Points per team (NS, EW) of the declared card masks (classified, then compared)."""
    tables = rules.announcement_tables[denomination]
    if not tables.enabled or not masks:
        return 0, 0
    known = tables.cache  # `classify`'s, read first: the label is made only for an error
    declared = {seat: [c if isinstance(c := known.get(m), Combination) else
                       classify(m, denomination, rules, f"announcements.{'NESW'[seat]}[{i}]")
                       for i, m in enumerate(ms)] for seat, ms in masks.items() if ms}
    return compare(declared, tables)


def belote_suits(hand: int, denomination: int, rules: CompiledRules) -> list[int]:
    """Suits whose king and queen `hand` holds and which make a belote at `denomination`."""
    both = (hand >> KING) & (hand >> QUEEN) & RANK_MASK  # bit 8s: K and Q of suit s held
    if not both:
        return []  # most hands: no suit to look at
    suits = rules.belote_suits[denomination]
    return [s for s in range(4) if suits >> s & 1 and both >> (8 * s) & 1]


def find_announcements(hand: int, denomination: int, rules: CompiledRules
                       ) -> list[Combination]:
    """The combinations `hand` can declare, the best-scoring set when a card may serve once.

    Carrés of scoring ranks and maximal runs of each suit (a run is one announcement, its
    length counted up to `longest_counted`). Without `card_reuse`, carrés and runs are chosen
    so that no card serves twice and the total is highest. Without `belote_in_sequence`, the
    belote cards are kept out of sequences.
    """
    t = rules.announcement_tables[denomination]
    if not t.enabled:
        return []
    carres = [RANK_MASK << r for r in t.carres if hand & (RANK_MASK << r) == RANK_MASK << r]
    free = hand
    if not t.belote_in_sequence:
        for s in belote_suits(hand, denomination, rules):
            free &= ~(((1 << KING) | (1 << QUEEN)) << (8 * s))
    if t.card_reuse:
        return [classify(m, denomination, rules) for m in carres + _runs(free, t)]
    best: list[Combination] = []
    for pick in range(1 << len(carres)):
        used = [m for i, m in enumerate(carres) if pick >> i & 1]
        taken = sum(used)
        combos = [classify(m, denomination, rules) for m in used + _runs(free & ~taken, t)]
        if sum(c.value for c in combos) > sum(c.value for c in best):
            best = combos
    return best


def _runs(hand: int, t: Tables) -> list[int]:
    """Maximal runs of at least the shortest sequence length, per suit, as card masks."""
    runs_of = t.runs_of
    return [run << (8 * suit) for suit in range(4)
            for run in runs_of[hand >> (8 * suit) & 0xFF]]


def check_declared(masks: dict[int, list[int]], denomination: int, rules: CompiledRules,
                   belote: list[int]) -> dict[int, list[Combination]]:
    """Classify declared announcements and enforce the variant's card rules.

    InputError (naming the field) for: announcements where the variant allows none, a list
    that is not a combination, a card in two seats' announcements, a card in two of one
    seat's announcements without `card_reuse`, a belote card in a sequence without
    `belote_in_sequence`.
    """
    t = rules.announcement_tables[denomination]
    if any(masks.values()) and not t.enabled:
        raise InputError("this variant allows no announcements at this contract", "announcements",
                         "deal.no_announcements")
    seen = 0
    out: dict[int, list[Combination]] = {}
    for seat, seat_masks in masks.items():
        name = f"announcements.{'NESW'[seat]}"
        combos = [classify(m, denomination, rules, f"{name}[{i}]")
                  for i, m in enumerate(seat_masks)]
        own = 0
        for i, combo in enumerate(combos):
            clash = combo.mask & (seen | (0 if t.card_reuse else own))
            if clash:
                raise InputError(f"card {card_name(next(cards_of(clash)))} is in two "
                                 "announcements", f"{name}[{i}]", "deal.card_twice",
                                 {"card": card_name(next(cards_of(clash)))})
            own |= combo.mask
        _check_belote_cards(seat, combos, denomination, belote, t, name)
        if not t.split_runs:
            _check_whole_runs(combos, t, name)
        seen |= own
        out[seat] = combos
    return out


def check_whole_runs(masks: list[int], denomination: int, rules: CompiledRules,
                     field: str = "") -> None:
    """InputError (naming `field`'s entry, if given) if two of one player's sequences (card
    masks, each already a combination) join into one run where the variant has no
    `split_runs`."""
    t = rules.announcement_tables[denomination]
    if not t.split_runs:
        _check_whole_runs([classify(m, denomination, rules) for m in masks], t, field)


def _check_whole_runs(combos: list[Combination], t: Tables, name: str) -> None:
    """Without `split_runs`, no two of one player's sequences join into one run: such a run
    is one announcement (A to 7 of a suit is a cent, not a cent and a tierce)."""
    spans = [(i, _span(c.mask, t)) for i, c in enumerate(combos) if c.kind == "sequence"]
    for i, (suit, first, last) in spans:
        for j, (other, o_first, o_last) in spans:
            if j < i and suit == other and (o_last + 1 == first or last + 1 == o_first):
                raise InputError(f"{_names(combos[j].mask, t)} and {_names(combos[i].mask, t)} "
                                 "are one run: in this variant it is declared as one sequence",
                                 f"{name}[{i}]" if name else "", "deal.one_run")


def _span(mask: int, t: Tables) -> tuple[int, int, int]:
    """A sequence's suit and the places of its highest and lowest cards in sequence order."""
    cards = list(cards_of(mask))
    places = [t.order.index(card_rank(c)) for c in cards]
    return card_suit(cards[0]), min(places), max(places)


def _names(mask: int, t: Tables) -> str:
    """The cards of a sequence, highest first (`AD-KD-QD`)."""
    return "-".join(card_name(c) for c in sorted(cards_of(mask),
                                                 key=lambda c: t.order.index(card_rank(c))))


def _check_belote_cards(seat: int, combos: list[Combination], denomination: int,
                        belote: list[int], t: Tables, name: str) -> None:
    """At a trump suit, the belote holder's K and Q: in nobody else's announcement, and in
    none of his sequences unless the variant allows it."""
    if denomination >= NO_TRUMP or not belote:
        return
    pair = ((1 << KING) | (1 << QUEEN)) << (8 * denomination)
    holder = belote[0]
    for i, combo in enumerate(combos):
        if seat != holder and combo.mask & pair:
            raise InputError(f"{'NESW'[holder]} declared belote, so "
                             f"{card_name(next(cards_of(combo.mask & pair)))} is not "
                             f"{'NESW'[seat]}'s", f"{name}[{i}]", "deal.belote_card_elsewhere",
                             {"seat": "NESW"[holder],
                              "card": card_name(next(cards_of(combo.mask & pair)))})
        if seat == holder and combo.kind == "sequence" and combo.mask & pair and not (
                t.belote_in_sequence):
            raise InputError("the belote cards may not also form a sequence in this variant",
                             f"{name}[{i}]", "deal.belote_in_sequence")



SUIT_LOW_BITS = tuple(sum(1 << (8 * s) for s in range(4) if suits >> s & 1)
                      for suits in range(16))
"""Per set of suits (bits 0..3), the bit of each suit's lowest card (bit 8s for suit s): with
`(hand >> KING) & (hand >> QUEEN)`, which suits' king and queen a hand holds."""


def announcer(r: CompiledRules, d: int) -> Callable[[int], list[int]]:
    """What `find_announcements` finds in a hand at `d`, as card masks, by table look-up
    (cached per denomination). A hand with no four of a rank that scores declares the scoring
    runs of each suit, which depend on that suit's eight bits only (its belote cards set aside
    when they may not serve in a sequence): one table of 256 entries per suit. The rare hand
    holding such a carré is handed to `find_announcements`, which weighs carrés against runs."""
    key = ("announcer", d)
    announce: Callable[[int], list[int]] | None = r.cache.get(key)
    if announce is None:
        announce = r.cache[key] = _build_announcer(r, d)
    return announce


def _build_announcer(r: CompiledRules, d: int) -> Callable[[int], list[int]]:
    t = r.announcement_tables[d]
    if not t.enabled:
        return lambda hand: []
    carres = tuple(RANK_MASK << rank for rank in t.carres)
    r0, r1, r2, r3 = suit_runs(t, r.belote_suits[d])
    keep_worthless = t.card_reuse  # without reuse, a set scoring nothing is not declared

    def announce(hand: int) -> list[int]:
        for m in carres:
            if hand & m == m:
                return [c.mask for c in find_announcements(hand, d, r)]
        b0, b1, b2, b3 = hand & 255, hand >> 8 & 255, hand >> 16 & 255, hand >> 24
        found = [*r0[b0], *r1[b1], *r2[b2], *r3[b3]]
        if found and not keep_worthless and sum(classify(m, d, r).value for m in found) <= 0:
            return []
        return found

    return announce


def suit_runs(t: Tables, belote_suits: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per suit, per 8-bit holding: the scoring runs as card masks (`belote_suits`: the suits
    whose king and queen stay out of runs unless `belote_in_sequence`)."""
    pair = (1 << KING) | (1 << QUEEN)
    runs: list[tuple[tuple[int, ...], ...]] = []
    for suit in range(4):
        apart = not t.belote_in_sequence and belote_suits >> suit & 1
        runs.append(tuple(tuple(run << (8 * suit) for run in t.runs_of[
            byte & ~pair if apart and byte & pair == pair else byte]) for byte in range(256)))
    return tuple(runs)

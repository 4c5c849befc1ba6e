"""Many deals at once: the play of N deals vectorised over deals with NumPy, under any Ruleset.

    >>> from coinche_dsl.engine import compile
    >>> from coinche_dsl.engine.batch import play_batch
    >>> from coinche_dsl.loader import load_variant
    >>> out = play_batch(compile(load_variant("ffb")), 1000, seed=1)
    >>> out.card_points.shape, bool((out.card_points.sum(axis=1) == 152).all()), out.scores.shape
    ((1000, 2), True, (1000, 2))

Each deal is shuffled uniformly (independent deals: the cut and the packets of `table.*` do not
change the distribution of hands after a shuffle), its contract fixed (given, or drawn
uniformly among the rules' declarers, denominations and numeric bids), and its eight tricks
played by a policy: `random` (a uniformly random legal card, as `play.random_card`) or `greedy`
(`greedy_card`: take the trick with the cheapest card that takes it unless the partner holds
it, else play the cheapest card). The hot loop is one step per card position (32 in all),
each a few dozen array operations over every deal: which cards are legal is the same rule as
`play.legal_mask`, written with masks and arithmetic selects (`np.where` is branchy and slow on
random masks); the flags of `CompiledRules` are read once per batch, the denomination per deal.

Where the time goes (`benchmarks/profile_batch.py` times every line): about three quarters in
that loop, the rest in shuffling and scoring. What keeps it short, each measured: a hand is one
gather from the hands as dealt, masked by the cards not played yet (never written back: a
scatter costs several gathers); tables are read with `take` (fancy indexing is several times
slower) and selects are arithmetic; the led suit and its duty to go higher are found once a
trick; the random card takes the bit generator's raw words and a 512 kB table of k-th bits;
the last trick, one card a hand, is played without choosing; card points are counted once,
from the cards each side took; chunks of 16,384 deals keep the arrays in the cache.

Scores are `score_facts`'s, computed over arrays by `scoring.score_arrays` (the same
steps read from the same `score_plan.Plan`); under `litige held`, `held` is each deal's
`DealScore.held` (deals are independent: giving it to the next deal's winner is `Game`'s
work). Announcements: a seat declares nothing (its belote is claimed), except under
`announcements.timing automatic`, where every hand's are found and the sides compared over
arrays by `announce.deal_announcements`, as `Deal` finds and compares them.

NumPy because it is the array library every scientific Python install has, its integer
kernels (bitwise ops, `bitwise_count`, `take`) are all this needs, and it adds no compiler or
JIT warm-up: a batch is fast from the first call.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ...model.enums import AllTrumpBeat
from ..facts import NO_TRUMP, ROLE_BY_OFFSET, Contract
from ..rules import CAPOT_KEY, GENERALE_KEY, CompiledRules
from .announce import deal_announcements
from .scoring import deal_belotes, score_chunk

__all__ = ["BatchResult", "play_batch", "greedy_card", "POLICIES"]

POLICIES = ("random", "greedy")
CHUNK = 1 << 14
"""Deals played together: arrays of this size (64 kB of uint32) stay in the processor's cache
(measured: 8,192 to 16,384 deals play fastest, 32,768 some 5% slower, 65,536 15%)."""
DEAL_BLOCK = 1 << 12
"""Deals shuffled together (their keys, 128 bytes a deal, in the cache)."""

U32 = np.uint32
_SUITS = np.array([0xFF << (8 * s) for s in range(4)], dtype=U32)
_BITS = np.array([1 << c for c in range(32)], dtype=U32)
_CARDS = np.arange(32, dtype=U32)


def _kth_table() -> np.ndarray:
    """`table[m * 8 + k]`: the index of the k-th lowest set bit of the 16-bit `m`, for k < 8
    (a hand holds eight cards at most: 512 kB, half the table for every k, and faster)."""
    bits = (np.arange(65536)[:, None] >> np.arange(16)) & 1
    rank = np.cumsum(bits, axis=1) - 1  # among the set bits, the rank of each
    table = np.zeros((65536, 8), dtype=np.uint8)
    rows, cols = np.nonzero(bits & (rank < 8))
    table[rows, rank[rows, cols]] = cols
    return table.ravel()


_KTH: np.ndarray | None = None


@dataclass
class BatchResult:
    """Per-deal outcomes of `play_batch` (row i is deal i; seats N E S W, teams NS EW)."""

    dealer: np.ndarray
    """(n,) the dealer's seat."""
    hands: np.ndarray
    """(n, 4) the hands dealt, as card masks."""
    declarer: np.ndarray
    """(n,) the declarer's seat."""
    bid: np.ndarray
    """(n,) the bid: its number, or `rules.CAPOT_KEY` / `GENERALE_KEY`."""
    denomination: np.ndarray
    """(n,) 0..3 a trump suit, 4 no-trump, 5 all-trump."""
    double: np.ndarray
    """(n,) 0 none, 1 coinche, 2 surcoinche."""
    cards: np.ndarray
    """(n, 32) the cards in playing order (trick t is columns 4t..4t+3, its leader first)."""
    winners: np.ndarray
    """(n, 8) the winner of each trick."""
    card_points: np.ndarray
    """(n, 2) raw card points taken per team, without the last-trick bonus."""
    belote: np.ndarray
    """(n, 2) belotes credited per team."""
    announcements: np.ndarray
    """(n, 2) what the announcements score per team after comparing the sides (all zeros
    unless the rules declare them automatically)."""
    made: np.ndarray
    """(n,) the contract was made."""
    scores: np.ndarray
    """(n, 2) the deal's score per team, after rounding and scale."""
    held: np.ndarray
    """(n,) the points a litige holds for the next deal's winner (`DealScore.held`; 0 when
    the rules have no `litige held` or the deal is no litige)."""
    legal: np.ndarray | None = None
    """(n, 32) with `record_legal`: the legal cards of the player of each card."""

    def __len__(self) -> int:
        return len(self.dealer)

    def contract(self, i: int) -> Contract:
        """Deal i's contract as the engine's `Contract`."""
        bid = int(self.bid[i])
        value: Any = "capot" if bid == CAPOT_KEY else "generale" if bid == GENERALE_KEY else bid
        return Contract(int(self.declarer[i]), value, int(self.denomination[i]),
                        int(self.double[i]))

    @property
    def tricks(self) -> np.ndarray:
        """(n, 4) tricks won per seat."""
        return np.stack([(self.winners == s).sum(axis=1) for s in range(4)], axis=1)


def play_batch(rules: CompiledRules, n: int, seed: int | None = None,
               contract: Contract | list[Contract] | None = None, policy: str = "random",
               record_legal: bool = False, hand: tuple[int, int] | None = None,
               deals: tuple[int, np.ndarray] | None = None) -> BatchResult:
    """Play `n` deals under `rules` (see the module's docstring). `contract`: one for every
    deal, a list used in turn (deal i plays `contract[i % len]`), or None to draw them.
    `hand`: (seat, cards) when that seat always holds these eight cards (the other 24 dealt
    at random): "how often is this hand's 100 made?". `deals`: (dealer, (n, 4) hands) to
    play these deals, all dealt by `dealer`, instead of shuffled ones (a bot's imagined
    deals)."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; policies are {', '.join(POLICIES)}")
    if hand is not None and (hand[0] not in range(4) or not 0 <= hand[1] < 1 << 32
                             or hand[1].bit_count() != 8):
        raise ValueError("hand is (seat 0..3, a mask of eight cards)")
    if deals is not None and (deals[0] not in range(4) or deals[1].shape != (n, 4)):
        raise ValueError("deals is (dealer 0..3, an (n, 4) array of hands)")
    if n < 1:
        raise ValueError("a batch has at least one deal")
    rng = np.random.default_rng(seed)
    out: dict[str, np.ndarray] = {}
    for start in range(0, n, CHUNK):
        part = _play_chunk(rules, rng, min(CHUNK, n - start), start, contract, policy,
                           record_legal, hand, deals)
        for k, a in part.items():  # each chunk copied once, into the whole batch's arrays
            if k not in out:
                out[k] = np.empty((n, *a.shape[1:]), dtype=a.dtype)
            out[k][start:start + len(a)] = a
    return BatchResult(**out)


def _contracts(rules: CompiledRules, rng: np.random.Generator, n: int, start: int,
               contract: Contract | list[Contract] | None) -> tuple[np.ndarray, ...]:
    """Declarer, bid, denomination and double arrays for deals start..start+n-1."""
    if contract is None:
        return (rng.integers(0, 4, n).astype(np.uint8),
                rng.choice(np.array(rules.bid_values, dtype=np.int32), n),
                rng.choice(np.array(rules.denominations, dtype=np.uint8), n),
                np.zeros(n, dtype=np.uint8))
    given = [contract] if isinstance(contract, Contract) else list(contract)
    for c in given:
        if c.denomination not in rules.denominations:
            raise ValueError(f"{c}: not a denomination of these rules")
    pick = np.arange(start, start + n) % len(given)
    rows = np.array([(c.declarer, rules.bid_key(c.bid), c.denomination, c.double)
                     for c in given], dtype=np.int32)[pick]
    return (rows[:, 0].astype(np.uint8), rows[:, 1].copy(), rows[:, 2].astype(np.uint8),
            rows[:, 3].astype(np.uint8))


def _deal(rng: np.random.Generator, n: int, hand: tuple[int, int] | None) -> np.ndarray:
    """(4, n) hands of n uniformly shuffled deals; with `hand` (seat, cards), that seat's
    cards sort first (keys below any random one) and the others are shuffled among the rest.

    Each card gets a random key whose low five bits are the card itself: sorting the keys
    (a vectorised integer sort, much faster than `argsort`) shuffles the cards, and the low
    bits say which card landed where. Dealt `DEAL_BLOCK` deals at a time, so that the (deals,
    32) keys stay in the processor's cache."""
    out = np.empty((4, n), dtype=U32)
    for start in range(0, n, DEAL_BLOCK):
        m = min(DEAL_BLOCK, n - start)
        out[:, start:start + m] = _deal_block(rng, m, hand)
    return out


def _deal_block(rng: np.random.Generator, n: int, hand: tuple[int, int] | None) -> np.ndarray:
    keys = rng.bit_generator.random_raw(n * 16).view(U32).reshape(n, 32)  # uniform words
    keys &= U32(0xFFFFFFE0)
    keys |= _CARDS
    if hand is not None:
        keys |= U32(1 << 31)  # above the fixed cards' keys, their card alone
        fixed = [c for c in range(32) if hand[1] >> c & 1]
        keys[:, fixed] = _CARDS[fixed]
    keys.sort(axis=1)
    keys &= U32(31)
    np.left_shift(U32(1), keys, out=keys)
    # Each seat's eight cards OR-ed pairwise (a sum over the short axis is much slower).
    bits = keys.reshape(n, 4, 8)
    bits = bits[:, :, 0::2] | bits[:, :, 1::2]
    bits = bits[:, :, 0::2] | bits[:, :, 1::2]
    dealt = (bits[:, :, 0] | bits[:, :, 1]).T
    if hand is None:
        return dealt
    seat = hand[0]
    rest = [s for s in range(4) if s != seat]
    out: np.ndarray = dealt[[rest.index(s) + 1 if s != seat else 0 for s in range(4)]]
    return out


class _Tables:
    """The per-denomination tables of `rules` as flat arrays (index `d * 32 + card`)."""

    def __init__(self, r: CompiledRules):
        self.points = np.array(r.points, dtype=np.int32).ravel()
        points = np.array(r.points, dtype=np.int32).reshape(6, 4, 8)
        held = (np.arange(256)[:, None] >> np.arange(8)) & 1  # the cards of each 8-bit pattern
        self.suit_points = np.einsum("dsc,bc->dsb", points, held).astype(np.int32).ravel()
        """The points of each suit's 8-bit pattern, at index (d * 4 + suit) * 256 + pattern."""
        self.above = np.array(r.above, dtype=U32).ravel()
        self.beaters = np.array(r.beaters, dtype=U32).ravel()
        self.trumps = np.array(r.trump_mask, dtype=U32)
        at_partner = r.all_trump_beat == AllTrumpBeat.ALWAYS
        at_opponent = r.all_trump_beat in (AllTrumpBeat.ALWAYS, AllTrumpBeat.UNLESS_PARTNER_WINS)
        # Following suit: must go higher over the partner / an opponent (suit contracts: only
        # when trumps are led, tested per card).
        self.beat_partner = np.array([r.trump_lead_beat_partner] * 4
                                     + [r.no_trump_beat, at_partner], dtype=U32)
        self.beat_opponent = np.array([r.must_overtrump] * 4 + [r.no_trump_beat, at_opponent],
                                      dtype=U32)
        self.cheap, self.cheap_key = _cheap_tables(r)
        self.lead = np.array(r.lead_duty, dtype=U32).ravel()
        """`lead_duty` at index (d * 8 + trick) * 3 + role."""
        self.role = np.array(ROLE_BY_OFFSET, dtype=U32)


def _sel(cond: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """`a` where `cond` (0 or 1, uint32) else `b`, without branches."""
    out: np.ndarray = b ^ ((a ^ b) * cond)
    return out


def play_tables(rules: CompiledRules) -> _Tables:
    """The batch engine's card tables of `rules`, built on first use into its cache (the
    simulation's array path and the bots' learning play with them too)."""
    tables = rules.cache.get("batch_tables")
    if tables is None:
        tables = rules.cache["batch_tables"] = _Tables(rules)
    assert isinstance(tables, _Tables)
    return tables


def _play_chunk(rules: CompiledRules, rng: np.random.Generator, n: int, start: int,
                contract: Any, policy: str, record_legal: bool,
                hand: tuple[int, int] | None,
                deals: tuple[int, np.ndarray] | None = None) -> dict[str, np.ndarray]:
    tables = play_tables(rules)
    declarer, bid, den, double = _contracts(rules, rng, n, start, contract)
    if deals is None:
        dealer = (np.arange(start, start + n) & 3).astype(np.uint8)
        hands = _deal(rng, n, hand)
    else:
        dealer = np.full(n, deals[0], dtype=np.uint8)
        hands = deals[1][start:start + n].T.astype(U32)
    leader = (dealer + rules.step) & 3
    if rules.first_lead_generale:
        leader = np.where(bid == GENERALE_KEY, declarer, leader).astype(np.uint8)
    state = _Play(rules, tables, hands.ravel(), den, leader, rng, policy, record_legal,
                  declarer)
    state.run()
    out = dict(dealer=dealer, hands=hands.T, declarer=declarer, bid=bid,
               denomination=den, double=double, cards=state.cards.T,
               winners=state.winners.T, card_points=state.taken.T)
    out["belote"] = deal_belotes(rules, hands, den, declarer, state.cards)
    out["announcements"] = deal_announcements(rules, hands, den, leader)
    # Tricks per team and the declarer's générale, summed over the (8, n) rows (fast) rather
    # than along the (n, 8) columns (slow).
    ns = np.zeros(n, dtype=np.uint8)
    generale = np.ones(n, dtype=bool)
    for row in state.winners:
        ns += (row & 1) ^ 1
        generale &= row == declarer
    # Scored chunk by chunk: the arrays stay the size of the processor's cache.
    out["made"], out["scores"], out["held"] = score_chunk(rules, out, ns, generale)
    if state.legal is not None:
        out["legal"] = state.legal.T
    return out


class _Play:
    """The state of a chunk's play, advanced one card position at a time.

    The hands stay as dealt (`dealt`, (n, 4): a deal's four hands side by side, so that
    reading one seat's hand of every deal is one gather at `4 * deal + seat`) beside one mask
    per deal of the cards not played yet (`left`): a seat's hand is `dealt[:, seat] & left`,
    and playing a card clears one bit of `left` (writing a hand back by seat would be a
    scatter, several times dearer than the gather that reads it)."""

    def __init__(self, r: CompiledRules, t: _Tables, hands: np.ndarray, den: np.ndarray,
                 leader: np.ndarray, rng: np.random.Generator, policy: str, record: bool,
                 declarer: np.ndarray):
        global _KTH
        if _KTH is None:
            _KTH = _kth_table()
        n = len(den)
        self.r, self.t, self.rng, self.policy = r, t, rng, policy
        self.n, self.ar = n, np.arange(n, dtype=np.intp)
        self.dealt = hands.reshape(4, n).T.copy()
        self.at = np.arange(0, 4 * n, 4, dtype=np.intp)  # where each deal's hands start
        self.left = np.full(n, 0xFFFFFFFF, dtype=U32)
        self.base = den.astype(U32) * U32(32)  # where the denomination's card tables start
        self.d = den.astype(U32)
        self.trumps = t.trumps.take(den)
        self.beat_p, self.beat_o = t.beat_partner.take(den), t.beat_opponent.take(den)
        self.suit_contract = (den < NO_TRUMP).astype(U32)
        self.seat = leader.astype(U32)
        self.declarer = declarer.astype(U32)
        self.cards = np.empty((32, n), dtype=np.uint8)  # every row written as the play goes
        self.winners = np.empty((8, n), dtype=np.uint8)
        self.taken = np.empty((2, n), dtype=np.int32)
        self.legal = np.zeros((32, n), dtype=U32) if record else None
        self.nobody = np.zeros(n, dtype=U32)
        """`partner` of the second player: their partner has not played yet."""

    @property
    def hands(self) -> np.ndarray:
        """(4 * n,) the cards each seat holds now, seat by seat."""
        out: np.ndarray = (self.dealt.T & self.left).ravel()
        return out

    def run(self) -> None:
        won = np.zeros(self.n, dtype=U32)  # the cards of the tricks E-W took
        for trick in range(8):
            before = self.left.copy()
            self._trick(trick)
            won |= (before ^ self.left) * (self.seat & 1)
        # Card points counted once, from the cards each team took (four look-ups per team,
        # where adding each card's points as it falls would be 32).
        self.taken[0], self.taken[1] = self._points(~won), self._points(won)

    def _points(self, cards: np.ndarray) -> np.ndarray:
        """The card points of `cards` (a mask per deal), suit by suit."""
        at = self.d * 1024
        out: np.ndarray = sum(self.t.suit_points.take(at + (s * 256 + ((cards >> 8 * s) & 0xFF)))
                              for s in range(4))
        return out

    def _trick(self, trick: int) -> None:
        step = self.r.step
        last = trick == 7  # one card left in every hand: no choice to make
        seat: np.ndarray = self.seat
        hand = self._hand(seat)
        best = self._choose(hand if last else self._lead(hand, trick), 4 * trick, None, last)
        self._remove(best, 4 * trick)
        self._led(best >> 3)
        winner: np.ndarray = seat
        for p in range(1, 4):
            seat = (seat + step) & 3
            hand = self._hand(seat)
            at_best = self.base + best
            if last:
                card = self._choose(hand, 4 * trick + p, None, True)
            else:
                # The second player's partner has not played: never the winner so far.
                partner = self.nobody if p == 1 else (winner == (seat ^ 2)).astype(U32)
                legal = self._legal(hand, at_best, best, partner)
                card = self._choose(legal, 4 * trick + p, (best, partner), False)
            self._remove(card, 4 * trick + p)
            beats = (self.t.beaters.take(at_best) >> card) & 1
            best, winner = _sel(beats, card, best), _sel(beats, seat, winner)
        self.winners[trick] = winner
        self.seat = winner

    def _choose(self, legal: np.ndarray, pos: int, trick: Any, only: bool) -> np.ndarray:
        """`_pick`, or where `only` (the last trick: `legal` is the one card left) that card."""
        if not only:
            return self._pick(legal, pos, trick)
        if self.legal is not None:
            self.legal[pos] = legal
        out: np.ndarray = np.bitwise_count(legal - U32(1))  # the index of its one bit
        return out.astype(U32)

    def _hand(self, seat: np.ndarray) -> np.ndarray:
        """The cards `seat` holds now, in every deal."""
        out: np.ndarray = self.dealt.take(self.at + seat)
        out &= self.left
        return out

    def _led(self, led: np.ndarray) -> None:
        """What the trick's lead, in suit `led`, asks of the three players after it: the led
        suit's cards, and whether following means going higher over an opponent / over the
        partner (at a suit contract, only when trumps are led)."""
        self.follow = U32(0xFF) << (led << 3)
        when = (1 - self.suit_contract) | (led == self.d).astype(U32)
        self.beat_o_now, self.beat_p_now = self.beat_o & when, self.beat_p & when

    def _lead(self, hand: np.ndarray, trick: int) -> np.ndarray:
        """`play.lead_mask` for every deal at once: the duty looked up by (trick, role)."""
        if self.r.lead_free:
            return hand
        role = self.t.role.take((self.seat - self.declarer) & 3)
        due = hand & self.t.lead.take((self.d * 8 + trick) * 3 + role)
        return _sel(_nonzero(due), due, hand)

    def _remove(self, card: np.ndarray, pos: int) -> None:
        self.left ^= U32(1) << card
        self.cards[pos] = card

    def _legal(self, hand: np.ndarray, at_best: np.ndarray, best: np.ndarray,
               partner: np.ndarray) -> np.ndarray:
        """`play.legal_mask` for every deal at once (`at_best`: the best card's index in the
        tables; `partner`: 1 where the partner wins)."""
        follow = hand & self.follow
        above = self.t.above.take(at_best)
        beat = self.beat_o_now if partner is self.nobody else _sel(partner, self.beat_p_now,
                                                                   self.beat_o_now)
        higher = follow & above
        legal = _sel(beat & _nonzero(higher), higher, follow)
        # Void: trumps are due (or free, or lower ones allowed) as `_void_with_trumps` says;
        # only suit contracts have trumps, and a void hand's cards above the best card are
        # higher trumps (the best card is a trump) or none.
        trumps = hand & self.trumps
        void = _void(self.r, hand, trumps, trumps & above, (best >> 3 == self.d).astype(U32),
                     None if partner is self.nobody else partner)
        return _sel(_nonzero(follow), legal, void)

    def _pick(self, legal: np.ndarray, pos: int, trick: Any) -> np.ndarray:
        """The card played from `legal` at card position `pos` (`trick`: None when leading,
        else the best card so far and whether the partner holds it)."""
        if self.legal is not None:
            self.legal[pos] = legal
        if self.policy == "greedy":
            return self._greedy(legal, trick)
        return _random_bit(legal, self.rng)

    def _greedy(self, legal: np.ndarray, trick: Any) -> np.ndarray:
        if trick is None:
            return _cheapest(legal, self.d, self.t)
        best, partner = trick
        takers = legal & self.t.beaters.take(self.base + best) * (1 - partner)
        return _cheapest(_sel((takers != 0).astype(U32), takers, legal), self.d, self.t)


def _void(r: CompiledRules, hand: np.ndarray, trumps: np.ndarray, higher: np.ndarray,
          best_trump: np.ndarray, partner: np.ndarray | None) -> np.ndarray:
    """`play.legal_mask` for a hand void in the led suit: the whole hand without trumps, else
    `play._void_with_trumps` over arrays (the flags of `r` read once; `higher`: the trumps
    above the best card; `partner` None where the partner cannot be winning yet)."""
    has_higher = _nonzero(higher)
    ours = U32(0) if partner is None else partner
    theirs = 1 - ours  # 1 where an opponent wins
    if r.overtrump_partner == r.must_overtrump:
        duty = has_higher if r.must_overtrump else None
    else:
        duty = has_higher & (ours if r.overtrump_partner else theirs)
    out = trumps if duty is None else _sel(duty, higher, trumps)  # the trumps allowed
    anything = None  # 1 where any card of the hand may be played
    if not r.must_trump:
        out = (hand ^ trumps) | out  # the whole hand when it holds no trump
    else:
        anything = 1 - _nonzero(trumps)
        if not r.undertrump_required:  # the best trump cannot be overtrumped: anything goes
            anything |= best_trump & (1 - has_higher) & theirs
    if r.partner_master_free and partner is not None:
        free = partner if r.partner_ruff_free else partner & (1 - best_trump)
        if r.overtrump_partner:  # free, but higher trumps if it plays trumps at all
            out = _sel(free, _sel(has_higher, (hand ^ trumps) | higher, hand), out)
        else:
            anything = free if anything is None else anything | free
    return out if anything is None else _sel(anything, hand, out)


def _nonzero(x: np.ndarray) -> np.ndarray:
    """1 where `x` (unsigned) is not 0, else 0, as uint32: `np.sign`, one pass (where
    `(x != 0).astype` is two, and `np.minimum(x, 1)` some four times slower)."""
    out: np.ndarray = np.sign(x)
    return out


def _random_bit(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly chosen set bit of each (non-zero) mask of at most eight bits (cards of a
    hand): the k-th lowest, k uniform.

    k is `count * u >> 24` for a uniform 24-bit u (what `rng.random(dtype=float32)` draws,
    here in integers: no rounding); the 32 raw bits of u come straight from the bit generator,
    twice as fast as a float draw. The k-th bit is looked up in the half (16 bits) holding it."""
    assert _KTH is not None
    n = len(mask)
    raw = rng.bit_generator.random_raw((n + 1) // 2).view(U32)[:n]
    k = ((raw >> 8) * np.bitwise_count(mask)) >> 24
    low_count = np.bitwise_count(mask & 0xFFFF)
    high = (k >= low_count) * U32(16)  # 16 where the k-th bit is in the high half
    k -= low_count * (high >> 4)
    half = (mask >> high) & 0xFFFF
    out: np.ndarray = _KTH.take((half << 3) | k) + high
    return out


def _cheap_tables(r: CompiledRules) -> tuple[np.ndarray, np.ndarray]:
    """Per denomination and suit, for each 8-bit pattern of that suit, its cheapest card (by
    `_cheap_key`; 32 when empty); and the key of every card (index `d * 33 + card`)."""
    keys = np.full((6, 33), 1 << 20, dtype=np.int32)
    cheap = np.full((6, 4, 256), 32, dtype=U32)
    for d in range(6):
        for card in range(32):
            keys[d, card] = _cheap_key(r, d, card)
        for s in range(4):
            for pattern in range(1, 256):
                cards = [s * 8 + b for b in range(8) if pattern >> b & 1]
                cheap[d, s, pattern] = min(cards, key=keys[d].__getitem__)
    return cheap.ravel(), keys.ravel()


def _cheap_key(r: CompiledRules, d: int, card: int) -> int:
    """Cheapest first: fewer points, then weaker, then the lower index."""
    return (r.points[d][card] * 64 + r.strength[d][card]) * 32 + card


def _cheapest(mask: np.ndarray, d: np.ndarray, t: _Tables) -> np.ndarray:
    """The cheapest card of each non-empty mask (see `greedy_card`)."""
    best = np.full(len(mask), 32, dtype=U32)
    best_key = np.full(len(mask), 1 << 20, dtype=np.int32)
    for s in range(4):
        card = t.cheap.take((d * 4 + s) * 256 + ((mask >> (8 * s)) & 0xFF))
        key = t.cheap_key.take(d * 33 + card)
        lower = (key < best_key).astype(U32)
        best = _sel(lower, card, best)
        best_key = np.minimum(key, best_key)
    return best


def greedy_card(r: CompiledRules, d: int, legal: int, trick: list[tuple[int, int]],
                partner_wins: bool, best: int) -> int:
    """The `greedy` policy for one player: unless leading or the partner holds the trick, the
    cheapest legal card that takes it (fewest points, then weakest); otherwise, or when none
    takes it, the cheapest legal card. (`best`: the card winning the trick so far.)"""
    cards = [c for c in range(32) if legal >> c & 1]
    if trick and not partner_wins:
        takers = [c for c in cards if r.beaters[d][best] >> c & 1]
        cards = takers or cards
    return min(cards, key=lambda c: _cheap_key(r, d, c))

"""Random play specialised at compile time: one Python function per ruleset and denomination.

`Deal.play_out` plays the rest of a deal with uniformly random legal cards thousands of times a
second in simulations and Monte-Carlo estimates. Reading the `play.*` flags at every card is
interpretive overhead; here the flags are read once, and the duties that apply at denomination
`d` are written out as Python from the fixed templates below, with the flags' values folded in
(only ints and the templates' own lines are ever pasted: nothing from a variant file reaches
the generated text). A trick is written out once per seat on lead, so that seats are constants
and the four hands locals, as no hand-written engine would be (sixteen turns of a player), and
the second player's duties are folded further (only the lead precedes: his partner does not
win, no trump does unless trumps were led). The result is compiled once and kept in
`CompiledRules.random_plays`.
A deal played out whole ends in the same function with its score key (`_key_lines`: the
belote's and automatic announcements' rules folded in too), which `Deal.result` looks up.

The generated function is the same rules as `play.legal_mask` (the readable fast path) and
`play.card_verdict` (the reference): tests cross-check the three on many seeded deals, and the
random draws are `play.random_card`'s, so a seed gives the same deal either way; its key is
`scoring.score_key` of the deal's facts (`tests/test_specialise.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import SUIT_MASKS
from ..model.enums import AllTrumpBeat
from .announce_tables import team_points
from .announcements import KING, QUEEN
from .compiled import CompiledRules
from .facts import ALL_TRUMP, NO_TRUMP, ROLE_BY_OFFSET

assert QUEEN >= 4 and KING >= 4  # cards of rank K or Q are never a seat number 0..3

RandomPlay = Callable[..., "tuple[Any, ...] | None"]
"""`play(hands, seat, rand, n, tricks, won, taken, declarer, initial, contract) -> key`: play
the last `n` tricks from `seat` (to lead), appending each trick to `tricks` as its four cards
in playing order and its winner (a 5-tuple), counting tricks per seat in `won` and card
points per team in `taken` (`declarer`: the contract's, for the lead duties of
`play.lead_mask`). (One tuple and one append a trick: as fast as an append a card.)

With a `contract`, the whole deal was played here (`n` = 8) and nobody declared or kept
anything silent: the function then returns the deal's score key, `DealScoring.score_key`
computed in its locals from `initial` (the hands as dealt), with the belote's and the
automatic announcements' rules folded in (see `_key_lines`); else None."""

_HEAD = """\
def play(hands, seat, rand, n, tricks, won, taken, declarer=0, initial=(), contract=None,
         SUIT=SUIT, POINTS=POINTS, BEATERS=BEATERS, ABOVE=ABOVE, LEAD=LEAD, ROLE=ROLE,
         READ=READ, TEAM=TEAM):
    leader = seat
    h0, h1, h2, h3 = hands
    for trick in range(8 - n, 8):
"""
_LEAD = """\
        %(test)s
            hand = h%(s)d
            m = %(lead)s
            k = int(rand() * m.bit_count())
            while k:
                m &= m - 1
                k -= 1
            best = c0 = (m & -m).bit_length() - 1
            h%(s)d = hand ^ (1 << best)
            led = best >> 3
            suit = SUIT[led]
            winner = %(s)d
            value = POINTS[best]
"""
_FOLLOW = """\
            hand = h%(s)d
            legal = hand & suit
%(legal)s
            k = int(rand() * legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            card = c%(i)d = (legal & -legal).bit_length() - 1
            h%(s)d = hand ^ (1 << card)
            value += POINTS[card]
            if BEATERS[best] >> card & 1:
                best = card
                winner = %(s)d
"""
# `tricks.append(...)` written out, not a bound `push`: CPython then appends without a call.
_TAIL = """\
        tricks.append((c0, c1, c2, c3, winner))
        won[winner] += 1
        taken[winner & 1] += value
        seat = winner
    hands[:] = h0, h1, h2, h3
    if contract is None:
        return None
"""


def random_play(rules: CompiledRules, d: int) -> RandomPlay:
    """The specialised random player of `rules` at denomination `d` (built once, kept in
    `rules.random_plays`: an index is cheaper than a key)."""
    fn = rules.random_plays[d]
    if fn is None:
        fn = rules.random_plays[d] = _build(rules, d)
    return fn  # type: ignore[no-any-return]


def source(rules: CompiledRules, d: int) -> str:
    """The generated source of `random_play(rules, d)` (for reading and for tests): the
    trick's code written out per seat on lead, so that the seats are constants and the hands
    locals."""
    body = []
    for leader in range(4):
        # The lead: `play.lead_mask` with its context looked up (the trick, the leader's role).
        lead = ("hand" if rules.lead_free else
                f"hand & LEAD[trick][ROLE[({leader} - declarer) & 3]] or hand")
        test = "else:" if leader == 3 else f"{'elif' if leader else 'if'} seat == {leader}:"
        body.append(_LEAD % {"test": test, "s": leader, "lead": lead})
        for i in (1, 2, 3):
            seat = (leader + rules.step * i) & 3
            legal = _legal_lines(rules, d, seat ^ 2 if i > 1 else None)
            body.append(_FOLLOW % {"s": seat, "legal": "\n".join(_indent(legal, 1)), "i": i})
    key = "\n".join(_indent(_key_lines(rules, d), 1)) + "\n"
    return _HEAD + "".join(body) + _TAIL + key


def _build(rules: CompiledRules, d: int) -> RandomPlay:
    scope: dict[str, Any] = {"SUIT": SUIT_MASKS, "POINTS": tuple(rules.points[d]),
                             "BEATERS": tuple(rules.beaters[d]), "ABOVE": tuple(rules.above[d]),
                             "LEAD": rules.lead_duty[d], "ROLE": tuple(map(int, ROLE_BY_OFFSET)),
                             "READ": rules.plan.tricks_read,
                             "TEAM": team_points(rules, d) if _announces(rules, d) else None}
    code = compile(source(rules, d), f"<random play, denomination {d}>", "exec")
    exec(code, scope)  # noqa: S102 - trusted templates above, ints and bools only
    return scope["play"]  # type: ignore[no-any-return]


def _indent(lines: list[str], depth: int) -> list[str]:
    return [" " * (4 * depth) + line for line in lines]


def _legal_lines(r: CompiledRules, d: int, mate: int | None) -> list[str]:
    """Lines that turn `legal` (the cards of the led suit held) into the legal cards of the
    player whose partner is seat `mate` (None: the second player, whose partner has not
    played yet and before whom no trump wins the trick unless trumps were led, when a void
    player holds none)."""
    follow = _follow_lines(r, d, mate)
    if d >= NO_TRUMP:  # nobody ruffs: a void player may play anything
        lines = (["if legal:"] + _indent(follow, 1) + ["else:", "    legal = hand"]
                 if follow else ["if not legal:", "    legal = hand"])
        return _indent(lines, 2)
    trumps = SUIT_MASKS[d]
    if mate is None:
        lines = ["if not legal:", f"    legal = (hand & {trumps}) or hand" if r.must_trump
                 else "    legal = hand"]
    else:
        lines = ["if not legal:", f"    trumps = hand & {trumps}",
                 "    if not trumps:", "        legal = hand", "    else:"]
        lines += _indent(_void_lines(r, d, mate), 2)
    if follow:
        lines += [f"elif led == {d}:"] + _indent(follow, 1)
    return _indent(lines, 2)


def _beat_lines(when: str) -> list[str]:
    """Go higher than the best card when able, `when` (a condition, or "" for always)."""
    beat = "legal = (legal & ABOVE[best]) or legal"
    return [beat] if not when else [f"if {when}:", "    " + beat]


def _follow_lines(r: CompiledRules, d: int, mate: int | None) -> list[str]:
    """The duty to beat when following suit (at a suit contract: when trumps are led)."""
    if d < NO_TRUMP:
        partner, opponent = r.trump_lead_beat_partner, r.must_overtrump
    elif d == ALL_TRUMP:
        partner = r.all_trump_beat == AllTrumpBeat.ALWAYS
        opponent = r.all_trump_beat in (AllTrumpBeat.ALWAYS, AllTrumpBeat.UNLESS_PARTNER_WINS)
    else:
        partner = opponent = r.no_trump_beat
    if partner and opponent:
        return _beat_lines("")
    if partner or opponent:
        if mate is None:  # the leader, an opponent, wins the trick
            return _beat_lines("") if opponent else []
        return _beat_lines(f"winner == {mate}" if partner else f"winner != {mate}")
    return []


def _void_lines(r: CompiledRules, d: int, mate: int) -> list[str]:
    """`play._void_with_trumps` at a suit contract `d`, with the flags folded in: first
    whether the partner's lead frees the player, then whether a trump is winning (whose
    higher trumps are computed only then), as a hand-written engine would test them."""
    plain = ["legal = trumps" if r.must_trump else "legal = hand"]  # no trump to beat
    if not r.partner_master_free:
        return ([f"if best >> 3 == {d}:"] + _indent(_over_trump_lines(r, True, mate), 1)
                + ["else:"] + _indent(plain, 1))
    free = ["legal = hand"]
    if r.overtrump_partner:  # free, but overtrumping the partner's trump stays a duty
        free = [f"if best >> 3 == {d}:", "    higher = trumps & ABOVE[best]",
                "    legal = (hand ^ trumps) | higher if higher else hand", "else:",
                "    legal = hand"]
    return ([f"if winner == {mate}:"] + _indent(free, 1) + [f"elif best >> 3 == {d}:"]
            + _indent(_over_trump_lines(r, False, mate), 1) + ["else:"] + _indent(plain, 1))


def _over_trump_lines(r: CompiledRules, partner_possible: bool, mate: int) -> list[str]:
    """The void player's duty when a trump is winning the trick (`partner_possible`: the
    winner may be the partner, whose lead does not free the player here)."""
    duty: str | bool = r.must_overtrump
    if partner_possible and r.overtrump_partner != r.must_overtrump:
        duty = f"winner == {mate}" if r.overtrump_partner else f"winner != {mate}"
    allowed = ("higher or trumps" if duty is True else "trumps" if duty is False
               else f"higher if higher and {duty} else trumps")
    lines = ["higher = trumps & ABOVE[best]"]
    if not r.must_trump:
        return lines + [f"legal = (hand ^ trumps) | ({allowed})"]
    if r.undertrump_required:
        return lines + [f"legal = {allowed}"]
    # Unable to overtrump, a player may discard (not when the partner wins, if possible).
    if partner_possible:
        return lines + [f"legal = hand if not higher and winner != {mate} else ({allowed})"]
    if duty is True:
        return ["legal = (trumps & ABOVE[best]) or hand"]
    return lines + [f"legal = ({allowed}) if higher else hand"]


def _key_lines(r: CompiledRules, d: int) -> list[str]:
    """The end of the generated function: `DealScoring.score_key` of a deal played out whole,
    nobody having declared or kept silent (`contract` given): the announcements of the hands
    as dealt per `announcements.*` (`TEAM`, `announce_tables.team_points`), the belote per
    `belote.*` at denomination `d`, folded in as ints."""
    lines = ["team = declarer & 1", "ours = won[team] + won[team + 2]"]
    announces = _announces(r, d)
    if announces:
        lines.append("ann = TEAM(initial, leader)")
    suits = [suit for suit in range(4) if r.belote_suits[d] >> suit & 1]
    if suits:
        lines += ["h0, h1, h2, h3 = initial", "bel0 = bel1 = 0"]
        if len(suits) > 1:  # test the four hands at once for a queen beside its king
            queens = sum(1 << (8 * suit + QUEEN) for suit in suits)
            lines.append(f"if (h0 & h0 >> 1 | h1 & h1 >> 1 | h2 & h2 >> 1 | h3 & h3 >> 1)"
                         f" & {queens}:")
        body: list[str] = []
        for suit in suits:
            body += _belote_lines(r, suit)
        lines += _indent(body, 1) if len(suits) > 1 else body
    fields = ("team, contract.bid, contract.denomination, contract.double, READ[ours], "
              "READ[8 - ours], won[declarer] == 8, taken[0], taken[1], seat & 1, "
              + ("ann[0], ann[1], " if announces else "0, 0, ")
              + ("bel0, bel1" if suits else "0, 0"))
    return lines + [f"return ({fields})"]


def _belote_lines(r: CompiledRules, suit: int) -> list[str]:
    """The belote of `suit`: its holder (the seat whose hand as dealt has its K and Q), not
    credited under `order king_first` when the queen fell first (one hand, so two tricks),
    counted for its side (the defence's not under `claim declarers_only`)."""
    pair = (1 << (8 * suit + KING)) | (1 << (8 * suit + QUEEN))
    lines = [f"if h0 & {pair} == {pair}:", "    holder = 0",
             f"elif h1 & {pair} == {pair}:", "    holder = 1",
             f"elif h2 & {pair} == {pair}:", "    holder = 2",
             f"elif h3 & {pair} == {pair}:", "    holder = 3",
             "else:", "    holder = -1"]
    if r.belote_king_first:  # the cards are >= 4, so never a trick's winner in a record
        king, queen = 8 * suit + KING, 8 * suit + QUEEN
        lines += ["if holder >= 0:", "    for record in tricks:", f"        if {king} in record:",
                  "            break", f"        if {queen} in record:",
                  "            holder = -1", "            break"]
    value = r.plan.belote_value
    lines += ["if holder >= 0:", "    if holder & 1 == team:", f"        bel0 += {value}"]
    if not r.belote_declarers_only:
        lines += ["    else:", f"        bel1 += {value}"]
    return lines


def _announces(r: CompiledRules, d: int) -> bool:
    """Announcements are found automatically and exist at `d`."""
    return r.announcements_automatic and r.announcement_tables[d].enabled

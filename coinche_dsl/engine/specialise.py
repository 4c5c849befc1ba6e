"""Random play specialised at compile time: one Python function per ruleset and denomination.

`Deal.play_out` plays the rest of a deal with uniformly random legal cards thousands of times a
second in simulations and Monte-Carlo estimates. Reading the `play.*` flags at every card is
interpretive overhead; here the flags are read once, and the duties that apply at denomination
`d` are written out as Python from the fixed templates below, with the flags' values folded in
(only ints and the templates' own lines are ever pasted: nothing from a variant file reaches
the generated text). The result is compiled once and cached in `CompiledRules.cache`.

The generated function is the same rules as `play.legal_mask` (the readable fast path) and
`play.card_verdict` (the reference): tests cross-check the three on many seeded deals, and the
random draws are `play.random_card`'s, so a seed gives the same deal either way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import SUIT_MASKS
from ..model.enums import AllTrumpBeat
from .compiled import CompiledRules
from .facts import ALL_TRUMP, NO_TRUMP, ROLE_BY_OFFSET

RandomPlay = Callable[..., int]
"""`play(hands, seat, rand, n, cards, winners, won, taken, declarer) -> last winner`: play
the last `n` tricks from `seat` (to lead), appending the cards played to `cards` and each
trick's winner to `winners`, counting tricks per seat in `won` and card points per team in
`taken` (`declarer`: the contract's, for the lead duties of `play.lead_mask`). (An append is
cheaper than packing a trick's cards in one int: CPython 3.11 specialises `list.append`, not
shifts and ors.)"""

_HEAD = """\
def play(hands, seat, rand, n, cards, winners, won, taken, declarer=0,
         SUIT=SUIT, POINTS=POINTS, BEATERS=BEATERS, ABOVE=ABOVE, LEAD=LEAD, ROLE=ROLE):
    push, win = cards.append, winners.append
    for trick in range(8 - n, 8):
        hand = hands[seat]
        m = %(lead)s
        k = int(rand() * m.bit_count())
        while k:
            m &= m - 1
            k -= 1
        best = (m & -m).bit_length() - 1
        hands[seat] = hand ^ (1 << best)
        push(best)
        led = best >> 3
        suit = SUIT[led]
        winner = seat
        value = POINTS[best]
"""
_FOLLOW = """\
        seat = (seat + %(step)d) & 3
        hand = hands[seat]
        legal = hand & suit
%(legal)s
        k = int(rand() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        card = (legal & -legal).bit_length() - 1
        hands[seat] = hand ^ (1 << card)
        push(card)
        value += POINTS[card]
        if BEATERS[best] >> card & 1:
            best = card
            winner = seat
"""
_TAIL = """\
        win(winner)
        won[winner] += 1
        taken[winner & 1] += value
        seat = winner
    return seat
"""


def random_play(rules: CompiledRules, d: int) -> RandomPlay:
    """The specialised random player of `rules` at denomination `d` (built once, cached in
    a list by denomination: a string key and an index are cheaper than a tuple key)."""
    plays: list[RandomPlay | None] | None = rules.cache.get("random_play")
    if plays is None:
        plays = rules.cache["random_play"] = [None] * 6
    fn = plays[d]
    if fn is None:
        fn = plays[d] = _build(rules, d)
    return fn


def source(rules: CompiledRules, d: int) -> str:
    """The generated source of `random_play(rules, d)` (for reading and for tests)."""
    follow = _FOLLOW % {"step": rules.step, "legal": "\n".join(_legal_lines(rules, d))}
    # The lead: `play.lead_mask` with the context looked up (trick, role of the seat on lead).
    lead = "hand" if rules.lead_free else "hand & LEAD[trick][ROLE[(seat - declarer) & 3]] or hand"
    return _HEAD % {"lead": lead} + follow * 3 + _TAIL  # the three players after the leader


def _build(rules: CompiledRules, d: int) -> RandomPlay:
    scope: dict[str, Any] = {"SUIT": SUIT_MASKS, "POINTS": tuple(rules.points[d]),
                             "BEATERS": tuple(rules.beaters[d]), "ABOVE": tuple(rules.above[d]),
                             "LEAD": rules.lead_duty[d], "ROLE": tuple(map(int, ROLE_BY_OFFSET))}
    code = compile(source(rules, d), f"<random play, denomination {d}>", "exec")
    exec(code, scope)  # noqa: S102 - trusted templates above, ints and bools only
    return scope["play"]  # type: ignore[no-any-return]


def _indent(lines: list[str], depth: int) -> list[str]:
    return [" " * (4 * depth) + line for line in lines]


def _legal_lines(r: CompiledRules, d: int) -> list[str]:
    """Lines that turn `legal` (the cards of the led suit held) into the legal cards."""
    follow = _follow_lines(r, d)
    if d >= NO_TRUMP:  # nobody ruffs: a void player may play anything
        lines = (["if legal:"] + _indent(follow, 1) + ["else:", "    legal = hand"]
                 if follow else ["if not legal:", "    legal = hand"])
        return _indent(lines, 2)
    trumps = SUIT_MASKS[d]
    lines = ["if not legal:", f"    trumps = hand & {trumps}",
             "    if not trumps:", "        legal = hand", "    else:"]
    lines += _indent(_void_lines(r, d), 2)
    if follow:
        lines += [f"elif led == {d}:"] + _indent(follow, 1)
    return _indent(lines, 2)


def _beat_lines(when: str) -> list[str]:
    """Go higher than the best card when able, `when` (a condition, or "" for always)."""
    beat = "legal = (legal & ABOVE[best]) or legal"
    return [beat] if not when else [f"if {when}:", "    " + beat]


def _follow_lines(r: CompiledRules, d: int) -> list[str]:
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
        return _beat_lines("winner == seat ^ 2" if partner else "winner != seat ^ 2")
    return []


def _void_lines(r: CompiledRules, d: int) -> list[str]:
    """`play._void_with_trumps` at a suit contract `d`, with the flags folded in."""
    lines = [f"higher = trumps & ABOVE[best] if best >> 3 == {d} else 0"]
    if r.partner_master_free:
        free = "legal = (hand ^ trumps) | higher if higher else hand" \
            if r.overtrump_partner else "legal = hand"
        lines += ["if winner == seat ^ 2:", "    " + free, "else:"]
        lines += _indent(_duty_lines(r, d, partner_possible=False), 1)
    else:
        lines += _duty_lines(r, d, partner_possible=True)
    return lines


def _duty_lines(r: CompiledRules, d: int, partner_possible: bool) -> list[str]:
    """The void player's duty when the partner's lead does not free them."""
    if partner_possible and r.overtrump_partner != r.must_overtrump:
        duty = "winner == seat ^ 2" if r.overtrump_partner else "winner != seat ^ 2"
        lines = [f"allowed = higher if higher and {duty} else trumps"]
    elif r.must_overtrump:
        lines = ["allowed = higher or trumps"]
    else:
        lines = ["allowed = trumps"]
    if not r.must_trump:
        return lines + ["legal = (hand ^ trumps) | allowed"]
    if r.undertrump_required:
        return lines + ["legal = allowed"]
    partner = " and winner != seat ^ 2" if partner_possible else ""
    return lines + [f"legal = hand if best >> 3 == {d} and not higher{partner} else allowed"]

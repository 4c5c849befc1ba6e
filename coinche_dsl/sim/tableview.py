"""What `coinche play` shows: hands in the contract's order, tricks, score lines, the sheet,
and the rules of a phase in words. Plain strings with Rich markup; no game logic here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import SEATS, SUIT_MASKS, SUIT_SYMBOLS, card_name, cards_of
from ..engine.facts import DENOMINATION_WORDS
from ..text_safety import for_rich

RED_SUITS = (1, 2)
"""Diamonds and hearts print red."""


def card_text(card: int, mark: bool = True) -> str:
    """`10♥`-style text of a card code (`10H`) with colour markup."""
    name = card_name(card)
    colour = "red" if card >> 3 in RED_SUITS else "default"
    return f"[{colour}]{name}[/]" if mark else name


def ordered(hand: int, strength: list[int], trump: int | None) -> list[list[int]]:
    """The hand by suit (the trump suit first), each suit strongest first."""
    suits = [s for s in range(4) if hand & SUIT_MASKS[s]]
    suits.sort(key=lambda s: (s != trump, s))
    return [sorted(cards_of(hand & SUIT_MASKS[s]), key=lambda c: -strength[c]) for s in suits]


def hand_line(rules: Any, hand: int, denomination: int | None, legal: int = -1,
              name: Callable[[int], str] = card_name) -> str:
    """One line: the hand by suit; with `legal`, the playable cards bold and the others dim;
    each card's `name` (`10H`; the table's words give « V♥ »)."""
    if denomination is None:
        # No contract yet: each suit in its plain order (a suit is plain at another's contract).
        strength = [rules.strength[((c >> 3) + 1) % 4][c] for c in range(32)]
        trump = None
    else:
        strength, trump = rules.strength[denomination], denomination
    groups = []
    for cards in ordered(hand, strength, trump if trump is not None and trump < 4 else None):
        shown = [_marked(c, legal, name) for c in cards]
        groups.append(f"{SUIT_SYMBOLS[cards[0] >> 3]} " + " ".join(shown))
    return "   ".join(groups)


def _marked(card: int, legal: int, name: Callable[[int], str] = card_name) -> str:
    colour = "red" if card >> 3 in RED_SUITS else "default"
    if legal < 0:
        return f"[{colour}]{name(card)}[/]"
    if legal >> card & 1:
        return f"[bold][{colour}]{name(card)}[/][/]"
    return f"[dim]({name(card)})[/]"


def trick_line(number: int, trick: Any, points_word: str = "points") -> str:
    """`Trick 3: W 7C, N 8C, E AC, S 10C → E takes 21 points`."""
    cards = ", ".join(f"{SEATS[s]} {card_text(c)}" for s, c in trick.cards)
    return f"Trick {number}: {cards} → [bold]{SEATS[trick.winner]}[/] takes {trick.points} " \
           f"{points_word}"


def contract_text(contract: Any) -> str:
    """`120 spades by E, coinched`, as a player says it."""
    if contract is None:
        return "none"
    doubled = {1: ", coinched", 2: ", surcoinched"}.get(contract.double, "")
    return (f"{contract.bid} {DENOMINATION_WORDS[contract.denomination]} by "
            f"{SEATS[contract.declarer]}{doubled}")


def score_table(result: Any) -> Any:
    """The deal's score breakdown: one row per line, with the rule it comes from."""
    from rich.table import Table

    table = Table("team", "points", "for", "rule", title_justify="left",
                  title="Made" if result.made else "Failed")
    for line in result.lines:
        table.add_row(line.team, str(line.points), for_rich(line.label), for_rich(line.rule))
    table.add_row("[bold]NS[/]", f"[bold]{result.scores['NS']}[/]", "this deal", "")
    table.add_row("[bold]EW[/]", f"[bold]{result.scores['EW']}[/]", "this deal", "")
    return table


def sheet_table(sheet: list[Any], target: int) -> Any:
    """The running score sheet: each deal, its points and the totals."""
    from rich.table import Table

    table = Table("#", "dealer", "contract", "NS", "EW", "total NS", "total EW", "note",
                  title=f"Score sheet (game to {target})", title_justify="left")
    for i, line in enumerate(sheet, 1):
        made = "" if line.made is None else (" made" if line.made else " failed")
        table.add_row(str(i), SEATS[line.dealer], (line.contract or "-") + made,
                      str(line.points["NS"]), str(line.points["EW"]),
                      str(line.totals["NS"]), str(line.totals["EW"]), line.note)
    return table


PHASE_BLOCKS = {"auction": ("auction",), "play": ("play", "cards"),
                "over": ("scoring", "game")}


_SUIT_CONTRACTS = frozenset(range(4))
MODE_ONLY = {
    ("cards", "trump"): _SUIT_CONTRACTS, ("cards", "plain"): _SUIT_CONTRACTS,
    ("cards", "no_trump"): {4}, ("cards", "all_trump"): {5},
    ("cards", "no_trump_scale"): {4}, ("cards", "all_trump_scale"): {5},
    ("cards", "scale_before_success"): {4, 5},
    ("play", "no_trump_beat"): {4}, ("play", "all_trump_beat"): {5},
    **{("play", name): _SUIT_CONTRACTS for name in (
        "must_trump", "must_overtrump", "undertrump", "partner_master_free", "overtrump_partner",
        "trump_lead_beat_partner")},  # the engine's trumping duties hold at a trump suit only
}
"""Rules that apply at some denominations only (0-3 a trump suit, 4 no-trump, 5 all-trump):
during play, `?` shows those of the contract's denomination, not all four card tables."""


def rule_paths_now(ruleset: Any, phase: str, denomination: int | None = None) -> list[Any]:
    """The rules that matter now: those of the phase's blocks that can come up under these
    rules (`is_relevant`, as the sheet chooses them), with a contract's `denomination` only
    those of its mode."""
    from ..model.relevance import is_relevant, rule_paths

    blocks = PHASE_BLOCKS.get(phase, ("auction",))
    out = []
    for path in rule_paths():
        if path[0] not in blocks or not is_relevant(ruleset, path):
            continue
        modes = MODE_ONLY.get((path[0], path[1]))
        if denomination is not None and modes is not None and denomination not in modes:
            continue
        out.append(path)
    return out


def rule_lines(ruleset: Any, phase: str, denomination: int | None = None,
               lang: str | None = None) -> list[str]:
    """The rules that matter now (`rule_paths_now`), one sentence each in the sheet's own
    words and in `lang` (default: the variant's language), with where each is written.
    Escaped for Rich."""
    from ..render.describe import describe
    from ..render.i18n import terms_of, translator

    lang = lang or ruleset.language
    tr = translator(lang, terms_of(ruleset, lang))  # the variant's own words (« contre »)
    lines = []
    for path in rule_paths_now(ruleset, phase, denomination):
        try:
            sentence = describe(ruleset, path, tr)
        except TypeError:  # a scoring formula per side: the sheet words it as a whole
            continue
        where = ruleset.where(*path)
        lines.append(for_rich(sentence) + (f" [dim]({for_rich(where)})[/]" if where else ""))
    return lines


def denomination_word(d: int) -> str:
    return DENOMINATION_WORDS[d]

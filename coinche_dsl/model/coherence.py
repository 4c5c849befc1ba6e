"""Settings that can never apply, or that contradict another: the warnings of `coinche check`.

A valid variant can still say something that never happens: a belote rule at no-trump where
no-trump cannot be bid, a raise of one's own bid where the auction always ends before the
bidder speaks again. Each `Clash` names the setting that says it and the settings that make it
moot, so that the warning can point at both places and say what to change. The "cannot
apply" rules are `relevance.RELEVANT`'s, read the other way round: the sheet prints no
sentence for such a setting, and `check` tells its author why.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Params, args
from .enums import AfterCoinche, CapotRank, FirstLead, RaiseOwn, Reentry
from .relevance import DEPENDS, Path, has_coinche, is_relevant, rule_paths, value_at
from .ruleset import Ruleset


@dataclass(frozen=True)
class Clash:
    """A setting (`path`) that `others` make moot or contradict."""

    path: Path
    others: tuple[Path, ...]
    message: str
    hint: str
    anchors: tuple[Path, ...] = ()
    """Besides `path`, the settings whose writing makes the clash the file's own (a moot
    setting is its writer's alone: a base's belote rule at all-trump is no concern of a file
    that only drops all-trump)."""
    code: str = ""
    """The sentence's key in the problem catalogs (see `errors.Diagnostic.code`)."""
    hint_code: str = ""
    params: Params = ()


def clashes(rs: Ruleset) -> list[Clash]:
    """Every setting of `rs` that can never apply, or that another contradicts."""
    return [*_moot(rs), *_raise_own(rs), *_capot_rank(rs), *_generale_lead(rs)]


SWITCHES: tuple[Path, ...] = (("auction", "generale"), ("auction", "capot"),
                              ("announcements", "enabled"), ("belote", "enabled"))
"""Settings that turn a feature off: saying `no` to one is never moot."""


def _moot(rs: Ruleset) -> list[Clash]:
    """Settings that can never apply, when they say something other than the default (a
    complete base such as ffb states every default, moot or not, for its extenders)."""
    out = []
    for path in rule_paths():
        if path in SWITCHES or is_relevant(rs, path) or _is_default(rs, path) or (
                _is_required(rs, path)):  # a complete file must write it, moot or not
            continue
        others = DEPENDS.get(path[:2], ()) or ((path[0], "enabled"),)
        names = " and ".join(".".join(o) for o in others)
        verb = "leaves" if len(others) == 1 else "leave"
        out.append(Clash(path, others, f"{'.'.join(path)} can never apply: {names} {verb} "
                         "no deal where it would", f"remove it, or change {names}",
                         code="clash.moot", hint_code="hint.remove_or_change",
                         params=args(setting=str(path[-1]), block=".".join(path[:-1]),
                                     names=[str(o[-1]) for o in others])))
    return out


def _is_required(rs: Ruleset, path: Path) -> bool:
    field = getattr(type(value_at(rs, path[:-1])), "model_fields", {}).get(path[-1])
    return field is not None and field.is_required()


def _is_default(rs: Ruleset, path: Path) -> bool:
    block = value_at(rs, path[:-1])
    field = getattr(type(block), "model_fields", {}).get(path[-1])
    if field is None or field.is_required():
        return False
    return bool(value_at(rs, path) == field.get_default(call_default_factory=True))


def _raise_own(rs: Ruleset) -> list[Clash]:
    """Raising one's own bid needs the bidder to speak again while their bid is the highest:
    with three passes ending the auction, the other three pass and it ends (or one of them
    bids, and the highest bid is no longer the bidder's), unless bidding goes on over a
    coinche (the partner and the coinche's other side pass: the bidder speaks again)."""
    a = rs.auction
    if a.raise_own not in (RaiseOwn.ALLOWED, RaiseOwn.WITH_SUIT_CHANGE) or (
            a.reentry == Reentry.SPEAK_ONCE):  # (moot too, and said by relevance)
        return []
    if a.end_passes == 4 or (has_coinche(rs)
                             and a.after_coinche == AfterCoinche.BIDDING_CONTINUES):
        return []
    return [Clash(("auction", "raise_own"), (("auction", "end_passes"),),
                  f"raise_own {RaiseOwn(a.raise_own).value} can never apply: with end_passes 3 the "
                  "auction ends when the other three pass after a bid, so a bidder never "
                  "speaks again over their own bid",
                  "write end_passes 4 (the bidder then speaks once more), or raise_own "
                  "after_other_bid", (("auction", "end_passes"),), code="clash.raise_own",
                  hint_code="hint.raise_own", params=args(value=RaiseOwn(a.raise_own).value))]


def _generale_lead(rs: Ruleset) -> list[Clash]:
    if rs.table.first_lead != FirstLead.GENERALE_BIDDER or rs.auction.generale:
        return []
    return [Clash(("table", "first_lead"), (("auction", "generale"),),
                  "first_lead generale_bidder can never apply: générale cannot be bid, so "
                  "the player after the dealer always leads",
                  "write first_lead after_dealer, or generale yes",
                  code="clash.generale_lead", hint_code="hint.generale_lead")]


def _capot_rank(rs: Ruleset) -> list[Clash]:
    a = rs.auction
    if not a.capot or a.capot_rank != CapotRank.ABOVE_NUMBERS or a.maximum_bid is None or (
            a.maximum_bid <= a.capot_value):
        return []
    return [Clash(("auction", "capot_value"), (("auction", "maximum_bid"),
                                               ("auction", "capot_rank")),
                  f"capot is worth {a.capot_value} yet outranks numeric bids up to "
                  f"{a.maximum_bid}: a {a.maximum_bid} bid is worth more and loses to it",
                  "write capot_rank at_value (capot ranks at its value), or raise "
                  "capot_value, or lower maximum_bid",
                  (("auction", "maximum_bid"), ("auction", "capot_rank")),
                  code="clash.capot_rank", hint_code="hint.capot_rank",
                  params=args(capot=a.capot_value, maximum=a.maximum_bid))]

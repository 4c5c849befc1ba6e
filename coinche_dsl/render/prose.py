"""Scoring formulas as a rulebook writes them: sentences read off the formula's structure.

A formula is a sum of named quantities, a case on the contract (coinched, a capot…), a
multiplier on a part or on the whole. Each shape has one idiom per language, all in the
catalogs (`say.*` for the quantities, `is.*` for the conditions, `case.*`, `mult.*`, `verb.*`
for the sentence patterns), so that a native reader can fix a sentence in one place:

- a case split (`if doubled then A else B`) is one sentence per case: « Si le contrat est
  coinché ou surcoinché, les preneurs marquent A. Dans les autres cas, … »;
- a sum is its terms joined: « leur total plus le contrat »;
- a term chosen by a condition is said with it: `if capot(declarers) then 250 else 160` is
  « 160 (250 s'ils font capot) », `if capot(declarers) then X else 0` is « plus X s'ils font
  capot »;
- a multiplier on a sum is « le tout doublé (quadruplé s'il est surcoinché) », on one term
  « deux fois le contrat »;
- a comparison is a verb: `total(declarers) >= contract and total(declarers) >
  total(defenders)` is « le total des preneurs atteint le contrat et dépasse celui de la
  défense ».

Nothing here knows a variant: only the formula's shape, and the factors the auction rules
set. What no idiom covers is said as plain arithmetic with its terms named (`words`), whose
`if` the catalogs also write without « alors ».
"""

from __future__ import annotations

import re

from ..model import QUANTITIES, Expr, Ruleset
from ..model.enums import WhoScores
from ..model.relevance import has_surcoinche
from .fields import constants, prune
from .i18n import Translator

CMP_NAMES = {">=": "ge", ">": "gt", "<": "lt", "<=": "le", "==": "eq", "!=": "ne"}
SIDES = ("declarers", "defenders")


def _num(n: int) -> Expr:
    return Expr(op="num", value=n)


def simplify(e: Expr) -> Expr:
    """`e` without what changes nothing for a reader: `x + 0`, `x * 1`, an `if` whose two
    branches are the same."""
    args = [simplify(a) for a in e.args]
    if e.op == "if" and args[1] == args[2]:
        return args[1]
    if e.op == "+":
        kept = [a for a in args if not (a.op == "num" and a.value == 0)]
        if len(kept) < 2:
            return kept[0] if kept else _num(0)
    if e.op == "-" and args[1].op == "num" and args[1].value == 0:
        return args[0]
    if e.op == "*":
        if any(a.op == "num" and a.value == 0 for a in args):
            return _num(0)
        kept = [a for a in args if not (a.op == "num" and a.value == 1)]
        if len(kept) < 2:
            return kept[0] if kept else _num(1)
    return e.model_copy(update={"args": args}) if args else e


def terms(e: Expr) -> list[tuple[int, Expr]]:
    """The terms of a sum with their signs (a sum in brackets is one sum to a reader too)."""
    if e.op in ("+", "-"):
        right = terms(e.args[1])
        return terms(e.args[0]) + (right if e.op == "+" else [(-s, t) for s, t in right])
    if e.op == "neg":
        return [(-s, t) for s, t in terms(e.args[0])]
    return [(1, e)]


def _multiplied(e: Expr) -> Expr | None:
    """What `e` multiplies by the coinche multiplier, if `e` is such a product."""
    if e.op != "*":
        return None
    for i, a in enumerate(e.args):
        if a.op == "qty" and a.name == "multiplier":
            return e.args[1 - i]
    return None


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


class Prose:
    """The idioms of one language for the formulas of one Ruleset."""

    def __init__(self, rs: Ruleset, tr: Translator):
        self.rs, self.tr = rs, tr
        self.coinche = rs.auction.coinche_factor
        self.surcoinche = rs.auction.surcoinche_factor if has_surcoinche(rs) else None
        plural = tr("say.plural") if self._has("say.plural") else ""
        self.plural = set(plural.split())

    def _has(self, key: str) -> bool:
        """Whether this language's catalog writes `key` (an optional idiom: another
        language's must not stand in for it); an empty message is an idiom it does without."""
        return bool(self.tr.messages.get(key))

    # -- quantities -----------------------------------------------------------------------
    def say(self, e: Expr, own: str | None, again: bool = False) -> str:
        """A quantity as a noun phrase: `belote(declarers)` is « leur belote » in a sentence
        whose subject is the declarers (`own`), else « la belote des preneurs »."""
        tr, name, side = self.tr, e.name or "", e.side
        if side is None:
            return tr(f"say.{name}")
        keys = ([f"say.{name}.{side}.own"] if side == own else []) + (
            [f"say.{name}.{side}.again"] if again else []) + [f"say.{name}.{side}"]
        if side == "both" and name == "announcements" and \
                self.rs.announcements.who_scores == WhoScores.BEST_SIDE:
            keys.insert(0, "say.announcements.both.best")  # one side's only ever count
        return tr(next((k for k in keys if self._has(k)), keys[-1]))

    def is_plural(self, e: Expr) -> bool:
        return e.op in ("+", "-") or (e.op == "qty" and (e.name in self.plural
                                                         or e.side == "both"))

    # -- conditions -----------------------------------------------------------------------
    def state(self, e: Expr, own: str | None) -> str:
        """A condition as a clause (« le contrat est coinché ou surcoinché »)."""
        tr = self.tr
        if e.op == "qty":
            base = f"is.{e.name}" + (f".{e.side}" if e.side else "")
            if e.name == "doubled" and not self.surcoinche:
                base = "is.doubled.single"
            key = base + ".own" if e.side and e.side == own and self._has(base + ".own") else base
            return tr(key)
        if e.op == "not" and e.args[0].op == "qty":
            inner = e.args[0]
            base = f"is.{inner.name}" + (f".{inner.side}" if inner.side else "")
            if inner.name == "doubled" and not self.surcoinche:
                base = "is.doubled.single"
            own_key = base + ".own.not"
            return tr(own_key if inner.side == own and self._has(own_key) else base + ".not")
        if e.op in ("and", "or"):
            return tr(f"is.{e.op}", a=self.state(e.args[0], own), b=self.state(e.args[1], own))
        if e.op in CMP_NAMES:
            return self.comparison(e, own)
        return self.arithmetic(e)

    def when(self, e: Expr, own: str | None) -> str:
        """A condition as a `si` clause, each branch of an `or` / `and` with its own `si`
        (« si le contrat est coinché ou si les preneurs font capot »)."""
        if e.op in ("and", "or"):
            a, b = e.args
            # « se o contrato for um capote ou uma générale »: a language may say two
            # states of one subject once (`is.bid_capot.or.bid_generale`)
            joint = f"is.{a.name}.{e.op}.{b.name}" if a.op == b.op == "qty" else ""
            if joint and not a.side and not b.side and self._has(joint):
                return self.elide(self.tr("when", x=self.tr(joint)))
            return self.tr(f"is.{e.op}", a=self.when(a, own), b=self.when(b, own))
        return self.elide(self.tr("when", x=self.state(e, own)))

    def elide(self, text: str) -> str:
        """French `si il(s)` is `s'il(s)`."""
        if self.tr.lang == "fr":
            return re.sub(r"\b([Ss])i (ils?)\b", r"\1’\2", text)
        return text

    def comparison(self, e: Expr, own: str | None, subject: bool = True) -> str:
        """`a >= b` as « a atteint b »; with `subject` false, the verb phrase alone (for a
        second comparison of the same subject)."""
        left, right = e.args
        again = (left.op == right.op == "qty" and left.name == right.name
                 and left.side != right.side)
        verb = f"verb.{CMP_NAMES[e.op]}" + (".pl" if self.is_plural(left) else "")
        b = self.say(right, own, again=True) if again else self.amount(right, own, None)
        said = self.tr(verb, b=b)
        if not subject and self._has(f"{verb}.second"):
            # an idiom for the second verb of one subject, its object after it (« alcanza el
            # contrato y es igual o mayor que el de la defensa », not « … y alcanza el de … »)
            said = f"{self.tr(f'{verb}.second')} {b}"
        return f"{self.noun(left, own)} {said}" if subject else said

    def noun(self, e: Expr, own: str | None) -> str:
        """A sum as the subject of a comparison: « les points, les annonces et la belote des
        preneurs » when its terms are one side's."""
        parts = terms(e)
        if len(parts) > 1 and all(s > 0 and t.op == "qty" for s, t in parts):
            sides = {t.side for _, t in parts}
            if len(sides) == 1 and None not in sides and own not in sides:
                side = sides.pop()
                bare = [self.tr(f"say.{t.name}") for _, t in parts]
                return self.tr("say.of", what=self.tr.join(bare), side=self.tr(f"of.{side}"))
            return self.tr.join([self.say(t, own) for _, t in parts])
        return self.amount(e, own, None)

    def truth(self, e: Expr, own: str | None) -> str:
        """A success test as a clause, a repeated subject said once (« leur total atteint le
        contrat et dépasse celui de la défense »)."""
        if e.op == "and" and all(a.op in CMP_NAMES for a in e.args) and (
                e.args[0].args[0] == e.args[1].args[0]):
            first = self.comparison(e.args[0], own)
            return self.tr("is.and.same", a=first, b=self.comparison(e.args[1], own, False))
        if e.op == "and" and own is None and all(a.op in CMP_NAMES for a in e.args):
            side = self._one_side(e.args[0].args[0])
            if side is not None and side == self._one_side(e.args[1].args[0]):
                # the side named once: « les points des preneurs atteignent 82 et leurs
                # points, leurs annonces et leur belote atteignent le contrat »
                return self.tr("is.and", a=self.comparison(e.args[0], None),
                               b=self.comparison(e.args[1], side))
        if e.op in ("and", "or"):
            return self.tr(f"is.{e.op}", a=self.truth(e.args[0], own),
                           b=self.truth(e.args[1], own))
        return self.state(e, own)

    @staticmethod
    def _one_side(e: Expr) -> str | None:
        """The side of a quantity or sum of quantities that are all one side's (declarers or
        defenders), else None."""
        parts = terms(e)
        sides = {t.side for s, t in parts if s > 0 and t.op == "qty"}
        if len(sides) == 1 and len(parts) == sum(1 for s, t in parts if s > 0 and t.op == "qty"):
            side = sides.pop()
            return side if side in ("declarers", "defenders") else None
        return None

    # -- amounts --------------------------------------------------------------------------
    def factor(self, n: int, times: bool = False, again: bool = False) -> str:
        """« doublé » (or « deux fois » with `times`): a factor in words where the language
        has one, else « multiplié par 6 »; with `again`, the second factor of a pair, which a
        language may shorten (« multiplicado por 2 (por 4 …) »)."""
        kind = "times" if times else "factor.second" if again else "factor"
        key = f"{kind}.{n}"
        return self.tr(key if self._has(key) else kind, n=n)

    def times(self, x: str, whole: bool, doubled: bool | None) -> str:
        """`x` times the coinche multiplier: known to be coinched or surcoinched
        (`doubled`), or either or neither."""
        c = self.factor(self.coinche, times=not whole)
        s = self.factor(self.surcoinche, times=not whole, again=True) if self.surcoinche else ""
        kind = "all" if whole else "term"
        key = f"mult.{kind}" + (".known" if doubled else "") + (".sur" if s else "")
        return self.tr(key, x=x, c=c, s=s)

    def term(self, e: Expr, own: str | None, doubled: bool | None) -> str:
        """One term of a score as a noun phrase."""
        tr = self.tr
        if e.op == "num":
            return tr.num(e.value or 0)
        if e.op == "qty":
            return self.say(e, own)
        base = _multiplied(e)
        if base is not None:
            if base.op in ("+", "-"):
                return self.times(self.amount(base, own, doubled), True, doubled)
            return self.times(self.term(base, own, doubled), False, doubled)
        if e.op == "*" and "num" in (e.args[0].op, e.args[1].op):
            n, other = (e.args[0], e.args[1]) if e.args[0].op == "num" else (e.args[1], e.args[0])
            if other.op in ("+", "-"):
                return tr("mult.all.known", x=self.amount(other, own, doubled),
                          c=self.factor(n.value or 0))
            return tr("mult.n", n=self.factor(n.value or 0, times=True),
                      x=self.term(other, own, doubled))
        if e.op == "if":
            cond, then, other = e.args
            if other.op == "num" and other.value == 0:
                return tr("cond.term", x=self.term(then, own, doubled),
                          when=self.when(cond, own))
            return tr("cond.either", x=self.term(other, own, doubled),
                      y=self.term(then, own, doubled), when=self.when(cond, own))
        if e.op in ("+", "-", "neg"):
            return self.amount(e, own, doubled)
        return self.arithmetic(e)

    def amount(self, e: Expr, own: str | None, doubled: bool | None) -> str:
        """A score as the terms it adds: « 160 plus les annonces des deux camps, leur belote
        et le contrat », a term that a condition adds after the rest."""
        parts = terms(e)
        plain = [(s, t) for s, t in parts if not self._conditional(t)]
        extra = [(s, t) for s, t in parts if self._conditional(t)]
        if not plain:
            plain, extra = extra[:1], extra[1:]
        first_sign, first = plain[0]
        text = self.term(first, own, doubled)
        if first_sign < 0:
            text = self.tr("sum.minus.first", x=text)
        added = [self.term(t, own, doubled) for s, t in plain[1:] if s > 0]
        taken = [self.term(t, own, doubled) for s, t in plain[1:] if s < 0]
        whole = _multiplied(first)
        if added and whole is not None and whole.op in ("+", "-"):
            # « 162 plus le contrat, le tout doublé » is said first: what is added after it
            # is not multiplied, and must not read as if it were
            text = self.tr("sum.then", a=text, b=self.tr.join(added))
        elif added:
            text = self.tr("sum.plus", a=text, b=self.tr.join(added))
        if taken:
            text = self.tr("sum.minus", a=text, b=self.tr.join(taken))
        for s, t in extra:
            text = self.tr("sum.plus.cond" if s > 0 else "sum.minus",
                           a=text, b=self.term(t, own, doubled))
        return text

    @staticmethod
    def _conditional(e: Expr) -> bool:
        return e.op == "if" and e.args[2].op == "num" and e.args[2].value == 0

    def clause(self, e: Expr, side: str, doubled: bool | None) -> str:
        """What `side` scores, as a clause: « les preneurs marquent … », « la défense ne
        garde que sa belote », « les preneurs ne marquent rien »."""
        tr = self.tr
        if e.op == "num" and not e.value:
            return tr(f"score.{side}.nothing")
        if e.op == "qty" and e.name == "belote":
            return tr(f"score.{side}.only", x=self.say(e, side))
        return tr(f"score.{side}", x=self.amount(e, side, doubled))

    # -- sentences ------------------------------------------------------------------------
    def score(self, expr: Expr, side: str) -> list[str]:
        """The score of `side` under a formula: one sentence per case."""
        fixed = constants(self.rs)
        out, cases = [], _chain(simplify(prune(expr, fixed)))
        for i, (cond, value) in enumerate(cases):
            doubled = _known_doubled(cond, [c for c, _ in cases[:i]])
            if doubled is False:
                value = simplify(prune(value, {**fixed, "doubled": False, "multiplier": 1}))
            elif doubled is True:
                value = simplify(prune(value, {**fixed, "doubled": True}))
            said = self.clause(value, side, doubled)
            if cond is None:
                key = "case.only" if len(cases) == 1 else "case.rest"
                out.append(self.tr(key, clause=said))
            else:
                # a language may say the second case apart (« Fora desse caso » before
                # « Fora dos casos anteriores »)
                second = i == 1 and self._has("case.second")
                key = "case.first" if i == 0 else "case.second" if second else "case.next"
                # « se fizerem as oito vazas, os contratantes marcam … »: a language whose
                # subject may come after its condition says the scoring side once
                own = side if self._has("case.when.own") else None
                out.append(self.tr(key, when=self.when(cond, own), clause=said))
        return [_capitalized(self.elide(s)) for s in out]

    def success(self, expr: Expr) -> list[str]:
        """When the contract is made: one sentence per kind of contract."""
        cases = _chain(simplify(prune(expr, constants(self.rs))))
        out = []
        for cond, value in cases:
            x = self.truth(value, None)
            if cond is None:
                out.append(self.tr("succ.only" if len(cases) == 1 else "succ.rest", x=x))
            elif cond.op == "qty" and self._has(f"succ.{cond.name}"):
                out.append(self.tr(f"succ.{cond.name}", x=x))
            else:
                out.append(self.tr("succ.when", when=self.when(cond, None), x=x))
        said = [_capitalized(self.elide(s)) for s in out]
        # two cases that read alike (a générale tested twice in a chain) are said once
        return [s for i, s in enumerate(said) if s not in said[:i]]

    def label(self, node: Expr, multiplier: int | None = None) -> str:
        """A score line's term in words, for the table of an example whose contract has
        `multiplier` (1, the coinche's or the surcoinche's factor): « 160 plus le contrat, le
        tout doublé »."""
        fixed = constants(self.rs)
        if multiplier is not None:
            fixed = {**fixed, "doubled": multiplier > 1, "multiplier": multiplier}
        return self.elide(self.amount(simplify(prune(node, fixed)), None, None))

    def arithmetic(self, e: Expr) -> str:
        """What no idiom covers: plain arithmetic with its terms named."""
        from .formula import words

        return words(e, self.tr)


def _chain(e: Expr) -> list[tuple[Expr | None, Expr]]:
    """An `if … else if … else` chain as (condition, value) cases; the last has none."""
    out: list[tuple[Expr | None, Expr]] = []
    while e.op == "if":
        out.append((e.args[0], e.args[1]))
        e = e.args[2]
    return [*out, (None, e)]


def _known_doubled(cond: Expr | None, before: list[Expr | None]) -> bool | None:
    """Whether a case of a chain is known coinched (its condition is `doubled`), known not
    (an earlier case took every coinched contract), or either."""
    if cond is not None and cond.op == "qty" and cond.name == "doubled":
        return True
    if any(c is not None and _covers_doubled(c) for c in before):
        return False
    return None


def _covers_doubled(c: Expr) -> bool:
    """Every coinched contract meets `c` (`doubled`, or `doubled or …`)."""
    if c.op == "qty":
        return c.name == "doubled"
    return c.op == "or" and any(_covers_doubled(a) for a in c.args)


def score_sentences(rs: Ruleset, expr: Expr, side: str, tr: Translator) -> list[str]:
    """What `side` scores under `expr`, in sentences of `tr`'s language."""
    return Prose(rs, tr).score(expr, side)


def success_sentences(rs: Ruleset, expr: Expr, tr: Translator) -> list[str]:
    """When a contract is made under `expr`, in sentences of `tr`'s language."""
    return Prose(rs, tr).success(expr)


__all__ = ["Prose", "QUANTITIES", "score_sentences", "simplify", "success_sentences", "terms"]

"""A deal's score computed afresh: a scorer generated once per plan and denomination.

`scoring.kept_score` keeps scores by `score_key`; a key met for the first time is scored by
`Plan.fresh[denomination](key)`, a Python function written here for the plan: what
`scoring._score_values` (the reference, kept readable, and what `score_deal` runs) does, with
the plan's settings decided once: the denomination's last trick, capot bonus and scaling,
rounding and the litige as integer arithmetic or left out, each quantity a local variable
computed only when a formula reads it, the formulas' `if`s as `if` statements and their
terms written out one by one (`formula.term_tree`: the same `Term`s as the reference's), each
with its own memo of lines by points, the declarers' team decided by one test. It returns the
same `DealScore` as the reference (`tests/test_fresh_score.py`) in about a quarter of the time
(`benchmarks/bench_scoring.py`: 0.6-0.9 µs a key, against 2.5-3.6).

What reaches the generated text: this module's templates, ints of the plan, the formulas as
`formula.python_source` writes them over local names (operators, names made here, ints), and
never a string of the variant file. When it cannot be compiled (a formula too long or too
deep), the reference scores the plan's deals.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING, Any

from ..cards import TEAMS
from ..model.enums import Rounding, ScaleKind
from .facts import ALL_TRUMP, NO_TRUMP, DealScore, ScoreLine, Term
from .formula import SLOTS, TermIf, TermTree, python_source, slot, term_node

if TYPE_CHECKING:
    from ..model.expr import Expr
    from .score_plan import Plan

Scorer = Callable[[tuple[Any, ...]], DealScore]

assert TEAMS == ("NS", "EW")  # the templates below write the scores' dict with these keys
_NAMES = tuple(f"q{i}" for i in range(len(SLOTS)))
"""Each quantity's local variable in the generated function, by context slot."""
_MAX_SOURCE = 200_000
"""A longer function is not compiled: the reference scores the plan's deals."""
_POINTS = frozenset(slot(name, side) for name in ("card_points", "last_trick", "points", "total")
                    for side in ("declarers", "defenders", "both"))
"""The quantities that change when points are scaled or rounded."""
_TOTALS = (slot("total", "declarers"), slot("total", "defenders"))
_CONTRACT, _BID_CAPOT, _BID_GENERALE = slot("contract"), slot("bid_capot"), slot("bid_generale")
"""What a litige compares (`Plan.litige_held`)."""
_INT_VALUED = frozenset(("card_points", "last_trick", "points", "announcements", "belote",
                         "total", "tricks", "contract", "multiplier"))
_ARITHMETIC = frozenset(("+", "-", "*", "neg", "num"))


def scorer(plan: Plan, den: int) -> Scorer:
    """The fresh scorer of `plan` at denomination `den` (generated on first use, kept in
    `plan.fresh`): a function of a `score_key` returning its `DealScore`."""
    fn = plan.fresh.get(den)
    if fn is None:
        fn = plan.fresh[den] = _generate(plan, den)
    return fn


def source(plan: Plan, den: int) -> str | None:
    """The text of the fresh scorer of `plan` at `den` (None when a formula cannot be written
    in Python), to read."""
    return _Source(plan, den, _Lines(plan)).function()


def _generate(plan: Plan, den: int) -> Scorer:
    from .scoring import _score_values, split_total

    lines = _Lines(plan)
    text = _Source(plan, den, lines).function()
    space: dict[str, Any] = {"__builtins__": {}, "NEW": object.__new__, "DealScore": DealScore,
                             "NO_CONTEXTS": ((), ()), "SPLIT": split_total, **lines.names}
    if text is not None and len(text) <= _MAX_SOURCE:
        try:
            exec(compile(text, "<fresh score>", "exec"), space)  # noqa: S102 - trusted text
        except (SyntaxError, RecursionError, MemoryError, ValueError):
            pass
        else:
            return space["fresh"]  # type: ignore[no-any-return]
    return partial(_score_values, plan)


class _Lines:
    """The score lines the generated function appends: one memo per term and team (lines
    by points), filled through `scoring._line` (shared with the reference path)."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.names: dict[str, Any] = {"LINE": self._new}
        self._index: dict[tuple[Term, int], int] = {}  # Terms hash by identity
        self._keys: list[tuple[str, Term]] = []
        self._memos: list[dict[int, ScoreLine]] = []

    def append(self, term: Term, team: int, points: str) -> str:
        """The statement appending the line of `term` for `team` (0 NS, 1 EW) scoring the
        points named `points` (an int's digits or a local variable)."""
        i = self._index.get((term, team))
        if i is None:
            i = self._index[(term, team)] = len(self._keys)
            self._keys.append((TEAMS[team], term))
            self._memos.append({})
            self.names[f"M{i}"] = self._memos[i]
        return f"append(M{i}.get({points}) or LINE({i}, {points}))"

    def _new(self, i: int, points: int) -> ScoreLine:
        from .scoring import _line

        team, term = self._keys[i]
        line = _line(self.plan, team, points, term)
        if self.plan.lines.get((team, points, term)) is line:  # kept there: keep it here
            self._memos[i][points] = line
        return line


def _names(d: int) -> list[str]:
    """Each quantity's name in the function's text when team `d` declares: a local variable
    of the key or of the points (`c0 c1 l0 l1`, declarers first) when it is one, else its
    own (`q9`)."""
    names = list(_NAMES)
    aliases = {("announcements", "declarers"): "a1" if d else "a0",
               ("announcements", "defenders"): "a0" if d else "a1",
               ("belote", "declarers"): "b0", ("belote", "defenders"): "b1",
               ("tricks", "declarers"): "ours", ("tricks", "defenders"): "theirs",
               ("generale", None): "generale",
               ("card_points", "declarers"): "c0", ("card_points", "defenders"): "c1",
               ("last_trick", "declarers"): "l0", ("last_trick", "defenders"): "l1"}
    for (name, side), alias in aliases.items():
        names[slot(name, side)] = alias
    return names


def _slots(e: Expr) -> set[int]:
    """The context slots of the quantities `e` reads."""
    if e.op == "qty":
        return {slot(e.name or "", e.side)}
    return set().union(*(_slots(a) for a in e.args))


def _tree_slots(tree: TermTree) -> set[int]:
    if isinstance(tree, TermIf):
        return _slots(tree.test) | _tree_slots(tree.then) | _tree_slots(tree.other)
    return set().union(*(_tree_slots(part) if isinstance(part, TermIf) else
                         _slots(term_node(part)) for _, part in tree.parts))


def _signed_source(e: Expr, sign: int, names: Sequence[str]) -> str | None:
    """`e` with its sign, always an int (`+` makes one of a bool, as the reference does)."""
    src = python_source(e, names)
    if src is None:
        return None
    if sign < 0:
        return f"-{src}"
    is_int = e.op in _ARITHMETIC or (e.op == "qty" and e.name in _INT_VALUED)
    return src if is_int else f"+{src}"


class _Source:
    """The text of the generated function (`function`) for a plan and a denomination."""

    def __init__(self, plan: Plan, den: int, lines: _Lines) -> None:
        self.plan, self.den, self.lines = plan, den, lines
        self.out: list[str] = []
        self.depth = 1
        self.failed = False
        self.names = list(_NAMES)
        p = plan
        self.last = p.last_trick[den]
        self.scale = p.scale[den]
        scaled = self.scale[0] != ScaleKind.NONE
        self.round_points = p.round_points and p.rounding != Rounding.NONE
        self.round_totals = not p.round_points and p.rounding != Rounding.NONE
        self.recompute = self.round_points or (scaled and not p.scale_before_success)
        self.success_slots = _slots(_success(p)) | (set(_TOTALS) if p.litige_held else set())
        self.formula_slots = set().union(*(_tree_slots(t) for t in p.trees.values()))

    def function(self) -> str | None:
        self.out.append("def fresh(v):")
        self.say("d, bid, _, double, ours, theirs, generale, cp0, cp1, lt_team, a0, a1, b0, b1"
                 " = v")
        self.say("lines = []")
        self.say("append = lines.append")
        with self.block("if d:"):
            self.body(1)
        self.body(0)
        return None if self.failed else "\n".join(self.out) + "\n"

    def say(self, text: str) -> None:
        self.out.append("    " * self.depth + text)

    @contextmanager
    def block(self, head: str) -> Iterator[None]:
        self.say(head)
        self.depth += 1
        start = len(self.out)
        yield
        if len(self.out) == start:
            self.say("pass")
        self.depth -= 1

    def body(self, d: int) -> None:
        """Everything for a deal whose declarers are team `d`, ending with its return."""
        self.names = _names(d)
        used = self.success_slots | self.formula_slots
        if _CONTRACT in used:  # the contract's value reads the two bid tests
            used |= {_BID_CAPOT, _BID_GENERALE}
        for i in sorted(used - _POINTS, key=lambda i: i == _CONTRACT):
            if self.names[i] == _NAMES[i]:
                self.say(f"{_NAMES[i]} = {self.quantity(i)}")
        self.points(d)
        self.say(f"made = True if {self.expr(_success(self.plan))} else False")
        if self.plan.litige_held:
            ours, theirs = (self.names[i] for i in _TOTALS)
            self.say(f"litige = {ours} == {theirs}")
            self.say(f"unrounded = {ours}")
        if self.recompute:
            self.rescale(d)
        self.outcomes(d)
        self.finish_scores(d)
        self.say("s = NEW(DealScore)")
        self.say("f = s.__dict__")
        self.say("f['made'] = made")
        self.say("f['scores'] = {'NS': " + ("sd, 'EW': sf}" if d == 0 else "sf, 'EW': sd}"))
        self.say("f['lines'] = lines")
        self.say("f['held'] = held")
        self.say("f['contexts'] = NO_CONTEXTS")
        self.say("return s")

    def expr(self, e: Expr) -> str:
        src = python_source(e, self.names)
        if src is None:
            self.failed = True
            return "0"
        return src

    def quantity(self, i: int) -> str:
        """The source of quantity slot `i`, neither a point nor a name of `_names`."""
        p = self.plan
        sources = {
            ("announcements", "both"): "a0 + a1", ("belote", "both"): "b0 + b1",
            ("tricks", "both"): "ours + theirs",
            ("capot", "declarers"): "ours == 8", ("capot", "defenders"): "theirs == 8",
            ("contract", None): f"{int(p.contract_values['capot'])} if {_NAMES[_BID_CAPOT]} else "
                                f"{int(p.contract_values['generale'])} if "
                                f"{_NAMES[_BID_GENERALE]} else bid",
            ("multiplier", None): f"({', '.join(str(int(m)) for m in p.multipliers)})[double]",
            ("doubled", None): "double > 0", ("bid_capot", None): "bid == 'capot'",
            ("bid_generale", None): "bid == 'generale'",
            ("no_trump", None): str(self.den == NO_TRUMP),
            ("all_trump", None): str(self.den == ALL_TRUMP)}
        return {slot(*q): text for q, text in sources.items()}[i]

    def points(self, d: int) -> None:
        """Card points and last trick per side (`c0 c1 l0 l1`, declarers first), and the
        point quantities the success formula reads (and the others', when they stay)."""
        self.say("c0, c1 = cp0, cp1" if d == 0 else "c0, c1 = cp1, cp0")
        last = int(self.last)
        self.say(f"l0, l1 = ({last}, 0) if lt_team == {d} else (0, {last})")
        if self.scale[0] != ScaleKind.NONE:
            if self.plan.scale_before_success:
                self.scale_points()
            else:  # the success formula reads them raw, the side formulas scaled
                self.say("r0, r1, n0, n1 = c0, c1, l0, l1")
        self.capot_extra()
        later = self.formula_slots if not self.recompute else set()
        self.point_quantities(self.success_slots | later, d)

    def rescale(self, d: int) -> None:
        """The points the side formulas read: scaled (when the success read them raw), then
        rounded (`scoring.round_what card_points`)."""
        if self.scale[0] != ScaleKind.NONE and not self.plan.scale_before_success:
            self.say("c0, c1, l0, l1 = r0, r1, n0, n1")
            self.scale_points()
            self.capot_extra()
        if self.round_points:
            self.say(f"t0 = {self.rounded('c0 + l0')}")
            self.say(f"t1 = {self.rounded('c1 + l1')}")
            self.say(f"c0, c1 = {self.rounded('c0')}, {self.rounded('c1')}")
            self.say("l0, l1 = t0 - c0, t1 - c1")
        self.point_quantities(self.formula_slots, d)

    def scale_points(self) -> None:
        """`scoring._points` for the denomination's scale, before the capot's extra."""
        kind, to = self.scale
        total = int(self.plan.deck_total[self.den])
        if kind == ScaleKind.CARDS:
            self.say(f"c0, c1 = SPLIT(c0, c1, {int(to)}, {total})")
        else:
            of = total + int(self.last)
            self.say(f"t0, t1 = SPLIT(c0 + l0, c1 + l1, {int(to)}, {of})")
            self.say(f"l0, l1 = (l0 * {2 * int(to)} // {of} + 1) // 2, "
                     f"(l1 * {2 * int(to)} // {of} + 1) // 2")
            self.say("c0, c1 = t0 - l0, t1 - l1")

    def capot_extra(self) -> None:
        bonus = int(self.plan.capot_last_trick) - int(self.last)
        if bonus:
            with self.block("if ours == 8:"):
                self.say(f"l0 += {bonus}")
            with self.block("if theirs == 8:"):
                self.say(f"l1 += {bonus}")

    def point_quantities(self, wanted: set[int], d: int) -> None:
        """The point quantities in `wanted` (card points, last trick, points, total), from
        `c0 c1 l0 l1` as they are."""
        ann = ("a0", "a1") if d == 0 else ("a1", "a0")
        ours, theirs = f"c0 + l0 + {ann[0]} + b0", f"c1 + l1 + {ann[1]} + b1"
        sources = {("card_points", "both"): "c0 + c1", ("last_trick", "both"): "l0 + l1",
                   ("points", "declarers"): "c0 + l0", ("points", "defenders"): "c1 + l1",
                   ("points", "both"): "c0 + l0 + c1 + l1",
                   ("total", "declarers"): ours, ("total", "defenders"): theirs,
                   ("total", "both"): f"{ours} + {theirs}"}
        for q, text in sources.items():
            if slot(*q) in wanted:
                self.say(f"{_NAMES[slot(*q)]} = {text}")

    def rounded(self, x: str) -> str:
        return rounding_source(x, self.plan.unit, self.plan.rounding)

    def outcomes(self, d: int) -> None:
        """The side formulas' lines and totals (`sd`, `sf`) by outcome, and the held points."""
        self.say("held = 0")
        head = "if"
        if self.plan.litige_held:
            with self.block("if litige:"):
                self.sides(d, "failed", "made")
                self.say("h = unrounded - sd")
                with self.block("if h < 0:"):
                    self.say("h = 0")
                self.finish("h", None, "")
                self.say("held = h")
                self.say("made = False")
            head = "elif"
        with self.block(f"{head} made:"):
            self.sides(d, "made", "made")
        with self.block("else:"):
            self.sides(d, "failed", "failed")

    def sides(self, d: int, ours: str, theirs: str) -> None:
        for total, outcome, side, team in (("sd", ours, "declarers", d),
                                           ("sf", theirs, "defenders", 1 - d)):
            self.say(f"{total} = 0")
            self.tree(self.plan.trees[(outcome, side)], 1, team, total)

    def tree(self, tree: TermTree, sign: int, team: int, total: str) -> None:
        """The lines of `tree` (with `sign`) for `team`, added to the local `total`."""
        if isinstance(tree, TermIf):
            with self.block(f"if {self.expr(tree.test)}:"):
                self.tree(tree.then, sign, team, total)
            with self.block("else:"):
                self.tree(tree.other, sign, team, total)
            return
        for s, part in tree.parts:
            if isinstance(part, TermIf):
                self.tree(part, sign * s, team, total)
            else:
                self.term(part, sign * s, team, total)

    def term(self, term: Term, sign: int, team: int, total: str) -> None:
        node = term_node(term)
        if node.op == "num":
            points = sign * int(node.value or 0)
            if points:
                self.say(f"{total} += {points}")
                self.say(self.lines.append(term, team, str(points)))
            return
        src = _signed_source(node, sign, self.names)
        if src is None:
            self.failed = True
            return
        self.say(f"p = {src}")
        with self.block("if p:"):
            self.say(f"{total} += p")
            self.say(self.lines.append(term, team, "p"))

    def finish_scores(self, d: int) -> None:
        """Each team's total rounded and written in tenths (`scoring._finish`), NS first."""
        order = ((d, "sd", "declarers"), (1 - d, "sf", "defenders"))
        for team, total, side in order if d == 0 else order[::-1]:
            self.finish(total, team, side)

    def finish(self, total: str, team: int | None, side: str) -> None:
        """`scoring._finish` of the local `total`, in place (lines only for a `team`)."""
        p = self.plan
        steps = []
        if self.round_totals:
            steps.append((self.rounded("o"), p.rounding_terms.get(side)))
        if p.tenths:
            steps.append(("(2 * o + 10) // 20",  # round_to(o, 10, HALF_UP) // 10
                          p.tenths_terms.get(side)))
        for change, term in steps:
            self.say(f"o = {total}")
            self.say(f"{total} = {change}")
            if team is not None and term is not None:
                with self.block(f"if {total} != o:"):
                    self.say(f"p = {total} - o")
                    self.say(self.lines.append(term, team, "p"))


def rounding_source(x: str, unit: int, mode: Rounding) -> str:
    """`scoring.round_to(x, unit, mode)` as integer arithmetic over the Python expression `x`:
    half up is floor((2x + unit) / 2unit), half down ceil((2x - unit) / 2unit), in units."""
    if mode == Rounding.NONE or unit == 1:
        return x
    up = unit if mode == Rounding.HALF_UP else unit - 1
    return f"(2 * ({x}) + {int(up)}) // {2 * int(unit)} * {int(unit)}"


def _success(plan: Plan) -> Expr:
    """The success formula as written (`Plan.exprs`)."""
    return plan.exprs[("success",)]

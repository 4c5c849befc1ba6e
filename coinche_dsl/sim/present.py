"""A simulation report for people: Rich tables in text, and an optional matplotlib plot.

Both read the JSON-ready report of `report.summarise`, so every format shows the same numbers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import CoincheError
from ..text_safety import for_rich
from .report import estimate, label_order

ROWS = (
    ("passed_out", "passed out (of deals)", True),
    ("success", "contracts made", True),
    ("declarers_points", "declarers' points / deal", False),
    ("defenders_points", "defenders' points / deal", False),
    ("coinche", "coinched", True),
    ("surcoinche", "surcoinched", True),
    ("capot", "capot (8 tricks to a side)", True),
    ("generale", "générale (8 tricks to a player)", True),
)
GAME_ROWS = (("deals_per_game", "deals per game", False), ("ns_wins", "games won by NS", True))
PAIRED_ROWS = (
    ("success", "contracts made", True),
    ("declarers_points", "declarers' points / deal", False),
    ("defenders_points", "defenders' points / deal", False),
    ("points_per_deal", "points scored / deal", False),
    ("coinche", "coinched", True),
    ("capot", "capot", True),
    ("passed_out", "passed out", True),
    ("deals_per_game", "deals per game", False),
)


class PlotError(CoincheError, RuntimeError):
    """The plot cannot be drawn (matplotlib missing, or an unknown file type)."""


CALL_ROWS = {"coinche": "coinche", "surcoinche": "surcoinche", "generale": "generale"}
"""Rows that count a call: shown only when a variant has the call, `—` for one without."""
ABSENT = "—"


def _has(variant: dict[str, Any], key: str) -> bool:
    call = CALL_ROWS.get(key)
    return call is None or variant.get("calls", {}).get(call, True)


def render_text(report: dict[str, Any], console: Any) -> None:
    """Print the report as tables on a Rich console (as wide as the console: the tables fold
    their cells), then what it finds in a few sentences."""
    from rich.table import Table

    s, variants = report["settings"], report["variants"]
    names = [for_rich(v["name"]) for v in variants]
    console.print(f"{s['deals']} seeded deals" + (f" and {s['games']} games" if s["games"] else "")
                  + f" per variant (seed {s['seed']}, {s['bots']} bots); the same cards for "
                  "every variant. Brackets: 95% confidence intervals.")
    main = Table("", *names, title="Per variant", title_justify="left")
    absent = False
    for key, label, pct in ROWS:
        if not any(_has(v, key) for v in variants):
            continue  # no variant has the call: no row
        cells = [estimate(v["deals"][key]).text(pct) if _has(v, key) else ABSENT
                 for v in variants]
        absent |= ABSENT in cells
        main.add_row(label, *cells)
    for key, label, pct in GAME_ROWS if s["games"] else ():
        main.add_row(label, *[estimate(v["games"][key]).text(pct) for v in variants])
    console.print(main)
    if absent:
        console.print(f"{ABSENT}: the variant has no such call.")
    for key, title in (("success_by_bid", "Contracts made, by bid"),
                       ("success_by_denomination", "Contracts made, by denomination")):
        console.print(_breakdown(variants, key, title))
    if report["paired"]:
        console.print(_paired(report["paired"], variants))
    console.print()
    for sentence in conclusion(report):
        console.print(for_rich(sentence))


def conclusion(report: dict[str, Any]) -> list[str]:
    """What the simulation finds, in two or three plain sentences per variant compared with
    the first (« Under fr-brut the declarers score 38 points more per deal [30, 46] than under
    ffb. »); a difference whose interval holds 0 is said to be none the deals can tell."""
    variants, pairs = report["variants"], report["paired"]
    if not pairs:
        v = variants[0]
        made, points = estimate(v["deals"]["success"]), estimate(v["deals"]["declarers_points"])
        if not made.n:
            return [f"Under {v['name']} every deal was passed out."]
        return [f"Under {v['name']} {made.value * 100:.0f}% of the contracts are made "
                f"[{made.low * 100:.0f}, {made.high * 100:.0f}], and the declarers score "
                f"{points.value:.0f} points per deal [{points.low:.0f}, {points.high:.0f}]."]
    out = []
    for pair in pairs:
        d, names = pair["differences"], {"other": pair["variant"], "base": pair["vs"]}
        out.append(_compared(estimate(d["declarers_points"]), names, 1.0, 0, (
            "Under {other} the declarers score {amount} points {way} per deal {bracket} than "
            "under {base}", ("more", "fewer"),
            "Under {other} the declarers score as many points per deal as under {base}")))
        out.append(_compared(estimate(d["success"]), names, 100.0, 1, (
            "Contracts are made {amount} percentage points {way} often under {other} "
            "{bracket}", ("more", "less"),
            "Contracts are made as often under {other} as under {base}")))
        if "deals_per_game" in d:
            out.append(_compared(estimate(d["deals_per_game"]), names, 1.0, 1, (
                "A game takes {amount} {way} deals under {other} {bracket}",
                ("more", "fewer"), "A game takes as many deals under {other} as under "
                "{base}")))
    return out


def _compared(e: Any, names: dict[str, str], k: float, digits: int,
              words: tuple[str, tuple[str, str], str]) -> str:
    """One sentence of `conclusion`: the difference `e` (other − base, times `k`) with its
    interval; `words`: the sentence of a difference, its two directions, the sentence of none.
    The names are filled in as values, never read as patterns."""
    pattern, ways, same = words
    if not e.n:
        return "No contract to compare under {other} and {base}.".format(**names)
    low, high = e.low * k, e.high * k
    if low <= 0 <= high:
        return same.format(**names) + (f", as far as these deals can tell (difference "
                                       f"[{low:.{digits}f}, {high:.{digits}f}]).")
    ends = sorted((abs(low), abs(high)))
    return pattern.format(amount=f"{abs(e.value * k):.{digits}f}",
                          way=ways[0] if e.value > 0 else ways[1],
                          bracket=f"[{ends[0]:.{digits}f}, {ends[1]:.{digits}f}]",
                          **names) + "."


def _breakdown(variants: list[dict[str, Any]], key: str, title: str) -> Any:
    from rich.table import Table

    labels = sorted({k for v in variants for k in v["deals"][key]}, key=label_order)
    table = Table("", *[for_rich(v["name"]) for v in variants], title=title,
                  title_justify="left")
    for label in labels:
        cells = []
        for v in variants:
            data = v["deals"][key].get(label)
            cells.append(f"{estimate(data).text(True)} n={data['n']}" if data else "-")
        table.add_row(label, *cells)
    return table


def _paired(pairs: list[dict[str, Any]], variants: list[dict[str, Any]]) -> Any:
    from rich.table import Table

    base = pairs[0]["vs"]
    table = Table("", *[for_rich(f"{p['variant']} − {base}") for p in pairs],
                  title=f"Paired differences vs {for_rich(base)}",
                  title_justify="left")
    for key, label, pct in PAIRED_ROWS:
        if key in pairs[0]["differences"] and any(_has(v, key) for v in variants):
            table.add_row(label, *[estimate(p["differences"][key]).text(pct)
                                   if _has(variants[0], key) and _has(v, key) else ABSENT
                                   for p, v in zip(pairs, variants[1:], strict=True)])
    return table


def check_plot(path: Path) -> None:
    """PlotError unless `path` is an .svg or .png and matplotlib is installed."""
    if path.suffix.lower() not in (".svg", ".png"):
        raise PlotError(f"--plot {path.name}: write an .svg or .png file")
    if not path.parent.is_dir():  # said before simulating, not after
        raise PlotError(f"--plot {path}: no folder {path.parent}")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise PlotError("--plot needs matplotlib: pip install 'coinche_dsl[plot]'") from None


def plot(report: dict[str, Any], path: Path) -> None:
    """Contract success by bid and points per deal, per variant, with 95% intervals, to an SVG
    or PNG file. Needs matplotlib (`pip install 'coinche_dsl[plot]'`)."""
    check_plot(path)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    variants = report["variants"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
    _bars(left, variants, lambda v: v["deals"]["success_by_bid"], percent=True)
    left.set_title("Contracts made, by bid")
    left.set_ylabel("% made")
    rows = {"declarers": "declarers_points", "defenders": "defenders_points"}
    _bars(right, variants, lambda v: {k: v["deals"][f] for k, f in rows.items()}, percent=False)
    right.set_title("Points per deal")
    fig.suptitle(f"{report['settings']['deals']} seeded deals, 95% intervals")
    fig.tight_layout()
    import io

    from ..files import FileError, write_bytes

    drawn = io.BytesIO()
    try:
        fig.savefig(drawn, format=path.suffix.lower().lstrip("."))
    finally:
        plt.close(fig)
    try:
        write_bytes(path, drawn.getvalue())  # atomic: never half a plot
    except FileError as e:
        raise PlotError(str(e)) from None


def plot_text(text: object) -> str:
    """A text from a file (a variant's name) as matplotlib shows it literally: control
    characters shown (`for_terminal`), `$` escaped (matplotlib reads `$…$` as mathtext: a name
    such as `a$\\foo$b` made it raise), a leading `_` kept visible (a legend hides such
    labels)."""
    from ..text_safety import for_terminal

    shown = for_terminal(text).replace("$", r"\$")
    return f"\u200b{shown}" if shown.startswith("_") else shown


def _bars(ax: Any, variants: list[dict[str, Any]], series: Any, percent: bool) -> None:
    labels = sorted({k for v in variants for k in series(v)}, key=label_order)
    width = 0.8 / max(1, len(variants))
    k = 100.0 if percent else 1.0
    for i, v in enumerate(variants):
        data = [estimate(series(v)[label]) if label in series(v) else None for label in labels]
        xs = [j + i * width for j in range(len(labels))]
        ys = [d.value * k if d and d.n else 0.0 for d in data]
        err = [[(d.value - d.low) * k if d and d.n else 0.0 for d in data],
               [(d.high - d.value) * k if d and d.n else 0.0 for d in data]]
        ax.bar(xs, ys, width, yerr=err, capsize=2, label=plot_text(v["name"]))
    ax.set_xticks([j + 0.4 - width / 2 for j in range(len(labels))], labels)
    ax.legend()

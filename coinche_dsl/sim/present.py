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


def render_text(report: dict[str, Any], console: Any) -> None:
    """Print the report as tables on a Rich console."""
    from rich.table import Table

    s, variants = report["settings"], report["variants"]
    names = [for_rich(v["name"]) for v in variants]
    console.print(f"{s['deals']} seeded deals" + (f" and {s['games']} games" if s["games"] else "")
                  + f" per variant (seed {s['seed']}, {s['bots']} bots); the same cards for "
                  "every variant. Brackets: 95% confidence intervals.")
    main = Table("", *names, title="Per variant", title_justify="left")
    for key, label, pct in ROWS:
        main.add_row(label, *[estimate(v["deals"][key]).text(pct) for v in variants])
    for key, label, pct in GAME_ROWS if s["games"] else ():
        main.add_row(label, *[estimate(v["games"][key]).text(pct) for v in variants])
    console.print(main)
    for key, title in (("success_by_bid", "Contracts made, by bid"),
                       ("success_by_denomination", "Contracts made, by denomination")):
        console.print(_breakdown(variants, key, title))
    if report["paired"]:
        console.print(_paired(report["paired"]))


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


def _paired(pairs: list[dict[str, Any]]) -> Any:
    from rich.table import Table

    base = pairs[0]["vs"]
    table = Table("", *[for_rich(f"{p['variant']} − {base}") for p in pairs],
                  title=f"Paired differences vs {for_rich(base)}",
                  title_justify="left")
    for key, label, pct in PAIRED_ROWS:
        if key in pairs[0]["differences"]:
            table.add_row(label, *[estimate(p["differences"][key]).text(pct) for p in pairs])
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

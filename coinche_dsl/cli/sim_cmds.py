"""Commands: simulate (variants compared on the same seeded deals), play (a human against bots)."""

from __future__ import annotations

import sys
from contextlib import nullcontext
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from . import app
from .common import USAGE, fail, load, load_all, print_json, reported, runs_long
from .typer_app import OptionArg, complete_variant


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


BOTS_HELP = ("Bot level for every seat (random, heuristic, expected, search), or one per side: "
             "NS=expected,EW=heuristic.")


def _lineup(text: str) -> Any:
    """The `--bots` value read by `levels.parse_lineup`; a usage error otherwise."""
    from ..sim.levels import parse_lineup

    try:
        return parse_lineup(text)
    except ValueError as e:
        fail(f"--bots: {e}", USAGE)


@app.command(short_help="Play the same seeded deals under each variant and compare.")
def simulate(
    variants: Annotated[list[str], typer.Argument(
        autocompletion=complete_variant,
        help="Built-in names or files; the first is the base of the paired differences.")],
    deals: Annotated[int, typer.Option(help="Seeded deals per variant.")] = 1000,
    games: Annotated[int, typer.Option(
        help="Also play this many seeded games to the target.")] = 0,
    seed: Annotated[int, typer.Option(help="The seed every deal and game derives from.")] = 0,
    jobs: Annotated[int, typer.Option(
        help="Worker processes (0: one per core; 1: none).")] = 0,
    bots: Annotated[str, typer.Option(help=BOTS_HELP)] = "heuristic",
    output: Annotated[OutputFormat, typer.Option(
        "--format", help="text or json.")] = OutputFormat.text,
    plot: Annotated[Path | None, typer.Option(
        help="Also draw FILE.svg or FILE.png (needs matplotlib).")] = None,
    cluster: Annotated[str | None, typer.Option(
        help="Run on a Dask cluster: a TLS scheduler address (tls://host:8786, certificates "
             "in Dask's configuration), or 'local' for a local one of --jobs workers, over "
             "TLS with a certificate of its own (needs coinche_dsl[cluster]).")] = None,
    options: OptionArg = None,
) -> None:
    """Play the same seeded deals under each variant and compare: contract success by bid and
    denomination, points per side, coinche/capot/générale rates, deals per game, with 95%
    confidence intervals and paired differences against the first variant."""
    runs_long()
    from ..sim import simulate_variants
    from ..sim.present import check_plot, render_text
    from ..sim.present import plot as draw

    if deals < 0 or games < 0 or jobs < 0 or deals + games == 0:
        fail("--deals and --games are counts (at least one of them above 0); --jobs >= 0", USAGE)
    lineup = _lineup(bots)
    if plot is not None:
        with reported():
            check_plot(plot)
    rulesets = load_all(variants, options)
    with reported(), _executor(cluster, jobs) as pool, _progress(deals + games) as advance:
        report = simulate_variants(rulesets, deals, games, seed, lineup, jobs or None,
                                   executor=pool, progress=advance)
    if output == OutputFormat.json:
        print_json(report, indent=2)  # a name's bidi controls escaped, never obeyed
    else:
        from rich.console import Console

        render_text(report, Console(highlight=False))  # the terminal's width
    if plot is not None:
        with reported():
            draw(report, plot)
        print(f"plot written to {plot}", file=sys.stderr)


def _executor(cluster: str | None, jobs: int) -> Any:
    """The Dask executor of `--cluster`, or no executor (processes per `--jobs`)."""
    if cluster is None:
        return nullcontext(None)
    from ..sim.cluster import dask_executor

    return dask_executor(None if cluster == "local" else cluster, jobs or 2)


class _progress:
    """A Rich progress bar on stderr while simulating; nothing when stderr is not a terminal."""

    def __init__(self, total: int):
        self.total, self.bar, self.task = total, None, None

    def __enter__(self):
        if not sys.stderr.isatty():
            return None
        from rich.console import Console
        from rich.progress import Progress

        self.bar = Progress(console=Console(stderr=True), transient=True)
        self.bar.start()
        self.task = self.bar.add_task("simulating", total=self.total)
        return lambda n: self.bar.advance(self.task, n)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


@app.command(short_help="Play a game at the terminal against three bots.")
def play(
    variant: Annotated[str, typer.Argument(help="A built-in name or a variant file.",
                                           autocompletion=complete_variant)],
    seat: Annotated[str, typer.Option(help="Your seat: N, E, S or W.")] = "S",
    seed: Annotated[int | None, typer.Option(
        help="Seed the cards and the bots (replayable).")] = None,
    bots: Annotated[str, typer.Option(help=BOTS_HELP + " The human's seat is the human's.")
                    ] = "heuristic",
    lang: Annotated[str | None, typer.Option(
        help="The table's language (prompts, refusals, the rules `?` shows, the words "
             "typed): en, fr, es, it or pt (default: the variant's).")] = None,
    options: OptionArg = None,
) -> None:
    """Play a whole game at the terminal against three bots, in the table's language. Type a
    call (`90 hearts`, `pass`, `coinche`; at a French table `cent pique`, `passe`, `contre`)
    or a card (`10H`; `dame de cœur`, `DC` or `D♥` at a French table; the cards you may not
    play are shown in parentheses); `?` shows the rules that apply now, `q` or Ctrl-C
    quits."""
    runs_long()
    from rich.console import Console

    from ..cards import parse_seat
    from ..sim.session import PlaySession

    if variant == "-":
        fail("play reads your calls and cards from standard input: give the variant as a "
             "built-in name or a file", USAGE)
    try:
        human = parse_seat(seat, "--seat")
    except ValueError as e:
        fail(str(e), USAGE)  # a bad option value is a usage error
    lineup = _lineup(bots)
    from ..render.i18n import LANGUAGES

    if lang is not None and lang not in LANGUAGES:
        fail(f"--lang {lang}: choose one of {', '.join(LANGUAGES)}", USAGE)
    ruleset = load(variant, options=options, lang=lang, own_language=True)
    session = PlaySession(ruleset, human, seed, Console(highlight=False), bots=lineup,
                          lang=lang)
    with reported():
        session.run()
    if session.interrupted:
        raise typer.Exit(130)  # Ctrl-C, as shells report it

"""`coinche marque`: the score pad at the terminal (`coinche_dsl.pad`)."""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import typer

from . import app
from .common import USAGE, fail, folded, load, read_text, reported, runs_long
from .typer_app import OptionArg


@app.command(short_help="Keep a game's score deal by deal, as the table says it.")
def marque(
    variant: str = typer.Argument(..., help="File or built-in name: the game's rules."),
    game: Annotated[Path | None, typer.Argument(
        help="The game record (JSON): carried on if it exists, else begun there "
             "(default: a new file named by the date).")] = None,
    options: OptionArg = None,
    lang: Annotated[str | None, typer.Option(
        help="Language of the pad (en, fr, es, it, pt; default: the variant's).")] = None,
    ns: Annotated[str, typer.Option("--ns", help="North-South's name.")] = "",
    ew: Annotated[str, typer.Option("--ew", help="East-West's name.")] = "",
    table: Annotated[str, typer.Option(help="Which table or game this is.")] = "",
    show: Annotated[bool, typer.Option(
        "--show", help="Print the game's sheet and stop.")] = False,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Write the game's filled score sheet (.html or .pdf) and stop.")
    ] = None,
    blank: Annotated[bool, typer.Option(
        "--blank", help="With -o: a blank score sheet made for the variant.")] = False,
) -> None:
    """Keep a game's score deal by deal under the variant: type each deal as the table says
    it (« 110 coeur coinché N, 98 points, der S, belote N »); the record is kept on disk
    after every deal."""
    from ..engine import compile
    from ..model.fingerprint import fingerprint
    from ..pad.record import GameRecord, VariantRef
    from ..pad.said_words import said_game_error
    from ..pad.session import Pad, save
    from ..pad.sheet import GameError
    from ..pad.words import PadWords
    from ..render.i18n import LANGUAGES

    if lang is not None and lang not in LANGUAGES:
        fail(f"--lang {lang}: choose one of {', '.join(LANGUAGES)}", USAGE)
    kept = None
    if game is not None and game.exists() and not blank:
        kept = _record(game, variant, lang)
        if not options:  # a game carried on keeps the option values it was begun with
            options = [f"{k}={v}" for k, v in kept.variant.options.items()]
    ruleset = load(variant, options=options, lang=lang, own_language=True)
    rules = compile(ruleset)
    words = PadWords(lang or ruleset.language)
    if blank:
        if output is None:
            fail(words("pad.blank_needs_output"), USAGE)
        _write(output, ruleset, None, words)
        return
    chosen = {o.name: o.chosen for o in ruleset.options}
    now = fingerprint(ruleset)
    path = game or Path(words("pad.default_file", date=datetime.now().strftime("%Y-%m-%d-%H%M")))
    if kept is None and path.exists():
        kept = _record(path, variant, lang, words)
    if kept is not None:
        record = kept
        if record.variant.fingerprint and record.variant.fingerprint != now:
            print(folded(words("pad.rules_changed", old=record.variant.fingerprint, new=now),
                         sys.stderr), file=sys.stderr)
        record = record.model_copy(update={"variant": VariantRef(
            name=record.variant.name, fingerprint=now, options=chosen)})
    else:
        record = GameRecord(variant=VariantRef(name=variant, fingerprint=now, options=chosen),
                            teams={"NS": ns, "EW": ew}, table=table,
                            date=datetime.now().strftime("%Y-%m-%d"))
    pad = Pad(rules, record, path, words)
    try:
        pad.prompt()  # a record whose deals no longer score says so here, before anything
    except GameError as e:
        fail(f"{words('pad.record_problems', file=str(path))}\n{said_game_error(e, words)}")
    if show:
        pad.show_sheet()
        return
    if output is not None:
        _write(output, ruleset, pad, words)
        return
    runs_long()
    names = pad.names()
    print(words("pad.title", title=ruleset.title or ruleset.name))
    print(words("pad.teams", ns=names["NS"], ew=names["EW"],
                target=words.sheet.num(ruleset.game.target)))
    if record.deals:
        pad.show_sheet()
    else:
        save(record, path)
    print(words("pad.saved", file=str(path)))
    try:
        while True:
            try:
                line = input(pad.prompt())
            except EOFError:
                print()
                break
            if not pad.answer(line):
                break
    except KeyboardInterrupt:
        print()
    print(words("pad.bye", file=str(path)))


def _record(path: Path, variant: str, lang: str | None, words: Any = None) -> Any:
    """The game record kept at `path`, or its problems in the pad's language (`--lang`, else
    the variant's) and exit 1."""
    from ..errors import VariantError
    from ..pad.said_words import said_problems
    from ..pad.session import read_record
    from ..pad.words import PadWords

    text = read_text(str(path))
    try:
        return read_record(text, str(path))
    except VariantError as e:
        if words is None:
            words = PadWords(lang or load(variant, lang=lang, own_language=True).language)
        fail(f"{words('pad.record_problems', file=str(path))}\n{said_problems(e, words)}")


def _write(output: Path, ruleset: Any, pad: Any, words: Any) -> None:
    """The filled sheet of `pad`'s game (or a blank one) as HTML or PDF, by `output`'s suffix."""
    from ..pad import paper
    from ..pad.sheet import score_game
    from ..render.output import write_atomic

    suffix = output.suffix.lower()
    if suffix not in (".html", ".htm", ".pdf"):
        fail(words("pad.output_suffix", file=str(output)), USAGE)
    page = (paper.blank(ruleset, words) if pad is None else
            paper.filled(ruleset, pad.record, score_game(pad.rules, pad.record), words))
    with reported():
        data = (paper.to_pdf(page, words.lang) if suffix == ".pdf"
                else paper.to_html(page, words.lang))
        write_atomic(output, data)


@app.command(short_help="Rank a tournament's teams from their games.")
def classement(
    tournament: Path = typer.Argument(..., help="The tournament (JSON: coinche schema "
                                      "tournament); its games inline or in files beside it."),
    lang: Annotated[str | None, typer.Option(
        help="Language of the ranking (default: the variant's).")] = None,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Write the ranking as .html or .pdf.")] = None,
) -> None:
    """Rank a tournament's teams from their games, by the tournament's stated rule."""
    from pydantic import ValidationError

    from ..engine import compile
    from ..errors import VariantError
    from ..pad import paper
    from ..pad.said_words import said_game_error, said_problems
    from ..pad.session import read_record
    from ..pad.sheet import GameError
    from ..pad.tournament import Tournament, game_files, rank, ranking_page
    from ..pad.words import PadWords, columns
    from ..render.i18n import LANGUAGES
    from ..render.output import write_atomic
    from ..text_safety import for_terminal
    from .common import parse_json

    if lang is not None and lang not in LANGUAGES:
        fail(f"--lang {lang}: choose one of {', '.join(LANGUAGES)}", USAGE)
    data = parse_json(read_text(str(tournament)), str(tournament))
    try:
        t = Tournament.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        fail(f"{tournament}: {where}: {err['msg']}" if where else f"{tournament}: {err['msg']}")
    ruleset = load(t.variant.name, options=[f"{k}={v}" for k, v in t.variant.options.items()],
                   lang=lang, own_language=True)
    rules = compile(ruleset)
    words = PadWords(lang or ruleset.language)
    folder = tournament.resolve().parent
    games = {}
    for at, name in game_files(t).items():
        path = (folder / name).resolve()
        if folder not in path.parents:
            fail(words("pad.game_outside", file=str(tournament), round=at[0] + 1,
                       table=at[1] + 1, game=name))
        try:
            games[at] = read_record(read_text(str(path)), name)
        except VariantError as e:
            fail(f"{words('pad.record_problems', file=name)}\n{said_problems(e, words)}")
    try:
        ranking = rank(rules, t, games)
    except GameError as e:
        fail(said_game_error(e, words))
    page = ranking_page(t, ranking, words, words.sheet.typeset(ruleset.title or ruleset.name))
    if output is None:
        print(for_terminal(page["title"]))
        print(for_terminal(page["lines"][1]))
        for line in columns([page["head"], *page["rows"]], left={1}):
            print(line)
        return
    suffix = output.suffix.lower()
    if suffix not in (".html", ".htm", ".pdf"):
        fail(f"-o {output}: a ranking is written as .html or .pdf", USAGE)
    with reported():
        write_atomic(output, paper.to_pdf(page, words.lang) if suffix == ".pdf"
                     else paper.to_html(page, words.lang))

"""What the server asks of the variant language: pure functions of a club's texts, run in the
render pool's worker processes (`renders`), never on the event loop.

A job receives every text it may need (the variant's and those of the same club's variants it
extends, by name), so a worker reads nothing but the built-ins: `extends` resolves against the
built-ins and these texts only (`club_bases`), never the server's disk. Everything a job returns
is plain data (JSON-able, or bytes), and every error in a text is a located message, never a
traceback.
"""

from __future__ import annotations

from typing import Any

from ..errors import CoincheError, Diagnostic, InputError, VariantError
from ..loader import BUILTINS, SUFFIX, BaseReader, builtin_path, read_variant, resolve, validate
from ..model import Ruleset
from ..options import UnknownOptionError
from ..syntax import ParsedVariant, parse_text

Texts = dict[str, str]
"""A club's variant texts needed by a job, by variant name."""


def file_of(name: str) -> str:
    """The file name a club's variant is known by in messages (`nos-regles.coinche:4:3`)."""
    return f"{name}{SUFFIX}"


def club_bases(texts: Texts) -> BaseReader:
    """`extends` for a club's variant: a built-in, or another variant of the same club."""

    def base(parsed: ParsedVariant) -> ParsedVariant:
        target = parsed.extends or ""
        if target in BUILTINS:
            return read_variant(builtin_path(target))
        name = target.removesuffix(SUFFIX)
        if name in texts:
            return parse_text(texts[name], file_of(name))
        shown = target if len(target) <= 60 else target[:60] + "…"
        raise VariantError([Diagnostic(
            parsed.extends_at, f"extends '{shown}': no built-in variant or variant of this "
            "club of that name", text=shown, hint=f"built-ins: {', '.join(BUILTINS)}")])
    return base


def ruleset(texts: Texts, name: str, choices: dict[str, str] | None = None) -> Ruleset:
    """The validated Ruleset of the club's variant `name` (VariantError lists its problems)."""
    if name in BUILTINS and name not in texts:
        return validate(resolve(name), choices)
    own = parse_text(texts[name], file_of(name))
    return validate(resolve(file_of(name), own=own, bases=club_bases(texts)), choices)


def check(texts: Texts, name: str) -> dict[str, Any]:
    """Everything `coinche check` says of the variant, and what a list shows of it."""
    from ..analysis import diagnose
    from ..studio.service import finding_json  # the studio's shape: its editor reads it

    text = texts[name]
    findings = diagnose(text, file_of(name), club_bases(texts))
    errors = sum(f.severity == "error" for f in findings)
    out: dict[str, Any] = {
        "diagnostics": [finding_json(f) for f in findings],
        "valid": errors == 0, "problems": errors, "title": "", "language": "",
        "extends": None, "options": []}
    try:
        parsed = parse_text(text, file_of(name))
        out["extends"] = parsed.extends
        out["variant_name"] = parsed.name
    except CoincheError:
        return out
    if errors == 0:
        try:
            rs = ruleset(texts, name)
        except CoincheError:
            return out
        out["title"] = rs.title or ""
        out["language"] = rs.language
        out["options"] = [{"name": o.name, "title": o.title, "default": o.default,
                           "values": [[v.name, v.label or v.name] for v in o.values]}
                          for o in rs.options]
    return out


def sheet(texts: Texts, name: str, lang: str | None, choices: dict[str, str],
          card: bool = False) -> str:
    """The rule sheet (or the card) as an HTML document."""
    from ..render import card as render_card
    from ..render import sheet as render_sheet

    out = (render_card if card else render_sheet)(ruleset(texts, name, choices), lang, "html")
    assert isinstance(out, str)
    return out


def pdf(texts: Texts, name: str, lang: str | None, choices: dict[str, str],
        card: bool = False) -> bytes:
    """The booklet (or the card) as PDF, made by WeasyPrint with every fetch refused."""
    from ..render.output import to_html
    from ..render.rulesheet import build_sheet
    from ..render.table_card import build_card

    rs = ruleset(texts, name, choices)
    doc = (build_card if card else build_sheet)(rs, lang)
    return pdf_of_html(to_html(doc, pdf=True))


def pdf_of_html(html: str) -> bytes:
    """PDF bytes of an HTML document with no URL nor file ever fetched (a stylesheet, image or
    font named in it is left out: the sheets need none)."""
    from weasyprint import HTML

    return HTML(string=html, base_url=None, url_fetcher=refusing_fetcher()).write_pdf()


class FetchRefused(ValueError):
    """A resource a document asked for: never fetched."""


def refusing_fetcher() -> Any:
    """A WeasyPrint url_fetcher that refuses every URL (`data:` included: nothing the sheets
    need comes from one). It counts what it refused (`refused`), for the tests."""
    try:
        from weasyprint.urls import URLFetcher
    except ImportError:  # WeasyPrint before 68 takes a plain function
        URLFetcher = object  # noqa: N806

    class Refusing(URLFetcher):  # type: ignore[misc, valid-type]
        refused: list[str] = []

        def __init__(self) -> None:
            if URLFetcher is not object:
                super().__init__(allowed_protocols=(), fail_on_errors=False)
            self.refused = []

        def fetch(self, url: str, headers: Any = None) -> Any:
            self.refused.append(url)
            raise FetchRefused(f"the server fetches nothing: {url[:80]}")

        def __call__(self, url: str, *args: Any, **kwargs: Any) -> Any:
            return self.fetch(url)

    return Refusing()


def compare(texts: Texts, left: str, right: str, lang: str, other_texts: Texts | None = None
            ) -> str:
    """The rules on which two variants differ, as an HTML document (the `compare` document):
    `left` among `texts`, `right` among `other_texts` (another club's published variant; the
    same texts by default) or a built-in. A name `name@N` in the texts is version N of name."""
    from ..render import compare as render_compare

    rs = [ruleset(texts, left, {}), ruleset(other_texts if other_texts is not None else texts,
                                            right, {})]
    out = render_compare(rs, lang, "html")
    assert isinstance(out, str)
    return out


def changes(old_texts: Texts, new_texts: Texts, name: str, lang: str) -> list[str]:
    """What changed in the rules from one version of the variant `name` to another, as the
    parts of one sentence in `lang` (the `compare` rows, a part per rule that differs and
    matters in the newer version): the newer rule's sentence, with the number it had before
    (« la partie se joue en 1 500 points (au lieu de 2 000) ») or the rule it replaced. Empty
    when no rule changed (a title or a description may have)."""
    from ..render.comparison import shown_paths
    from ..render.describe import describe
    from ..render.fields import is_relevant, value_at
    from ..render.i18n import translator
    from .i18n import words

    old, new = ruleset(old_texts, name, {}), ruleset(new_texts, name, {})
    tr, w = translator(lang), words(lang)
    parts = []
    for path in shown_paths([old, new], False):
        if not is_relevant(new, path):
            continue
        now = _clause(describe(new, path, tr))
        before = value_at(old, path)
        if isinstance(before, bool) and isinstance(value_at(new, path), bool):
            parts.append(now)  # the rule's opposite: the sentence says all
        elif isinstance(before, int) and not isinstance(before, bool) \
                and isinstance(value_at(new, path), int):
            parts.append(w("history.instead", new=now, old=tr.num(before)))
        elif is_relevant(old, path):
            parts.append(w("history.before", new=now, old=_clause(describe(old, path, tr))))
        else:
            parts.append(now)
    return parts


def _clause(sentence: str) -> str:
    """A rule's sentence as a part of a longer one: its first letter lower-case (a word
    such as « L’enchère » or « À sans-atout »; a name in capitals is left as it is), its
    final full stop dropped."""
    text = sentence.strip().removesuffix(".")
    if len(text) > 1 and text[0].isupper() and not text[1].isupper():
        text = text[0].lower() + text[1:]
    return text


EDITOR_PANELS = ("questionnaire", "answer", "score", "deal_words")
"""The studio's handlers (`studio.api`) the server's editor asks for: its questionnaire and
its score form, over the club's text."""


def editor(panel: str, texts: Texts, name: str, data: dict[str, Any]) -> Any:
    """The studio's questionnaire (`questionnaire`, `answer`) or score form (`score`) for the
    club's variant `name` as the editor holds it (`data["text"]`, also `texts[name]`): the
    studio's own handler, over a workspace whose `extends` are the club's texts and the
    built-ins (`club_bases`), never a file of the server's disk."""
    from ..studio import api

    if panel not in EDITOR_PANELS:
        raise CoincheError(f"no editor panel '{panel[:40]}'")
    return api.HANDLERS[panel](club_workspace(texts, name), data)


def club_workspace(texts: Texts, name: str) -> Any:
    """The studio's workspace for a club's variant: the edited file is `name.coinche`,
    its bases the club's texts; nothing of it is on a disk."""
    from pathlib import Path

    from ..studio.service import StudioError, Workspace

    class ClubWorkspace(Workspace):
        def bases(self) -> BaseReader:
            return club_bases(texts)

        def relative(self, message: str) -> str:
            return message  # no folder is named: the files are the club's

        def other(self, other: str) -> Ruleset:
            if other in BUILTINS or other.removesuffix(SUFFIX) in texts:
                return ruleset(texts, other.removesuffix(SUFFIX), {})
            raise StudioError(f"no built-in variant or variant of this club '{other[:60]}'")

        def read(self) -> str:
            return texts[name]

        def variants(self) -> list[str]:
            return [*BUILTINS, *sorted(texts)]

        def save(self, text: str) -> dict[str, Any]:
            raise StudioError("a club's variant is saved as a new version, not a file")

    return ClubWorkspace(Path(f"/{name}"), Path(file_of(name)))


def warm() -> None:
    """Load what every job needs once, when a worker starts (the parser's tables, ffb, the
    templates, WeasyPrint and its fonts), so the first visitor does not wait for it."""
    from ..render import sheet as render_sheet

    render_sheet(validate(resolve("ffb")), "fr", "html")
    try:
        pdf(texts={}, name="ffb", lang="fr", choices={}, card=True)
    except Exception:  # noqa: BLE001 - no WeasyPrint or Pango: a PDF request will say so
        pass


def run(job: str, *args: Any) -> Any:
    """A job by name, its variant errors returned as data (they are the visitor's to read):
    `{"error": [...messages]}`."""
    try:
        return JOBS[job](*args)
    except VariantError as e:
        return {"error": [_line(d) for d in e.diagnostics]}
    except UnknownOptionError as e:  # an option of the address the variant lacks: in the
        from ..problems import said_option  # document's language

        return {"error": [said_option(e, _said_in(job, args))]}
    except InputError as e:  # an impossible deal of the editor's score form: in its language
        from ..problems import said_input

        return {"error": [said_input(e, _said_in(job, args))]}
    except CoincheError as e:
        return {"error": [str(e)]}


def _said_in(job: str, args: tuple[Any, ...]) -> str | None:
    """The language a job's refusal is said in: the document's, or the editor panel's."""
    from ..problems import language

    if job in ("sheet", "pdf"):
        lang = args[2]
    elif job == "editor" and isinstance(args[3], dict):
        lang = args[3].get("lang")
    else:
        return None
    return language(lang) if isinstance(lang, str) else None


def _line(d: Diagnostic) -> str:
    at = d.position
    where = f"{at.file}:{at.line}:{at.column}: " if at is not None else ""
    return f"{where}{d.message}"


JOBS: dict[str, Any] = {"check": check, "sheet": sheet, "pdf": pdf, "compare": compare,
                        "changes": changes, "editor": editor}

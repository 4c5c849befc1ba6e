"""A rule sheet as a Document: every rule of a Ruleset in sentences, tables and worked lines.

Sections follow the game: players and deal, auction, cards, play, announcements, belote,
scoring, worked examples, end of the game, glossary, sources. Each sentence comes from a field
(`describe`); nothing here knows any variant by name.
"""

from __future__ import annotations

import re

from ..model import Ruleset
from ..model.choices import option_of, option_paths, with_value
from ..model.enums import Litige, WhoScores
from ..model.option import Option
from ..model.relevance import has_all_trump, has_coinche, has_no_trump, has_surcoinche
from .combined import GROUPS, combined
from .describe import carres_rows, describe, sequence_rows
from .document import Document, Para, Rules, Section, Table, Terms
from .fields import PHASES, Path, constants, is_relevant, prune, rule_paths
from .fingerprint import fingerprint
from .i18n import Translator, terms_of, translator
from .pairs import join_paired, join_sentences
from .terms import in_language
from .worked import example_blocks, formula_blocks

MODES = ("trump", "plain", "no_trump", "all_trump")
TABLE_FIELDS: set[Path] = {("cards", m) for m in MODES} | {
    ("announcements", f) for f in ("carres", "no_trump_carres", "sequences")}
"""Rules the sheet shows as tables rather than sentences."""
FORMULA_FIELDS: set[Path] = {("scoring", "success"), *(
    ("scoring", o, s) for o in ("made", "failed") for s in ("declarers", "defenders"))}


def build_sheet(rs: Ruleset, lang: str | None = None) -> Document:
    """The complete rule sheet of `rs` in `lang` (default: the variant's own language)."""
    tr = translator(lang or rs.language, terms_of(rs, lang or rs.language))
    rs = in_language(rs, tr.lang)
    doc = Document(lang=tr.lang, title=tr.typeset(rs.title or rs.name),
                   subtitle=tr("sheet.based_on", base=base_title(rs, tr)) if rs.extends else "",
                   fingerprint=fingerprint(rs),
                   # the running head names the rules as the club does, by their title:
                   # the variant's identifier is the tool's business
                   header=tr.typeset(rs.title or rs.name),
                   intro=_intro(rs, tr), labels=labels(tr))
    ours = _ours(rs, tr)
    if ours:
        doc.sections.append(Section("ours", tr("h.ours"), ours))
    builders = {"cards": _cards, "announcements": _announcements, "belote": _belote,
                "scoring": _scoring}
    for phase in PHASES:
        blocks = builders.get(phase, _plain_phase)(rs, phase, tr)
        doc.sections.append(Section(phase, tr(f"h.{phase}"), blocks))
        if phase == "scoring":
            doc.sections.append(Section("examples", tr("h.examples"), [
                Para(describe(rs, ("examples",), tr)), *example_blocks(rs, tr)]))
    chosen = option_blocks(rs, tr)  # after the rules it refers to, before the glossary
    if chosen:
        doc.sections.append(Section("options", tr("h.options"), chosen))
    doc.sections.append(Section("glossary", tr("h.glossary"), [Terms(glossary(rs, tr))]))
    doc.sections.append(Section("sources", tr("h.sources"), _sources(rs, tr)))
    return doc


def labels(tr: Translator) -> dict[str, str]:
    """Words of the layout itself."""
    return {"contents": tr("h.contents"), "page": tr("sheet.page"), "kind": tr("sheet.kind"),
            "generated": tr("sheet.generated"), "fingerprint_help": tr("sheet.fingerprint_help"),
            "fingerprint": tr("sheet.fingerprint", fp=""), "case_if": tr("case.if", cond="{cond}"),
            "case_else": tr("case.else")}


def _intro(rs: Ruleset, tr: Translator) -> list[str]:
    """The variant's own paragraph (which base it extends is the subtitle; its language and
    that it extends nothing are the tool's business, not the club's)."""
    return [tr.typeset(rs.description)] if rs.description else []


def base_title(rs: Ruleset, tr: Translator) -> str:
    """The base a club's rules extend, as its sheet names it: its title, else its name."""
    base = _base_rules(rs)
    base = in_language(base, tr.lang) if base is not None else None
    return tr.typeset(base.title) if base is not None and base.title else rs.extends or ""


def own_file(rs: Ruleset) -> str:
    """The file that wrote these rules (`club.coinche`), where the variant extends another:
    the rules it did not write are its base's."""
    return rs.where("name").rsplit(":", 1)[0] if rs.extends else ""


def _file(rs: Ruleset, path: Path) -> str:
    return rs.where(*path).rsplit(":", 1)[0]


def _base_rules(rs: Ruleset) -> Ruleset | None:
    """The Ruleset a variant extends, as a club reads it next to its own (None where it
    cannot be read again here: a base that is not a built-in nor beside the file)."""
    from ..errors import CoincheError
    from ..loader import BUILTINS, load_variant

    if rs.extends not in BUILTINS:
        return None
    try:
        return load_variant(rs.extends)
    except (CoincheError, OSError):
        return None


def _ours(rs: Ruleset, tr: Translator) -> list:
    """What the file of a variant that extends another changes from its base, in the sheet's
    sentences, first: only the rules the file writes (a rule written again as the base has
    it is not a decision, nor a base's rule that reads otherwise by a decision elsewhere);
    then one sentence for the rest."""
    own = own_file(rs)
    if not own:
        return []
    base = _base_rules(rs)

    def changed(p: Path) -> bool:  # written in the file, and not as the base has it
        if _file(rs, p) != own:  # a sentence its base's rule reads otherwise here (the
            return False          # scoring without announcements) is no decision of the file
        return base is None or not is_relevant(base, p) or describe(rs, p, tr) != describe(
            base, p, tr)

    decided = [p for p in rule_paths() if is_relevant(rs, p) and changed(p)]
    order = rule_paths()
    decided = sorted([*decided, *_closed(rs, base, decided)], key=order.index)
    for lead, (others, _) in GROUPS.items():  # a group changed anywhere is said whole
        if lead not in decided and any(o in decided for o in others) and is_relevant(rs, lead):
            decided.insert(decided.index(next(o for o in others if o in decided)), lead)
    grouped, dropped = combined(rs, decided, tr)
    decided = [p for p in decided if p not in dropped]
    said = join_paired([grouped.get(p) or describe(rs, p, tr) for p in decided], tr)
    named = base_title(rs, tr)
    intro = [Para(tr("ours.intro", base=named))] if said else []
    return [*intro, Rules([s for s, _ in said], [rs.where(*decided[i[0]]) for _, i in said]),
            Para(tr("ours.rest", base=named))]


def _closed(rs: Ruleset, base: Ruleset | None, decided: list[Path]) -> list[Path]:
    """The rules of each option the base leaves to the table that this variant settles (its
    players agree on one value, the base's default or not): a decision, said where none of
    the option's rules is already said."""
    if base is None:
        return []
    out: list[Path] = []
    for option in base.options:
        paths = [p for p in option_paths(option) if is_relevant(rs, p)]
        if any(option_of(rs, p) is not None or p in decided for p in paths):
            continue
        out += paths
    return out


def sentences(rs: Ruleset, paths: list[Path], tr: Translator) -> Rules:
    """The relevant rules among `paths`, one sentence each, with where each was written; a
    rule an option sets says so, and a rule the base wrote (for a variant that extends
    another) says whose it is. Consecutive rules that differ only in the denomination they
    apply to are said once (`pairs`)."""
    grouped, dropped = combined(rs, paths, tr)
    shown = [p for p in paths if is_relevant(rs, p) and p not in dropped]
    own = own_file(rs)
    said = join_paired([_based(rs, p, own, _marked(rs, p, grouped.get(p) or describe(rs, p, tr),
                                                    tr), tr) for p in shown], tr)
    return Rules([s for s, _ in said], [rs.where(*shown[i[0]]) for _, i in said])


def _based(rs: Ruleset, path: Path, own: str, sentence: str, tr: Translator) -> str:
    """A rule of the full rules as printed: « Nos règles » says what the club changed, and
    one sentence that the rest is its base's, so no line carries a tag."""
    return sentence


def _marked(rs: Ruleset, path: Path, sentence: str, tr: Translator) -> str:
    option = option_of(rs, path) if rs.options else None
    if option is None:
        return sentence
    return f"{sentence} {tr('opt.marker', title=option_title(option, tr))}"


def option_blocks(rs: Ruleset, tr: Translator) -> list:
    """Each option as an option: what the table agrees on, each value in the sheet's own
    sentences for the rules it sets, and the default."""
    blocks: list = []
    for option in rs.options:
        lines = []
        # a label is not what the command line takes: where one reads otherwise than its
        # value's name, each value says its name
        named = any(v.label not in (None, _word(v.name)) for v in option.values)
        told = []
        for value in option.values:
            under = rs if value.name == option.chosen else with_value(rs, option.name,
                                                                      value.name)
            told.append(join_sentences([describe(under, p, tr) for p in option_paths(option)
                                        if is_relevant(under, p)], tr))
        # a value says what it changes: the default what no other value reads alike, any
        # other what the default reads otherwise (« chute » keeps the default's test)
        default = next((t for v, t in zip(option.values, told, strict=True)
                        if v.name == option.default), None)
        common = set.intersection(*(set(t) for t in told)) if told else set()
        for value, said in zip(option.values, told, strict=True):
            same = common if value.name == option.default or default is None else set(default)
            if any(s not in same for s in said):
                said = [s for s in said if s not in same]
            lines.append(tr("opt.value.named" if named else "opt.value",
                            value=value_text(option, value.name, tr), name=option.name,
                            code=value.name, rules=" ".join(said) or tr("opt.nothing")))
        if is_in_play(rs, option):
            head = tr("opt.head", title=option_title(option, tr), name=option.name,
                      default=value_text(option, option.default, tr))
            if option.chosen != option.default:
                head += " " + tr("opt.chosen", value=value_text(option, option.chosen, tr))
            blocks += [Para(head), Rules(lines)]
    return [Para(tr("opt.intro")), *blocks] if blocks else []


def is_in_play(rs: Ruleset, option: Option) -> bool:
    """Whether a rule the option sets can come up under these rules (else the sheet and the
    card leave the option out, as they leave out the rule)."""
    return any(is_relevant(rs, p) for p in option_paths(option))


def option_title(option: Option, tr: Translator) -> str:
    """The option as the sheet names it: its title, else its name in words."""
    return tr.typeset(option.title) if option.title else _word(option.name)


def value_text(option: Option, name: str, tr: Translator) -> str:
    """A value as the sheet prints it: its label (text of the file, typeset like a title),
    else its name in words."""
    return tr.typeset(option.shown(name))


def _word(name: str) -> str:
    """A value's name as words (`chute`: "chute")."""
    return name.replace("_", " ")


def _phase_paths(phase: str, skip: set[Path] | None = None) -> list[Path]:
    return [p for p in rule_paths() if p[0] == phase and p not in (skip or set())]


def _plain_phase(rs: Ruleset, phase: str, tr: Translator) -> list:
    intro = [Para(tr(f"{phase}.intro"))] if tr.has(f"{phase}.intro") else []
    return [*intro, sentences(rs, _phase_paths(phase), tr)]


def _cards(rs: Ruleset, phase: str, tr: Translator) -> list:
    from ..model.enums import Denomination
    from .examples import deck_points

    modes = [m for m in MODES if is_relevant(rs, ("cards", m))]
    head = [tr("cards.col.order")]
    for m in modes:
        head += [tr(f"cards.mode.{m}"), tr("cards.col.points")]
    rows = []
    for i in range(8):
        row = [str(i + 1)]
        for m in modes:
            card = getattr(rs.cards, m)[i]
            row += [tr(f"rank.{card.rank}"), tr.num(card.points)]
        rows.append(row)
    totals = []
    for kind, denom in (("trump", "hearts"), ("no_trump", "no-trump"), ("all_trump", "all-trump")):
        if kind == "trump" or is_relevant(rs, ("cards", kind)):
            cards = deck_points(rs, Denomination(denom))
            last = rs.cards.last_trick_at(Denomination(denom))
            totals.append(tr("cards.total" if last else "cards.total.no_last",
                             mode=tr(f"cards.total.{kind}"), cards=cards, last=last,
                             total=cards + last))
    numeric = [2 * i + 2 for i in range(len(modes))]
    return [Table(head, rows, tr("cards.caption"), numeric=numeric),
            Rules(join_sentences(totals, tr)),
            sentences(rs, _phase_paths(phase, TABLE_FIELDS), tr)]


def _announcements(rs: Ruleset, phase: str, tr: Translator) -> list:
    first = [sentences(rs, [("announcements", "enabled")], tr)]
    if not rs.announcements.enabled:
        return first
    with_nt = is_relevant(rs, ("announcements", "no_trump_carres"))
    head, rows = carres_rows(rs, tr, with_nt)
    seq_head, seq_rows = sequence_rows(rs, tr)
    rest = _phase_paths(phase, TABLE_FIELDS | {("announcements", "enabled")})
    no_trump_same = [] if rs.announcements.no_trump_carres or not with_nt else [
        ("announcements", "no_trump_carres")]
    compared = [Para(tr("ann.compare." + ("trump" if rs.announcements.trump_sequence_wins
                                          else "plain"),
                        longest=rs.announcements.longest_counted))] if (
        rs.announcements.who_scores == WhoScores.BEST_SIDE) else []
    if compared:  # the comparison says how long runs count, and that trump breaks a tie
        said = {("announcements", "longest_counted")} | (
            {("announcements", "trump_sequence_wins")} if rs.announcements.trump_sequence_wins
            else set())
        rest = [p for p in rest if p not in said]
    return [*first, Table(head, rows, tr("ann.nothing"), numeric=list(range(1, len(head)))),
            Table(seq_head, seq_rows, numeric=[1]), *compared,
            sentences(rs, no_trump_same + rest, tr)]


def _belote(rs: Ruleset, phase: str, tr: Translator) -> list:
    """The belote's rules, and whether a fall takes it away, as the scoring formulas say: the
    declarers' score on a failed contract counts their belote (« imprenable ») or not."""
    paths = _phase_paths(phase)
    said, needed = ("belote", "said_at"), ("belote", "rebelote_required")
    if said in paths and needed in paths:  # the words first, then what a missing one costs
        paths.remove(said)
        paths.insert(paths.index(needed), said)
    blocks = [sentences(rs, paths, tr)]
    if rs.belote.enabled:
        kept = "belote" in prune(rs.scoring.failed["declarers"], constants(rs)).quantities()
        rules = blocks[-1]
        rules.items.append(tr("belote.kept" if kept else "belote.lost"))
        rules.where.append(rs.where("scoring", "failed", "declarers"))
    return blocks


def _scoring(rs: Ruleset, phase: str, tr: Translator) -> list:
    return [*formula_blocks(rs, tr), sentences(rs, _phase_paths(phase, FORMULA_FIELDS), tr)]


GLOSSARY = ("declarers", "defenders", "trump", "trumping", "overtrump", "undertrump", "no_trump",
            "all_trump", "coinche", "surcoinche", "capot", "generale", "dix_de_der", "total",
            "belote", "carre", "sequence", "litige", "chute", "revoke")


def glossary(rs: Ruleset, tr: Translator) -> list[tuple[str, str]]:
    """The game's words that these rules use, in the sheet's language (a word for a situation
    the variant cannot meet is left out, by the same relevance rules as the sentences)."""
    used = {
        "no_trump": has_no_trump(rs), "all_trump": has_all_trump(rs),
        "coinche": has_coinche(rs), "surcoinche": has_surcoinche(rs),
        "generale": rs.auction.generale, "belote": rs.belote.enabled,
        "carre": rs.announcements.enabled, "sequence": rs.announcements.enabled,
        # the word where the sheet says it: a litige held, or an option that may hold it
        "litige": is_relevant(rs, ("scoring", "litige")) and (
            rs.scoring.litige == Litige.HELD or option_of(rs, ("scoring", "litige")) is not None),
        "dix_de_der": rs.cards.last_trick > 0,
        "revoke": is_relevant(rs, ("penalties", "revoke_by_declarers")),
        "total": any("total" in f.quantities() for f in (
            rs.scoring.success, *rs.scoring.made.values(), *rs.scoring.failed.values())),
    }
    return [(with_short(tr(f"gl.{w}"), w, tr), tr(f"gl.{w}.def")) for w in GLOSSARY
            if used.get(w, True)]


def with_short(word: str, key: str, tr: Translator) -> str:
    """A term followed by the short name the variant's players give it (« Sans-atout
    (SA) »), where its `terms` give one."""
    short = tr.term(f"{key}_short")
    return f"{word} ({short})" if short else word


def _sources(rs: Ruleset, tr: Translator) -> list:
    """The texts the rules follow, as the variant file cites them (which file wrote which
    rule is for the editor and the HTML's hover, not for the printed page)."""
    if not rs.sources:
        return [Para(tr("src.none"))]
    return [Rules(list(dict.fromkeys(source_text(s, rs, tr) for s in rs.sources)))]


_FILE_NAME = re.compile(r"(?:,\s*)?(?<![\w/.-])[\w./-]*\w\.(?:txt|md|pdf|docx?|odt|html?|rtf)\b")
"""A file name or path in a source (`seed-000.txt`, `assets/rules/coinche_belote_rules.md`):
where a developer keeps the text, not what a club reads."""


def source_text(source: str, rs: Ruleset, tr: Translator) -> str:
    """A source as a club reads it: its title and publisher, without a file name; a source
    that is only a file name is the text these rules were written from, named by its title."""
    left = _FILE_NAME.sub("", source).strip(" ,;:")
    if len(re.findall(r"[^\W\d_]{3,}", left)) < 2:  # nothing left but a word like "seed"
        return tr("src.file", title=tr.typeset(rs.title or rs.name))
    return tr.typeset(left)

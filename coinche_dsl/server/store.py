"""The server's reads and writes, as plain functions over a database session.

Every function that writes takes the acting user and checks their role on the club first
(`need`), then records the write in the audit log: the routes cannot forget either. A variant
is read through `readable` only, which lets anyone read a published variant and only the
club's members read a draft.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import Connection, bindparam, func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DB

from ..limits import MAX_FILE_BYTES
from ..loader import BUILTINS, SUFFIX
from . import security
from .models import (
    ROLES,
    AuditEntry,
    Club,
    Invitation,
    Membership,
    User,
    Variant,
    Version,
    now,
)

NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
"""A club's or a variant's name in its address: lower-case letters, digits and hyphens."""
USERNAME = re.compile(r"^[A-Za-z0-9_.-]{2,40}$")
MAX_VARIANTS = 200
"""Variants one club may hold."""
MAX_VERSIONS = 5_000
"""Versions one variant may hold."""
MAX_IMPORT_BYTES = 20_000_000
"""An uploaded folder (zip), as sent and once unpacked."""
MAX_IMPORT_FILES = 200
INVITATION_DAYS = 14


class Refused(Exception):
    """A request the server refuses: `status` (403, 404, 409, 422…) and words for the page
    (a catalog key and its parameters)."""

    def __init__(self, status: int, key: str, **params: object) -> None:
        super().__init__(key)
        self.status = status
        self.key = key
        self.params = params


def rank(role: str | None) -> int:
    return ROLES.index(role) + 1 if role in ROLES else 0


def audit(db: DB, user: User | None, club: Club | None, action: str, detail: str = "",
          address: str = "") -> None:
    db.add(AuditEntry(user_id=user.id if user else None, club_id=club.id if club else None,
                      action=action, detail=detail[:500], address=address[:64]))


# --- people -------------------------------------------------------------------------------

def create_user(db: DB, username: str, password: str, display_name: str = "",
                is_admin: bool = False, password_hash: str | None = None) -> User:
    """A new account (the hash may be made beforehand, off the event loop)."""
    if not USERNAME.match(username):
        raise Refused(422, "err.username")
    if not password_hash and not (security.MIN_PASSWORD <= len(password)
                                  <= security.MAX_PASSWORD):
        raise Refused(422, "err.password", n=security.MIN_PASSWORD)
    if db.scalar(select(User.id).where(func.lower(User.username) == username.lower())):
        raise Refused(409, "err.username_taken")
    user = User(username=username, display_name=(display_name or username)[:80],
                password_hash=password_hash or security.hash_password(password),
                is_admin=is_admin)
    db.add(user)
    db.flush()
    audit(db, user, None, "account.create", username)
    return user


def user_named(db: DB, username: str) -> User | None:
    if len(username) > 40:
        return None
    return db.scalar(select(User).where(func.lower(User.username) == username.lower()))


# --- clubs and roles ----------------------------------------------------------------------

def club(db: DB, slug: str) -> Club:
    found = db.scalar(select(Club).where(Club.slug == slug)) if len(slug) <= 40 else None
    if found is None:
        raise Refused(404, "err.no_club")
    return found


def role_of(db: DB, user: User | None, club: Club) -> str | None:
    if user is None:
        return None
    return db.scalar(select(Membership.role).where(Membership.club_id == club.id,
                                                   Membership.user_id == user.id))


def need(db: DB, user: User | None, club: Club, role: str) -> str:
    """The user's role on the club, when it is at least `role`; Refused otherwise (404 to a
    stranger, so that a draft club's contents are not even confirmed)."""
    have = role_of(db, user, club)
    if rank(have) >= rank(role):
        assert have is not None
        return have
    if user is None:
        raise Refused(401, "err.sign_in")
    raise Refused(403, f"err.need_{role}")


def create_club(db: DB, user: User, slug: str, name: str, language: str, region: str,
                address: str = "") -> Club:
    from ..render.i18n import LANGUAGES

    if not NAME.match(slug):
        raise Refused(422, "err.slug")
    if language not in LANGUAGES:
        raise Refused(422, "err.language")
    if not name.strip() or len(name) > 120 or len(region) > 80:
        raise Refused(422, "err.club_name")
    if db.scalar(select(Club.id).where(Club.slug == slug)):
        raise Refused(409, "err.slug_taken")
    found = Club(slug=slug, name=name.strip(), language=language, region=region.strip())
    db.add(found)
    db.flush()
    db.add(Membership(club_id=found.id, user_id=user.id, role="owner"))
    audit(db, user, found, "club.create", slug, address)
    return found


def clubs_of(db: DB, user: User) -> list[tuple[Club, str]]:
    rows = db.execute(select(Club, Membership.role).join(Membership).where(
        Membership.user_id == user.id).order_by(Club.name))
    return [(c, r) for c, r in rows]


def members(db: DB, club: Club) -> list[Membership]:
    return list(db.scalars(select(Membership).where(Membership.club_id == club.id)))


def set_role(db: DB, user: User, club: Club, username: str, role: str,
             address: str = "") -> None:
    """Change a member's role (owner only); `role` "none" removes them. A club keeps at
    least one owner."""
    need(db, user, club, "owner")
    if role not in (*ROLES, "none"):
        raise Refused(422, "err.role_name")
    target = user_named(db, username)
    member = db.get(Membership, (club.id, target.id)) if target else None
    if member is None:
        raise Refused(404, "err.no_member")
    if member.role == "owner" and role != "owner":
        owners = db.scalar(select(func.count()).select_from(Membership).where(
            Membership.club_id == club.id, Membership.role == "owner"))
        if (owners or 0) <= 1:
            raise Refused(409, "err.last_owner")
    if role == "none":
        db.delete(member)
    else:
        member.role = role
    audit(db, user, club, "member.role", f"{username}: {role}", address)


def invite(db: DB, user: User, club: Club, role: str, address: str = "") -> str:
    """A new invitation link's token (owner only); the database keeps its digest."""
    need(db, user, club, "owner")
    if role not in ROLES:
        raise Refused(422, "err.role_name")
    token = security.new_token()
    db.add(Invitation(club_id=club.id, token_hash=security.digest(token), role=role,
                      created_by=user.id, expires_at=now() + timedelta(days=INVITATION_DAYS)))
    audit(db, user, club, "invitation.create", role, address)
    return token


def invitation(db: DB, token: str) -> Invitation:
    found = db.scalar(select(Invitation).where(
        Invitation.token_hash == security.digest(token))) if len(token) <= 100 else None
    if found is None or found.used_at is not None or security.aware(found.expires_at) < now():
        raise Refused(404, "err.invitation")
    return found


def accept(db: DB, user: User, token: str, address: str = "") -> Club:
    found = invitation(db, token)
    joined = db.get(Club, found.club_id)
    assert joined is not None
    member = db.get(Membership, (joined.id, user.id))
    if member is None:
        db.add(Membership(club_id=joined.id, user_id=user.id, role=found.role))
    elif rank(found.role) > rank(member.role):
        member.role = found.role
    found.used_by, found.used_at = user.id, now()
    audit(db, user, joined, "invitation.accept", found.role, address)
    return joined


def open_invitations(db: DB, club: Club) -> list[Invitation]:
    return list(db.scalars(select(Invitation).where(
        Invitation.club_id == club.id, Invitation.used_at.is_(None),
        Invitation.expires_at > now()).order_by(Invitation.created_at)))


def audit_log(db: DB, user: User, club: Club, limit: int = 200) -> list[AuditEntry]:
    need(db, user, club, "owner")
    return list(db.scalars(select(AuditEntry).where(AuditEntry.club_id == club.id)
                           .order_by(AuditEntry.id.desc()).limit(limit)))


# --- variants and versions ----------------------------------------------------------------

@dataclass
class Access:
    """A variant as one visitor may see it."""

    club: Club
    variant: Variant
    role: str | None


def readable(db: DB, user: User | None, slug: str, name: str) -> Access:
    """The club's variant, when the visitor may read it: published, or they are a member."""
    found = db.scalar(select(Variant).join(Club).where(Club.slug == slug,
                                                       Variant.name == name)) \
        if len(slug) <= 40 and len(name) <= 60 else None
    if found is None:
        raise Refused(404, "err.no_variant")
    role = role_of(db, user, found.club)
    if not found.published and role is None:
        raise Refused(404, "err.no_variant")  # a draft is not even confirmed to exist
    return Access(found.club, found, role)


def variants_of(db: DB, club: Club, drafts: bool) -> list[tuple[Variant, Version]]:
    query = select(Variant, Version).join(Version, (Version.variant_id == Variant.id)
                                          & (Version.number == Variant.head)).where(
        Variant.club_id == club.id)
    if not drafts:
        query = query.where(Variant.published.is_(True))
    return [(v, ver) for v, ver in db.execute(query.order_by(Variant.name))]


def version(db: DB, variant: Variant, number: int | None = None) -> Version:
    number = variant.head if number is None else number
    found = db.scalar(select(Version).where(Version.variant_id == variant.id,
                                            Version.number == number))
    if found is None:
        raise Refused(404, "err.no_version")
    return found


def history(db: DB, variant: Variant) -> list[Version]:
    return list(db.scalars(select(Version).where(Version.variant_id == variant.id)
                           .order_by(Version.number.desc())))


def chain(db: DB, club: Club, first: Version, variant_name: str
          ) -> tuple[tuple[int, ...], dict[str, str]]:
    """The versions a variant's rules are made from: its own (`first`, of the variant
    `variant_name`), then the head of each of the same club's variants it extends (built-ins
    end it). Their ids key the cache; their texts, by name, are what a job may resolve
    `extends` against. One query per base: none for a variant that extends a built-in."""
    ids, texts = [first.id], {variant_name: first.text}
    target = first.extends
    while target and target not in BUILTINS and len(ids) < 9:
        name = target.removesuffix(SUFFIX)
        if name in texts:
            break  # a cycle: the job reports it
        row = db.execute(select(Version).join(Variant, (Version.variant_id == Variant.id)
                                              & (Version.number == Variant.head)).where(
            Variant.club_id == club.id, Variant.name == name)).scalar()
        if row is None:
            break  # no such variant: the job reports it
        ids.append(row.id)
        texts[name] = row.text
        target = row.extends
    return tuple(ids), texts


def check_text(text: str) -> None:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise Refused(413, "err.too_large", n=MAX_FILE_BYTES // 1000)
    if "\x00" in text:
        raise Refused(422, "err.binary")


def create_variant(db: DB, user: User, club: Club, name: str, address: str = "") -> Variant:
    need(db, user, club, "editor")
    if not NAME.match(name):
        raise Refused(422, "err.variant_name")
    if name in BUILTINS:
        raise Refused(422, "err.builtin_name", name=name)
    count = db.scalar(select(func.count()).select_from(Variant).where(
        Variant.club_id == club.id)) or 0
    if count >= MAX_VARIANTS:
        raise Refused(422, "err.too_many_variants", n=MAX_VARIANTS)
    if db.scalar(select(Variant.id).where(Variant.club_id == club.id, Variant.name == name)):
        raise Refused(409, "err.variant_taken")
    found = Variant(club_id=club.id, name=name, published=False, head=0)
    db.add(found)
    db.flush()
    audit(db, user, club, "variant.create", name, address)
    return found


def save_version(db: DB, user: User, access: Access, text: str, message: str,
                 base: int | None, checked: dict[str, object], action: str = "version.save",
                 address: str = "") -> Version:
    """A new version of the variant, when `base` (the version the edit started from) is
    still its latest: otherwise someone saved in between, and Refused 409 says so (nothing
    is lost: the page keeps the text). `checked` is the check job's result."""
    need(db, user, access.club, "editor")
    check_text(text)
    variant = db.scalar(select(Variant).where(Variant.id == access.variant.id)
                        .with_for_update(of=Variant))
    assert variant is not None
    if base is not None and base != variant.head:
        raise Refused(409, "err.conflict", theirs=variant.head, yours=base)
    if variant.head >= MAX_VERSIONS:
        raise Refused(422, "err.too_many_versions", n=MAX_VERSIONS)
    row = Version(variant_id=variant.id, number=variant.head + 1, text=text,
                  message=message.strip()[:500], author_id=user.id,
                  title=str(checked.get("title") or "")[:200],
                  language=str(checked.get("language") or "")[:2],
                  extends=_short(checked.get("extends")),
                  valid=bool(checked.get("valid")), problems=int(
                      checked.get("problems") or 0))  # type: ignore[call-overload]
    db.add(row)
    variant.head = row.number
    try:
        db.flush()
    except IntegrityError:  # two saves raced past the check: the second loses, and says so
        raise Refused(409, "err.conflict", theirs=variant.head, yours=base) from None
    audit(db, user, access.club, action, f"{variant.name} v{row.number}", address)
    return row


def _short(value: object) -> str | None:
    return value[:200] if isinstance(value, str) else None


def set_published(db: DB, user: User, access: Access, published: bool,
                  address: str = "") -> None:
    need(db, user, access.club, "editor")
    variant = db.get(Variant, access.variant.id)
    assert variant is not None
    if published and not version(db, variant).valid:
        raise Refused(422, "err.publish_invalid")
    variant.published = published
    audit(db, user, access.club, "variant.publish" if published else "variant.unpublish",
          variant.name, address)


def delete_variant(db: DB, user: User, access: Access, address: str = "") -> None:
    need(db, user, access.club, "owner")
    variant = db.get(Variant, access.variant.id)
    if variant is not None:
        db.delete(variant)
    audit(db, user, access.club, "variant.delete", access.variant.name, address)


def gallery(db: DB, query: str = "", region: str = "", language: str = "",
            limit: int = 100) -> list[tuple[Club, Variant, Version]]:
    """Published variants, newest saves first, matching a search on their name, title or
    club, a region and a language (of the variant, or of the club when it names none)."""
    rows = (select(Club, Variant, Version).join(Variant, Variant.club_id == Club.id)
            .join(Version, (Version.variant_id == Variant.id)
                  & (Version.number == Variant.head))
            .where(Variant.published.is_(True)))
    if query:
        like = f"%{_escape_like(query.lower()[:80])}%"
        rows = rows.where(or_(func.lower(Variant.name).like(like, escape="\\"),
                              func.lower(Version.title).like(like, escape="\\"),
                              func.lower(Club.name).like(like, escape="\\")))
    if region:
        rows = rows.where(func.lower(Club.region).like(
            f"%{_escape_like(region.lower()[:80])}%", escape="\\"))
    if language:
        rows = rows.where(or_(Version.language == language[:2],
                              (Version.language == "") & (Club.language == language[:2])))
    return [(c, v, ver) for c, v, ver in db.execute(
        rows.order_by(Version.created_at.desc()).limit(limit))]


def regions(db: DB) -> list[str]:
    return [r for r in db.scalars(select(Club.region).join(Variant).where(
        Variant.published.is_(True), Club.region != "").distinct().order_by(Club.region))]


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


# --- a club's folder ----------------------------------------------------------------------

def export_zip(db: DB, user: User, club: Club, with_history: bool = True) -> bytes:
    """The club's files as a zip folder: `<club>/<variant>.coinche` (each latest version,
    drafts included: members only) and, with history, `<club>/history/<variant>/<n>.coinche`
    with a `HISTORY.txt` of who saved what when."""
    need(db, user, club, "reader")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for variant, head in variants_of(db, club, drafts=True):
            zf.writestr(f"{club.slug}/{variant.name}{SUFFIX}", head.text)
            if with_history:
                lines = []
                for row in reversed(history(db, variant)):
                    zf.writestr(f"{club.slug}/history/{variant.name}/{row.number:04d}{SUFFIX}",
                                row.text)
                    who = row.author.username if row.author else "?"
                    lines.append(f"{row.number}\t{row.created_at:%Y-%m-%d %H:%M}\t{who}\t"
                                 f"{row.message}")
                zf.writestr(f"{club.slug}/history/{variant.name}/HISTORY.txt",
                            "\n".join(lines) + "\n")
    return out.getvalue()


def import_files(raw: bytes) -> dict[str, str]:
    """The variant files of an uploaded zip, by variant name (the file's name without
    `.coinche`, wherever it lies outside a `history/` folder); Refused for anything the
    server will not unpack (too large, too many files, not UTF-8, a bad name)."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise Refused(413, "err.too_large", n=MAX_IMPORT_BYTES // 1000)
    try:
        zf = zipfile.ZipFile(io.BytesIO(raw))
        infos = zf.infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        raise Refused(422, "err.not_zip") from None
    files: dict[str, str] = {}
    total = 0
    for info in infos:
        parts = info.filename.replace("\\", "/").split("/")
        if info.is_dir() or not parts[-1].endswith(SUFFIX) or "history" in parts[:-1]:
            continue
        if len(files) >= MAX_IMPORT_FILES:
            raise Refused(422, "err.too_many_files", n=MAX_IMPORT_FILES)
        name = parts[-1].removesuffix(SUFFIX)
        if not NAME.match(name) or name in BUILTINS:
            raise Refused(422, "err.import_name", name=name[:60])
        if info.file_size > MAX_FILE_BYTES:
            raise Refused(413, "err.too_large", n=MAX_FILE_BYTES // 1000)
        with zf.open(info) as f:
            data = f.read(MAX_FILE_BYTES + 1)  # the size in the header may lie
        total += len(data)
        if len(data) > MAX_FILE_BYTES or total > MAX_IMPORT_BYTES:
            raise Refused(413, "err.too_large", n=MAX_FILE_BYTES // 1000)
        try:
            files[name] = data.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused(422, "err.not_utf8", name=name) from None
        check_text(files[name])
    if not files:
        raise Refused(422, "err.empty_import")
    return files


# --- the hot path: a document's inputs in one query ------------------------------------------

@dataclass
class DocumentInputs:
    """What a sheet, card or PDF is made from, for one visitor allowed to read it."""

    club_slug: str
    club_language: str
    variant_name: str
    published: bool
    number: int
    language: str
    text: str
    ids: tuple[int, ...]
    texts: dict[str, str]


_DOCUMENT = (
    select(Club.id, Club.slug, Club.language, Variant.id, Variant.name, Variant.published,
           Version.id, Version.number, Version.language, Version.text, Version.extends)
    .join(Variant, Variant.club_id == Club.id)
    .join(Version, Version.variant_id == Variant.id)
    .where(Club.slug == bindparam("slug"), Variant.name == bindparam("name"),
           Version.number == func.coalesce(bindparam("number"), Variant.head)))
"""Built once: a public sheet is asked for far more often than anything else, and building a
statement costs more than running it."""
_PUBLISHED = (
    select(Club.language, Variant.name, Version.id, Version.number, Version.language,
           Version.extends)
    .join(Variant, Variant.club_id == Club.id)
    .join(Version, Version.variant_id == Variant.id)
    .where(Club.slug == bindparam("slug"), Variant.name == bindparam("name"),
           Variant.published.is_(True),
           Version.number == func.coalesce(bindparam("number"), Variant.head)))
"""A published variant's version without its text: what a cached public sheet needs."""


@dataclass
class PublishedKey:
    """What names a published version's documents in the cache (`published_key`)."""

    club_language: str
    variant_name: str
    number: int
    language: str
    ids: tuple[int, ...]


def published_key(conn: Connection, slug: str, name: str, number: int | None
                  ) -> PublishedKey | None:
    """The cache's name of a published version (`number`, or the latest) of a variant that
    extends a built-in, in one indexed query on a plain connection (no ORM session, no
    text read): a cached public sheet is served from it. None when that does not settle it
    (not published, no such version, a base of the club's: `document_inputs` then does)."""
    if len(slug) > 40 or len(name) > 60:
        return None
    row = conn.execute(_PUBLISHED, {"slug": slug, "name": name, "number": number}).first()
    if row is None or (row[5] and row[5] not in BUILTINS):
        return None
    return PublishedKey(row[0], row[1], row[3], row[4] or "", (row[2],))


_ROLE = select(Membership.role).where(Membership.club_id == bindparam("club"),
                                      Membership.user_id == bindparam("user"))


def document_inputs(db: DB, user: User | None, slug: str, name: str,
                    number: int | None) -> DocumentInputs:
    """The version of the variant a document is made from (`number`, or its latest), when the
    visitor may read it (`readable`'s rule: published, or a member), with its chain."""
    if len(slug) > 40 or len(name) > 60:
        raise Refused(404, "err.no_variant")
    row = db.execute(_DOCUMENT, {"slug": slug, "name": name, "number": number}).first()
    if row is None:
        exists = db.scalar(select(Variant.published).join(Club).where(
            Club.slug == slug, Variant.name == name))
        member = exists is not None and user is not None and db.scalar(
            select(Membership.role).join(Club).where(Club.slug == slug,
                                                     Membership.user_id == user.id))
        if exists or member:
            raise Refused(404, "err.no_version")
        raise Refused(404, "err.no_variant")
    club_id, club_slug, club_lang, _, variant_name, published, version_id, vnumber, \
        vlang, text, extends = row
    if not published and (user is None or db.execute(
            _ROLE, {"club": club_id, "user": user.id}).first() is None):
        raise Refused(404, "err.no_variant")
    ids: tuple[int, ...] = (version_id,)
    texts = {variant_name: text}
    if extends and extends not in BUILTINS:
        club_row, version_row = db.get(Club, club_id), db.get(Version, version_id)
        assert club_row is not None and version_row is not None
        ids, texts = chain(db, club_row, version_row, variant_name)
    return DocumentInputs(club_slug, club_lang, variant_name, bool(published), vnumber,
                          vlang or "", text, ids, texts)

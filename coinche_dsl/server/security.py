"""Passwords, sessions, CSRF and the login throttle, all kept in the database.

- Passwords are hashed with argon2id (argon2-cffi's defaults, RFC 9106's low-memory profile);
  a hash made under older parameters is replaced at the next login.
- A session is a random token in an HttpOnly, SameSite=Lax cookie; the database keeps only its
  SHA-256 digest (a stolen table opens no session), with the session's CSRF token and its expiry.
  A visitor who opens a form (signing up, signing in, an invitation) gets an anonymous session
  first, so that every form, the login form included, carries a token tied to the session;
  reading the public pages opens none. Signing in replaces the session (no fixation); expired
  sessions are deleted whenever one is opened.
- Failed logins are rows: five per account or thirty per address in fifteen minutes, and the
  next attempt is refused until the window passes, whichever process answers.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session as DB

from .models import LoginAttempt, Session, User, now

COOKIE = "coinche_session"
SESSION_DAYS = 14
ANONYMOUS_HOURS = 12
THROTTLE_WINDOW = timedelta(minutes=15)
MAX_FAILURES_PER_ACCOUNT = 5
MAX_FAILURES_PER_ADDRESS = 30
MIN_PASSWORD = 10
MAX_PASSWORD = 200

_hasher = PasswordHasher()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(user: User, password: str) -> bool:
    """Whether `password` is the user's; a hash made under old parameters is renewed."""
    try:
        _hasher.verify(user.password_hash, password)
    except (VerificationError, InvalidHashError):
        return False
    if _hasher.check_needs_rehash(user.password_hash):
        user.password_hash = _hasher.hash(password)
    return True


DUMMY_HASH = _hasher.hash("not a password anyone has")
"""Verified against when the account does not exist: the answer takes as long either way."""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


def aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes (stored as UTC): make them comparable."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def open_session(db: DB, user: User | None) -> tuple[str, Session]:
    """A new session (anonymous when `user` is None): its cookie token and row."""
    db.execute(delete(Session).where(Session.expires_at < now()))  # the expired ones go
    token = new_token()
    life = timedelta(days=SESSION_DAYS) if user else timedelta(hours=ANONYMOUS_HOURS)
    row = Session(token_hash=digest(token), user_id=user.id if user else None,
                  csrf=secrets.token_urlsafe(32), expires_at=now() + life)
    db.add(row)
    return token, row


def find_session(db: DB, token: str | None) -> Session | None:
    if not token or len(token) > 100:
        return None
    row = db.get(Session, digest(token))
    if row is None or aware(row.expires_at) < now():
        return None
    return row


def close_session(db: DB, token: str | None) -> None:
    if token and len(token) <= 100:
        db.execute(delete(Session).where(Session.token_hash == digest(token)))


def csrf_ok(session: Session | None, sent: str | None) -> bool:
    return bool(session and sent and secrets.compare_digest(session.csrf, sent))


def throttled(db: DB, username: str, address: str) -> bool:
    """Whether a login for `username` from `address` must wait (too many recent failures)."""
    since = now() - THROTTLE_WINDOW

    def failures(key: str) -> int:
        return db.scalar(select(func.count()).select_from(LoginAttempt).where(
            LoginAttempt.key == key, LoginAttempt.at >= since)) or 0
    return (failures(f"user:{username.lower()}") >= MAX_FAILURES_PER_ACCOUNT
            or failures(f"addr:{address}") >= MAX_FAILURES_PER_ADDRESS)


def record_failure(db: DB, username: str, address: str) -> None:
    db.add_all([LoginAttempt(key=f"user:{username.lower()[:100]}"),
                LoginAttempt(key=f"addr:{address[:100]}")])
    db.execute(delete(LoginAttempt).where(LoginAttempt.at < now() - 2 * THROTTLE_WINDOW))


def forget_failures(db: DB, username: str) -> None:
    db.execute(delete(LoginAttempt).where(LoginAttempt.key == f"user:{username.lower()}"))

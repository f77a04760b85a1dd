"""The secrets of a table: one unguessable token per seat, kept only as its digest.

A token is shown once, in the links the table's creator receives; the store keeps its
SHA-256 digest, and a token presented later is compared with it in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

__all__ = ["digest", "matches", "new_token"]


def new_token() -> str:
    """A fresh token: 32 random bytes, URL-safe base64 (43 characters)."""
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    """What the store keeps of ``token``."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def matches(token: str, kept: str) -> bool:
    """Whether ``token`` is the one whose digest is ``kept``, in a time that does not tell
    how much of it is right."""
    return hmac.compare_digest(digest(token), kept)

"""Unguessable room codes and seat tokens; only hashes of tokens are stored."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_room_code() -> str:
    return secrets.token_urlsafe(12)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str | None, stored_hash: str | None) -> bool:
    if not token or not stored_hash:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)

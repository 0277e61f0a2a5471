"""Limits against abuse (issue 13): token buckets keyed by client address or seat, and the
checks of what a client may send (names, seeds, request bodies).

A :class:`Buckets` holds one token bucket per key: ``rate`` tokens per minute up to ``burst``;
each allowed action takes one. Time comes from a clock given at construction (the event loop's in
the server), so tests can count refusals without waiting.
"""

from __future__ import annotations

import hashlib
import time
import unicodedata
from collections.abc import Callable, Hashable
from dataclasses import dataclass


@dataclass
class _Bucket:
    tokens: float
    at: float


class Buckets:
    """Token buckets by key: ``allow(key)`` takes a token when one is left.

    >>> now = [0.0]
    >>> b = Buckets(per_minute=60, burst=2, clock=lambda: now[0])
    >>> [b.allow("a") for _ in range(3)], b.allow("b")
    ([True, True, False], True)
    >>> now[0] = 1.0; b.allow("a")
    True
    """

    def __init__(self, per_minute: float, burst: int, clock: Callable[[], float] = time.monotonic,
                 max_keys: int = 100_000) -> None:
        self.rate = max(0.0, per_minute) / 60.0
        self.burst = max(1, burst)
        self.clock = clock
        self.max_keys = max_keys
        self._buckets: dict[Hashable, _Bucket] = {}
        #: How many actions were refused, since the start.
        self.refused = 0

    def allow(self, key: Hashable) -> bool:
        now = self.clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.max_keys:
                self._forget(now)
            bucket = self._buckets[key] = _Bucket(float(self.burst), now)
        else:
            bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.at) * self.rate)
            bucket.at = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return True
        self.refused += 1
        return False

    def _forget(self, now: float) -> None:
        """Drop the buckets that are full again (they hold nothing to remember)."""
        full = [k for k, b in self._buckets.items() if b.tokens + (now - b.at) * self.rate >= self.burst]
        for k in full:
            del self._buckets[k]
        if len(self._buckets) >= self.max_keys:
            self._buckets.clear()


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (None: it can): control or format characters (NUL,
    terminal escapes, bidirectional overrides) and lone surrogates are refused.

    >>> name_problem("Sofía"), name_problem("a\\x1b[2J"), name_problem("a\\x00b")
    (None, 'control character U+001B at 2', 'control character U+0000 at 2')
    """
    for i, ch in enumerate(name, 1):
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            what = "lone surrogate" if cat == "Cs" else "control character"
            return f"{what} U+{ord(ch):04X} at {i}"
    return None


def checked_program_names(names: dict[str, str]) -> dict[str, str]:
    """The names the creator of a table or a match gives its program seats (issue 9), stripped;
    raises ``ValueError`` naming the seat when one is blank, too long or holds a control character.

    >>> checked_program_names({"N": " BEN "})
    {'N': 'BEN'}
    """
    out = {}
    for seat, name in names.items():
        name = name.strip()
        problem = name_problem(name) if name else "blank name"
        if problem is None and len(name) > 40:
            problem = "longer than 40 characters"
        if problem is not None:
            raise ValueError(f"program_names.{seat}: {problem}")
        out[seat] = name
    return out


def text_problem(text: str) -> str | None:
    """Why ``text`` (a seed, an option) cannot be stored: a lone surrogate or a NUL."""
    for i, ch in enumerate(text, 1):
        if ch == "\x00" or 0xD800 <= ord(ch) <= 0xDFFF:
            return f"character U+{ord(ch):04X} at {i} is not allowed"
    return None


def owner_key(address: str) -> str:
    """What a table stores of the client address that created it (its owner, by which the worker
    pool shares its CPU first; issue 13): a digest, so the database keeps no address in clear.
    Behind the shipped nginx the address is the one it forwards (as for the other limits).

    >>> owner_key("203.0.113.7") == owner_key("203.0.113.7") != owner_key("203.0.113.8")
    True
    >>> len(owner_key("::1"))
    16
    """
    return hashlib.sha256(f"bazas-owner:{address}".encode()).hexdigest()[:16]

"""Auction patterns: the left-hand side of a rule-table row.

A pattern is matched against the calls made since the FIRST BID of the auction (leading passes
are dropped; rules that care about the opener's seat say so in a condition). It must match all of
them, so its length fixes who opened: with ``n`` tokens the opener sits ``n`` seats to the right
of the player to call -- ``"1M P"`` is partner's opening and a pass, ``"1x"`` is right-hand
opponent's opening, ``"1x P P"`` is the pass-out (balancing) seat, ``""`` is no bid yet.

Tokens (separated by spaces):

- a call: ``P``, ``X``, ``XX``, ``1C`` ... ``7NT``;
- a level and a suit variable: ``1M`` (a major), ``2m`` (a minor), ``1x`` (any suit; also ``y``,
  ``z``, ``w``). A variable binds on first use and must agree later; different variables bind
  different suits;
- ``@x``: a bid at any level in the suit of ``x``; ``@NT``: any notrump bid;
- ``B``: any bid; ``*``: any call; ``a|b``: either (e.g. ``P|X``);
- ``...``: any number (zero or more) of calls.

>>> from bazas.engine.calls import parse_call
>>> p = Pattern("1M P")
>>> p.match(tuple(parse_call(c) for c in ["1H", "P"]))
{'M': 2}
>>> p.match(tuple(parse_call(c) for c in ["1D", "P"])) is None
True
>>> Pattern("... 4NT P").match(tuple(parse_call(c) for c in ["1S", "P", "3S", "P", "4NT", "P"]))
{}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bazas.engine.calls import Bid, Call, Strain, parse_call

Bindings = dict[str, int]

#: Suit variables and the suits (0 C .. 3 S) each may stand for.
VARIABLES: dict[str, tuple[int, ...]] = {
    "M": (2, 3),
    "m": (0, 1),
    "x": (0, 1, 2, 3),
    "y": (0, 1, 2, 3),
    "z": (0, 1, 2, 3),
    "w": (0, 1, 2, 3),
}


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # call | var | anylevel | anynt | bid | any | alt | ellipsis
    call: Call | None = None
    level: int = 0
    var: str = ""
    alts: tuple[Token, ...] = ()


def parse_token(text: str) -> Token:
    if text == "...":
        return Token("ellipsis")
    if "|" in text:
        return Token("alt", alts=tuple(parse_token(t) for t in text.split("|")))
    if text == "*":
        return Token("any")
    if text == "B":
        return Token("bid")
    if text == "@NT":
        return Token("anynt")
    if text.startswith("@") and text[1:] in VARIABLES:
        return Token("anylevel", var=text[1:])
    if len(text) == 2 and text[0] in "1234567" and text[1] in VARIABLES:
        return Token("var", level=int(text[0]), var=text[1])
    return Token("call", call=parse_call(text))


def bind(var: str, suit: int, b: Bindings) -> Bindings | None:
    """``b`` extended with ``var`` = ``suit``, or None if that contradicts it."""
    if suit not in VARIABLES[var]:
        return None
    old = b.get(var)
    if old is not None:
        return b if old == suit else None
    if suit in b.values():
        return None
    nb = dict(b)
    nb[var] = suit
    return nb


def _match_one(tok: Token, call: Call, b: Bindings) -> Bindings | None:
    k = tok.kind
    if k == "call":
        return b if call == tok.call else None
    if k == "any":
        return b
    if k == "alt":
        for alt in tok.alts:
            r = _match_one(alt, call, b)
            if r is not None:
                return r
        return None
    if not isinstance(call, Bid):
        return None
    if k == "bid":
        return b
    if k == "anynt":
        return b if call.strain is Strain.NT else None
    if call.strain is Strain.NT:
        return None
    if k == "var" and call.level != tok.level:
        return None
    return bind(tok.var, int(call.strain), b)


class Pattern:
    """A compiled auction pattern (see the module docstring)."""

    __slots__ = ("text", "tokens", "fixed_length")

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tuple(parse_token(t) for t in text.split())
        self.fixed_length: int | None = (
            None if any(t.kind == "ellipsis" for t in self.tokens) else len(self.tokens)
        )

    def match(self, calls: Sequence[Call], b: Bindings | None = None) -> Bindings | None:
        """Bindings if the pattern matches all of ``calls``, else None."""
        if self.fixed_length is not None and self.fixed_length != len(calls):
            return None
        return _match(self.tokens, 0, calls, 0, {} if b is None else b)

    def __repr__(self) -> str:
        return f"Pattern({self.text!r})"


def _match(tokens: tuple[Token, ...], ti: int, calls: Sequence[Call], ci: int, b: Bindings) -> Bindings | None:
    while ti < len(tokens):
        tok = tokens[ti]
        if tok.kind == "ellipsis":
            # Try the shortest skip first: later tokens are usually the specific ones.
            for skip in range(ci, len(calls) + 1):
                r = _match(tokens, ti + 1, calls, skip, b)
                if r is not None:
                    return r
            return None
        if ci >= len(calls):
            return None
        nb = _match_one(tok, calls[ci], b)
        if nb is None:
            return None
        b = nb
        ti += 1
        ci += 1
    return b if ci == len(calls) else None


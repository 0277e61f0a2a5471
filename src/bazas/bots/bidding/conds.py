"""Small public conditions and private preferences shared by the rule tables.

Conditions (``(situation, bindings) -> bool``) look only at public facts; preferences
(``(features, situation, bindings) -> bool``) may look at the hand but may only make a row
stricter than its constraints.
"""

from __future__ import annotations

from collections.abc import Callable

from bazas.engine.calls import Bid, Pass, Strain

from .constraints import HandFeatures
from .core import NORMAL_GAME, CallMeaning, Cond, Prefer, Situation
from .patterns import Bindings


def strain_of(b: Bindings, var: str) -> Strain:
    if var == "NT":
        return Strain.NT
    if var in b:
        return Strain(b[var])
    return Strain.parse(var)


# -- conditions --------------------------------------------------------------------------------


def pos(*positions: int) -> Cond:
    """The opener's seat (no bid yet: the caller's) is one of ``positions`` (1-4)."""
    return lambda sit, b: sit.position in positions


def both(*conds: Cond) -> Cond:
    return lambda sit, b: all(c(sit, b) for c in conds)


def negate(cond: Cond) -> Cond:
    return lambda sit, b: not cond(sit, b)


def normal_game(var: str) -> Cond:
    """No part score shortens the way to game in this strain (so jump raises and game-forcing
    conventions keep their usual meaning)."""
    return lambda sit, b: sit.game_level(strain_of(b, var)) == NORMAL_GAME[strain_of(b, var)]


def short_game(var: str) -> Cond:
    return negate(normal_game(var))


def lower(a: str, c: str) -> Cond:
    """Suit variable ``a`` ranks below ``c``."""
    return lambda sit, b: b[a] < b[c]


def higher(a: str, c: str) -> Cond:
    return lambda sit, b: b[a] > b[c]


def is_major(var: str) -> Cond:
    return lambda sit, b: b[var] >= 2


def is_minor(var: str) -> Cond:
    return lambda sit, b: b[var] < 2


def meaning_has(m: CallMeaning | None, *words: str) -> bool:
    return m is not None and any(w in rid for rid in m.rules for w in words)


def partner_did(*words: str) -> Cond:
    """Partner's last action was made under a row whose id contains one of ``words``."""
    return lambda sit, b: meaning_has(sit.last_action_of(sit.partner), *words)


def i_did(*words: str) -> Cond:
    return lambda sit, b: meaning_has(sit.last_action_of(sit.seat), *words)


def cheap_level_at_most(var: str, level: int) -> Cond:
    return lambda sit, b: sit.cheapest_level(strain_of(b, var)) <= level


def partner_game_reached() -> Cond:
    """Partner's last call was a natural, non-forcing bid that is the current contract, nobody
    has acted since, and -- thanks to our part score -- it wins a game below the usual game level."""
    def f(sit: Situation, b: Bindings) -> bool:
        m = sit.last_action_of(sit.partner)
        if m is None or not isinstance(m.call, Bid) or m.forcing or m.artificial or not m.rules:
            return False
        if meaning_has(m, "ask", "quant", "blackwood", "gerber", "kings", "inv"):
            return False
        if sit.last_bidder != sit.partner or sit.auction.last_bid != m.call:
            return False
        if any(not isinstance(c, Pass) for c in sit.calls[m.index + 1:]):
            return False
        # Only the part-score shortcut: a bid below the usual game level that still wins a game.
        return sit.completes_game(m.call) and m.call.level < NORMAL_GAME[m.call.strain]
    return f


# -- preferences ---------------------------------------------------------------------------------


def opening_strength(f: HandFeatures, sit: Situation, b: Bindings) -> bool:
    """12+ HCP, or 10-11 HCP by the rule of 20 (HCP + the two longest suits); in fourth seat
    the rule of 15 (HCP + spades at least 15)."""
    if sit.position == 4 and not sit.tail:
        return f.hcp >= 10 and f.hcp + f.lengths[3] >= 15
    if f.hcp >= 12:
        return True
    two = sum(sorted(f.lengths)[-2:])
    return f.hcp >= 10 and f.hcp + two >= 20


def sound_preempt(var: str) -> Prefer:
    """A good suit; or, in third seat or at favourable vulnerability, two of the top five
    honours will do."""
    def p(f: HandFeatures, sit: Situation, b: Bindings) -> bool:
        s = b[var]
        if f.good_suit(s):
            return True
        light = (sit.position == 3 and not sit.tail) or (not sit.vul_us and sit.vul_them)
        return light and f.honours(s) >= 2
    return p


def playing_tricks(f: HandFeatures) -> int:
    """Playing tricks: per suit, the top three cards' winners (A, K, Q with a guard) plus every
    card past the third."""
    total = 0
    for s in range(4):
        n = f.lengths[s]
        bits = f.suit_bits[s]
        top = 0
        if bits & (1 << 12):
            top += 1
        if bits & (1 << 11) and n >= 2:
            top += 1
        if bits & (1 << 10) and n >= 3:
            top += 1
        if bits & (1 << 9) and n >= 4 and top >= 2:
            top += 1
        total += min(top, n) + max(0, n - 3 - max(0, top - 3))
    return total


def longest(var: str) -> Prefer:
    """The suit is (one of) the longest."""
    return lambda f, sit, b: f.lengths[b[var]] >= max(f.lengths)


def strictly_longest(var: str) -> Prefer:
    return lambda f, sit, b: all(f.lengths[b[var]] > f.lengths[s] for s in range(4) if s != b[var])


def better_minor(f: HandFeatures, sit: Situation, b: Bindings) -> bool:
    """The longer minor; with equal minors 1♣ on 3-3, 1♦ on 4-4 or longer."""
    c, d = f.lengths[0], f.lengths[1]
    chosen = (0 if c > d else 1) if c != d else (0 if c <= 3 else 1)
    return b["m"] == chosen


def good_suit(var: str) -> Prefer:
    return lambda f, sit, b: f.good_suit(b[var])


def all_of(*prefs: Prefer) -> Prefer:
    return lambda f, sit, b: all(p(f, sit, b) for p in prefs)


def no_void(f: HandFeatures, sit: Situation, b: Bindings) -> bool:
    return min(f.lengths) > 0


def has_shortness(f: HandFeatures, sit: Situation, b: Bindings) -> bool:
    return min(f.lengths) <= 1


def feature_in(var: str) -> Prefer:
    """An ace or a guarded king in the suit (a weak-two "feature")."""
    def p(f: HandFeatures, sit: Situation, b: Bindings) -> bool:
        bits = f.suit_bits[b[var]]
        return bool(bits & (1 << 12) or (bits & (1 << 11) and f.lengths[b[var]] >= 2))
    return p


def fn(value: Callable[[Situation, Bindings], object]) -> Callable[[Situation, Bindings], object]:
    """Mark a value as computed from the situation (readability only)."""
    return value

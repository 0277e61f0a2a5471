"""The rule-table machinery shared by every bidding system.

A system is an ordered table of :class:`Rule` rows. Each row says: in auctions matching this
pattern (and this public condition), this call shows this hand (a :class:`HandConstraints`
template), and means this (Spanish and English). The SAME table is read two ways:

- **choosing**: walk the rows in order; the first row whose call is legal and whose constraints
  (plus an optional private preference) the hand satisfies gives the call;
- **explaining**: the meaning of a call is the hull (the loosest common promise) of every row that
  could have produced it here. Because a chosen row is always among them, a bot's own call always
  keeps the promise its explanation states.

Conditions only look at public facts -- the auction, the meanings of earlier calls and the table
context -- so explaining a human's call works exactly like explaining a bot's. Calls that no row
gives get an honest generic meaning ("natural, no agreed meaning") with no constraints.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from bazas.bots.base import TableContext
from bazas.engine.auction import Auction
from bazas.engine.calls import ALL_BIDS, PASS, Bid, Call, Double, Pass, Redouble, Strain, parse_call
from bazas.engine.seats import SEATS, Seat

from .constraints import (
    ALL_COUNTS,
    MAX_HCP,
    MAX_POINTS,
    MAX_QT,
    UNCONSTRAINED,
    HandConstraints,
    HandFeatures,
)
from .explanations import read_explanation, says_natural
from .patterns import VARIABLES, Bindings, Pattern, bind

SUIT_SYMBOLS = "♣♦♥♠"
NAMES = {
    "en": ("clubs", "diamonds", "hearts", "spades", "notrump"),
    "es": ("tréboles", "diamantes", "corazones", "picas", "sin triunfo"),
}


def call_text(call: Call, lang: str) -> str:
    return call.text(lang)


# ---------------------------------------------------------------------------------------------
# Meanings
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CallMeaning:
    """What one call of an auction means in a system."""

    index: int
    seat: Seat
    call: Call
    rules: tuple[str, ...]  # ids of the table rows that give this call here (empty: outside)
    constraints: HandConstraints
    es: str
    en: str
    forcing: bool = False
    artificial: bool = False
    preempt: bool = False
    #: The booklet sections the meaning comes from (empty outside the system).
    sources: tuple[str, ...] = ()

    @property
    def in_system(self) -> bool:
        return bool(self.rules)


# ---------------------------------------------------------------------------------------------
# The situation: everything public about the auction, from the point of view of the next caller
# ---------------------------------------------------------------------------------------------


def _contract_points(level: int, strain: Strain) -> int:
    """Contract-bridge trick score of a bid contract (undoubled)."""
    if strain is Strain.NT:
        return 40 + 30 * (level - 1)
    return (30 if strain.is_major else 20) * level


NORMAL_GAME = {Strain.C: 5, Strain.D: 5, Strain.H: 4, Strain.S: 4, Strain.NT: 3}


class Situation:
    """The auction so far, seen by the player to call, with the meanings of the earlier calls."""

    def __init__(self, system: System, auction: Auction, context: TableContext,
                 history: tuple[CallMeaning, ...]) -> None:
        self.system = system
        self.auction = auction
        self.context = context
        self.history = history
        self.calls: tuple[Call, ...] = auction.calls
        self.dealer = auction.dealer
        self.seat: Seat = auction.turn
        start = len(self.calls)
        for i, c in enumerate(self.calls):
            if isinstance(c, Bid):
                start = i
                break
        self.start = start
        self.tail: tuple[Call, ...] = self.calls[start:]
        self._known: dict[Seat, HandConstraints] | None = None
        # The rows that apply, their calls and promises, the calls' meanings and legality depend
        # on the auction alone, not on a hand: kept here so that replaying many hands through one
        # situation (bidding/replay.py) matches the table's patterns once.
        self._rows: dict[tuple[int, bool | None], list[tuple[Rule, Bindings]]] = {}
        self._meanings: dict[tuple[int, Call], CallMeaning] = {}
        self._legal: dict[Call, bool] = {}
        self._calls: dict[tuple[int, tuple[tuple[str, int], ...]], Call | None] = {}
        self._promises: dict[tuple[int, tuple[tuple[str, int], ...]], HandConstraints] = {}

    # -- seats ---------------------------------------------------------------------------------
    @property
    def partner(self) -> Seat:
        return self.seat.partner

    @property
    def lho(self) -> Seat:
        return self.seat.lho

    @property
    def rho(self) -> Seat:
        return self.seat.rho

    def is_us(self, seat: Seat) -> bool:
        return seat.side == self.seat.side

    @property
    def position(self) -> int:
        """The opener's seat position 1-4 (how many passed before the first bid, plus one)."""
        return self.start + 1

    @property
    def opener(self) -> Seat | None:
        return self.dealer.after(self.start) if self.start < len(self.calls) else None

    # -- the auction -----------------------------------------------------------------------------
    def seat_of(self, index: int) -> Seat:
        return self.dealer.after(index)

    def calls_of(self, seat: Seat) -> list[tuple[int, Call]]:
        return [(i, c) for i, c in enumerate(self.calls) if self.seat_of(i) == seat]

    def bids_of(self, seat: Seat) -> list[tuple[int, Bid]]:
        return [(i, c) for i, c in self.calls_of(seat) if isinstance(c, Bid)]

    def has_passed(self, seat: Seat | None = None) -> bool:
        """Did ``seat`` (default: the player to call) pass before the first bid (a passed hand)?"""
        s = self.seat if seat is None else seat
        return any(self.seat_of(i) == s for i in range(self.start))

    def last_action_of(self, seat: Seat) -> CallMeaning | None:
        """The meaning of ``seat``'s last call other than pass."""
        for m in reversed(self.history):
            if m.seat == seat and not isinstance(m.call, Pass):
                return m
        return None

    @property
    def last_bid(self) -> Bid | None:
        return self.auction.last_bid

    @property
    def last_bidder(self) -> Seat | None:
        return self.auction.last_bidder

    @property
    def our_contract(self) -> bool:
        """The current (last) bid was made by our side."""
        lb = self.auction.last_bidder
        return lb is not None and self.is_us(lb)

    @property
    def doubled(self) -> bool:
        return int(self.auction.doubling) > 1

    def legal(self, call: Call) -> bool:
        ok = self._legal.get(call)
        if ok is None:
            ok = self._legal[call] = self.auction.can(call)
        return ok

    def cheapest(self, strain: Strain) -> Bid | None:
        """The cheapest legal bid in ``strain``."""
        last = self.auction.last_bid
        for level in range(1, 8):
            b = ALL_BIDS[(level - 1) * 5 + strain]
            if last is None or b.rank > last.rank:
                return b
        return None

    def cheapest_level(self, strain: Strain) -> int:
        b = self.cheapest(strain)
        return b.level if b is not None else 8

    def opponents_bid(self) -> bool:
        """Has either opponent made a call other than pass?"""
        return any(not isinstance(c, Pass) for i, c in enumerate(self.calls) if not self.is_us(self.seat_of(i)))

    def partner_forcing(self) -> bool:
        """Partner's last action was forcing and nobody has acted since (RHO passed)."""
        m = self.last_action_of(self.partner)
        if m is None or not m.forcing:
            return False
        return all(isinstance(c, Pass) for c in self.calls[m.index + 1:])

    # -- public knowledge -------------------------------------------------------------------------
    def known(self, seat: Seat) -> HandConstraints:
        """What ``seat``'s calls so far promised, combined (contradictions dropped, newest first)."""
        if self._known is None:
            self._known = combine_meanings(self.history)
        return self._known[seat]

    def hcp_range(self, seat: Seat) -> tuple[int, int]:
        """``seat``'s promised HCP range (dummy-point promises cap it too)."""
        k = self.known(seat)
        lo, hi = k.hcp[0], min(k.hcp[1], k.points[1])
        for _, dlo, dhi in k.dummy:
            hi = min(hi, dhi)
            lo = max(lo, dlo - 5)
        return lo, max(lo, hi)

    def min_len(self, seat: Seat, suit: int) -> int:
        return self.known(seat).lengths[suit][0]

    def natural_strains(self, seat: Seat) -> set[Strain]:
        """Strains ``seat`` bid naturally (not as an artificial call)."""
        out: set[Strain] = set()
        for m in self.history:
            if m.seat == seat and isinstance(m.call, Bid) and not m.artificial:
                out.add(m.call.strain)
        return out

    def shown_suits(self, seat: Seat) -> int:
        """Bit set of suits ``seat`` has shown: bid naturally or promised 4+ cards in."""
        k = self.known(seat)
        mask = sum(1 << s for s in range(4) if k.lengths[s][0] >= 4)
        for st in self.natural_strains(seat):
            if st is not Strain.NT:
                mask |= 1 << int(st)
        return mask

    def their_suits(self) -> int:
        return self.shown_suits(self.lho) | self.shown_suits(self.rho)

    def our_suits(self) -> int:
        return self.shown_suits(self.seat) | self.shown_suits(self.partner)

    def unbid_suits(self) -> int:
        return 0xF & ~(self.their_suits() | self.our_suits())


    def agreed_suit(self) -> int | None:
        """The most recent suit both partners have bid naturally (or one bid and the other
        raised); None if there is none."""
        me, pa = self.natural_strains(self.seat), self.natural_strains(self.partner)
        for m in reversed(self.history):
            if self.is_us(m.seat) and isinstance(m.call, Bid) and m.call.strain is not Strain.NT:
                st = m.call.strain
                if st in me and st in pa:
                    return int(st)
        return None

    # -- score ---------------------------------------------------------------------------------
    @property
    def vul_us(self) -> bool:
        return self.context.vulnerable(self.seat)

    @property
    def vul_them(self) -> bool:
        return self.context.vulnerable(self.seat.lho)

    @property
    def part_us(self) -> int:
        return self.context.part_score(self.seat)

    @property
    def part_them(self) -> int:
        return self.context.part_score(self.seat.lho)

    def game_level(self, strain: Strain, seat: Seat | None = None) -> int:
        """The lowest level in ``strain`` that wins a game for ``seat``'s side (default: ours),
        counting its part score (contract scoring: only bid tricks count)."""
        s = self.seat if seat is None else seat
        part = self.context.part_score(s)
        target = self.context.game_target
        for level in range(1, 8):
            if part + _contract_points(level, strain) >= target:
                return level
        return 7

    def completes_game(self, bid: Bid, seat: Seat | None = None) -> bool:
        return bid.level >= self.game_level(bid.strain, seat)

    def game_points(self, strain: Strain) -> int:
        """Combined points this partnership wants for a game in ``strain`` at its game level:
        25 for notrump and majors, 28 for minors; one less vulnerable at IMPs (thin vulnerable
        games pay), one more on Chicago's fourth deal (a part score then earns 100 anyway);
        three fewer per level a part score saves."""
        base = 28 if strain.is_minor else 25
        ctx = self.context
        if ctx.scoring == "imps" and self.vul_us:
            base -= 1
        if ctx.scoring == "chicago" and ctx.deal_number == 4:
            base += 1
        saved = NORMAL_GAME[strain] - self.game_level(strain)
        return base - 3 * max(0, saved)


def combine_meanings(history: Sequence[CallMeaning]) -> dict[Seat, HandConstraints]:
    """Per seat, the intersection of what its calls promised. A promise that would make the
    combination contradictory (a human's deviation) is skipped, keeping the earlier ones."""
    out = {s: UNCONSTRAINED for s in SEATS}
    for m in history:
        if m.constraints.is_unconstrained:
            continue
        cur = out[m.seat]
        new = cur.intersect(m.constraints)
        if new.is_satisfiable():
            out[m.seat] = new
    return out


# ---------------------------------------------------------------------------------------------
# Rule rows
# ---------------------------------------------------------------------------------------------

Cond = Callable[[Situation, Bindings], bool]
Prefer = Callable[[HandFeatures, Situation, Bindings], bool]
CallFn = Callable[[Situation, Bindings], Call | None]


def _parse_range(value: Any, top: int) -> tuple[int, int]:
    if isinstance(value, tuple):
        return (int(value[0]), int(value[1]))
    if isinstance(value, int):
        return (value, value)
    t = str(value).strip()
    if t.endswith("+"):
        return (int(t[:-1]), top)
    if t.startswith("-"):
        return (0, int(t[1:]))
    if "-" in t:
        a, b = t.split("-")
        return (int(a), int(b))
    return (int(t), int(t))


def _parse_half_range(value: Any) -> tuple[int, int]:
    t = str(value).strip()
    if t.endswith("+"):
        return (round(float(t[:-1]) * 2), MAX_QT)
    if t.startswith("-"):
        return (0, round(float(t[1:]) * 2))
    if "-" in t:
        a, b = t.split("-")
        return (round(float(a) * 2), round(float(b) * 2))
    return (round(float(t) * 2), round(float(t) * 2))


_SUIT_LETTER = {"C": 0, "D": 1, "H": 2, "S": 3}


def suits_of(spec: str, sit: Situation, b: Bindings) -> int:
    """Bit set of the suits named by ``spec``: letters, variables, ``theirs`` (the suits the
    opponents have shown), ``unguarded`` (their suits partner has not promised to stop),
    ``unbid`` (shown by nobody), ``ours``, ``!x`` (every suit but x)."""
    mask = 0
    for tok in spec.split():
        if tok == "theirs":
            mask |= sit.their_suits()
        elif tok == "unguarded":
            mask |= sit.their_suits() & ~sit.known(sit.partner).stoppers
        elif tok == "unbid":
            mask |= sit.unbid_suits()
        elif tok == "ours":
            mask |= sit.our_suits()
        elif tok.startswith("!"):
            mask |= 0xF & ~suits_of(tok[1:], sit, b)
        else:
            for ch in tok:
                if ch in _SUIT_LETTER:
                    mask |= 1 << _SUIT_LETTER[ch]
                elif ch in VARIABLES and ch in b:
                    mask |= 1 << b[ch]
    return mask


class H:
    """A hand-constraint template, filled in with the auction and the row's bindings.

    Keywords: ``hcp``, ``pts`` (total points), ``bal`` (True/False), ``qt`` (quick tricks, in
    tricks: ``"2+"``, ``"1.5-3"``), ``aces``/``kings`` (allowed counts), ``stop`` (suits that must be
    guarded, see :func:`suits_of`), ``dp=(suit, range)`` (dummy points), ``hon=(suit, range)``
    (trump honours), ``one_of=(suits, n)``, a suit letter or variable for a length range
    (``S="5+"``, ``M="3+"``, ``x="-2"``), and ``extra`` -- a function giving more constraints.
    Ranges are ``"15-17"``, ``"12+"``, ``"-11"``, ``5`` or ``(lo, hi)``; any value may also be a
    function ``(situation, bindings) -> value``.
    """

    __slots__ = ("kw",)

    def __init__(self, **kw: Any) -> None:
        self.kw = kw

    def __call__(self, sit: Situation, b: Bindings) -> HandConstraints:
        hcp = (0, MAX_HCP)
        pts = (0, MAX_POINTS)
        lens = [(0, 13)] * 4
        bal: bool | None = None
        stop = 0
        qt = (0, MAX_QT)
        aces = kings = ALL_COUNTS
        dummy: list[tuple[int, int, int]] = []
        one_of: list[tuple[int, int]] = []
        hons: list[tuple[int, int, int]] = []
        extra: HandConstraints | None = None
        for key, raw in self.kw.items():
            value = raw(sit, b) if callable(raw) else raw
            if isinstance(value, tuple) and key in ("dp", "hon", "one_of"):
                value = tuple(v(sit, b) if callable(v) else v for v in value)
            if key == "hcp":
                hcp = _parse_range(value, MAX_HCP)
            elif key == "pts":
                pts = _parse_range(value, MAX_POINTS)
            elif key == "bal":
                bal = value
            elif key == "qt":
                qt = _parse_half_range(value)
            elif key == "aces":
                aces = sum(1 << n for n in value)
            elif key == "kings":
                kings = sum(1 << n for n in value)
            elif key == "stop":
                stop |= suits_of(value, sit, b)
            elif key == "dp":
                suit, rng = value
                s = b[suit] if suit in b else _SUIT_LETTER[suit]
                lo, hi = _parse_range(rng, MAX_POINTS)
                dummy.append((s, lo, hi))
            elif key == "hon":
                suit, rng = value
                s = b[suit] if suit in b else _SUIT_LETTER[suit]
                lo, hi = _parse_range(rng, 5)
                hons.append((s, lo, hi))
            elif key == "one_of":
                spec, n = value
                m = suits_of(spec, sit, b)
                if m:
                    one_of.append((m, int(n)))
            elif key == "extra":
                extra = value if extra is None else extra.intersect(value)
            elif key in _SUIT_LETTER or key in VARIABLES:
                s = _SUIT_LETTER[key] if key in _SUIT_LETTER else b[key]
                lo, hi = _parse_range(value, 13)
                old = lens[s]
                lens[s] = (max(old[0], lo), min(old[1], hi))
            else:  # pragma: no cover - table typo
                raise KeyError(f"unknown hand constraint {key!r}")
        hcp = (hcp[0], min(hcp[1], MAX_HCP))
        pts = (pts[0], min(pts[1], MAX_POINTS))
        dummy = [(s, lo, min(hi, MAX_POINTS)) for s, lo, hi in dummy]
        c = HandConstraints(
            hcp=hcp, points=pts, lengths=(lens[0], lens[1], lens[2], lens[3]), balanced=bal,
            stoppers=stop, quick_tricks=qt, aces=aces, kings=kings, dummy=tuple(dummy),
            one_of=tuple(one_of), honours=tuple(hons),
        )
        return c if extra is None else c.intersect(extra)


ANY_HAND = H()


def _var_order(order: str, f: HandFeatures | None, var: str, choices: list[int]) -> list[int]:
    if f is None:
        return choices
    if order == "high":
        return sorted(choices, reverse=True)
    if order == "cheap":
        return sorted(choices)
    if order == "long_high":
        return sorted(choices, key=lambda s: (-f.lengths[s], -s))
    if order == "long_low":
        return sorted(choices, key=lambda s: (-f.lengths[s], s))
    if order == "major":
        return sorted(choices, key=lambda s: (-(s >= 2 and f.lengths[s] >= 4), -f.lengths[s], -s))
    # natural: longest first; equal length: 5+ cards higher-ranking first, else up the line
    return sorted(choices, key=lambda s: (-f.lengths[s], -s if f.lengths[s] >= 5 else s))


def _template_vars(template: str) -> list[str]:
    return [ch for ch in template if ch in VARIABLES]


class Rule:
    """One row of a bidding table (see :func:`rule`)."""

    __slots__ = ("id", "pattern", "call", "hand", "en", "es", "when", "prefer", "forcing",
                 "artificial", "order", "free", "generic", "source", "preempt")

    def __init__(self, id: str, pattern: str, call: str | CallFn, hand: Callable[[Situation, Bindings], HandConstraints],
                 en: str, es: str, *, when: Cond | None = None, prefer: Prefer | None = None,
                 forcing: bool = False, artificial: bool = False, order: str = "natural",
                 free: str = "", generic: bool = False, source: str = "", preempt: bool = False) -> None:
        self.id = id
        self.pattern = Pattern(pattern)
        self.call = call
        self.hand = hand
        self.en = en
        self.es = es
        self.when = when
        self.prefer = prefer
        self.forcing = forcing
        self.artificial = artificial
        self.order = order
        self.generic = generic
        #: Where the row comes from (e.g. "SAYC SP-3, Notrump Opening Bids — Stayman").
        self.source = source
        #: A preemptive or competitive call: bid on shape and the law of total tricks, not on the
        #: partnership's strength (the sanity layer's strength ceiling does not apply).
        self.preempt = preempt
        template = _template_vars(call.split(":")[-1]) if isinstance(call, str) else []
        self.free = "".join(dict.fromkeys([*template, *free]))

    def __repr__(self) -> str:
        return f"Rule({self.id!r})"

    # -- producing calls -------------------------------------------------------------------------
    def _make_call(self, sit: Situation, b: Bindings) -> Call | None:
        spec = self.call
        if not isinstance(spec, str):
            return spec(sit, b)
        if ":" in spec:
            kind, target = spec.split(":")
            strain = Strain.NT if target == "NT" else Strain(b[target] if target in b else _SUIT_LETTER[target])
            cheap = sit.cheapest(strain)
            if cheap is None:
                return None
            level = cheap.level
            if kind == "jump":
                level += 1
            elif kind == "game":
                level = max(level, sit.game_level(strain))
            elif kind == "cheap":
                pass
            else:  # pragma: no cover - table typo
                raise ValueError(f"bad call template {spec!r}")
            return ALL_BIDS[(level - 1) * 5 + strain] if level <= 7 else None
        if len(spec) == 2 and spec[0] in "1234567" and spec[1] in VARIABLES:
            return ALL_BIDS[(int(spec[0]) - 1) * 5 + b[spec[1]]]
        return parse_call(spec)

    def candidates(self, sit: Situation, b: Bindings, f: HandFeatures | None) -> Iterator[tuple[Call, Bindings]]:
        """The calls this row can make here, with their bindings (free variables enumerated in
        the row's order of preference for hand ``f``)."""
        free = [v for v in self.free if v not in b]
        if not free:
            c = self.call_for(sit, b)
            if c is not None:
                yield c, b
            return
        yield from self._enumerate(sit, b, free, f)

    def _enumerate(self, sit: Situation, b: Bindings, free: list[str], f: HandFeatures | None) -> Iterator[tuple[Call, Bindings]]:
        var, rest = free[0], free[1:]
        for s in _var_order(self.order, f, var, list(VARIABLES[var])):
            nb = bind(var, s, b)
            if nb is None:
                continue
            if rest:
                yield from self._enumerate(sit, nb, rest, f)
                continue
            c = self.call_for(sit, nb)
            if c is not None:
                yield c, nb

    def call_for(self, sit: Situation, b: Bindings) -> Call | None:
        """The call this row makes here with bindings ``b`` (None when its ``when`` says no or
        the template gives no call): the auction's business alone, so kept per situation."""
        key = (id(self), tuple(sorted(b.items())))
        if key not in sit._calls:
            no = self.when is not None and not self.when(sit, b)
            sit._calls[key] = None if no else self._make_call(sit, b)
        return sit._calls[key]

    def promise(self, sit: Situation, b: Bindings) -> HandConstraints:
        """The hand this row promises here with bindings ``b`` (kept per situation)."""
        key = (id(self), tuple(sorted(b.items())))
        found = sit._promises.get(key)
        if found is None:
            found = sit._promises[key] = self.hand(sit, b)
        return found

    def describe(self, b: Bindings, lang: str) -> str:
        text = self.es if lang == "es" else self.en
        if "{" not in text:
            return text
        names = NAMES["es" if lang == "es" else "en"]
        values = {}
        for v, s in b.items():
            values[v] = SUIT_SYMBOLS[s]
            values[v + "_"] = names[s]
        try:
            return text.format(**values)
        except (KeyError, IndexError):  # pragma: no cover - table typo
            return text


def rule(id: str, pattern: str, call: str | CallFn, hand: Callable[[Situation, Bindings], HandConstraints] | None,
         en: str, es: str, **kw: Any) -> Rule:
    """A table row: ``id``, auction ``pattern``, ``call`` template, ``hand`` template (an :class:`H`),
    English and Spanish description; keywords ``when``, ``prefer``, ``forcing``, ``artificial``,
    ``order``, ``free``."""
    return Rule(id, pattern, call, hand if hand is not None else ANY_HAND, en, es, **kw)


# ---------------------------------------------------------------------------------------------
# Systems
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """What :meth:`System.choose` decided."""

    call: Call
    meaning: CallMeaning
    rule: str | None  # the row that chose it (None: the fallback)
    es: str
    en: str


_CACHE_SIZE = 4096


class SanityLayer(Protocol):
    """What a system's sanity layer provides (see :mod:`bazas.bots.bidding.sanity`)."""

    def reading(self, sit: Situation, call: Call) -> CallMeaning | None:
        """The meaning of a call no table row gives here."""

    def forcing(self, sit: Situation, call: Call, meaning: CallMeaning) -> bool:
        """Is the call forcing by the structure of the auction (new suit, jump shift...)?"""

    def veto(self, sit: Situation, f: HandFeatures, call: Call, meaning: CallMeaning) -> str | None:
        """The id of the sanity rule ``call`` would break with hand ``f`` (None: sane)."""

    def fallback(self, sit: Situation, f: HandFeatures) -> Choice:
        """The call when no table row fits the hand."""


def _read_as_alerted(m: CallMeaning, text: str) -> CallMeaning:
    """An outside program's alerted call, read as its explanation says (issue 9, "Alerts both
    ways"): artificial, outside our system, its own words its meaning, and promising what those
    words say the hand holds (:func:`~bazas.bots.bidding.explanations.read_explanation`: HCP,
    lengths, shortness, the conventions whose names say it), never a suit merely because the
    call names it. An explanation that calls the call natural keeps its natural promise too.

    >>> from bazas.engine.calls import parse_call
    >>> m = CallMeaning(0, Seat.N, parse_call("2D"), ("weak2",), UNCONSTRAINED, "", "Weak two", preempt=True)
    >>> r = _read_as_alerted(m, "Multi: a weak two in a major")
    >>> r.artificial, r.in_system, r.en, r.constraints.text("en")
    (True, False, 'Multi: a weak two in a major', '6+ cards in spades or hearts')
    """
    said = read_explanation(text, m.call)
    if says_natural(text) and m.in_system:
        # natural in the program's own ranges: its words win where they speak ("natural, 10-12"
        # for a 1NT opening), our natural reading fills in what they leave out (balanced)
        base = m.constraints
        lens = [w if w != UNCONSTRAINED.lengths[s] else base.lengths[s] for s, w in enumerate(said.lengths)]
        natural = replace(
            base,
            hcp=said.hcp if said.hcp != UNCONSTRAINED.hcp else base.hcp,
            points=said.points if said.points != UNCONSTRAINED.points else base.points,
            lengths=(lens[0], lens[1], lens[2], lens[3]),
            balanced=base.balanced if said.balanced is None else said.balanced,
            one_of=tuple(dict.fromkeys(base.one_of + said.one_of)),
            dummy=() if said.hcp != UNCONSTRAINED.hcp else base.dummy,
        )
        return replace(m, constraints=natural, es=text, en=text)
    return CallMeaning(m.index, m.seat, m.call, (), said, text, text, artificial=True)


class System:
    """A bidding system: an ordered rule table plus the machinery to choose and explain calls."""

    def __init__(self, name: str, title_en: str, title_es: str, rules: Sequence[Rule],
                 sanity: SanityLayer | None = None) -> None:
        self.name = name
        #: The layer that reads calls no row gives, vetoes absurd calls and chooses when no row
        #: fits (None: the plain fallback, e.g. the 1920 system keeps its own style).
        self.sanity = sanity
        self.title_en = title_en
        self.title_es = title_es
        self.rules: tuple[Rule, ...] = tuple(rules)
        ids = [r.id for r in self.rules]
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:  # pragma: no cover - table typo
            raise ValueError(f"duplicate rule ids in {name}: {sorted(dup)}")
        by_len: dict[int | None, list[tuple[int, Rule]]] = {}
        for i, r in enumerate(self.rules):
            by_len.setdefault(r.pattern.fixed_length, []).append((i, r))
        self._by_len = by_len
        self._cache: OrderedDict[tuple[Seat, tuple[Call, ...], TableContext], tuple[Auction, tuple[CallMeaning, ...]]] = OrderedDict()

    def __repr__(self) -> str:
        return f"System({self.name!r})"

    # -- rows that apply ---------------------------------------------------------------------------
    def applicable(self, sit: Situation, generic: bool | None = None) -> Iterator[tuple[Rule, Bindings]]:
        """Rows whose pattern matches the auction, in table order, with their bindings (only the
        specific rows, or only the generic ones, when ``generic`` says so)."""
        key = (id(self), generic)
        found = sit._rows.get(key)
        if found is None:
            n = len(sit.tail)
            rows = sorted(self._by_len.get(n, []) + self._by_len.get(None, []), key=lambda t: t[0])
            found = []
            for _, r in rows:
                if generic is not None and r.generic != generic:
                    continue
                b = r.pattern.match(sit.tail)
                if b is not None:
                    found.append((r, b))
            sit._rows[key] = found
        yield from found

    # -- explaining ----------------------------------------------------------------------------
    def situation(self, dealer: Seat, calls: Sequence[Call], context: TableContext) -> Situation:
        auction, history = self.analyze(dealer, tuple(calls), context)
        return Situation(self, auction, context, history)

    def analyze(self, dealer: Seat, calls: tuple[Call, ...], context: TableContext) -> tuple[Auction, tuple[CallMeaning, ...]]:
        """The auction replayed (raises IllegalCall on an illegal call) and each call's meaning."""
        key = (dealer, calls, context)
        hit = self._cache.get(key)
        if hit is not None:
            self._cache.move_to_end(key)
            return hit
        # Find the longest cached prefix, then extend.
        k = len(calls)
        base: tuple[Auction, tuple[CallMeaning, ...]] | None = None
        while k > 0:
            k -= 1
            base = self._cache.get((dealer, calls[:k], context))
            if base is not None:
                break
        if base is None:
            k = 0
            base = (Auction(dealer), ())
        auction, history = base
        alerted = dict(context.alerts)
        for i in range(k, len(calls)):
            sit = Situation(self, auction, context, history)
            call = calls[i]
            auction.check(call)
            m = self.meaning(sit, call)
            if alerted and i in alerted:
                m = _read_as_alerted(m, alerted[i])
            auction = auction.apply(call)
            history = (*history, m)
            self._store((dealer, calls[:i + 1], context), (auction, history))
        return auction, history

    def _store(self, key: tuple[Seat, tuple[Call, ...], TableContext], value: tuple[Auction, tuple[CallMeaning, ...]]) -> None:
        self._cache[key] = value
        if len(self._cache) > _CACHE_SIZE:
            self._cache.popitem(last=False)

    def _rows_giving(self, sit: Situation, call: Call, generic: bool) -> list[tuple[Rule, Bindings]]:
        found: list[tuple[Rule, Bindings]] = []
        for r, b in self.applicable(sit, generic):
            for c, bb in r.candidates(sit, b, None):
                if c == call:
                    found.append((r, bb))
        return found

    def _rows_by_call(self, sit: Situation, generic: bool) -> dict[Call, list[tuple[Rule, Bindings]]]:
        out: dict[Call, list[tuple[Rule, Bindings]]] = {}
        for r, b in self.applicable(sit, generic):
            for c, bb in r.candidates(sit, b, None):
                out.setdefault(c, []).append((r, bb))
        return out

    def meaning(self, sit: Situation, call: Call) -> CallMeaning:
        """What ``call`` would mean now: the hull of every specific row that gives it, or, when
        no specific row does, of every generic row that gives it; when no row gives it, the
        sanity layer's reading (if the system has one)."""
        key = (id(self), call)
        m = sit._meanings.get(key)
        if m is None:
            found = self._rows_giving(sit, call, False) or self._rows_giving(sit, call, True)
            m = sit._meanings[key] = self._meaning_of(sit, call, found)
        return m

    def meanings(self, sit: Situation, calls: Sequence[Call]) -> dict[Call, CallMeaning]:
        """:meth:`meaning` of each of ``calls`` (one pass over the table)."""
        specific = self._rows_by_call(sit, False)
        generic = self._rows_by_call(sit, True)
        return {c: self._meaning_of(sit, c, specific.get(c) or generic.get(c) or []) for c in calls}

    def _meaning_of(self, sit: Situation, call: Call, found: list[tuple[Rule, Bindings]]) -> CallMeaning:
        index = len(sit.calls)
        if not found:
            if self.sanity is not None:
                read = self.sanity.reading(sit, call)
                if read is not None:
                    return read
            es, en = generic_text(call)
            return CallMeaning(index, sit.seat, call, (), UNCONSTRAINED, es, en)
        promises = [(r, bb, r.hand(sit, bb)) for r, bb in found]
        # A row whose promise no hand can keep (an empty range) never gives the call.
        live = [p for p in promises if p[2].is_satisfiable()] or promises
        found = [(r, bb) for r, bb, _ in live]
        hull: HandConstraints | None = None
        for _, _, c in live:
            hull = c if hull is None else hull.hull(c)
        assert hull is not None
        forcing = all(r.forcing for r, _ in found)
        artificial = all(r.artificial for r, _ in found)
        preempt = any(r.preempt for r, _ in found)
        es = _join_descriptions([r.describe(bb, "es") for r, bb in found], "es")
        en = _join_descriptions([r.describe(bb, "en") for r, bb in found], "en")
        sources = tuple(dict.fromkeys(r.source for r, _ in found if r.source))
        m = CallMeaning(index, sit.seat, call, tuple(dict.fromkeys(r.id for r, _ in found)), hull,
                        es, en, forcing, artificial, preempt, sources)
        if not forcing and self.sanity is not None and self.sanity.forcing(sit, call, m):
            m = replace(m, forcing=True)
        return m

    # -- choosing ----------------------------------------------------------------------------------
    def choose(self, sit: Situation, f: HandFeatures) -> Choice:
        """The first specific row (in table order) whose legal call the hand fits; else the first
        generic row whose call the specific rows leave undefined here; else the fallback."""
        specific: set[Call] = set()
        for generic in (False, True):
            for r, b in self.applicable(sit, generic):
                for call, bb in r.candidates(sit, b, f):
                    if not generic:
                        specific.add(call)
                    elif call in specific:
                        continue
                    if not sit.legal(call):
                        continue
                    if not r.promise(sit, bb).matches(f):
                        continue
                    if r.prefer is not None and not r.prefer(f, sit, bb):
                        continue
                    m = self.meaning(sit, call)
                    if self.sanity is not None and self.sanity.veto(sit, f, call, m) is not None:
                        continue
                    return Choice(call, m, r.id, sentence(r.describe(bb, "es"), m, "es"),
                                  sentence(r.describe(bb, "en"), m, "en"))
            if not generic:
                # Every call a specific row could give here keeps its specific meaning.
                for r, b in self.applicable(sit, False):
                    specific.update(c for c, _ in r.candidates(sit, b, None))
        if self.sanity is not None:
            return self.sanity.fallback(sit, f)
        return self.fallback(sit, f)

    def fallback_candidates(self, sit: Situation, f: HandFeatures) -> list[Call]:
        """When no row fits: pass first (or, when partner forced us, the cheapest natural bids
        first), then the cheapest bids in our longest suits and in notrump."""
        forced = sit.partner_forcing()
        top = 4 if forced else 3
        bids: list[Call] = []
        for s in sorted(range(4), key=lambda s: (-f.lengths[s], -s)):
            b = sit.cheapest(Strain(s))
            if b is not None and b.level <= top:
                bids.append(b)
        nt = sit.cheapest(Strain.NT)
        if nt is not None and nt.level <= top:
            bids.append(nt)
        if forced:
            return [*bids, PASS]
        return [PASS, *bids]

    def fallback(self, sit: Situation, f: HandFeatures) -> Choice:
        cands = [c for c in self.fallback_candidates(sit, f) if sit.legal(c)]
        chosen: Call = PASS
        meaning: CallMeaning | None = None
        for c in cands:
            m = self.meaning(sit, c)
            # Only a call whose public meaning this hand keeps (or that has no meaning here).
            if m.constraints.matches(f):
                chosen, meaning = c, m
                break
        if meaning is None:
            meaning = self.meaning(sit, PASS)
        es = f"Ninguna regla del sistema encaja con esta mano: {chosen.text('es')} es lo más sensato"
        en = f"No rule of the system fits this hand: {chosen.text('en')} is the most sensible call"
        if meaning.rules:
            es += f" ({full_text(meaning, 'es')})"
            en += f" ({full_text(meaning, 'en')})"
        return Choice(chosen, meaning, None, es, en)


def sentence(desc: str, m: CallMeaning, lang: str) -> str:
    """A meaning sentence led by ``desc`` (the row that chose the call), then the public promise."""
    if not m.rules:
        return desc or (m.es if lang == "es" else m.en)
    text = desc
    if not m.constraints.is_unconstrained:
        text += ": " + m.constraints.text(lang)
    if m.forcing:
        text += "; forzante" if lang == "es" else "; forcing"
    return text


def _join_descriptions(descs: list[str], lang: str) -> str:
    uniq = list(dict.fromkeys(d for d in descs if d))
    if not uniq:
        return ""
    if len(uniq) > 3:
        uniq = uniq[:3]
    return ("; o bien " if lang == "es" else "; or ").join(uniq)


def generic_text(call: Call) -> tuple[str, str]:
    """An honest meaning for a call the system gives no meaning to here."""
    if isinstance(call, Pass):
        return ("Paso: sin significado acordado en esta situación",
                "Pass: no agreed meaning in this situation")
    if isinstance(call, Double):
        return ("Doblo: sin significado acordado en esta situación (probablemente castigo)",
                "Double: no agreed meaning in this situation (probably penalty)")
    if isinstance(call, Redouble):
        return ("Redoblo: sin significado acordado en esta situación",
                "Redouble: no agreed meaning in this situation")
    return (f"{call.text('es')}: natural, sin significado acordado en este sistema",
            f"{call.text('en')}: natural, no agreed meaning in this system")


def full_text(m: CallMeaning, lang: str) -> str:
    """The meaning sentence: description, then the promise (and "forcing")."""
    return sentence(m.es if lang == "es" else m.en, m, lang)

"""Hand features and hand constraints: what a call promises about the hand that made it.

A :class:`HandConstraints` is a conjunction of ranges over a few hand features (HCP, total points,
suit lengths, shape, stoppers, quick tricks, aces, kings, dummy points, trump honours). It is the
single currency of the bidding package: rule tables state each call's promise with one, the bidder
checks a hand against it (:meth:`HandConstraints.matches`), explanations render it in Spanish and
English, and the card player's sampler uses :func:`~bazas.bots.bidding.infer_constraints` to draw
hidden hands consistent with the auction.

>>> from bazas.engine.cards import Hand
>>> c = HandConstraints(hcp=(15, 17), balanced=True)
>>> c.text("en"), c.text("es")
('15–17 HCP, balanced', '15–17 PH, equilibrada')
>>> c.matches(Hand.from_pbn("AQ2.KJ5.QT98.K32"))
True
>>> c.intersect(HandConstraints(lengths=((0, 13), (0, 13), (0, 13), (5, 13)))).text("en")
'15–17 HCP, 5+ spades, balanced'
>>> HandConstraints.from_dict(c.to_dict()) == c
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from bazas.engine.cards import Hand

Range = tuple[int, int]

#: Upper bounds used as "no limit" for each numeric feature.
MAX_HCP = 37
MAX_POINTS = 60
MAX_QT = 26  # half quick tricks: 13 tricks
ANY_LEN: Range = (0, 13)
ALL_COUNTS = 0b11111  # any number of aces / kings, 0-4

SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES: dict[str, tuple[str, str, str, str]] = {
    "en": ("clubs", "diamonds", "hearts", "spades"),
    "es": ("tréboles", "diamantes", "corazones", "picas"),
}

_A, _K, _Q, _J, _T = 1 << 12, 1 << 11, 1 << 10, 1 << 9, 1 << 8


def _suit_quick_tricks(bits: int, length: int) -> int:
    """Quick tricks of one suit, in half tricks: AK 2, AQ 1½, A 1, KQ 1, Kx ½."""
    if bits & _A:
        if bits & _K:
            return 4
        return 3 if bits & _Q else 2
    if bits & _K:
        if bits & _Q:
            return 2
        return 1 if length >= 2 else 0
    return 0


def _suit_stopped(bits: int, length: int) -> bool:
    """A stopper (a guarded suit): A, Kx, Qxx or Jxxx."""
    return bool(
        bits & _A
        or (bits & _K and length >= 2)
        or (bits & _Q and length >= 3)
        or (bits & _J and length >= 4)
    )


@dataclass(frozen=True, slots=True)
class HandFeatures:
    """Everything the rule tables look at in one hand, computed once (see :func:`features`)."""

    mask: int
    hcp: int
    lengths: tuple[int, int, int, int]  # C D H S
    suit_bits: tuple[int, int, int, int]  # 13-bit rank sets, bit 12 = ace
    balanced: bool
    points: int  # HCP + 1 per card over four in each suit
    stoppers: int  # bit set of guarded suits
    quick_tricks: int  # half tricks
    aces: int
    kings: int

    def length(self, suit: int) -> int:
        return self.lengths[suit]

    def honours(self, suit: int) -> int:
        """How many of A K Q J 10 of ``suit`` the hand holds."""
        return (self.suit_bits[suit] >> 8).bit_count()

    def top3(self, suit: int) -> int:
        """How many of A K Q of ``suit`` the hand holds."""
        return (self.suit_bits[suit] >> 10).bit_count()

    def good_suit(self, suit: int) -> bool:
        """Two of the top three honours, or three of the top five."""
        return self.top3(suit) >= 2 or self.honours(suit) >= 3

    def stopped(self, suit: int) -> bool:
        return bool(self.stoppers >> suit & 1)

    def dummy_points(self, trump: int) -> int:
        """HCP plus shortness valued for ``trump``: with 4+ trumps void 5, singleton 3, doubleton 1;
        with 3 trumps 3, 2, 1; with fewer, HCP only."""
        n = self.lengths[trump]
        if n < 3:
            return self.hcp
        table = (5, 3, 1) if n >= 4 else (3, 2, 1)
        extra = 0
        for s in range(4):
            if s != trump and self.lengths[s] < 3:
                extra += table[self.lengths[s]]
        return self.hcp + extra

    def longest(self) -> int:
        """The longest suit; on equal length the higher-ranking one."""
        return max(range(4), key=lambda s: (self.lengths[s], s))


@lru_cache(maxsize=1 << 16)
def features(mask: int) -> HandFeatures:
    """The :class:`HandFeatures` of the hand with card bit set ``mask`` (cached)."""
    bits = (mask & 0x1FFF, (mask >> 13) & 0x1FFF, (mask >> 26) & 0x1FFF, (mask >> 39) & 0x1FFF)
    lengths = (bits[0].bit_count(), bits[1].bit_count(), bits[2].bit_count(), bits[3].bit_count())
    hcp = 0
    aces = kings = 0
    stoppers = 0
    qt = 0
    for s in range(4):
        b = bits[s]
        a, k = b >> 12 & 1, b >> 11 & 1
        hcp += 4 * a + 3 * k + 2 * (b >> 10 & 1) + (b >> 9 & 1)
        aces += a
        kings += k
        qt += _suit_quick_tricks(b, lengths[s])
        if _suit_stopped(b, lengths[s]):
            stoppers |= 1 << s
    srt = sorted(lengths)
    balanced = srt in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])
    points = hcp + sum(max(0, n - 4) for n in lengths)
    return HandFeatures(mask, hcp, lengths, bits, balanced, points, stoppers, qt, aces, kings)


def bidding_signature(mask: int) -> int:
    """What the rule tables can see of a hand: each suit's length and which of its five top ranks
    (A K Q J 10) it holds. Every feature of :class:`HandFeatures` but ``mask`` is a function of
    these, and no rule reads the spot cards below the ten, so two hands of one signature get the
    same call everywhere (a test checks it on the bench's auctions); the auction replay
    (:mod:`bazas.bots.bidding.replay`) asks the bidder once per signature.

    >>> from bazas.engine.cards import Hand
    >>> bidding_signature(Hand.from_pbn("AK32.Q98.T7654.2").mask) == bidding_signature(Hand.from_pbn("AK54.Q32.T9876.3").mask)
    True
    >>> bidding_signature(Hand.from_pbn("AK32.Q98.T7654.2").mask) == bidding_signature(Hand.from_pbn("AKJ2.Q98.T7654.2").mask)
    False
    """
    sig = 0
    for s in range(4):
        b = mask >> (13 * s) & 0x1FFF
        sig |= ((b >> 8) | b.bit_count() << 5) << (9 * s)
    return sig


#: High-card points of a suit's four top ranks (A K Q J), by their bits (bit 3: the ace).
_TOP_HCP = tuple(4 * (b >> 3 & 1) + 3 * (b >> 2 & 1) + 2 * (b >> 1 & 1) + (b & 1) for b in range(16))


def features_of(hand: Hand | HandFeatures) -> HandFeatures:
    return hand if isinstance(hand, HandFeatures) else features(hand.mask)


def _counts(mask: int) -> list[int]:
    return [n for n in range(5) if mask >> n & 1]


@dataclass(frozen=True, slots=True)
class HandConstraints:
    """A conjunction of ranges a hand must satisfy. Every field defaults to "no limit".

    - ``hcp``: high-card points (A4 K3 Q2 J1); ``points``: HCP + 1 per card over four in a suit.
    - ``lengths``: a (min, max) per suit in suit order C, D, H, S.
    - ``balanced``: True (4-3-3-3, 4-4-3-2, 5-3-3-2), False (anything else) or None (either).
    - ``stoppers``: bit set of suits that must be guarded (A, Kx, Qxx, Jxxx).
    - ``quick_tricks``: in HALF tricks (AK 2, AQ 1½, A 1, KQ 1, Kx ½).
    - ``aces`` / ``kings``: bit set of allowed counts (bit n: exactly n), for Blackwood/Gerber.
    - ``dummy``: (suit, min, max) dummy points with that suit as trumps.
    - ``one_of``: (suit bit set, n): at least one of those suits has n+ cards.
    - ``honours``: (suit, min, max) of A K Q J 10 held in that suit.
    """

    hcp: Range = (0, MAX_HCP)
    points: Range = (0, MAX_POINTS)
    lengths: tuple[Range, Range, Range, Range] = (ANY_LEN, ANY_LEN, ANY_LEN, ANY_LEN)
    balanced: bool | None = None
    stoppers: int = 0
    quick_tricks: Range = (0, MAX_QT)
    aces: int = ALL_COUNTS
    kings: int = ALL_COUNTS
    dummy: tuple[tuple[int, int, int], ...] = ()
    one_of: tuple[tuple[int, int], ...] = ()
    honours: tuple[tuple[int, int, int], ...] = ()
    #: True when two promises contradict each other (see :meth:`intersect`).
    contradiction: bool = field(default=False, compare=True)

    # -- building ------------------------------------------------------------------------------
    def with_length(self, suit: int, lo: int = 0, hi: int = 13) -> HandConstraints:
        lens = list(self.lengths)
        old = lens[suit]
        lens[suit] = (max(old[0], lo), min(old[1], hi))
        return replace(self, lengths=(lens[0], lens[1], lens[2], lens[3]))

    @property
    def is_unconstrained(self) -> bool:
        return self == UNCONSTRAINED

    # -- checking ------------------------------------------------------------------------------
    def matches(self, hand: Hand | HandFeatures) -> bool:
        """Does ``hand`` keep every promise?"""
        if self.contradiction:
            return False
        lo, hi = self.hcp
        if isinstance(hand, Hand):
            # Most sampled hands fail on HCP or a suit's length: check those on the bits before
            # building (and caching) the hand's full features.
            m = hand.mask
            b0, b1, b2, b3 = m & 0x1FFF, m >> 13 & 0x1FFF, m >> 26 & 0x1FFF, m >> 39 & 0x1FFF
            if not lo <= _TOP_HCP[b0 >> 9] + _TOP_HCP[b1 >> 9] + _TOP_HCP[b2 >> 9] + _TOP_HCP[b3 >> 9] <= hi:
                return False
            (l0, h0), (l1, h1), (l2, h2), (l3, h3) = self.lengths
            if not (l0 <= b0.bit_count() <= h0 and l1 <= b1.bit_count() <= h1
                    and l2 <= b2.bit_count() <= h2 and l3 <= b3.bit_count() <= h3):
                return False
        f = features_of(hand)
        if not lo <= f.hcp <= hi:
            return False
        for s in range(4):
            a, b = self.lengths[s]
            if not a <= f.lengths[s] <= b:
                return False
        if self.points != (0, MAX_POINTS) and not self.points[0] <= f.points <= self.points[1]:
            return False
        if self.balanced is not None and f.balanced != self.balanced:
            return False
        if self.stoppers & ~f.stoppers:
            return False
        if self.quick_tricks != (0, MAX_QT) and not self.quick_tricks[0] <= f.quick_tricks <= self.quick_tricks[1]:
            return False
        if not self.aces >> f.aces & 1 or not self.kings >> f.kings & 1:
            return False
        for suit, dlo, dhi in self.dummy:
            if not dlo <= f.dummy_points(suit) <= dhi:
                return False
        for suits, n in self.one_of:
            if not any(suits >> s & 1 and f.lengths[s] >= n for s in range(4)):
                return False
        return all(hlo <= f.honours(suit) <= hhi for suit, hlo, hhi in self.honours)

    def fit(self, hand: Hand | HandFeatures) -> float:
        """1.0 when ``hand`` matches; otherwise a grade in (0, 1) that falls with how far it is
        from matching (HCP and length distances, each broken shape/stopper/count promise), for
        samplers that must relax an auction's promises."""
        if self.matches(hand):
            return 1.0
        f = features_of(hand)
        miss = _dist(f.hcp, self.hcp) + _dist(f.points, self.points) + _dist(f.quick_tricks, self.quick_tricks) / 2
        miss += sum(_dist(f.lengths[s], self.lengths[s]) for s in range(4))
        if self.balanced is not None and f.balanced != self.balanced:
            miss += 2
        miss += 2 * (self.stoppers & ~f.stoppers).bit_count()
        miss += 3 * (not self.aces >> f.aces & 1) + 3 * (not self.kings >> f.kings & 1)
        miss += sum(_dist(f.dummy_points(s), (lo, hi)) for s, lo, hi in self.dummy)
        miss += sum(max(0, n - max(f.lengths[s] for s in range(4) if m >> s & 1)) for m, n in self.one_of)
        miss += sum(_dist(f.honours(s), (lo, hi)) for s, lo, hi in self.honours)
        return min(0.999, 1.0 / (1.0 + max(miss, 0.5)))

    def is_satisfiable(self) -> bool:
        """A quick necessary check that some 13-card hand could match (not a full search)."""
        if self.contradiction:
            return False
        ranges = (self.hcp, self.points, self.quick_tricks, *self.lengths)
        if any(lo > hi for lo, hi in ranges):
            return False
        if sum(lo for lo, _ in self.lengths) > 13 or sum(hi for _, hi in self.lengths) < 13:
            return False
        if not self.aces or not self.kings:
            return False
        return all(lo <= hi for _, lo, hi in (*self.dummy, *self.honours))

    # -- combining -----------------------------------------------------------------------------
    def intersect(self, other: HandConstraints) -> HandConstraints:
        """Both promises at once (the tighter of each range). Contradictory shape flags set
        ``contradiction``; empty ranges are kept as they are (see :meth:`is_satisfiable`)."""
        def r(a: Range, b: Range) -> Range:
            return (max(a[0], b[0]), min(a[1], b[1]))

        contradiction = self.contradiction or other.contradiction
        balanced = self.balanced
        if other.balanced is not None:
            if balanced is not None and balanced != other.balanced:
                contradiction = True
            balanced = other.balanced
        lens = tuple(r(a, b) for a, b in zip(self.lengths, other.lengths, strict=True))
        return HandConstraints(
            hcp=r(self.hcp, other.hcp),
            points=r(self.points, other.points),
            lengths=(lens[0], lens[1], lens[2], lens[3]),
            balanced=balanced,
            stoppers=self.stoppers | other.stoppers,
            quick_tricks=r(self.quick_tricks, other.quick_tricks),
            aces=self.aces & other.aces,
            kings=self.kings & other.kings,
            dummy=_merge_triples(self.dummy, other.dummy, intersect=True),
            one_of=tuple(dict.fromkeys(self.one_of + other.one_of)),
            honours=_merge_triples(self.honours, other.honours, intersect=True),
            contradiction=contradiction,
        )

    def hull(self, other: HandConstraints) -> HandConstraints:
        """The loosest promise both satisfy: what a call means when either of two rules made it."""
        if self.contradiction:
            return other
        if other.contradiction:
            return self

        def r(a: Range, b: Range) -> Range:
            return (min(a[0], b[0]), max(a[1], b[1]))

        lens = tuple(r(a, b) for a, b in zip(self.lengths, other.lengths, strict=True))
        return HandConstraints(
            hcp=r(self.hcp, other.hcp),
            points=r(self.points, other.points),
            lengths=(lens[0], lens[1], lens[2], lens[3]),
            balanced=self.balanced if self.balanced == other.balanced else None,
            stoppers=self.stoppers & other.stoppers,
            quick_tricks=r(self.quick_tricks, other.quick_tricks),
            aces=self.aces | other.aces,
            kings=self.kings | other.kings,
            dummy=_merge_triples(self.dummy, other.dummy, intersect=False),
            one_of=_hull_one_of(self, other),
            honours=_merge_triples(self.honours, other.honours, intersect=False),
        )

    # -- text ----------------------------------------------------------------------------------
    def text(self, lang: str = "en") -> str:
        """A short description, e.g. ``15–17 HCP, balanced`` / ``15–17 PH, equilibrada``."""
        es = lang == "es"
        names = SUIT_NAMES["es" if es else "en"]
        parts: list[str] = []
        if self.contradiction:
            return "promesas contradictorias" if es else "contradictory promises"
        if self.hcp != (0, MAX_HCP):
            parts.append(f"{_range_text(self.hcp, MAX_HCP, es)} {'PH' if es else 'HCP'}")
        if self.points != (0, MAX_POINTS):
            parts.append(f"{_range_text(self.points, MAX_POINTS, es)} {'PT' if es else 'total points'}")
        for s in (3, 2, 1, 0):
            lo, hi = self.lengths[s]
            if (lo, hi) != ANY_LEN:
                parts.append(f"{_range_text((lo, hi), 13, es)} {names[s]}")
        for suits, n in self.one_of:
            joined = (" o " if es else " or ").join(names[s] for s in (3, 2, 1, 0) if suits >> s & 1)
            parts.append(f"{n}+ {'cartas en' if es else 'cards in'} {joined}")
        if self.balanced is True:
            parts.append("equilibrada" if es else "balanced")
        elif self.balanced is False:
            parts.append("desequilibrada" if es else "unbalanced")
        if self.stoppers:
            suits_text = (" y " if es else " and ").join(names[s] for s in (3, 2, 1, 0) if self.stoppers >> s & 1)
            parts.append(f"{'parada en' if es else 'stopper in'} {suits_text}")
        if self.quick_tricks != (0, MAX_QT):
            lo, hi = self.quick_tricks
            amount = _half_range_text(lo, hi, es)
            one = amount.endswith(("1", "½")) and not amount.endswith("–1")
            unit = ("baza rápida" if one else "bazas rápidas") if es else ("quick trick" if one else "quick tricks")
            parts.append(f"{amount} {unit}")
        if self.aces != ALL_COUNTS:
            parts.append(_count_text(self.aces, "as", "ases", "ace", "aces", es))
        if self.kings != ALL_COUNTS:
            parts.append(_count_text(self.kings, "rey", "reyes", "king", "kings", es))
        for suit, lo, hi in self.dummy:
            rt = _range_text((lo, hi), MAX_POINTS, es)
            parts.append(f"{rt} {'puntos de apoyo en' if es else 'dummy points in'} {names[suit]}")
        for suit, lo, hi in self.honours:
            rt = _range_text((lo, hi), 5, es)
            parts.append(f"{rt} {'honores de' if es else 'honours in'} {names[suit]}")
        if not parts:
            return "sin requisitos" if es else "no requirements"
        return ", ".join(parts)

    # -- data ----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Only the fields that constrain; suits by letter; quick tricks in whole tricks."""
        out: dict[str, Any] = {}
        if self.contradiction:
            out["contradiction"] = True
        if self.hcp != (0, MAX_HCP):
            out["hcp"] = list(self.hcp)
        if self.points != (0, MAX_POINTS):
            out["total_points"] = list(self.points)
        lens = {SUIT_LETTERS[s]: list(self.lengths[s]) for s in range(4) if self.lengths[s] != ANY_LEN}
        if lens:
            out["lengths"] = lens
        if self.balanced is not None:
            out["balanced"] = self.balanced
        if self.stoppers:
            out["stoppers"] = [SUIT_LETTERS[s] for s in range(4) if self.stoppers >> s & 1]
        if self.quick_tricks != (0, MAX_QT):
            out["quick_tricks"] = [self.quick_tricks[0] / 2, self.quick_tricks[1] / 2]
        if self.aces != ALL_COUNTS:
            out["aces"] = _counts(self.aces)
        if self.kings != ALL_COUNTS:
            out["kings"] = _counts(self.kings)
        if self.dummy:
            out["dummy_points"] = [[SUIT_LETTERS[s], lo, hi] for s, lo, hi in self.dummy]
        if self.one_of:
            out["one_of"] = [["".join(SUIT_LETTERS[s] for s in range(4) if m >> s & 1), n] for m, n in self.one_of]
        if self.honours:
            out["honours"] = [[SUIT_LETTERS[s], lo, hi] for s, lo, hi in self.honours]
        return out

    @staticmethod
    def from_dict(data: dict[str, Any]) -> HandConstraints:
        def rng(key: str, default: Range) -> Range:
            v = data.get(key)
            return (int(v[0]), int(v[1])) if v is not None else default

        def suit(letter: str) -> int:
            return SUIT_LETTERS.index(letter)

        def mask(values: list[int] | None) -> int:
            return ALL_COUNTS if values is None else sum(1 << int(n) for n in values)

        lens = [ANY_LEN] * 4
        for letter, (lo, hi) in data.get("lengths", {}).items():
            lens[suit(letter)] = (int(lo), int(hi))
        qt = data.get("quick_tricks")
        return HandConstraints(
            hcp=rng("hcp", (0, MAX_HCP)),
            points=rng("total_points", (0, MAX_POINTS)),
            lengths=(lens[0], lens[1], lens[2], lens[3]),
            balanced=data.get("balanced"),
            stoppers=sum(1 << suit(x) for x in data.get("stoppers", [])),
            quick_tricks=(round(qt[0] * 2), round(qt[1] * 2)) if qt is not None else (0, MAX_QT),
            aces=mask(data.get("aces")),
            kings=mask(data.get("kings")),
            dummy=tuple((suit(s), int(lo), int(hi)) for s, lo, hi in data.get("dummy_points", [])),
            one_of=tuple((sum(1 << suit(x) for x in letters), int(n)) for letters, n in data.get("one_of", [])),
            honours=tuple((suit(s), int(lo), int(hi)) for s, lo, hi in data.get("honours", [])),
            contradiction=bool(data.get("contradiction", False)),
        )


UNCONSTRAINED = HandConstraints()


def _merge_triples(a: tuple[tuple[int, int, int], ...], b: tuple[tuple[int, int, int], ...],
                   intersect: bool) -> tuple[tuple[int, int, int], ...]:
    da = {s: (lo, hi) for s, lo, hi in a}
    db = {s: (lo, hi) for s, lo, hi in b}
    out: dict[int, tuple[int, int]] = {}
    if intersect:
        for s in sorted(set(da) | set(db)):
            ra, rb = da.get(s), db.get(s)
            if ra is None:
                assert rb is not None
                out[s] = rb
            elif rb is None:
                out[s] = ra
            else:
                out[s] = (max(ra[0], rb[0]), min(ra[1], rb[1]))
    else:
        for s in sorted(set(da) & set(db)):
            out[s] = (min(da[s][0], db[s][0]), max(da[s][1], db[s][1]))
    return tuple((s, lo, hi) for s, (lo, hi) in out.items())


def _length_facts(c: HandConstraints) -> list[tuple[int, int]]:
    """(suit set, n) facts "some suit of the set has n+ cards" that ``c`` implies."""
    facts = list(c.one_of)
    facts.extend((1 << s, c.lengths[s][0]) for s in range(4) if c.lengths[s][0] >= 3)
    return facts


def _hull_one_of(a: HandConstraints, b: HandConstraints) -> tuple[tuple[int, int], ...]:
    """"At least one of" facts implied by both: each pair of facts gives (union of suits, lesser n)."""
    best: dict[int, int] = {}
    for ma, na in _length_facts(a):
        for mb, nb in _length_facts(b):
            m, n = ma | mb, min(na, nb)
            if n >= 3 and m.bit_count() <= 2 and best.get(m, 0) < n:
                best[m] = n
    # Drop facts implied by a stronger fact on a subset of suits, and single-suit facts (already
    # lengths of the hull).
    out = []
    for m, n in best.items():
        if m.bit_count() == 1:
            continue
        if any(m2 != m and (m2 & m) == m2 and n2 >= n for m2, n2 in best.items()):
            continue
        out.append((m, n))
    return tuple(sorted(out))


def _dist(value: int, r: Range) -> int:
    return max(0, r[0] - value, value - r[1])


def _range_text(r: Range, top: int, es: bool) -> str:
    lo, hi = r
    if lo > hi:
        return "—"
    if hi >= top:
        return f"{lo}+"
    if lo == hi:
        return f"{lo}"
    if lo == 0:
        return f"{'como máximo' if es else 'at most'} {hi}"
    return f"{lo}–{hi}"


def _half(n: int) -> str:
    return str(n // 2) + ("½" if n % 2 else "") if n >= 2 or n == 0 else "½"


def _half_range_text(lo: int, hi: int, es: bool) -> str:
    if hi >= MAX_QT:
        return f"{_half(lo)}+"
    if lo == 0:
        return f"{'como máximo' if es else 'at most'} {_half(hi)}"
    if lo == hi:
        return _half(lo)
    return f"{_half(lo)}–{_half(hi)}"


def _count_text(mask: int, one_es: str, many_es: str, one_en: str, many_en: str, es: bool) -> str:
    counts = _counts(mask)
    joined = (" o " if es else " or ").join(str(n) for n in counts)
    if es:
        return f"{joined} {one_es if counts == [1] else many_es}"
    return f"{joined} {one_en if counts == [1] else many_en}"

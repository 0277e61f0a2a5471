"""An outside program's alert, read: the words of its explanation turned into what the hand holds
(issue 9, "Alerts both ways").

A program seated through the table-manager protocol alerts its artificial calls with a line of
free text ("2D Alert. Multi: a weak two in either major", "2C Alert. Landy, 5-4 in the majors",
"1NT Alert. 15 to 17"). Our bots must read such a call as explained, never as natural. This module
reads the text into a :class:`~bazas.bots.bidding.constraints.HandConstraints`: the HCP range, the
suit lengths, the majors or minors, shortness, balance, stoppers, ace and king counts it states,
and what a handful of conventions every program's card lists always mean (Multi, Landy,
Michaels, the unusual notrump, the gambling 3NT, Jacoby transfers, splinters). It reads our own
explanations too (``HandConstraints.text``, English and Spanish).

The reading is deliberately loose where the words are: a bare "4 spades" is read as four or more
(programs write it for "at least"); two suits named together are read as four or more each; what
an asking bid asks for ("Stayman, asks for a 4-card major") promises nothing. What the text does
not say is left unconstrained, so a hand the program could hold is never excluded for the
reader's sake. An explanation that says "natural" keeps the call's natural meaning as well
(:func:`says_natural`).

>>> read_explanation("Multi: a weak two in either major").text()
'6+ cards in spades or hearts'
>>> read_explanation("15 to 17, balanced").text()
'15–17 HCP, balanced'
>>> read_explanation("Landy: 5-4 or better in the majors, 8+ HCP").text()
'8+ HCP, 4+ spades, 4+ hearts, 5+ cards in spades or hearts'
>>> read_explanation("Stayman, asks for a 4-card major").is_unconstrained
True
>>> read_explanation("5+ !S, 11-15 pts").text()
'11–15 HCP, 5+ spades'
>>> read_explanation("Transferencia a corazones").text()
'5+ hearts'
"""

from __future__ import annotations

import re
from dataclasses import replace

from bazas.engine.calls import Bid, Call, Double, Strain

from .constraints import ALL_COUNTS, ANY_LEN, MAX_HCP, MAX_POINTS, UNCONSTRAINED, HandConstraints

__all__ = ["read_explanation", "says_natural"]


_CLUBS, _DIAMONDS, _HEARTS, _SPADES = 0, 1, 2, 3
_MAJORS = 1 << _HEARTS | 1 << _SPADES
_MINORS = 1 << _CLUBS | 1 << _DIAMONDS

# Suit words become tokens: <0>..<3> a suit (clubs to spades), <M> the majors, <m> the minors.
_SUIT_WORDS: tuple[tuple[str, str], ...] = (
    (r"♣|!c\b|\bclubs?\b|\btr[eé]bol(?:es)?\b", "<0>"),
    (r"♦|!d\b|\bdiamonds?\b|\bdiamantes?\b", "<1>"),
    (r"♥|!h\b|\bhearts?\b|\bcoraz[oó]n(?:es)?\b", "<2>"),
    (r"♠|!s\b|\bspades?\b|\bpicas?\b", "<3>"),
    (r"\bmajors?\b|\bmayor(?:es)?\b", "<M>"),
    (r"\bminors?\b|\bmenor(?:es)?\b", "<m>"),
)
# Three to ten are counts wherever they stand; zero to two only in a count of aces or kings
# ("one or four aces"), as "one major", "una mayor", "two-suited" are not counts.
_BIG_NUMBERS = {"three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
                "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10}
_SMALL_NUMBERS = {"zero": 0, "one": 1, "two": 2, "cero": 0, "uno": 1, "dos": 2}
_HCP_UNIT = (r"(?:high[- ]card points|hcp|h\.c\.p\.?|pts\.?|points?|puntos(?: de honor)?|p\.?h\.?|pc|hp)"
             r"(?![a-z])")
_TOTAL_UNIT = r"(?:total points|puntos totales|pt)(?![a-z])"
_SUIT = r"<([0-3Mm])>"
_AT_MOST = r"(?:at most|no more than|up to|max(?:imum)?\.?|como m[aá]ximo|hasta|m[aá]ximo)"
_AT_LEAST = r"(?:at least|min(?:imum)?\.?|al menos|como m[ií]nimo|m[ií]nimo)"
_CARDS = r"(?:[- ]?cards?|[- ]?cartas?)?"
_IN = r"(?:\s*(?:in|en|de)\s+(?:the\s+|los\s+|las\s+|la\s+|el\s+)?|\s*)"
_ARTICLE = r"\b(?:a|an|one|either|any|un|una|otro|otra|another|other|cualquier)\s+"
_COUNT = r"(?<!weak )(?<!d[eé]bil )(\d+)\+?"
# a call named in the text ("over 1NT", "after 2♣", "1H-2C") is not a count of cards
_CALL_NAMED = re.compile(r"(?<![\d+-])[1-7](?:nt|sa|♣|♦|♥|♠|!?[cdhs])(?![a-z0-9+])")
# what an asking bid asks for is not what the asker holds: dropped to the clause's end
_ASKING = re.compile(r"\b(?:asks?|asking|inquiry|enquiry|relay|pregunta\w*|rel[eé])\b[^.;:,()]*")
_NATURAL = re.compile(r"\bnatural\b")


def says_natural(text: str) -> bool:
    """Whether the explanation calls the call natural (its natural meaning then holds too).

    >>> says_natural("Natural, 10-12"), says_natural("unnatural notrump")
    (True, False)
    """
    return bool(_NATURAL.search(text.lower()))


def _normalize(text: str) -> str:
    t = text.lower().replace("–", "-").replace("—", "-").replace("−", "-")
    t = _ASKING.sub(" ", t)
    t = _CALL_NAMED.sub(" ", t)
    t = re.sub(r"\b(" + "|".join(_BIG_NUMBERS) + r")\b", lambda m: str(_BIG_NUMBERS[m[1]]), t)
    small = "|".join(_SMALL_NUMBERS)
    t = re.sub(r"\b(" + small + r")\b(?=(?:\s*(?:or|o|,|/)\s*(?:\d|" + small + r"))*\s*(?:aces?|ases|as|kings?|reyes|rey)\b)",
               lambda m: str(_SMALL_NUMBERS[m[1]]), t)
    t = re.sub(r"(\d)\s*(?:to|a|/)\s*(\d)", r"\1-\2", t)          # "15 to 17", "15/17", "15 a 17"
    t = re.sub(r"(\d)\s*(?:or more|o m[aá]s|or longer|plus)\b", r"\1+", t)
    for pattern, token in _SUIT_WORDS:
        t = re.sub(pattern, f" {token} ", t)
    t = re.sub(r"(\d\+)\s?([cdhs])\b", lambda m: f"{m[1]} <{'cdhs'.index(m[2])}>", t)   # "5+S"
    return re.sub(r"[ \t]+", " ", t)


class _Reading:
    """The promises found so far, and the text left to read (each span read is blanked out)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.c = UNCONSTRAINED

    def take(self, pattern: str) -> list[re.Match[str]]:
        found = list(re.finditer(pattern, self.text))
        for m in reversed(found):
            self.text = self.text[:m.start()] + " " * (m.end() - m.start()) + self.text[m.end():]
        return found

    def length(self, suit: int, lo: int = 0, hi: int = 13) -> None:
        self.c = self.c.with_length(suit, lo, hi)

    def lengths(self, suits: int, lo: int = 0, hi: int = 13) -> None:
        for s in range(4):
            if suits >> s & 1:
                self.length(s, lo, hi)

    def bound(self, field: str, lo: int, hi: int) -> None:
        """Narrow the range ``field`` ("hcp" or "points") to ``lo``-``hi``."""
        old = self.c.points if field == "points" else self.c.hcp
        narrowed = (max(old[0], lo), min(old[1], hi))
        self.c = replace(self.c, points=narrowed) if field == "points" else replace(self.c, hcp=narrowed)

    def one_of(self, suits: int, n: int) -> None:
        if suits & (suits - 1) == 0:          # a single suit
            self.length(suits.bit_length() - 1, n)
        elif (suits, n) not in self.c.one_of:
            self.c = replace(self.c, one_of=(*self.c.one_of, (suits, n)))


def _mask(token: str) -> int:
    return {"M": _MAJORS, "m": _MINORS}.get(token) or 1 << int(token)


def _suits(text: str) -> int:
    return sum(_mask(t) for t in set(re.findall(_SUIT, text))) & 0xF


def _counts(text: str) -> int:
    return sum(1 << int(n) for n in set(re.findall(r"\d", text)) if int(n) <= 4) or ALL_COUNTS


def read_explanation(text: str, call: Call | None = None) -> HandConstraints:
    """What an alerted ``call``'s explanation ``text`` says the caller holds (unconstrained where
    it says nothing this reader understands). See the module docstring.

    >>> from bazas.engine.calls import parse_call
    >>> read_explanation("Michaels", parse_call("2C")).text()
    '5+ spades, 5+ hearts'
    >>> read_explanation("Michaels cue bid", parse_call("2H")).text()
    '5+ spades, 5+ cards in diamonds or clubs'
    >>> read_explanation("Splinter", parse_call("4D")).text()
    'at most 1 diamonds'
    >>> read_explanation("no 4-card major, 11-12").text()
    '11–12 HCP, at most 3 spades, at most 3 hearts'
    >>> read_explanation("Michaels over 1♣: both majors").text()
    '4+ spades, 4+ hearts'
    """
    r = _Reading(_normalize(text))
    call_suit = int(call.strain) if isinstance(call, Bid) and call.strain is not Strain.NT else None
    weak_two = bool(re.search(r"\bweak (?:two|2)\b|\bd[eé]bil\b", r.text))
    pair_n = 6 if weak_two else 4

    # not read: dummy points, honours, quick tricks, key cards (none is an HCP count or a length)
    r.take(r"[\d½.+-]+\s*(?:dummy points|puntos de apoyo|honou?rs?|honores|quick tricks?|bazas? r[aá]pidas?"
           r"|key ?cards?|controls?|controles)(?:\s*(?:in|en|de)\s*<[0-3]>)?")
    # negations: "no 4-card major", "denies 4 spades", "sin mayor de 4"
    for m in r.take(r"\b(?:no|denies|deny|without|sin)\s+(?:a\s+|an\s+|any\s+|un\s+)?(\d+)\+?" + _CARDS + _IN + _SUIT):
        r.lengths(_mask(m[2]), 0, int(m[1]) - 1)
    for m in r.take(r"\b(?:no|sin)\s+(?:a\s+|un\s+)?" + _SUIT + r"\s+(?:de\s+)?(\d+)"):
        r.lengths(_mask(m[1]), 0, int(m[2]) - 1)
    # a transfer names the suit it shows: five or more
    for m in r.take(r"\btransfer\w*\s+(?:to|a|al)\s+<([0-3])>"):
        r.length(int(m[1]), 5)
    # stoppers, ace and king counts (our own texts write them)
    for m in r.take(r"\b(?:stoppers?|stopped|guards?|paradas?)\s+(?:in|en)\s+((?:<[0-3]>\s*(?:,|and|y|&)?\s*)+)"):
        r.c = replace(r.c, stoppers=r.c.stoppers | _suits(m[1]))
    for m in r.take(r"((?:\d\s*(?:or|o|,|/)\s*)*\d)\s*(?:aces?|ases|as)\b"):
        r.c = replace(r.c, aces=r.c.aces & _counts(m[1]))
    for m in r.take(r"((?:\d\s*(?:or|o|,|/)\s*)*\d)\s*(?:kings?|reyes|rey)\b"):
        r.c = replace(r.c, kings=r.c.kings & _counts(m[1]))

    # total points, then HCP: "12-14 total points", "15-17 HCP", "11+ pts", "at most 9 HCP"
    for unit, top, field in ((_TOTAL_UNIT, MAX_POINTS, "points"), (_HCP_UNIT, MAX_HCP, "hcp")):
        for m in r.take(r"(\d+)\s*-\s*(\d+)\s*" + unit):
            r.bound(field, int(m[1]), int(m[2]))
        for m in r.take(r"(\d+)\s*-(?!\s*\d)\s*" + unit):          # "10- HCP": at most ten
            r.bound(field, 0, int(m[1]))
        for m in r.take(r"(\d+)\+\s*" + unit):
            r.bound(field, int(m[1]), top)
        for m in r.take(_AT_MOST + r"\s*(\d+)\s*" + unit):
            r.bound(field, 0, int(m[1]))
        for m in r.take(_AT_LEAST + r"\s*(\d+)\s*" + unit):
            r.bound(field, int(m[1]), top)
        for m in r.take(r"(?:less|fewer) than\s*(\d+)\s*" + unit):
            r.bound(field, 0, int(m[1]) - 1)
        for m in r.take(r"(\d+)\s*" + unit):
            r.bound(field, int(m[1]), int(m[1]))

    # a pair of suits: "5-4 in the majors", "6-4 in hearts and spades", "5+ cards in hearts or
    # spades", "both minors", "a weak two in either major", "a 6-card major"
    for m in r.take(r"(\d+)\s*-\s*(\d+)\s*(?:or better|o mejor|\+)?" + _IN + r"<([Mm])>"):
        a, b = sorted((int(m[1]), int(m[2])))
        r.lengths(_mask(m[3]), a)
        if b > a:
            r.one_of(_mask(m[3]), b)
    for m in r.take(r"(\d+)\s*-\s*(\d+)\s*(?:or better|o mejor|\+)?" + _IN + r"<([0-3])>\s*(?:and|y|&|\+)\s*<([0-3])>"):
        a, b = sorted((int(m[1]), int(m[2])))
        both = _mask(m[3]) | _mask(m[4])
        r.lengths(both, a)
        if b > a:
            r.one_of(both, b)
    # two suits named together, no counts: "hearts and a minor", "spades and hearts": 4+ each
    for m in r.take(r"(?<![\d+])(?<![\d+] )(?<!card )(?<!cards )(?<!cartas )" + _SUIT + r"\s*(?:and|y|&|\+)\s*(?:a|an|un|una|another|otro|the other|el otro)?\s*" + _SUIT):
        for token in (m[1], m[2]):
            r.one_of(_mask(token), 4)

    for m in r.take(r"(?:" + _COUNT + _CARDS + _IN + r")?" + _SUIT + r"((?:\s*(?:,|or|o)\s*" + _SUIT + r")+)"):
        r.one_of(_mask(m[2]) | _suits(m[3]), int(m[1]) if m[1] else pair_n)
    for m in r.take(r"\b(?:both|ambos|los dos|las dos|the|two|dos)\s+<([Mm])>"):
        r.lengths(_mask(m[1]), 4)
    for m in r.take(_ARTICLE + r"(?:solid\s+|s[oó]lid[oa]\s+|long\s+|larg[oa]\s+)?(?:" + _COUNT + _CARDS + r"\s*)?"
                    + r"(?:weak (?:two|2) in (?:a|an|either)\s+)?<([Mm])>"):
        r.one_of(_mask(m[2]), int(m[1]) if m[1] else pair_n)
    for m in r.take(_COUNT + _CARDS + _IN + r"<([Mm])>"):
        r.one_of(_mask(m[2]), int(m[1]))

    # one suit: "4-5 hearts", "at most 3 clubs", "5+ spades", "at least 6 diamonds", "spades 5+"
    for m in r.take(r"(\d+)\s*-\s*(\d+)" + _CARDS + _IN + r"<([0-3])>"):
        r.length(int(m[3]), int(m[1]), int(m[2]))
    for m in r.take(r"(\d+)-(?!\s*\d)(?!\s*cards?)(?!\s*cartas?)\s*(?:in\s+|en\s+)?<([0-3])>"):   # "4- !S"
        r.length(int(m[2]), 0, int(m[1]))
    for m in r.take(_AT_MOST + r"\s*(\d+)" + _CARDS + _IN + r"<([0-3])>"):
        r.length(int(m[2]), 0, int(m[1]))
    for m in r.take(r"(?:" + _AT_LEAST + r"\s*)?" + _COUNT + _CARDS + _IN + r"<([0-3])>"):
        r.length(int(m[2]), int(m[1]))
    for m in r.take(r"<([0-3])>\s*:?\s*(\d+)\+"):
        r.length(int(m[1]), int(m[2]))

    # shortness: "void in clubs", "singleton or void in spades", "shortness in hearts", "semifallo a picas"
    at = r"\s*(?:in|en|a|de)?\s*"
    for m in r.take(r"(?<!or )(?<!o )\b(?:void|fallo)(?!\s+or\b|\s+o\b)" + at + r"<([0-3])>"):
        r.length(int(m[1]), 0, 0)
    for m in r.take(r"\b(?:singleton(?: or void)?|void or singleton|shortness|short in|semifallo(?: o fallo)?"
                    r"|fallo o semifallo|corto en)" + at + r"<([0-3])>"):
        r.length(int(m[1]), 0, 1)
    for m in r.take(r"<([0-3])>\s*(?:shortness|singleton|void|semifallo)"):
        r.length(int(m[1]), 0, 1)

    # bare HCP ranges: "15-17", "11-15 with 5 hearts" (a count of cards is at most 13 and "5-5"
    # or "6-4" is a shape, so only a range reaching 8 is read as points)
    for m in r.take(r"(?<![\d+-])(\d{1,2})\s*-\s*(\d{1,2})(?![\d+-])"):
        lo, hi = int(m[1]), int(m[2])
        if lo < hi <= MAX_HCP and hi >= 8:
            r.bound("hcp", lo, hi)

    words = r.text
    if re.search(r"\bunbalanced\b|\bdesequilibrad[ao]\b|\bdesbalancead[ao]\b", words):
        r.c = replace(r.c, balanced=False)
    elif re.search(r"(?<!semi)(?<!semi-)\b(?:balanced|equilibrad[ao]|balancead[ao])\b", words):
        r.c = replace(r.c, balanced=True)

    # conventions whose name says what the hand holds, when the words said no suit
    if r.c.lengths == (ANY_LEN,) * 4 and not r.c.one_of:
        _by_name(r, words, call, call_suit)
    # words that contradict themselves ("5+ hearts, at most 3 hearts") say nothing checkable
    return r.c if r.c.is_satisfiable() and not _impossible(r.c) else UNCONSTRAINED


def _two_suits(r: _Reading, first: int, others: int, n: int = 4) -> None:
    """``n`` or more cards of suit ``first`` and four or more of one of ``others``."""
    r.length(first, n)
    r.one_of(others, 4)


def _both_majors(r: _Reading) -> None:
    """Both majors, five-four or longer (Landy, Multi-Landy's 2C, Cappelletti's 2D)."""
    r.lengths(_MAJORS, 4)
    r.one_of(_MAJORS, 5)


def _by_name(r: _Reading, words: str, call: Call | None, suit: int | None) -> None:
    """What a convention's name alone shows, by the call it names (the conventions' usual
    descriptions: the defences to 1NT by the bid, Namyats by the minor, Michaels by the cue-bid)."""
    double = isinstance(call, Double)
    if re.search(r"\bmulti[- ]?landy\b", words):
        # 2C both majors; 2D one major, six cards; 2H/2S five of the major and four of a minor
        if suit == _CLUBS:
            _both_majors(r)
        elif suit == _DIAMONDS:
            r.one_of(_MAJORS, 6)
        elif suit in (_HEARTS, _SPADES):
            _two_suits(r, suit, _MINORS, 5)
    elif re.search(r"\b(?:cappelletti|hamilton|pottage)\b", words):
        # 2C a one-suiter; 2D both majors; 2H/2S the major and a minor
        if suit == _CLUBS:
            r.one_of(0xF, 6)
        elif suit == _DIAMONDS:
            _both_majors(r)
        elif suit in (_HEARTS, _SPADES):
            _two_suits(r, suit, _MINORS, 5)
    elif re.search(r"\bd\.?o\.?n\.?t\b", words):
        # double a one-suiter; 2C/2D/2H the suit and a higher one; 2S spades alone
        if double:
            r.one_of(0xF, 6)
        elif suit in (_CLUBS, _DIAMONDS, _HEARTS):
            _two_suits(r, suit, sum(1 << t for t in range(suit + 1, 4)))
        elif suit == _SPADES:
            r.length(_SPADES, 6)
    elif re.search(r"\bnamyats\b", words) and suit in (_CLUBS, _DIAMONDS):
        r.length(_HEARTS if suit == _CLUBS else _SPADES, 7)     # a strong four of the major above
    elif re.search(r"\bmulti\b", words):
        r.one_of(_MAJORS, 6)
    elif re.search(r"\blandy\b", words):
        _both_majors(r)
    elif re.search(r"\bmichaels\b", words):
        if suit is None or suit in (_CLUBS, _DIAMONDS):
            r.lengths(_MAJORS, 5)
        else:
            r.length(_SPADES if suit == _HEARTS else _HEARTS, 5)
            r.one_of(_MINORS, 5)
    elif re.search(r"\bgambling\b", words):
        r.one_of(_MINORS, 7)
    elif re.search(r"\btransfer|\btransferencia|\btransfiere", words) and suit in (_DIAMONDS, _HEARTS):
        r.length(suit + 1, 5)        # Jacoby transfers (the SAYC booklet): the suit above
    elif re.search(r"\bsplinter\b", words) and suit is not None:
        r.length(suit, 0, 1)         # a splinter shows shortness in the suit it bids


def _impossible(c: HandConstraints) -> bool:
    """A promise no hand keeps that :meth:`HandConstraints.is_satisfiable` lets through: a pair
    of suits longer together than 13 cards, or a count no suit may reach."""
    for suits, n in c.one_of:
        if not any(suits >> s & 1 and c.lengths[s][1] >= n for s in range(4)):
            return True
        if n > 13:
            return True
    return False

"""The Blue Chip Bridge table-manager protocol (version 18): its messages as values.

Computer bridge championships seat programs through this protocol: plain ASCII lines over TCP,
one message per line (CR LF), between a *table manager* that deals, relays and scores, and one
client per seat. Each message is a frozen value with :func:`parse` (a line to a message; a
:class:`ProtocolError` naming what is wrong) and ``str()`` (the message to its line). Seats are
written ``North``, ``East``... (read in any case); cards rank first (``TS``, ``10S`` accepted).

The messages, in the order of a session (client = c, table manager = tm)::

    c:  Connecting "bazas" as North using protocol version 18
    tm: North ("bazas") seated
    c:  North ready for teams
    tm: Teams : N/S : "bazas" E/W : "other"
    c:  North ready to start
    tm: Start of board
    c:  North ready for deal
    tm: Board number 1. Dealer North. Neither vulnerable.
    c:  North ready for cards
    tm: North's cards : S A K 4. H Q J 6 2. D K T 8 3. C 9 7.
    c:  North bids 1H Alert. 5+ hearts          (the seat to call: passes, doubles, redoubles, bids 1H)
    c:  East ready for North's bid              (the others ask for it ...)
    tm: North bids 1H Alert. 5+ hearts          (... and the manager relays it)
    c:  West plays 5C                           (the opening lead) ...
    c:  East ready for dummy
    tm: Dummy's cards : S 8 6. H A K 4 3. D -. C A Q J 8 6 4 3.
    c:  East ready for West's card to trick 1   (or "... for dummy's card to trick 1")
    tm: West plays 5C
    c:  South plays 4C                          (declarer names dummy's seat to play from dummy)
    tm: End of session

``Error: ...`` is this implementation's answer to a line it refuses (malformed, out of turn,
illegal): the line changes nothing and the table goes on.

>>> parse('Connecting "Team One" as north using protocol version 18')
Connect(team='Team One', seat=<Seat.N: 0>, version=18)
>>> str(parse("south BIDS 1nt alert. 15 to 17"))
'South bids 1NT Alert. 15 to 17'
>>> str(Cards(Seat.W, Hand.from_pbn("AK4.QJ62.KT83.97")))
"West's cards : S A K 4. H Q J 6 2. D K T 8 3. C 9 7."
>>> parse("East plays 10c").card
Card.parse('CT')
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from bazas.engine.calls import Bid, Call, Double, Pass, Redouble, parse_call
from bazas.engine.cards import Card, Hand, Rank, Suit
from bazas.engine.deal import Vulnerability
from bazas.engine.errors import BazasError
from bazas.engine.seats import Seat

VERSION = 18

SEAT_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
_SEAT_BY_WORD = {w.lower(): s for s, w in SEAT_WORDS.items()}
VULNERABLE_WORDS = {Vulnerability.NONE: "Neither", Vulnerability.NS: "N/S", Vulnerability.EW: "E/W",
                    Vulnerability.BOTH: "Both"}
_VUL_BY_WORD = {**{w.lower(): v for v, w in VULNERABLE_WORDS.items()}, "none": Vulnerability.NONE,
                "ns": Vulnerability.NS, "ew": Vulnerability.EW, "all": Vulnerability.BOTH,
                "nil": Vulnerability.NONE}
_SUITS = "SHDC"


class ProtocolError(BazasError, ValueError):
    """A line that is not a message of the protocol (the text says what is wrong)."""


def seat_word(seat: Seat) -> str:
    return SEAT_WORDS[seat]


def parse_seat(word: str) -> Seat:
    """``North``/``n``/``NORTH`` ... to a seat."""
    w = word.strip().lower()
    if w in _SEAT_BY_WORD:
        return _SEAT_BY_WORD[w]
    if len(w) == 1 and w.upper() in "NESW":
        return Seat.parse(w.upper())
    raise ProtocolError(f"expected a seat (North, East, South, West), not {word!r}")


def card_text(card: Card) -> str:
    """Rank then suit, ``T`` for ten: ``AS``, ``TC``, ``2D``."""
    return f"{card.rank.char}{card.suit.name}"


def parse_card(text: str) -> Card:
    """A card written rank-suit (``AS``, ``10C``, ``tc``) or suit-rank (``SA``)."""
    try:
        return Card.parse(text.strip())
    except BazasError:
        raise ProtocolError(f"expected a card such as AS or TC, not {text!r}") from None


def hand_text(hand: Hand) -> str:
    """``S A K 4. H Q J 6 2. D -. C 9 7.`` (a void is ``-``)."""
    parts = []
    for suit in (Suit.S, Suit.H, Suit.D, Suit.C):
        ranks = sorted((c.rank for c in hand if c.suit is suit), reverse=True)
        parts.append(f"{suit.name} {' '.join(r.char for r in ranks) if ranks else '-'}.")
    return " ".join(parts)


def parse_hand(text: str) -> Hand:
    """Read :func:`hand_text`'s form (suits in any order, ``10`` for ten accepted)."""
    cards: list[Card] = []
    seen = set()
    for chunk in text.split("."):
        chunk = chunk.strip()
        if not chunk:
            continue
        suit_letter, _, ranks = chunk.partition(" ")
        suit_letter = suit_letter.upper()
        if suit_letter not in _SUITS or suit_letter in seen:
            raise ProtocolError(f"expected a suit letter S, H, D or C once each, not {chunk!r}")
        seen.add(suit_letter)
        for rank in ranks.replace("10", "T").split():
            if rank == "-":
                continue
            try:
                cards.append(Card(Suit[suit_letter], Rank.parse(rank)))
            except (BazasError, KeyError):
                raise ProtocolError(f"bad rank {rank!r} in {chunk!r}") from None
    if len(set(cards)) != len(cards):
        raise ProtocolError(f"a card appears twice in {text!r}")
    return Hand.of(cards)


def call_text(call: Call) -> str:
    """``passes``, ``doubles``, ``redoubles`` or ``bids 1H``."""
    if isinstance(call, Pass):
        return "passes"
    if isinstance(call, Double):
        return "doubles"
    if isinstance(call, Redouble):
        return "redoubles"
    assert isinstance(call, Bid)
    return f"bids {call}"


# -- the messages -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Connect:
    team: str
    seat: Seat
    version: int = VERSION

    def __str__(self) -> str:
        return f'Connecting "{self.team}" as {seat_word(self.seat)} using protocol version {self.version}'


@dataclass(frozen=True, slots=True)
class Seated:
    seat: Seat
    team: str

    def __str__(self) -> str:
        return f'{seat_word(self.seat)} ("{self.team}") seated'


@dataclass(frozen=True, slots=True)
class Ready:
    """``<seat> ready for teams|to start|for deal|for cards|for dummy``, ``ready for <other>'s bid``
    and ``ready for <other>'s card to trick <n>`` (``other`` None: dummy's card)."""

    seat: Seat
    what: str                       # teams, start, deal, cards, dummy, bid, card
    other: Seat | None = None
    trick: int | None = None

    def __str__(self) -> str:
        me = seat_word(self.seat)
        if self.what == "start":
            return f"{me} ready to start"
        if self.what == "bid":
            assert self.other is not None
            return f"{me} ready for {seat_word(self.other)}'s bid"
        if self.what == "card":
            whose = "dummy" if self.other is None else seat_word(self.other)
            return f"{me} ready for {whose}'s card to trick {self.trick}"
        return f"{me} ready for {self.what}"


@dataclass(frozen=True, slots=True)
class Teams:
    ns: str
    ew: str

    def __str__(self) -> str:
        return f'Teams : N/S : "{self.ns}" E/W : "{self.ew}"'


@dataclass(frozen=True, slots=True)
class StartOfBoard:
    def __str__(self) -> str:
        return "Start of board"


@dataclass(frozen=True, slots=True)
class BoardInfo:
    number: int
    dealer: Seat
    vulnerability: Vulnerability

    def __str__(self) -> str:
        return (f"Board number {self.number}. Dealer {seat_word(self.dealer)}. "
                f"{VULNERABLE_WORDS[self.vulnerability]} vulnerable.")


@dataclass(frozen=True, slots=True)
class Cards:
    """A seat's 13 cards (``seat`` None: dummy's cards, shown after the opening lead)."""

    seat: Seat | None
    hand: Hand

    def __str__(self) -> str:
        whose = "Dummy" if self.seat is None else seat_word(self.seat)
        return f"{whose}'s cards : {hand_text(self.hand)}"


@dataclass(frozen=True, slots=True)
class CallMade:
    seat: Seat
    call: Call
    alert: str | None = None

    def __str__(self) -> str:
        text = f"{seat_word(self.seat)} {call_text(self.call)}"
        return text if self.alert is None else f"{text} Alert. {self.alert}"


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``seat`` plays ``card`` (declarer names dummy's seat to play from dummy)."""

    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{seat_word(self.seat)} plays {card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class EndOfSession:
    def __str__(self) -> str:
        return "End of session"


@dataclass(frozen=True, slots=True)
class Timing:
    """The manager's timing line after a board (kept as text: nothing acts on it)."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Error:
    """This implementation's refusal of a line (an extension of the protocol)."""

    text: str

    def __str__(self) -> str:
        return f"Error: {self.text}"


Message = (Connect | Seated | Ready | Teams | StartOfBoard | BoardInfo | Cards | CallMade | CardPlayed
           | EndOfSession | Timing | Error)

_SEAT = r"(?P<seat>north|east|south|west|[nesw])"
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r'^connecting\s+"(?P<team>[^"]*)"\s+as\s+' + _SEAT + r'\s+using\s+protocol\s+version\s+(?P<v>\d+)$',
                re.I), "connect"),
    (re.compile(r'^' + _SEAT + r'\s+\("(?P<team>[^"]*)"\)\s+seated$', re.I), "seated"),
    (re.compile(r'^' + _SEAT + r'\s+ready\s+for\s+(?P<whose>north|east|south|west|dummy)\'s\s+card\s+to\s+trick\s+'
                r'(?P<trick>\d+)$', re.I), "ready-card"),
    (re.compile(r'^' + _SEAT + r'\s+ready\s+for\s+(?P<whose>north|east|south|west)\'s\s+bid$', re.I), "ready-bid"),
    (re.compile(r'^' + _SEAT + r'\s+ready\s+(?:for\s+(?P<what>teams|deal|cards|dummy)|to\s+start)$', re.I),
     "ready"),
    (re.compile(r'^teams\s*:\s*n/s\s*:\s*"(?P<ns>[^"]*)"\s*,?\s*e/w\s*:\s*"(?P<ew>[^"]*)"$', re.I), "teams"),
    (re.compile(r'^start\s+of\s+board$', re.I), "start"),
    (re.compile(r'^board\s+number\s+(?P<n>\d+)\s*\.\s*dealer\s+' + _SEAT + r'\s*\.\s*(?P<vul>[a-z/]+)\s+vulnerable\s*\.?$',
                re.I), "board"),
    (re.compile(r"^(?P<whose>north|east|south|west|dummy)'s\s+cards\s*:\s*(?P<hand>.*)$", re.I), "cards"),
    (re.compile(r'^' + _SEAT + r'\s+(?P<call>passes|doubles|redoubles|bids\s+\S+)(?:\s+alert\.\s*(?P<alert>.*))?$', re.I),
     "call"),
    (re.compile(r'^' + _SEAT + r'\s+plays\s+(?P<card>\S+)$', re.I), "card"),
    (re.compile(r'^end\s+of\s+session$', re.I), "end"),
    (re.compile(r'^timing\b.*$', re.I), "timing"),
    (re.compile(r'^error:\s*(?P<text>.*)$', re.I), "error"),
]


def parse(line: str) -> Message:
    """One protocol line to its message; :class:`ProtocolError` when it is none of them."""
    text = line.strip()
    if not text:
        raise ProtocolError("an empty line is not a message")
    if any(ord(ch) < 32 or ord(ch) > 126 for ch in text):
        raise ProtocolError("a message is printable ASCII only")
    for pattern, kind in _PATTERNS:
        m = pattern.match(text)
        if m is None:
            continue
        if kind == "connect":
            return Connect(m["team"], parse_seat(m["seat"]), int(m["v"]))
        if kind == "seated":
            return Seated(parse_seat(m["seat"]), m["team"])
        if kind == "ready-card":
            whose = m["whose"].lower()
            return Ready(parse_seat(m["seat"]), "card", None if whose == "dummy" else parse_seat(whose), int(m["trick"]))
        if kind == "ready-bid":
            return Ready(parse_seat(m["seat"]), "bid", parse_seat(m["whose"]))
        if kind == "ready":
            return Ready(parse_seat(m["seat"]), (m["what"] or "start").lower())
        if kind == "teams":
            return Teams(m["ns"], m["ew"])
        if kind == "start":
            return StartOfBoard()
        if kind == "board":
            vul = _VUL_BY_WORD.get(m["vul"].lower())
            if vul is None:
                raise ProtocolError(f"unknown vulnerability {m['vul']!r} (Neither, N/S, E/W, Both)")
            return BoardInfo(int(m["n"]), parse_seat(m["seat"]), vul)
        if kind == "cards":
            whose = m["whose"].lower()
            return Cards(None if whose == "dummy" else parse_seat(whose), parse_hand(m["hand"]))
        if kind == "call":
            return CallMade(parse_seat(m["seat"]), _parse_call_words(m["call"]), (m["alert"] or "").strip() or None)
        if kind == "card":
            return CardPlayed(parse_seat(m["seat"]), parse_card(m["card"]))
        if kind == "end":
            return EndOfSession()
        if kind == "timing":
            return Timing(text)
        return Error(m["text"])
    raise ProtocolError(f"not a message of the table-manager protocol: {text[:80]!r}")


def _parse_call_words(words: str) -> Call:
    w = words.lower().split()
    if w[0] == "passes":
        return Pass()
    if w[0] == "doubles":
        return Double()
    if w[0] == "redoubles":
        return Redouble()
    try:
        call = parse_call(w[1].upper())
    except BazasError:
        raise ProtocolError(f"bad bid {w[1].upper()!r} (expected 1C ... 7NT)") from None
    if not isinstance(call, Bid):
        raise ProtocolError(f"'bids' takes a bid such as 1H, not {w[1].upper()!r}")
    return call


# -- the line reader both table managers share ----------------------------------------------------

#: The longest line a table manager reads (a longer one ends the connection).
LINE_LIMIT = 4096


def send_line(writer: asyncio.StreamWriter, line: str) -> None:
    """Write one protocol line (CR LF; a character outside ASCII becomes ``?``)."""
    writer.write((line + "\r\n").encode("ascii", "replace"))


async def read_lines(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                     refused: Callable[[str], None] | None = None) -> AsyncIterator[str]:
    """The client's lines, stripped, empty ones skipped, until it closes the connection.

    A line that is not ASCII is answered ``Error: ...`` (and told to ``refused``) and skipped; a
    line longer than :data:`LINE_LIMIT` is answered ``Error: ...`` and ends the reading (the
    stream cannot be resynchronised). The reader must be opened with ``limit=LINE_LIMIT``."""
    while True:
        try:
            raw = await reader.readline()
        except (ValueError, asyncio.LimitOverrunError):
            send_line(writer, str(Error(f"a line is at most {LINE_LIMIT} characters")))
            return
        if not raw:
            return
        try:
            line = raw.decode("ascii").strip()
        except UnicodeDecodeError:
            text = "a message is printable ASCII only"
            if refused is not None:
                refused(text)
            send_line(writer, str(Error(text)))
            continue
        if line:
            yield line

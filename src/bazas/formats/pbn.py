"""Portable Bridge Notation (PBN 2.1): parse and write games.

A game keeps its tags in file order, each with the data lines that follow it (the Auction and
Play sections), so a file this module wrote is written back byte for byte. Typed accessors read
the usual tags: Board, Dealer, Vulnerable, Deal, Contract, Declarer, Result and the Auction.

>>> g = PbnGame.board_record(1, Deal.from_pbn(
...     "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"), event="club")
>>> print(dumps([g]), end="")
% PBN 2.1
% EXPORT
<BLANKLINE>
[Event "club"]
[Site ""]
[Date ""]
[Board "1"]
[West ""]
[North ""]
[East ""]
[South ""]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Scoring ""]
[Declarer ""]
[Contract ""]
[Result ""]
>>> loads(dumps([g])).games == (g,)
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from bazas.engine.calls import PASS, Call, Contract, parse_call
from bazas.engine.cards import Card
from bazas.engine.deal import Board, Deal, Vulnerability
from bazas.engine.errors import InvalidNotation
from bazas.engine.play import Play
from bazas.engine.seats import Seat
from bazas.engine.state import ClaimAction, DealState

__all__ = ["PbnError", "PbnFile", "PbnGame", "auction_alerts", "dumps", "game_state", "loads", "play_lines",
           "section_tokens", "with_state", "write_calls"]

_TAG = re.compile(r'^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
#: The mandatory tag set of PBN 2.1 (section 3.1), in export order.
MANDATORY_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
                  "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")
_VULNERABLE = {"none": Vulnerability.NONE, "love": Vulnerability.NONE, "-": Vulnerability.NONE,
               "ns": Vulnerability.NS, "ew": Vulnerability.EW, "all": Vulnerability.BOTH,
               "both": Vulnerability.BOTH}
_CALL_TOKEN = re.compile(r"^(?:[1-7](?:C|D|H|S|NT)|PASS|X|XX|AP)$", re.IGNORECASE)


class PbnError(InvalidNotation):
    """Text that is not valid PBN; ``line`` is 1-based when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


@dataclass(frozen=True, slots=True)
class PbnGame:
    """One game: ``tags`` as (name, value) in order; ``sections`` maps a tag name to the data lines
    that followed it (e.g. the Auction calls); ``comments`` are lines before the first tag."""

    tags: tuple[tuple[str, str], ...]
    sections: tuple[tuple[str, tuple[str, ...]], ...] = ()
    comments: tuple[str, ...] = ()

    # -- generic access ------------------------------------------------------------------------
    def tag(self, name: str) -> str | None:
        for key, value in self.tags:
            if key == name:
                return value
        return None

    def section(self, name: str) -> tuple[str, ...]:
        for key, lines in self.sections:
            if key == name:
                return lines
        return ()

    def with_tag(self, name: str, value: str) -> PbnGame:
        """A copy with ``name`` set to ``value`` (in place if present, else appended)."""
        if self.tag(name) is None:
            return replace(self, tags=(*self.tags, (name, value)))
        return replace(self, tags=tuple((k, value if k == name else v) for k, v in self.tags))

    # -- typed access --------------------------------------------------------------------------
    @staticmethod
    def _known(value: str | None) -> str | None:
        if value is None:
            return None
        v = value.strip()
        return None if v in ("", "?", "#") else v

    @property
    def board(self) -> int | None:
        v = self._known(self.tag("Board"))
        if v is None:
            return None
        if not v.isdigit() or int(v) < 1:
            raise PbnError(f"Board {v!r} is not a board number")
        return int(v)

    @property
    def dealer(self) -> Seat | None:
        v = self._known(self.tag("Dealer"))
        return None if v is None else Seat.parse(v)

    @property
    def vulnerability(self) -> Vulnerability | None:
        v = self._known(self.tag("Vulnerable"))
        if v is None:
            return None
        vul = _VULNERABLE.get(v.lower())
        if vul is None:
            raise PbnError(f"Vulnerable {v!r} is not None, NS, EW or All")
        return vul

    @property
    def deal(self) -> Deal | None:
        v = self._known(self.tag("Deal"))
        return None if v is None else Deal.from_pbn(v)

    @property
    def passed_out(self) -> bool:
        v = self._known(self.tag("Contract"))
        return v is not None and v.lower() == "pass"

    @property
    def contract(self) -> Contract | None:
        """The contract (None if absent or passed out: see :attr:`passed_out`)."""
        v = self._known(self.tag("Contract"))
        if v is None or v.lower() == "pass":
            return None
        return Contract.parse(v)

    @property
    def declarer(self) -> Seat | None:
        v = self._known(self.tag("Declarer"))
        return None if v is None else Seat.parse(v.lstrip("^"))

    @property
    def result(self) -> int | None:
        """Tricks won by declarer's side."""
        v = self._known(self.tag("Result"))
        if v is None:
            return None
        if not v.isdigit() or int(v) > 13:
            raise PbnError(f"Result {v!r} is not a number of tricks 0-13")
        return int(v)

    @property
    def auction(self) -> tuple[Seat, list[str]] | None:
        """(first caller, calls) from the Auction section; ``AP`` expands to closing passes."""
        start = self._known(self.tag("Auction"))
        if start is None:
            return None
        calls: list[str] = []
        for line in self.section("Auction"):
            for token in line.split():
                if token.startswith(("=", "$", "{", ";")) or token in ("*", "+", "-"):
                    continue
                call = token.rstrip("!?").upper()
                if not _CALL_TOKEN.match(call):
                    raise PbnError(f"{token!r} is not a call in the Auction section")
                if call == "AP":
                    calls.extend(["PASS"] * 3)
                else:
                    calls.append(call)
        return Seat.parse(start), calls

    # -- construction --------------------------------------------------------------------------
    @staticmethod
    def board_record(number: int, deal: Deal, *, event: str = "", site: str = "", date: str = "",
                     scoring: str = "") -> PbnGame:
        """A hand record for duplicate board ``number``: the mandatory tags, dealer and
        vulnerability from the board number, no result yet."""
        board = Board(number)
        values = {"Event": event, "Site": site, "Date": date, "Board": str(number),
                  "Dealer": board.dealer.name, "Vulnerable": board.vulnerability.pbn,
                  "Deal": deal.to_pbn(board.dealer), "Scoring": scoring}
        return PbnGame(tuple((name, values.get(name, "")) for name in MANDATORY_TAGS))

    def with_auction(self, first: Seat, calls: Sequence[str], notes: Mapping[int, int] | None = None) -> PbnGame:
        """A copy with an ``[Auction]`` tag and its section (four calls a line; ``notes``: as
        :func:`write_calls`)."""
        game = self.with_tag("Auction", first.name)
        sections = tuple((k, v) for k, v in game.sections if k != "Auction")
        return replace(game, sections=(*sections, ("Auction", tuple(write_calls(calls, notes)))))


def write_calls(calls: Sequence[str], notes: Mapping[int, int] | None = None) -> list[str]:
    """Auction section lines, four calls a line, ``Pass`` for passes; ``notes`` maps a call's
    index to the number of its note, written ``=n=`` after the call (PBN 2.1 section 3.9).

    >>> write_calls(["1s", "p", "2H", "X", "pass", "p"])
    ['1S Pass 2H X', 'Pass Pass']
    >>> write_calls(["1C", "p", "2C"], {0: 1, 2: 2})
    ['1C =1= Pass 2C =2=']
    """
    words = ["Pass" if c.upper() in ("P", "PASS") else c.upper() for c in calls]
    if notes:
        words = [f"{w} ={notes[i]}=" if i in notes else w for i, w in enumerate(words)]
    return [" ".join(words[i:i + 4]) for i in range(0, len(words), 4)]


def auction_alerts(game: PbnGame) -> dict[int, str]:
    """The explained calls of the Auction section: each call's index (from the first call) to
    the text of the ``[Note "n:text"]`` its ``=n=`` reference names (PBN 2.1 section 3.9).
    A reference to a note the game does not have is an error naming it.

    >>> g = PbnGame((("Auction", "N"), ("Note", "1:strong, artificial"), ("Note", "2:waiting")),
    ...             (("Auction", ("1C =1= Pass 2D =2= Pass", "AP")),))
    >>> auction_alerts(g)
    {0: 'strong, artificial', 2: 'waiting'}
    """
    texts: dict[str, str] = {}
    for name, value in game.tags:
        if name == "Note":
            number, _, text = value.partition(":")
            texts[number.strip()] = text.strip()
    out: dict[int, str] = {}
    index = -1
    for token in section_tokens(game.section("Auction"), notes=True):
        if token.startswith("=") and token.endswith("=") and len(token) > 2:
            number = token[1:-1]
            if number not in texts:
                raise PbnError(f"board {game.tag('Board') or '?'}: the Auction refers to note {number}, "
                               f"but there is no [Note \"{number}:...\"]")
            if index >= 0:
                out[index] = texts[number]
        elif token.upper() == "AP":
            index += 3
        elif token not in ("*", "+", "-"):
            index += 1
    return out


@dataclass(frozen=True, slots=True)
class PbnFile:
    """A PBN file: leading comment lines (e.g. ``% PBN 2.1``) and its games."""

    header: tuple[str, ...] = ("% PBN 2.1", "% EXPORT")
    games: tuple[PbnGame, ...] = field(default=())


def loads(text: str) -> PbnFile:
    """Parse PBN text. Games are separated by blank lines; a line ``[Name "value"]`` is a tag, any
    other line inside a game belongs to the section opened by the tag before it."""
    header: list[str] = []
    games: list[PbnGame] = []
    tags: list[tuple[str, str]] = []
    sections: list[tuple[str, list[str]]] = []
    comments: list[str] = []
    started = False

    def flush() -> None:
        nonlocal tags, sections, comments
        if tags:
            games.append(PbnGame(tuple(tags), tuple((k, tuple(v)) for k, v in sections), tuple(comments)))
        elif comments:
            raise PbnError("lines without tags between games")
        tags, sections, comments = [], [], []

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        if not line.strip():
            flush()
            started = started or bool(games)
            continue
        if not games and not tags and not started and line.startswith("%"):
            header.append(line)
            continue
        started = True
        if line.startswith("["):
            m = _TAG.match(line)
            if m is None:
                raise PbnError(f"not a tag: {line!r} (expected [Name \"value\"])", number)
            tags.append((m.group(1), _unescape(m.group(2))))
            continue
        if not tags:
            comments.append(line)
        elif sections and sections[-1][0] == tags[-1][0]:
            sections[-1][1].append(line)
        else:
            sections.append((tags[-1][0], [line]))
    flush()
    return PbnFile(tuple(header), tuple(games))


def _game_lines(game: PbnGame) -> list[str]:
    out = list(game.comments)
    data = dict(game.sections)
    for name, value in game.tags:
        out.append(f'[{name} "{_escape(value)}"]')
        out.extend(data.get(name, ()))
    return out


def dumps(games: Iterable[PbnGame] | PbnFile, header: Sequence[str] | None = None) -> str:
    """PBN text: the header comment lines, then each game's tags, a blank line between parts."""
    if isinstance(games, PbnFile):
        head: Sequence[str] = games.header if header is None else header
        items: Iterable[PbnGame] = games.games
    else:
        head = PbnFile().header if header is None else header
        items = games
    blocks = ["\n".join(_game_lines(g)) for g in items]
    parts = (["\n".join(head)] if head else []) + blocks
    return "\n\n".join(parts) + "\n" if parts else ""


# -- played deals: the Auction and Play sections read into a deal state and written from one -------
# (issue 10: the team match's records; kept together here.)

_BRACE_COMMENT = re.compile(r"\{[^}]*\}", re.DOTALL)
_CLAIM_NOTE = re.compile(r"\{\s*claim\s+by\s+([NESW])\s*\}", re.IGNORECASE)


def section_tokens(lines: Sequence[str], notes: bool = False) -> list[str]:
    """The tokens of an Auction or Play section without its commentary: ``{...}`` comments (also
    over several lines), ``;`` comments to the end of the line, NAGs (``$1``), note references
    (``=1=``; kept with ``notes``) and the ``!``/``?`` suffixes.

    >>> section_tokens(["1S! {strong} Pass =1= 2H $3", "X ; doubled", "AP"])
    ['1S', 'Pass', '2H', 'X', 'AP']
    >>> section_tokens(["1S Pass =1= 2H"], notes=True)
    ['1S', 'Pass', '=1=', '2H']
    """
    text = _BRACE_COMMENT.sub(" ", "\n".join(lines))
    out: list[str] = []
    for line in text.splitlines():
        line = line.split(";", 1)[0]
        if line.lstrip().startswith("%"):
            continue
        for token in line.split():
            if token.startswith("$") or (not notes and token.startswith("=") and token.endswith("=")
                                         and len(token) > 1):
                continue
            token = token.rstrip("!?")
            if token:
                out.append(token)
    return out


def play_lines(play: Play) -> tuple[Seat, list[str]]:
    """The ``[Play]`` tag's seat (the opening leader) and the section's lines: one line a trick,
    each seat's card in the column of its seat counted clockwise from the leader, ``-`` where a seat
    has not played; when play ended by a claim, a ``{claim by W}`` note and ``*``."""
    first = play.declarer.lho
    rounds: list[tuple[Seat, tuple[Card, ...]]] = [(t.leader, t.cards) for t in play.tricks]
    if play.current:
        rounds.append((play.leader, tuple(c for _, c in play.current_trick())))
    lines = []
    for leader, cards in rounds:
        by_seat = {leader.after(i): str(c) for i, c in enumerate(cards)}
        lines.append(" ".join(by_seat.get(first.after(i), "-") for i in range(4)))
    if play.claim is not None:
        lines += [f"{{claim by {play.claim.claimer.name}}}", "*"]
    elif not play.is_complete:
        lines.append("*")
    return first, lines


def with_state(game: PbnGame, state: DealState, alerts: Mapping[int, str] | None = None) -> PbnGame:
    """``game`` with the result of the finished ``state``: Contract, Declarer and Result, and the
    Auction and Play tags and sections (PBN 2.1 sections 3.4.7-3.4.10, 3.5). ``alerts`` maps the
    index of an explained call to its explanation, written as a note (``=n=`` after the call,
    ``[Note "n:text"]`` after the auction; section 3.9)."""
    if state.phase != "done":
        raise PbnError("only a finished deal has a result to write")
    contract, declarer = state.contract, state.declarer
    if contract is None or declarer is None:
        game = game.with_tag("Declarer", "").with_tag("Contract", "Pass").with_tag("Result", "")
    else:
        tricks = state.declarer_tricks
        game = (game.with_tag("Declarer", declarer.name).with_tag("Contract", str(contract))
                .with_tag("Result", "" if tricks is None else str(tricks)))
    calls = [str(c) for c in state.auction.calls]
    explained = sorted(i for i in (alerts or {}) if 0 <= i < len(calls))
    numbers = {i: n for n, i in enumerate(explained, start=1)}
    game = game.with_auction(state.dealer, calls, numbers)
    if explained:
        assert alerts is not None
        kept = tuple((k, v) for k, v in game.tags if k != "Note")
        notes = tuple(("Note", f"{numbers[i]}:{' '.join(alerts[i].split())}") for i in explained)
        at = next(n for n, (k, _) in enumerate(kept) if k == "Auction") + 1
        game = replace(game, tags=(*kept[:at], *notes, *kept[at:]))
    play = state.play
    if play is not None and (play.played or play.claim is not None):
        first, lines = play_lines(play)
        game = game.with_tag("Play", first.name)
        sections = tuple((k, v) for k, v in game.sections if k != "Play")
        game = replace(game, sections=(*sections, ("Play", tuple(lines))))
    return game


def _pbn_call(token: str) -> Call:
    key = token.upper()
    if key in ("PASS", "P"):
        return PASS
    if key.endswith("N") and key[:-1].isdigit():
        key += "T"
    return parse_call(key)


def game_state(game: PbnGame) -> DealState | None:
    """The deal state a game records: the Deal, the Auction section and the Play section
    replayed (``AP`` closes the auction; play that stops early ends with a claim giving the
    Result, by declarer unless a ``{claim by W}`` note names a defender); a Result with no Play
    is declarer's claim before the opening lead. None when the game has no Deal or no Auction.
    Every inconsistency is a :class:`PbnError` naming the board."""
    where = f"board {game.tag('Board') or '?'}"
    try:
        deal = game.deal
    except InvalidNotation as exc:
        raise PbnError(f"{where}: Deal: {exc}") from None
    start = PbnGame._known(game.tag("Auction"))
    if deal is None or start is None:
        return None
    try:
        first = Seat.parse(start)
    except InvalidNotation as exc:
        raise PbnError(f"{where}: Auction: {exc}") from None
    dealer = game.dealer
    if dealer is not None and dealer != first:
        raise PbnError(f"{where}: the Auction starts with {first.name}, but {dealer.name} dealt")
    state = DealState.start(deal, first)
    for token in section_tokens(game.section("Auction")):
        if token in ("*", "+", "-"):
            continue
        try:
            if token.upper() == "AP":
                while state.phase == "auction":
                    state = state.apply(PASS).after
                continue
            state = state.apply(_pbn_call(token)).after
        except InvalidNotation as exc:
            raise PbnError(f"{where}: Auction: {exc}") from None
        except ValueError as exc:
            raise PbnError(f"{where}: Auction: {token} after {len(state.actions)} calls: {exc}") from None
    if state.phase == "auction":
        raise PbnError(f"{where}: the Auction is not complete ({len(state.actions)} calls)")
    if state.is_passed_out:
        return state
    play = state.play
    assert play is not None
    result = game.result
    if PbnGame._known(game.tag("Play")) is not None:
        lead = Seat.parse(str(game.tag("Play")))
        if lead != play.declarer.lho:
            raise PbnError(f"{where}: Play starts with {lead.name}, but {play.declarer.lho.name} leads")
        notes = _CLAIM_NOTE.findall("\n".join(game.section("Play")))
        tokens = [t for t in section_tokens(game.section("Play")) if t != "+"]
        rows: list[list[str]] = []
        for token in tokens:
            if token == "*":
                break
            if not rows or len(rows[-1]) == 4:
                rows.append([])
            rows[-1].append(token)
        for number, row in enumerate(rows, start=1):
            current = state.play
            assert current is not None
            leader = current.leader
            for i in range(4):
                seat = leader.after(i)
                column = (seat - lead) % 4
                text = row[column] if column < len(row) else "-"
                if text == "-":
                    break
                try:
                    state = state.apply(Card.parse(text)).after
                except ValueError as exc:
                    raise PbnError(f"{where}: Play, trick {number}: {text} by {seat.name}: {exc}") from None
            else:
                continue
            break
        claimer = Seat.parse(notes[-1]) if notes else play.declarer
    else:
        claimer = play.declarer
    current = state.play
    assert current is not None
    if state.phase == "done":
        if result is not None and result != state.declarer_tricks:
            raise PbnError(f"{where}: Result {result}, but declarer won {state.declarer_tricks} tricks in the Play")
        return state
    if result is None:
        raise PbnError(f"{where}: the play stops after {len(current.played)} cards and no Result says how it ended")
    won = current.tricks_won(current.declarer.side)
    needed = result - won
    tricks = needed if claimer.side == current.declarer.side else current.tricks_left - needed
    if not 0 <= needed <= current.tricks_left:
        raise PbnError(f"{where}: Result {result} is impossible: declarer had {won} tricks with "
                       f"{current.tricks_left} to play")
    if claimer == current.dummy:
        claimer = current.declarer
    return state.apply(ClaimAction(claimer, tricks)).after

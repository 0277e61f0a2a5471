"""The JSON session record: load and validate it into a :class:`~bazas.engine.session.Session`,
and dump a session as JSON-ready data.

The record::

    {"ruleset": "rubber",          (any registered ruleset, by id or alias: "subasta", "chicago"...)
     "first_dealer": "N",
     "stopped": false,
     "deals": [
       {"contract": "4SX" | "3NTXX" | "pass", "declarer": "N",
        "auction": ["1S", "P", "P", "X", "XX", "P", "P", "P"],
        "tricks": 10,
        "deal": "N:AKQ2.... ...",
        "honours": {"N": ["SA", "SK"], "S": ["SQ"]},
        "board": 3, "table": 1}]}

Every error is a :class:`RecordError` naming the deal (1-based) and the field.

>>> s = load_session('{"ruleset": "subasta", "deals": [{"contract": "1S", "declarer": "N", "tricks": 10}]}')
>>> s.ruleset.id, s.totals, s.games
('auction-1920', PerSide(ns=36, ew=0), PerSide(ns=1, ew=0))
>>> load_session('{"ruleset": "rubber", "deals": [{"contract": "4S", "declarer": "N", "tricks": 14}]}')
Traceback (most recent call last):
...
bazas.formats.records.RecordError: deal 1, field 'tricks': 14 is impossible (tricks are 0-13)
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from bazas.engine.auction import Auction
from bazas.engine.calls import Contract, parse_call
from bazas.engine.deal import Board, Deal
from bazas.engine.errors import BazasError
from bazas.engine.honours import Honours, from_cards
from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.rulesets import ids as ruleset_ids
from bazas.engine.rulesets.base import DealResult, LineItem, PerSide, Ruleset, RulesetOptionError
from bazas.engine.rulesets.denominations import denominations_of, parse_contract
from bazas.engine.seats import Seat, Side
from bazas.engine.session import ScoredDeal, Session

from .pbn import PbnError, PbnGame
from .pbn import loads as pbn_loads

__all__ = ["RecordError", "dump_per_side", "dump_scored_deal", "dump_session", "game_ruleset", "load_session",
           "option_tags", "option_text", "session_from_pbn", "session_from_record"]

_TOP_FIELDS = {"ruleset", "first_dealer", "stopped", "deals", "options"}
_INFO_FIELDS = {"event", "date", "site", "players", "title", "comment", "comments", "note", "notes"}
_DEAL_FIELDS = {"contract", "declarer", "auction", "tricks", "deal", "honours", "board", "table", "dealer"}
_PASSED = ("pass", "passed", "passed out", "p", "paso", "allpass", "ap")


class RecordError(ValueError):
    """A session record that cannot be scored; ``deal`` is 1-based, ``field`` the key at fault."""

    def __init__(self, message: str, deal: int | None = None, field: str | None = None) -> None:
        where = []
        if deal is not None:
            where.append(f"deal {deal}")
        if field is not None:
            where.append(f"field {field!r}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)
        self.deal = deal
        self.field = field
        self.reason = message


# -- loading -------------------------------------------------------------------------------------
def load_session(text: str) -> Session:
    """A session from a JSON record or from PBN text (duplicate boards), detected by content."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if not stripped:
        raise RecordError("the input is empty (expected a JSON session record or PBN)")
    if stripped.startswith("%") or re.match(r"\[\s*[A-Za-z]", stripped):
        try:
            file = pbn_loads(stripped)
        except PbnError as exc:
            raise RecordError(f"invalid PBN: {exc}") from None
        return session_from_pbn(file.games)
    try:
        data = json.loads(stripped)
    except json.JSONDecodeError as exc:
        raise RecordError(f"invalid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        # A record is a few levels deep; thousands of nested brackets are not a record.
        raise RecordError("invalid JSON: nested too deeply to be a session record") from None
    return session_from_record(data)


def _seat(value: object, deal: int | None, field: str) -> Seat:
    if not isinstance(value, str):
        raise RecordError(f"expected a seat N, E, S or W, not {json.dumps(value)}", deal, field)
    try:
        return Seat.parse(value)
    except BazasError as exc:
        raise RecordError(str(exc), deal, field) from None


def _with_options(ruleset: Ruleset, options: object) -> Ruleset:
    """The game with its table options (``Ruleset.with_options``: seed 001's variants of
    auction-1920, nullos, chicago without honours...); a bad option names its field."""
    if not isinstance(options, dict):
        raise RecordError(f"expected an object, not {json.dumps(options)}", None, "options")
    try:
        return ruleset.with_options(options)
    except RulesetOptionError as exc:
        raise RecordError(str(exc), None, f"options.{exc.option}") from None


def session_from_record(data: object) -> Session:
    """Validate a decoded JSON record and fold it into a session."""
    if not isinstance(data, dict):
        raise RecordError("a session record is a JSON object with 'ruleset' and 'deals'")
    unknown = sorted(set(data) - _TOP_FIELDS - _INFO_FIELDS)
    if unknown:
        raise RecordError(f"unknown field (expected {', '.join(sorted(_TOP_FIELDS))})", None, unknown[0])
    if "ruleset" not in data:
        raise RecordError(f"missing (one of {', '.join(ruleset_ids())})", None, "ruleset")
    name = data["ruleset"]
    if not isinstance(name, str):
        raise RecordError(f"expected a ruleset name, not {json.dumps(name)}", None, "ruleset")
    try:
        ruleset = get_ruleset(name)
    except BazasError as exc:
        raise RecordError(str(exc), None, "ruleset") from None
    if "options" in data:
        ruleset = _with_options(ruleset, data["options"])
    first = _seat(data.get("first_dealer", "N"), None, "first_dealer")
    stopped = data.get("stopped", False)
    if not isinstance(stopped, bool):
        raise RecordError(f"expected true or false, not {json.dumps(stopped)}", None, "stopped")
    if "deals" not in data:
        raise RecordError("missing (a list of deals)", None, "deals")
    deals = data["deals"]
    if not isinstance(deals, list):
        raise RecordError(f"expected a list of deals, not {type(deals).__name__}", None, "deals")
    session = Session.start(ruleset, first)
    duplicate = session.is_duplicate
    board_deals: dict[int, tuple[Deal, int]] = {}
    for index, entry in enumerate(deals, start=1):
        result = _deal_result(entry, index, session, duplicate, board_deals)
        try:
            session = session.record(result)
        except BazasError as exc:
            field = "board" if duplicate else None
            raise RecordError(str(exc), index, field) from None
    return session.stop() if stopped else session


def _deal_result(entry: object, index: int, session: Session, duplicate: bool,
                 board_deals: dict[int, tuple[Deal, int]]) -> DealResult:
    if not isinstance(entry, dict):
        raise RecordError("expected an object with contract, declarer and tricks", index)
    unknown = sorted(set(entry) - _DEAL_FIELDS)
    if unknown:
        raise RecordError(f"unknown field (expected {', '.join(sorted(_DEAL_FIELDS))})", index, unknown[0])

    # Board, table and dealer.
    board: int | None = None
    table: int | None = None
    if duplicate:
        if "board" not in entry:
            raise RecordError("missing (duplicate deals need their board number)", index, "board")
        board = _int(entry["board"], index, "board", 1, None)
        if "table" in entry:
            table = _int(entry["table"], index, "table", 1, 2)
        dealer = Board(board).dealer
    else:
        for key in ("board", "table"):
            if key in entry:
                raise RecordError(f"only duplicate deals have a {key} (ruleset is {session.ruleset.id})",
                                  index, key)
        dealer = session.next_dealer
    if not duplicate and session.finished:
        raise RecordError(f"the {session.ruleset.id} session is already over; no more deals can be scored",
                          index)
    if "dealer" in entry:
        given = _seat(entry["dealer"], index, "dealer")
        if given != dealer:
            raise RecordError(f"{given.name} cannot deal here: the dealer is {dealer.name}", index, "dealer")

    # Contract and declarer, from the contract or the auction (or both, which must agree).
    contract: Contract | None = None
    declarer: Seat | None = None
    passed = False
    if "contract" in entry:
        text = entry["contract"]
        if not isinstance(text, str):
            raise RecordError(f"expected a contract like \"4SX\" or \"pass\", not {json.dumps(text)}",
                              index, "contract")
        if text.strip().lower() in _PASSED:
            passed = True
        else:
            try:
                contract = parse_contract(session.ruleset, text)
            except BazasError as exc:
                raise RecordError(str(exc), index, "contract") from None
            if "declarer" in entry:
                declarer = _seat(entry["declarer"], index, "declarer")
            elif "auction" not in entry:
                raise RecordError(f"missing (who declared {contract}?)", index, "declarer")
    if "auction" in entry:
        a_contract, a_declarer, a_passed = _auction(entry["auction"], dealer, index, session.ruleset)
        if "contract" in entry:
            if (passed, contract) != (a_passed, a_contract):
                shown = "pass" if a_passed else str(a_contract)
                raise RecordError(f"the auction ends in {shown}, not {entry['contract']}", index, "contract")
            if "declarer" in entry and declarer != a_declarer:
                raise RecordError(f"the auction makes {a_declarer.name if a_declarer is not None else 'nobody'} declarer",
                                  index, "declarer")
        contract, declarer, passed = a_contract, a_declarer, a_passed
        if not passed and "declarer" in entry and "contract" not in entry:
            given = _seat(entry["declarer"], index, "declarer")
            if given != declarer:
                raise RecordError(f"the auction makes {declarer.name if declarer is not None else 'nobody'} declarer",
                                  index, "declarer")
    if "contract" not in entry and "auction" not in entry:
        raise RecordError("missing (give the contract, or the auction)", index, "contract")

    # Tricks.
    tricks = 0
    if passed:
        if entry.get("tricks") not in (None, 0):
            raise RecordError("a passed-out deal has no tricks", index, "tricks")
    else:
        if "tricks" not in entry:
            raise RecordError("missing (tricks won by declarer's side, 0-13)", index, "tricks")
        raw = entry["tricks"]
        if isinstance(raw, int) and not isinstance(raw, bool) and not 0 <= raw <= 13:
            raise RecordError(f"{raw} is impossible (tricks are 0-13)", index, "tricks")
        tricks = _int(raw, index, "tricks", 0, 13)

    # The original deal, or the honour cards.
    deal: Deal | None = None
    if "deal" in entry and entry["deal"] is not None:
        text = entry["deal"]
        if not isinstance(text, str):
            raise RecordError("expected a PBN deal \"N:AKQ2.KJ5.T98.432 ...\"", index, "deal")
        try:
            deal = Deal.from_pbn(text)
        except BazasError as exc:
            raise RecordError(f"not 52 distinct cards, 13 to each seat: {exc}", index, "deal") from None
        if board is not None:
            seen = board_deals.get(board)
            if seen is not None and seen[0] != deal:
                raise RecordError(f"board {board} was dealt differently in deal {seen[1]}", index, "deal")
            board_deals.setdefault(board, (deal, index))
    holding: Honours | None = None
    if "honours" in entry and entry["honours"] is not None:
        if deal is not None:
            raise RecordError("give the deal or the honours, not both", index, "honours")
        if not passed:
            assert contract is not None
            holding = _honours(entry["honours"], contract, index)
    try:
        if passed:
            return DealResult.passed(deal, board, table)
        return DealResult(contract, declarer, tricks, deal, holding, board, table)
    except BazasError as exc:
        raise RecordError(str(exc), index) from None


def _int(value: object, index: int, field: str, low: int, high: int | None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"expected a whole number, not {json.dumps(value)}", index, field)
    if value < low or (high is not None and value > high):
        span = f"{low}-{high}" if high is not None else f"{low} or more"
        raise RecordError(f"{value} is out of range ({span})", index, field)
    return value


def _auction(value: object, dealer: Seat, index: int, ruleset: Ruleset | None = None,
             ) -> tuple[Contract | None, Seat | None, bool]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise RecordError("expected a list of calls like [\"1S\", \"P\", \"P\", \"P\"]", index, "auction")
    denominations = None if ruleset is None else denominations_of(ruleset)
    try:
        if denominations is not None:  # a game with its own denominations (royal spades, nullos)
            auction: Auction = denominations.replay(dealer, value)  # type: ignore[assignment]
        else:
            auction = Auction.from_calls(dealer, [parse_call(c) for c in value])
    except BazasError as exc:
        raise RecordError(f"illegal auction (dealer {dealer.name}): {exc}", index, "auction") from None
    if not auction.is_complete:
        raise RecordError(f"the auction is not over (dealer {dealer.name}; it needs more calls)", index, "auction")
    if auction.is_passed_out:
        return None, None, True
    return auction.contract, auction.declarer, False


def _honours(value: object, contract: Contract, index: int) -> Honours:
    if not isinstance(value, dict):
        raise RecordError("expected an object of seats to honour cards, e.g. {\"N\": [\"SA\", \"SK\"]}",
                          index, "honours")
    cards: dict[Seat, list[str]] = {}
    for key, held in value.items():
        seat = _seat(key, index, "honours")
        if not isinstance(held, list) or not all(isinstance(c, str) for c in held):
            raise RecordError(f"{key}: expected a list of cards like [\"SA\", \"SK\"]", index, "honours")
        cards.setdefault(seat, []).extend(held)
    try:
        return from_cards(contract.strain, cards)
    except BazasError as exc:
        raise RecordError(str(exc), index, "honours") from None


def session_from_pbn(games: tuple[PbnGame, ...] | list[PbnGame], ruleset: str = "duplicate") -> Session:
    """A duplicate match from PBN games with Board, Contract, Declarer and Result tags; the table
    comes from ``[Table "1"|"2"]`` or ``[Room "Open"|"Closed"]`` (else the first result of a board
    is table 1, the next table 2). When boards 1..n all have both tables' results, the match is
    settled after them (as :meth:`bazas.formats.match_records.MatchRecord.session`)."""
    session = Session.start(ruleset)
    for index, game in enumerate(games, start=1):
        field = "Board"
        try:
            board = game.board
            if board is None:
                raise RecordError("missing", index, "Board")
            table: int | None = None
            room = (game.tag("Table") or game.tag("Room") or "").strip().lower()
            if room in ("1", "open", "abierta"):
                table = 1
            elif room in ("2", "closed", "cerrada"):
                table = 2
            field = "Deal"
            deal = game.deal
            field = "Contract"
            if game.passed_out:
                session = session.record(DealResult.passed(deal, board, table))
                continue
            contract = game.contract
            if contract is None:
                raise RecordError("missing (a contract like 4SX, or Pass)", index, "Contract")
            field = "Declarer"
            declarer = game.declarer
            if declarer is None:
                raise RecordError("missing", index, "Declarer")
            field = "Result"
            tricks = game.result
            if tricks is None:
                raise RecordError("missing (tricks won by declarer)", index, "Result")
            field = "Board"
            session = session.record(DealResult(contract, declarer, tricks, deal, None, board, table))
        except RecordError:
            raise
        except BazasError as exc:
            raise RecordError(str(exc), index, field) from None
    boards = session.boards
    if (boards and not session.finished and all(b.complete for b in boards)
            and [b.board for b in boards] == list(range(1, len(boards) + 1))):
        # Boards 1..n, each played at both tables: the record of a whole match of n boards (a
        # table manager's session is as long as its organiser makes it), settled as it stands.
        session = session.stop()
    return session


# -- the game and its table options in PBN (issue 11) ---------------------------------------------
#: Our PBN tags for the game a deal was played under: its id with the options (a variant's id that
#: :func:`bazas.engine.rulesets.get` reads back) and the options themselves as JSON.
RULESET_TAG = "BazasRuleset"
OPTIONS_TAG = "BazasOptions"


def option_text(options: Mapping[str, object]) -> str:
    """The options as a line of text: ``honours "later", nullos true``."""
    return ", ".join(f"{name} {json.dumps(value)}" for name, value in options.items())


def option_tags(ruleset: Ruleset | str) -> list[tuple[str, str]]:
    """The PBN tags that name the game and its table options (none of options for the game itself).

    >>> option_tags("royal-auction+nullos")
    [('BazasRuleset', 'royal-auction+nullos'), ('BazasOptions', '{"nullos":true}')]
    >>> option_tags("rubber")
    [('BazasRuleset', 'rubber')]
    """
    game = get_ruleset(ruleset)
    tags = [(RULESET_TAG, game.id)]
    if game.options():
        tags.append((OPTIONS_TAG, json.dumps(game.options(), separators=(",", ":"))))
    return tags


def game_ruleset(game: PbnGame, default: str | None = None) -> Ruleset | None:
    """The game a PBN game was played under, as :func:`option_tags` wrote it: ``[BazasRuleset]``
    with the options of ``[BazasOptions]``; ``default`` (or None) when the tags are absent. A bad
    tag raises :class:`RecordError` naming it.

    >>> g = PbnGame((("Board", "1"), ("BazasRuleset", "auction-1920"), ("BazasOptions", '{"honours":"later"}')))
    >>> game_ruleset(g).id, game_ruleset(g).options()
    ('auction-1920+later-honours', {'honours': 'later'})
    """
    name = game.tag(RULESET_TAG) or default
    if not name:
        return None
    try:
        ruleset = get_ruleset(name)
    except BazasError as exc:
        raise RecordError(str(exc), None, RULESET_TAG) from None
    text = game.tag(OPTIONS_TAG)
    if not text:
        return ruleset
    try:
        options = json.loads(text)
    except ValueError:
        raise RecordError(f"expected a JSON object of options, not {text!r}", None, OPTIONS_TAG) from None
    if not isinstance(options, dict):
        raise RecordError(f"expected a JSON object of options, not {text!r}", None, OPTIONS_TAG)
    try:
        return ruleset.with_options(options)
    except RulesetOptionError as exc:
        raise RecordError(str(exc), None, f"{OPTIONS_TAG}.{exc.option}") from None


# -- dumping -------------------------------------------------------------------------------------
def dump_per_side(p: PerSide) -> dict[str, int]:
    """``{"NS": p.ns, "EW": p.ew}``."""
    return {"NS": p.ns, "EW": p.ew}


def _item(item: LineItem) -> dict[str, Any]:
    return {"kind": item.kind.value, "side": item.side.name, "points": item.points,
            "line": "below" if item.below else "above"}


def dump_scored_deal(e: ScoredDeal, duplicate: bool = False) -> dict[str, Any]:
    """One line of the score sheet as JSON-ready data: the deals of :func:`dump_session`, the
    table server's ``score.deals[]``, a deal's review and its stored row all use this shape.
    ``duplicate`` adds the board, the table and the N/S score.

    >>> s = load_session('{"ruleset": "rubber", "deals": [{"contract": "2H", "declarer": "S", "tricks": 9}]}')
    >>> d = dump_scored_deal(s.entries[0])
    >>> d["contract"], d["below"], d["above"], [i["kind"] for i in d["items"]]
    ('2H', {'NS': 60, 'EW': 0}, {'NS': 30, 'EW': 0}, ['trick score', 'overtricks'])
    """
    out: dict[str, Any] = {
        "number": e.number,
        "dealer": e.dealer.name,
        "declarer": None if e.declarer is None else e.declarer.name,
        "contract": "pass" if e.contract is None else str(e.contract),
        "tricks": e.tricks,
        "vulnerable": {"NS": e.vulnerable[Side.NS], "EW": e.vulnerable[Side.EW]},
        "below": dump_per_side(e.below),
        "above": dump_per_side(e.above),
        "points": dump_per_side(e.points),
        "game_won_by": None if e.game_won_by is None else e.game_won_by.name,
        "rubber_over": e.rubber_over,
        "items": [_item(i) for i in e.items],
    }
    if duplicate:
        out["board"] = e.board
        out["table"] = e.table
        out["score_ns"] = e.score_ns
    return out


def dump_session(session: Session) -> dict[str, Any]:
    """The session as JSON-ready data (the ``bazas score --json`` output)."""
    duplicate = session.is_duplicate
    out: dict[str, Any] = {
        "ruleset": session.ruleset.id,
        "options": session.ruleset.options(),
        "first_dealer": session.first_dealer.name,
        "deals": [dump_scored_deal(e, duplicate) for e in session.entries],
        "unfinished": [_item(i) for i in session.closing],
        "games": dump_per_side(session.games),
        "below": dump_per_side(session.below),
        "above": dump_per_side(session.above),
        "totals": dump_per_side(session.totals),
        "stopped": session.stopped,
        "finished": session.finished,
        "winner": session.winner,
        "margin": session.margin,
        "deciding": session.deciding,
    }
    if duplicate:
        # boards, imps_a, winner ("NS" = team A), winning_team: the one shape of a compared match
        # (``bazas match --json`` prints the same).
        from .match_records import dump_session_comparison

        out.update(dump_session_comparison(session))
    return out


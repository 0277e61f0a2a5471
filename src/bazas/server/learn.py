"""The first lesson's prepared deals (issue 12, "learn the auction", from seed 004).

The learner sits South with a bot partner (North) and two bot opponents; the bots bid with the
server's own bidding system (SAYC, as at a rubber table) and every call comes with its meaning in
Spanish and English. The page sends the learner's calls so far (``POST
/api/learn/deals/{id}/auction``); the server replays the auction from the start, the bots calling
in their turns, until it is the learner's turn again or the auction is over, so no bot's call is
ever taken from the page. The answer also says what the bot would have called in the learner's
place (the lesson's "check the answer").

Once the auction is over the deal is played out (``POST /api/learn/deals/{id}/play``): the page
sends the learner's calls and every card played so far; the server checks each card (a legal card
of the seat whose turn it was), then the bots play (partner, the opponents, and both of North and
South when North declares) until it is the learner's turn: South's cards, and dummy's when South
declares. Each card comes with a short sentence in Spanish and English (who leads, follows,
ruffs or discards, who wins the trick); at the learner's turn the answer says which card the bot
would play there. A lesson has nothing at stake: the cards before the learner's last one are
taken from the page (each checked legal), so the bots never think twice about a card.

Issue 13: the bots of a lesson think in the server's worker pool, in the share of the client
address asking (as a table's bots do, :class:`~bazas.server.scheduler.FairSlots`), never in the
server's own process; and one address may ask ``BAZAS_LESSONS_PER_MINUTE`` times a minute
(``BAZAS_LESSONS_BURST`` at once; more: 429), so one client asking without pause does not slow
the other tables.
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from fastapi import FastAPI, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field

from bazas.engine.auction import Auction
from bazas.engine.calls import parse_call
from bazas.engine.cards import Card, Hand
from bazas.engine.deal import Deal
from bazas.engine.errors import BazasError
from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import DealState

from .limits import Buckets, owner_key
from .protocol import ExplanationInfo
from .scheduler import REQUEST, WorkerPool

#: The game whose bidding system the lesson's bots use.
RULESET = "rubber"
LEARNER = Seat.S


@dataclass(frozen=True)
class LessonDeal:
    """A prepared deal: its dealer and the four hands (PBN ``spades.hearts.diamonds.clubs``)."""

    id: str
    dealer: Seat
    hands: dict[Seat, str]

    def hand(self, seat: Seat) -> Hand:
        return Hand.from_pbn(self.hands[seat])


def _deal(id: str, dealer: str, n: str, e: str, s: str, w: str) -> LessonDeal:
    return LessonDeal(id, Seat.parse(dealer), {Seat.N: n, Seat.E: e, Seat.S: s, Seat.W: w})


#: Written for the lesson from seed 004's ideas: 1) you open, partner raises: a contract at the two
#: level is eight tricks; 2) the opponents open 1♠: hearts, a lower suit, must go to the two level,
#: and the side that bids highest wins the auction; 3) partner opens 1NT, you bid game: the
#: declarer is the player of the side who first named the strain.
DEALS: tuple[LessonDeal, ...] = (
    _deal("raise", "S", n="Q86.K952.Q84.J53", e="T73.73.T962.AQ76", s="K52.AQJ84.K73.92", w="AJ94.T6.AJ5.KT84"),
    _deal("overcall", "E", n="Q74.Q83.T943.K92", e="AKJ82.64.KJ5.Q73", s="93.AKJ95.A82.J64", w="T65.T72.Q76.AT85"),
    _deal("notrump", "N", n="AQ5.KJ4.KT62.A93", e="74.T763.QJ54.T85", s="K82.Q95.A83.QJ64", w="JT963.A82.97.K72"),
)
BY_ID = {d.id: d for d in DEALS}


class LessonAuction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    calls: list[str] = Field(default_factory=list, max_length=40,
                             description="the learner's own calls so far, in order (P, X, XX, 1C ... 7NT)")


class LessonPlay(BaseModel):
    model_config = ConfigDict(extra="forbid")
    calls: list[str] = Field(default_factory=list, max_length=40,
                             description="the learner's own calls, the whole auction's (as for /auction)")
    cards: list[str] = Field(default_factory=list, max_length=52,
                             description="every card played so far, in order (SA, HT, C2...)")


# -- the answers (response models: /docs shows them; a field the code adds but the model lacks fails
#    the tests instead of reaching the page unannounced) ----------------------------------------------

class _Reply(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Words(_Reply):
    es: str
    en: str


class LessonDealInfo(_Reply):
    id: str
    dealer: str
    seat: str = Field(description="the learner's seat (S)")
    hand: str = Field(description="the learner's hand, PBN (spades.hearts.diamonds.clubs)")


class LessonDeals(_Reply):
    """``GET /api/learn/deals``: the prepared deals."""

    deals: list[LessonDealInfo]


class BotCall(_Reply):
    call: str
    meaning: Words | None


class LessonCall(_Reply):
    seat: str
    call: str
    by: Literal["you", "bot"]
    meaning: Words | None
    bot: BotCall | None = Field(default=None, description="the learner's calls only: what the bot would have called")


class LessonAuctionReply(_Reply):
    """``POST /api/learn/deals/{id}/auction``: the auction up to the learner's next turn or its end."""

    id: str
    dealer: str
    calls: list[LessonCall]
    done: bool
    turn: str | None
    legal: list[str]
    suggestion: BotCall | None = Field(description="the bot's call for the learner's turn")
    contract: str | None
    declarer: str | None
    passed_out: bool
    hands: dict[str, str] | None = Field(description="every hand, once the auction is over")


class LessonCard(_Reply):
    seat: str
    card: str
    by: Literal["you", "bot"]
    note: Words = Field(description="what the card did, in words")
    why: ExplanationInfo | None


class CardSuggestion(_Reply):
    card: str
    why: ExplanationInfo | None


class LessonTrick(_Reply):
    leader: str
    winner: str
    cards: list[str]


class LessonPlayReply(_Reply):
    """``POST /api/learn/deals/{id}/play``: the play up to the learner's next turn or its end."""

    id: str
    contract: str | None
    declarer: str | None
    dummy: str
    cards: list[LessonCard]
    new_from: int = Field(description="the first of ``cards`` this answer added")
    done: bool
    turn: str | None
    legal: list[str]
    suggestion: CardSuggestion | None
    hands: dict[str, list[str]]
    current: list[list[str]] = Field(description="the trick on the table: [seat, card] pairs")
    tricks: list[LessonTrick]
    won: dict[str, int]
    declarer_tricks: int
    needed: int


def _meaning(why: Any) -> dict[str, str] | None:
    if why is None:
        return None
    return {"es": str(why.es), "en": str(why.en)}


def play_auction(deal: LessonDeal, mine: Sequence[str]) -> dict[str, Any]:
    """The auction of ``deal`` with the learner's calls ``mine``: bots call in their turns; stops
    at the learner's next turn or at the end. Raises ValueError naming a call that is not legal."""
    from bazas.bots.base import TableContext
    from bazas.bots.bidding import choose_call, explain

    context = TableContext(ruleset=RULESET)
    auction = Auction.from_calls(deal.dealer, [])
    calls: list[dict[str, Any]] = []
    given = list(mine)
    while not auction.is_complete:
        seat = auction.turn
        texts = [str(c) for c in auction.calls]
        if seat == LEARNER:
            if not given:
                suggestion, why = choose_call(deal.hand(seat), deal.dealer, texts, context)
                return _answer(deal, auction, calls, {"call": str(suggestion), "meaning": _meaning(why)})
            text = given.pop(0)
            suggestion, why = choose_call(deal.hand(seat), deal.dealer, texts, context)
            try:
                call = parse_call(text)
                auction = auction.apply(call)
            except BazasError as exc:
                raise ValueError(f"calls[{len(mine) - len(given) - 1}]: {text!r}: {exc}") from None
            try:
                own = _meaning(explain(auction, len(auction.calls) - 1, RULESET, context))
            except Exception:
                own = None
            calls.append({"seat": seat.name, "call": str(call), "by": "you", "meaning": own,
                          "bot": {"call": str(suggestion), "meaning": _meaning(why)}})
        else:
            call, why = choose_call(deal.hand(seat), deal.dealer, texts, context)
            auction = auction.apply(call)
            calls.append({"seat": seat.name, "call": str(call), "by": "bot", "meaning": _meaning(why)})
    if given:
        raise ValueError(f"calls: the auction is over; {len(given)} call(s) too many")
    return _answer(deal, auction, calls, None)


def _answer(deal: LessonDeal, auction: Auction, calls: list[dict[str, Any]],
            suggestion: dict[str, Any] | None) -> dict[str, Any]:
    done = auction.is_complete
    contract = auction.contract if done else None
    declarer = auction.declarer if done else None
    return {
        "id": deal.id, "dealer": deal.dealer.name, "calls": calls, "done": done,
        "turn": None if done else auction.turn.name,
        "legal": [] if done else [str(c) for c in auction.legal_calls()],
        "suggestion": suggestion,
        "contract": None if contract is None else str(contract),
        "declarer": None if declarer is None else declarer.name,
        "passed_out": done and auction.is_passed_out,
        # Shown once the auction is over (the deal is a lesson, not a secret).
        "hands": {s.name: deal.hands[s] for s in SEATS} if done else None,
    }


# -- the play ---------------------------------------------------------------------------------------

_SEAT_ES = {Seat.N: "Norte", Seat.E: "Este", Seat.S: "Sur", Seat.W: "Oeste"}
_SEAT_EN = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
_SUIT_ES = {"S": "picas", "H": "corazones", "D": "diamantes", "C": "tréboles"}
_SUIT_EN = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _card_words(card: Card) -> str:
    text = str(card)
    rank = "10" if text[1:] == "T" else text[1:]
    return f"{_SYMBOL[text[0]]}{rank}"


def _note(before: DealState, seat: Seat, card: Card, after: DealState) -> dict[str, str]:
    """What ``seat`` did with ``card`` in words: leads, follows suit, ruffs or discards; and, at
    the trick's fourth card, who won it and how the tricks stand."""
    play = before.play
    assert play is not None and after.play is not None
    who_es, who_en, c = _SEAT_ES[seat], _SEAT_EN[seat], _card_words(card)
    if seat == play.dummy:
        who_es, who_en = f"{who_es} (el muerto)", f"{who_en} (dummy)"
    trick = play.current_trick()
    suit = str(card)[0]
    if not trick:
        if not play.tricks:
            es = f"{who_es} sale con el {c}: sale el jugador a la izquierda del declarante; después se extienden las cartas del muerto."
            en = f"{who_en} leads the {c}: the player on declarer's left leads; then dummy's cards go face up."
        else:
            es, en = f"{who_es} sale con el {c} (ganó la baza anterior).", f"{who_en} leads the {c} (won the last trick)."
    else:
        led = str(trick[0][1])[0]
        trump = str(play.strain.name)[0] if play.strain.name != "NT" else None
        if suit == led:
            es, en = f"{who_es} asiste con el {c}.", f"{who_en} follows suit with the {c}."
        elif suit == trump:
            es = f"{who_es} no tiene {_SUIT_ES[led]} y falla con el {c} (triunfo)."
            en = f"{who_en} has no {_SUIT_EN[led]} and ruffs with the {c} (a trump)."
        else:
            es = f"{who_es} no tiene {_SUIT_ES[led]} y descarta el {c}."
            en = f"{who_en} has no {_SUIT_EN[led]} and discards the {c}."
    if len(trick) == 3:
        last = after.play.tricks[-1]
        ns, ew = after.play.won[0], after.play.won[1]
        win = _card_words(last.card_of(last.winner))
        es += f" Gana la baza {_SEAT_ES[last.winner]} con el {win}. Norte-Sur {ns}, Este-Oeste {ew}."
        en += f" {_SEAT_EN[last.winner]} wins the trick with the {win}. North-South {ns}, East-West {ew}."
    return {"es": es, "en": en}


def _bot_seconds() -> float:
    """A bot's time per card in the lesson (BAZAS_BOT_SECONDS, at most half a second)."""
    try:
        return min(0.5, max(0.02, float(os.environ.get("BAZAS_BOT_SECONDS", "0.3"))))
    except ValueError:
        return 0.3


def _bot_card(state: DealState, deal: LessonDeal, number: int) -> tuple[Card, dict[str, str] | None]:
    """The card the bot chooses for the seat to act (a seed from the deal and the card's number)."""
    from bazas.bots.base import Budget, TableContext
    from bazas.bots.player import bot_for
    from bazas.engine.views import view_of

    actor = state.actor
    assert actor is not None
    bot = bot_for(RULESET, "fast")
    decision = bot.choose(view_of(state, actor), TableContext(ruleset=RULESET, computer_seats="NESW"),
                          random.Random(f"{deal.id}:{number}"), Budget(_bot_seconds()))
    card = decision.action
    assert isinstance(card, Card)
    return card, (None if decision.explanation is None else decision.explanation.to_dict())


def play_cards(deal: LessonDeal, mine: Sequence[str], cards: Sequence[str]) -> dict[str, Any]:
    """The play of ``deal`` after its auction (the learner's calls ``mine``): ``cards`` checked one
    by one, then the bots' cards until the learner's turn or the end. Raises ValueError naming
    what is wrong (``calls``, ``cards[i]``)."""
    auction = play_auction(deal, mine)
    if not auction["done"]:
        raise ValueError("calls: the auction is not over yet; nothing to play")
    if auction["passed_out"]:
        raise ValueError("calls: the deal was passed out; nothing to play")
    state = DealState.start(Deal(tuple(deal.hand(s) for s in SEATS)), deal.dealer)  # type: ignore[arg-type]
    for c in auction["calls"]:
        state = state.apply(parse_call(c["call"])).after
    played: list[dict[str, Any]] = []

    def put(card: Card, by: str, why: dict[str, str] | None = None) -> None:
        nonlocal state
        seat = state.turn
        assert seat is not None
        before = state
        state = state.apply(card, state.actor).after
        played.append({"seat": seat.name, "card": str(card), "by": by, "note": _note(before, seat, card, state),
                       "why": why})

    for i, text in enumerate(cards):
        if state.phase != "play":
            raise ValueError(f"cards[{i}]: {text!r}: the play is over")
        try:
            put(Card.parse(text), "you" if state.actor == LEARNER else "bot")
        except BazasError as exc:
            raise ValueError(f"cards[{i}]: {text!r}: {exc}") from None
    new_from = len(played)
    while state.phase == "play" and state.actor != LEARNER:
        card, why = _bot_card(state, deal, len(played))
        put(card, "bot", why)
    suggestion = None
    if state.phase == "play":
        card, why = _bot_card(state, deal, len(played))
        suggestion = {"card": str(card), "why": why}
    play = state.play
    assert play is not None
    current = play.current_trick()
    return {
        "id": deal.id, "contract": auction["contract"], "declarer": auction["declarer"],
        "dummy": play.dummy.name, "cards": played, "new_from": new_from,
        "done": state.phase == "done",
        "turn": None if state.phase != "play" else play.turn.name,
        "legal": [] if state.phase != "play" else [str(c) for c in play.legal_cards()],
        "suggestion": suggestion,
        "hands": {s.name: [str(c) for c in play.remaining(s)] for s in SEATS},
        "current": [[s.name, str(c)] for s, c in current],
        "tricks": [{"leader": t.leader.name, "winner": t.winner.name, "cards": [str(c) for c in t.cards]}
                   for t in play.tricks],
        "won": {"NS": play.won[0], "EW": play.won[1]},
        "declarer_tricks": play.declarer_tricks,
        "needed": int(auction["contract"][0]) + 6,
    }


#: Seconds a lesson's answer may take in the worker pool (its bots think 0.5 s a card at most).
LESSON_TIMEOUT = 60.0
_in_process = asyncio.Lock()


def install_learn_routes(app: FastAPI) -> None:
    """``GET /api/learn/deals``, ``POST /api/learn/deals/{id}/auction`` and ``.../play``."""
    settings = app.state.settings
    buckets = Buckets(settings.lessons_per_minute, settings.lessons_burst)

    async def answer(request: Request, fn: Any, *args: Any) -> dict[str, Any]:
        """``fn(*args)`` for the client asking: refused past its address's allowance (429), run
        in the worker pool in that address's share (issue 13), a bad move a 400."""
        address = request.client.host if request.client is not None else "?"
        if address not in settings.trusted and not buckets.allow(address):
            raise HTTPException(429, f"too many lesson moves from this address: at most {settings.lessons_burst} "
                                f"at once and {settings.lessons_per_minute:g} a minute; try again in a moment")
        pool = request.app.state.hub.workers
        try:
            if isinstance(pool, WorkerPool):
                owner = owner_key(address)
                result: dict[str, Any] = await pool.run(fn, *args, timeout=LESSON_TIMEOUT, key=f"lesson:{owner}",
                                                        priority=REQUEST, owner=owner)
                return result
            async with _in_process:  # a site's remote workers run only table jobs: one lesson at a time here
                result = await asyncio.to_thread(fn, *args)
                return result
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None
        except TimeoutError:
            raise HTTPException(503, "the lesson's bots are busy: try again in a moment",
                                headers={"Retry-After": "2"}) from None

    @app.get("/api/learn/deals", response_model=LessonDeals)
    async def lesson_deals() -> dict[str, Any]:
        """The prepared deals: the learner's (South's) hand and the dealer of each."""
        return {"deals": [{"id": d.id, "dealer": d.dealer.name, "seat": LEARNER.name,
                           "hand": d.hands[LEARNER]} for d in DEALS]}

    def lesson_deal(deal_id: str) -> LessonDeal:
        deal = BY_ID.get(deal_id)
        if deal is None:
            raise HTTPException(404, f"no lesson deal {deal_id!r} (there are: {', '.join(BY_ID)})")
        return deal

    @app.post("/api/learn/deals/{deal_id}/auction", response_model=LessonAuctionReply,
               response_model_exclude_unset=True)
    async def lesson_auction(deal_id: str, body: LessonAuction, request: Request) -> dict[str, Any]:
        deal = lesson_deal(deal_id)
        return await answer(request, play_auction, deal, list(body.calls))

    @app.post("/api/learn/deals/{deal_id}/play", response_model=LessonPlayReply)
    async def lesson_play(deal_id: str, body: LessonPlay, request: Request) -> dict[str, Any]:
        deal = lesson_deal(deal_id)
        return await answer(request, play_cards, deal, list(body.calls), list(body.cards))

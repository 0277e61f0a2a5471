"""The first lesson's prepared deals (issue 12, "learn the auction", from seed 004).

The learner sits South with a bot partner (North) and two bot opponents; the bots bid with the
server's own bidding system (SAYC, as at a rubber table) and every call comes with its meaning in
Spanish and English. The page sends the learner's calls so far (``POST
/api/learn/deals/{id}/auction``); the server replays the auction from the start, the bots calling
in their turns, until it is the learner's turn again or the auction is over, so no bot's call is
ever taken from the page. The answer also says what the bot would have called in the learner's
place (the lesson's "check the answer").
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI, HTTPException
from pydantic import BaseModel, ConfigDict, Field

from bazas.engine.auction import Auction
from bazas.engine.calls import parse_call
from bazas.engine.cards import Hand
from bazas.engine.errors import BazasError
from bazas.engine.seats import SEATS, Seat

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


def install_learn_routes(app: FastAPI) -> None:
    """``GET /api/learn/deals`` and ``POST /api/learn/deals/{id}/auction``."""

    @app.get("/api/learn/deals")
    async def lesson_deals() -> dict[str, Any]:
        """The prepared deals: the learner's (South's) hand and the dealer of each."""
        return {"deals": [{"id": d.id, "dealer": d.dealer.name, "seat": LEARNER.name,
                           "hand": d.hands[LEARNER]} for d in DEALS]}

    @app.post("/api/learn/deals/{deal_id}/auction")
    async def lesson_auction(deal_id: str, body: LessonAuction) -> dict[str, Any]:
        deal = BY_ID.get(deal_id)
        if deal is None:
            raise HTTPException(404, f"no lesson deal {deal_id!r} (there are: {', '.join(BY_ID)})")
        try:
            return await asyncio.to_thread(play_auction, deal, body.calls)
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None

"""Three-handed Auction in the terminal (issue 11): the scorepad, autoplay and play.

The players sit at N, E and S; the dummy hand is dealt to W, face down until the auction ends,
then played by the declarer opposite him (:func:`bazas.engine.three_handed.play_state`); each
player bids for himself and the other two defend as partners for that deal. The score is kept per
player (:class:`bazas.engine.rulesets.three_handed_auction.ScoreSheet`) and settled between the
players.

Record (``bazas score``): ``{"ruleset": "three-handed-auction", "first_dealer": "N", "deals": [...]}``,
each deal as for ``auction-1920``: ``contract`` ("2H", "pass") and ``declarer`` (N, E or S) and
``tricks`` (won by the declarer with the dummy), or the ``auction`` (the three players' calls from
the dealer); the ``honours`` (cards per seat, W the dummy) or the original ``deal`` (PBN, W the
dummy) to count honours.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import IO, Any

from bazas.engine.calls import Contract, parse_call
from bazas.engine.deal import Deal, deal_random
from bazas.engine.errors import BazasError
from bazas.engine.honours import Honours, count, from_cards
from bazas.engine.rulesets.three_handed_auction import (
    ScoreSheet,
    ThreeHandedDealScore,
    ThreeHandedResult,
    score,
)
from bazas.engine.rulesets.three_handed_game import THREE_HANDED_AUCTION
from bazas.engine.seats import Seat
from bazas.engine.three_handed import PLAYERS, ThreeHandedAuction, play_state
from bazas.formats.three_handed import dump, points_of

_points = points_of

__all__ = ["autoplay", "dump", "load", "play_deal3", "render"]

_PASSED = {"pass", "passed", "p", "all pass", "paso", "pasada"}


class RecordError(ValueError):
    """A three-handed record that cannot be scored (``deal`` 1-based, ``field`` the key at fault)."""

    def __init__(self, message: str, deal: int | None = None, field: str | None = None) -> None:
        where = [w for w in (f"deal {deal}" if deal else "", f"field {field!r}" if field else "") if w]
        super().__init__(f"{', '.join(where)}: {message}" if where else message)


def _seat(value: object, index: int | None, field: str, players_only: bool = True) -> Seat:
    try:
        seat = Seat.parse(str(value))
    except BazasError as exc:
        raise RecordError(str(exc), index, field) from None
    if players_only and seat not in PLAYERS:
        raise RecordError(f"{seat.name} holds the dummy hand; the players are N, E and S", index, field)
    return seat


def _result(entry: Mapping[str, Any], dealer: Seat, index: int) -> ThreeHandedResult:
    contract: Contract | None = None
    declarer: Seat | None = None
    if "auction" in entry:
        calls = entry["auction"]
        if not isinstance(calls, list) or not all(isinstance(c, str) for c in calls):
            raise RecordError("expected a list of calls like [\"1S\", \"P\", \"P\"]", index, "auction")
        try:
            auction = ThreeHandedAuction.from_calls(dealer, [parse_call(c) for c in calls])
        except BazasError as exc:
            raise RecordError(f"illegal auction (dealer {dealer.name}): {exc}", index, "auction") from None
        if not auction.is_complete:
            raise RecordError(f"the auction is not over (dealer {dealer.name})", index, "auction")
        contract, declarer = auction.contract, auction.declarer
    elif "contract" in entry:
        text = str(entry["contract"])
        if text.strip().lower() not in _PASSED:
            try:
                contract = Contract.parse(text)
            except BazasError as exc:
                raise RecordError(str(exc), index, "contract") from None
            if "declarer" not in entry:
                raise RecordError(f"missing (who declared {contract}?)", index, "declarer")
            declarer = _seat(entry["declarer"], index, "declarer")
    else:
        raise RecordError("missing (give the contract, or the auction)", index, "contract")
    if contract is None or declarer is None:
        return ThreeHandedResult()
    tricks = entry.get("tricks")
    if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= 13:
        raise RecordError(f"expected the tricks won by the declarer with the dummy, 0-13, not {json.dumps(tricks)}",
                          index, "tricks")
    holding: Honours | None = None
    if entry.get("deal") is not None:
        try:
            holding = count(Deal.from_pbn(str(entry["deal"])), contract.strain)
        except BazasError as exc:
            raise RecordError(str(exc), index, "deal") from None
    elif entry.get("honours") is not None:
        value = entry["honours"]
        if not isinstance(value, dict):
            raise RecordError("expected an object of seats to honour cards, e.g. {\"N\": [\"SA\"]}", index, "honours")
        cards = {_seat(k, index, "honours", players_only=False): list(v) for k, v in value.items()}
        try:
            holding = from_cards(contract.strain, cards)
        except BazasError as exc:
            raise RecordError(str(exc), index, "honours") from None
    try:
        return ThreeHandedResult(contract, declarer, tricks, holding)
    except BazasError as exc:
        raise RecordError(str(exc), index) from None


def load(record: Mapping[str, Any]) -> tuple[ScoreSheet, list[ThreeHandedDealScore], list[ThreeHandedResult]]:
    """Score a three-handed record: the final sheet, each deal's score and result."""
    dealer = _seat(record.get("first_dealer", "N"), None, "first_dealer")
    deals = record.get("deals")
    if not isinstance(deals, list):
        raise RecordError("expected a list of deals", None, "deals")
    sheet = ScoreSheet.start(dealer)
    scored: list[ThreeHandedDealScore] = []
    results: list[ThreeHandedResult] = []
    for index, entry in enumerate(deals, start=1):
        if not isinstance(entry, dict):
            raise RecordError("expected an object", index)
        if sheet.over:
            raise RecordError("the rubber is already over", index)
        result = _result(entry, sheet.dealer, index)
        s = score(sheet, result)
        scored.append(s)
        results.append(result)
        sheet = s.after
    return sheet, scored, results


def render(sheet: ScoreSheet, scored: list[ThreeHandedDealScore], results: list[ThreeHandedResult]) -> str:
    """The three-column sheet: each deal's points per player, totals, then the settlement."""
    lines = ["Three-handed Auction Bridge — players N, E, S (dummy hand W)",
             f"{'#':>3} {'dealer':6} {'contract':9} {'by':3} {'tricks':>6} {'N':>6} {'E':>6} {'S':>6}"]
    for n, (s, r) in enumerate(zip(scored, results, strict=True), start=1):
        pts = _points(s)
        contract = "passed" if r.contract is None else str(r.contract)
        by = "" if r.declarer is None else r.declarer.name
        tricks = "" if r.contract is None else str(r.tricks)
        game = f"  game {s.game_won_by.name}" if s.game_won_by is not None else ""
        lines.append(f"{n:>3} {s.dealer.name:6} {contract:9} {by:3} {tricks:>6} "
                     f"{pts['N']:>6} {pts['E']:>6} {pts['S']:>6}{game}")
    tot = sheet.totals()
    lines.append(f"{'Total':>32} {tot[Seat.N]:>6} {tot[Seat.E]:>6} {tot[Seat.S]:>6}")
    lines.append(f"Games: N {sheet.games[0]}, E {sheet.games[1]}, S {sheet.games[2]}; "
                 + (f"rubber won by {sheet.winner.name}" if sheet.winner is not None else "rubber not finished"))
    lines.append("Settlement (what each pays or receives):")
    for p, v in sheet.net().items():
        lines.append(f"  {p.name} {'+' if v >= 0 else ''}{v}")
    lines.append("Between players: " + "; ".join(_pair_text(sheet.settlement())))
    return "\n".join(lines) + "\n"


def _pair_text(settlement: Mapping[Seat, Mapping[Seat, int]]) -> list[str]:
    """Each pair of players once: "E pays N 50", or "N and S are even".

    >>> _pair_text({Seat.N: {Seat.E: 50, Seat.S: 0}, Seat.E: {Seat.N: -50, Seat.S: -50},
    ...             Seat.S: {Seat.N: 0, Seat.E: 50}})
    ['E pays N 50', 'N and S are even', 'E pays S 50']
    """
    out = []
    for a, b in ((Seat.N, Seat.E), (Seat.N, Seat.S), (Seat.E, Seat.S)):
        owed = settlement[a][b]  # what b pays a
        out.append(f"{a.name} and {b.name} are even" if owed == 0 else
                   f"{b.name} pays {a.name} {owed}" if owed > 0 else f"{a.name} pays {b.name} {-owed}")
    return out


def render_data(data: Mapping[str, Any]) -> str:
    """The sheet of :func:`dump`'s data (what autoplay prints)."""
    lines = [f"{'#':>3} {'dealer':6} {'contract':9} {'by':3} {'tricks':>6} {'N':>6} {'E':>6} {'S':>6}"]
    for r in data["deals"]:
        tricks = "" if r["tricks"] is None else str(r["tricks"])
        lines.append(f"{r['deal']:>3} {r['dealer']:6} {r['contract']:9} {r['declarer'] or '':3} {tricks:>6} "
                     f"{r['points']['N']:>6} {r['points']['E']:>6} {r['points']['S']:>6}")
    t = data["totals"]
    lines.append(f"{'Total':>32} {t['N']:>6} {t['E']:>6} {t['S']:>6}")
    lines.append("rubber won by " + data["winner"] if data["winner"] else "rubber not finished")
    lines.append("Settlement: " + ", ".join(f"{p} {v:+d}" for p, v in data["net"].items()))
    if "settlement" in data:
        pairs = {Seat.parse(a): {Seat.parse(b): v for b, v in row.items()} for a, row in data["settlement"].items()}
        lines.append("Between players: " + "; ".join(_pair_text(pairs)))
    return "\n".join(lines)


# -- bots and people at a three-handed table ----------------------------------------------------

def _bot_call(hand: Any, auction: ThreeHandedAuction) -> Any:
    from bazas.bots.bidding.royal import three_handed_call

    return three_handed_call(hand, auction)


def play_deal3(deal: Deal, dealer: Seat, rng: random.Random, strength: str = "fast", budget: float = 0.1,
               ask: Callable[[str, Any, list[Any]], Any] | None = None, say: Callable[[str], None] | None = None,
               human: Seat | None = None) -> tuple[ThreeHandedAuction, Any, Any]:
    """One three-handed deal: the auction (bots call for themselves; ``human``'s calls come from
    ``ask``), then the play of the seated deal (bots, or ``human`` for his own cards and, as
    declarer, the dummy's). Returns (auction, seating or None, final four-seat state or None)."""
    from bazas.bots.base import Budget, TableContext
    from bazas.bots.player import bot_for
    from bazas.engine.views import view_of

    auction = ThreeHandedAuction(dealer)
    while not auction.is_complete:
        seat = auction.turn
        call = None
        if human is not None and seat == human and ask is not None:
            call = ask("call", deal.hand(seat), list(auction.legal_calls()))  # None: 'auto'
        if call is None:
            call = _bot_call(deal.hand(seat), auction)
        auction = auction.apply(call)
        if say is not None:
            say(f"{seat.name} calls {call}")
    if auction.contract is None:
        return auction, None, None
    seating, state = play_state(deal, auction)
    if say is not None:
        assert auction.declarer is not None
        say(f"Contract {auction.contract} by {auction.declarer.name}; the dummy hand (W) goes opposite, at "
            f"{seating.dummy.name}; " + ", ".join(f"{p.name} sits at {s.name}" for p, s in seating.seat_of.items()))
    bot = bot_for(THREE_HANDED_AUCTION.id, strength)  # the 1920 game's card play (the ruleset's facts)
    context = TableContext(ruleset=THREE_HANDED_AUCTION.id)
    me = None if human is None else seating.seat_of[human]
    while state.phase == "play":
        actor = state.actor
        assert actor is not None
        view = view_of(state, actor)
        action = None
        if me is not None and actor == me and ask is not None:
            action = ask("card", view, list(view.legal))  # None: 'auto'
        if action is None:
            action = bot.choose(view, context, random.Random(rng.getrandbits(64)), Budget(budget)).action
        state = state.apply(action, actor).after
    return auction, seating, state


def _result_of(deal: Deal, auction: ThreeHandedAuction, state: Any) -> ThreeHandedResult:
    if auction.contract is None or auction.declarer is None or state is None:
        return ThreeHandedResult()
    return ThreeHandedResult(auction.contract, auction.declarer, state.play.declarer_tricks,
                             count(deal, auction.contract.strain))


def autoplay(seed: int, dealer: Seat, deals: int | None, strength: str, budget: float,
             out: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Bots play a three-handed rubber (or ``deals`` deals) from ``dealer``; the scored data."""
    rng = random.Random(seed)
    sheet = ScoreSheet.start(dealer)
    scored: list[ThreeHandedDealScore] = []
    results: list[ThreeHandedResult] = []
    extra: list[dict[str, Any]] = []
    while not sheet.over and (deals is None or len(scored) < deals) and len(scored) < 40:
        deal = deal_random(rng)
        auction, _, state = play_deal3(deal, sheet.dealer, rng, strength, budget)
        result = _result_of(deal, auction, state)
        s = score(sheet, result)
        scored.append(s)
        results.append(result)
        extra.append({"auction": [str(c) for c in auction.calls], "deal_pbn": deal.to_pbn()})
        sheet = s.after
        if out is not None:
            out(f"deal {len(scored)}: dealer {s.dealer.name}, {results[-1].contract or 'passed'}"
                + (f" by {auction.declarer.name}, {results[-1].tricks} tricks" if auction.declarer is not None else "")
                + f"; N {sheet.total(Seat.N)}, E {sheet.total(Seat.E)}, S {sheet.total(Seat.S)}")
    data = dump(sheet, scored, results, extra)
    data["seed"] = seed
    return data


def play_terminal(seed: int, dealer: Seat, deals: int | None, strength: str, budget: float,
                  stream: IO[str], write: Callable[[str], None]) -> int:
    """``bazas play --ruleset three-handed-auction``: you are S; N and E are bots."""
    from bazas.engine.state import parse_action

    rng = random.Random(seed)
    sheet = ScoreSheet.start(dealer)
    scored: list[ThreeHandedDealScore] = []
    results: list[ThreeHandedResult] = []
    lines = iter(stream.readline, "")
    write(f"bazas — three-handed Auction, seed {seed}. You are S; N and E are bots; the dummy hand is W, "
          "face down until the auction ends. Type calls (1S, P, X), cards (SA), 'auto', 'score' or 'quit'.")

    def ask(kind: str, what: Any, legal: list[Any]) -> Any:
        write(f"Your hand: {what}" if kind == "call" else
              f"Your cards: {what.hand}; dummy: {what.dummy_hand}; trick: "
              + ("" if what.current is None else " ".join(str(c) for _, c in what.current.cards)))
        while True:
            write("> ")
            try:
                text = next(lines).strip()
            except StopIteration:
                raise KeyboardInterrupt from None
            if text.lower() in ("quit", "q", "exit"):
                raise KeyboardInterrupt
            if text.lower() == "auto":
                return None
            if text.lower() == "score":  # the per-player sheet so far (as at the four-player table)
                write(render(sheet, scored, results))
                continue
            try:
                action = parse_action(text)
            except BazasError as exc:
                write(str(exc))
                continue
            if action in legal:
                return action
            write(f"{text} is not legal now. Legal: {' '.join(str(a) for a in legal)}")

    try:
        while not sheet.over and (deals is None or len(scored) < deals):
            deal = deal_random(rng)
            write(f"--- Deal {len(scored) + 1}: dealer {sheet.dealer.name}")
            auction, _, state = play_deal3(deal, sheet.dealer, rng, strength, budget, ask=ask, say=write,
                                           human=Seat.S)
            result = _result_of(deal, auction, state)
            if result.contract is not None:
                write(f"{result.contract} by {result.declarer.name if result.declarer is not None else ''}: "
                      f"{result.tricks} tricks")
            s = score(sheet, result)
            scored.append(s)
            results.append(result)
            sheet = s.after
    except KeyboardInterrupt:
        write("Bye.")
    write(render(sheet, scored, results))
    return 0

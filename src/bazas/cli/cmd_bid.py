"""``bazas bid``: the call the bidding bot makes next, and what it means.

    bazas bid --hand AKQ2.KJ5.T98.432 --dealer N --vul none --auction "1C P" [--ruleset rubber] [--json]

The seat to call follows from the dealer and the auction. The hand is PBN (spades first:
S.H.D.C). A hand of fewer than 13 cards (a problem copied with a card missing, like the
12-card example in the issue) is bid as given, with a note on stderr; more than 13 is an error. Calls print as 1C ... 7NT, P, X, XX. A malformed hand or
auction, or an illegal or finished auction, is reported on stderr with exit status 2 and nothing
on stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bazas.engine.errors import BazasError
from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.rulesets import ids as ruleset_ids


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "bid",
        help="the call the bidding bot makes next (SAYC, or 1920 Auction Bridge)",
        description="Print the call the bidding bot makes next with HAND, and its meaning.",
    )
    p.add_argument("--hand", required=True, help="13 cards in PBN order spades.hearts.diamonds.clubs, e.g. AKQ2.KJ5.T98.432")
    p.add_argument("--dealer", default="N", help="dealer seat: N, E, S or W (default N)")
    p.add_argument("--vul", default="none", help="vulnerability: none, ns, ew or both (default none)")
    p.add_argument("--auction", default="", help='calls so far from the dealer, e.g. "1C P 1H X" (default: none)')
    p.add_argument("--ruleset", default="rubber",
                   help="the ruleset (its bots' bidding system and scoring): " + ", ".join(ruleset_ids()) + "; default rubber")
    p.add_argument("--part-score", action="append", default=[], metavar="SIDE=POINTS",
                   help="a side's part score toward game, e.g. NS=60 (repeatable)")
    p.add_argument("--deal-number", type=int, default=1, help="Chicago deal number 1-4 (default 1)")
    p.add_argument("--json", action="store_true", help='print {"call", "meaning": {"es", "en"}, "constraints"}')
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    print(f"bazas bid: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from bazas.bots.base import TableContext
    from bazas.bots.bidding import choose
    from bazas.engine.auction import Auction
    from bazas.engine.calls import parse_call
    from bazas.engine.cards import Hand
    from bazas.engine.deal import Vulnerability
    from bazas.engine.seats import Seat, Side

    try:
        hand = Hand.from_pbn(args.hand)
    except BazasError as exc:
        return _fail(f"bad --hand: {exc}")
    if len(hand) > 13:
        return _fail(f"bad --hand: {args.hand!r} has {len(hand)} cards; a hand has at most 13 cards "
                     "(PBN spades.hearts.diamonds.clubs, e.g. AKQ2.KJ5.T98.432)")
    if len(hand) < 13:
        print(f"bazas bid: note: the hand has {len(hand)} cards, not 13; bidding it as given",
              file=sys.stderr)
    try:
        dealer = Seat.parse(args.dealer)
        vul = Vulnerability.parse(args.vul)
    except BazasError as exc:
        return _fail(str(exc))
    try:
        rules = get_ruleset(args.ruleset)
    except BazasError:
        return _fail(f"unknown --ruleset {args.ruleset!r} (expected one of {', '.join(ruleset_ids())})")
    parts = {Side.NS: 0, Side.EW: 0}
    for item in args.part_score:
        side_text, _, points = item.partition("=")
        try:
            parts[Side.parse(side_text)] = int(points)
        except (BazasError, ValueError):
            return _fail(f"bad --part-score {item!r} (expected NS=60 or EW=40)")
    game = rules.game_target
    for side, points in parts.items():
        if not 0 <= points < game:
            return _fail(f"bad --part-score {side.name}={points}: a part score is 0-{game - 1} "
                         f"(at {game} the game is won and the part scores are cleared)")
    deals = rules.session_deals if rules.one_table else None
    if args.deal_number < 1 or (deals is not None and args.deal_number > deals):
        return _fail(f"bad --deal-number {args.deal_number}: {rules.name()} has deals 1-{deals or 'on'}")
    tokens = args.auction.replace(",", " ").split()
    try:
        calls = [parse_call(t) for t in tokens]
        auction = Auction.from_calls(dealer, calls)
    except BazasError as exc:
        return _fail(f"bad --auction: {exc}")
    if auction.is_complete:
        return _fail("bad --auction: the auction is over, there is no call to make")
    context = TableContext.at(rules, vul, parts[Side.NS], parts[Side.EW], args.deal_number)
    choice = choose(hand, dealer, calls, context)
    if args.json:
        out = {
            "call": str(choice.call),
            "seat": auction.turn.name,
            "meaning": {"es": choice.es, "en": choice.en},
            "constraints": choice.meaning.constraints.to_dict(),
            "rule": choice.rule,
        }
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(str(choice.call))
        print(f"  {auction.turn.name}: {choice.en}")
        print(f"  {auction.turn.name}: {choice.es}")
    return 0

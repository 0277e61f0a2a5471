"""``bazas play``: sit South at a terminal table against three bots for a whole session.

The table shows your hand, the auction grid, dummy once faced, the trick in progress and the
score sheet. Type calls (``1S``, ``3NT``, ``P``, ``X``, ``XX``) and cards (``SA``, ``H10``), or:

- ``?`` the bots' explanation of the last call, ``? 3`` of call number 3;
- ``hint`` what the bot would do in your place, and why;
- ``auto`` let the bot act for you this once; ``score`` the score sheet; ``quit``.

Duplicate: you play table 1 (your team N/S); the bots replay each board at table 2 with the
seats swapped. Input comes from any text stream (tests pipe it in), output goes to a rich console.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from typing import IO, Any

from bazas.cli.cmd_autoplay import add_option_argument, dealer_choice, ruleset_name
from bazas.engine.cards import PBN_SUIT_ORDER, Card, Hand
from bazas.engine.deal import Deal
from bazas.engine.errors import InvalidNotation
from bazas.engine.rulesets import ids as ruleset_ids
from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import Action, DealState, parse_action
from bazas.engine.views import SeatView, view_of

__all__ = ["PlayTable", "register", "run"]

USER = Seat.S


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "play",
        help="play a session at the terminal, South against three bots",
        description="Play South against three computer players: a rubber, a Chicago, a 1920 auction "
                    "rubber or a duplicate board set. Type calls (1S, P, X) and cards (SA); "
                    "'?' or '? N' explains a call, 'hint', 'auto', 'score', 'quit'.",
    )
    p.add_argument("--ruleset", default="rubber", type=ruleset_name,
                   help=f"{', '.join(ruleset_ids())}, or a variant such as royal-auction+nullos")
    add_option_argument(p)
    p.add_argument("--dealer", default="cut", type=dealer_choice,
                   help="first dealer: N, E, S, W, or 'cut' (default: drawn by cutting, seeds 000 and 003)")
    p.add_argument("--seed", type=int, default=None, help="seed for reproducible deals")
    p.add_argument("--budget", type=float, default=0.3, help="bot seconds per action (default 0.3)")
    p.add_argument("--strength", default="normal", choices=("baseline", "fast", "normal", "strong"))
    p.add_argument("--deals", type=int, default=None, help="stop after this many deals")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from bazas.cli.cmd_autoplay import _per_player, apply_options, first_dealer, options_line

    if not apply_options(args, "play"):
        return 2
    if _per_player(args.ruleset):  # three-handed Auction: you are S, N and E are bots
        from bazas.cli.three_handed import play_terminal

        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
        dealer, draw = first_dealer(args.ruleset, args.dealer, seed)
        if draw is not None:
            print(draw.text())
        return play_terminal(seed, dealer, args.deals, "fast" if args.strength == "baseline" else args.strength,
                             args.budget, sys.stdin, print)
    console = Console()
    chosen = options_line(args.ruleset)
    if chosen is not None:
        console.print(chosen, highlight=False)
    table = PlayTable(args.ruleset, seed=args.seed, budget=args.budget, strength=args.strength,
                      max_deals=args.deals, stream=sys.stdin, console=console, first_dealer=args.dealer)
    return table.run()


class _Quit(Exception):
    pass


class PlayTable:
    """One user (South) and three bots at a terminal table, for a whole session."""

    def __init__(self, ruleset: str, *, seed: int | None = None, budget: float = 0.3, strength: str = "normal",
                 max_deals: int | None = None, stream: IO[str] | None = None, console: Any = None,
                 first_dealer: Seat | None = Seat.N) -> None:
        from rich.console import Console

        from bazas.bots.base import Budget
        from bazas.bots.player import bot_for
        from bazas.engine.session import Session

        self.ruleset = ruleset
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        self.rng = random.Random(self.seed)
        self.budget = Budget(budget)
        from bazas.cli.cmd_autoplay import strength_for

        self.bot = bot_for(ruleset, strength_for(ruleset, strength))
        from bazas.cli.cmd_autoplay import first_dealer as draw_first_dealer
        from bazas.engine.rulesets import get
        from bazas.engine.rulesets.denominations import denominations_of

        #: the first dealer: given, or drawn by cutting (None; the draw is shown when play starts)
        dealer, self.dealer_draw = draw_first_dealer(ruleset, first_dealer, self.seed)
        self.session = Session.start(ruleset, dealer)
        self.denominations = denominations_of(get(ruleset))
        self.max_deals = max_deals
        self.stream = stream if stream is not None else sys.stdin
        self.console = console if console is not None else Console()
        self.lines: Iterator[str] = iter(self.stream.readline, "")
        self.explanations: dict[int, str] = {}
        self.board_deals: dict[int, Deal] = {}

    # -- the session -------------------------------------------------------------------------
    def run(self) -> int:
        from bazas.cli.cmd_autoplay import context_for, next_deal, record_result

        self.console.print(f"[bold]bazas[/bold] — {self.ruleset}, seed {self.seed}. You are South. "
                           "Type 'help' for commands.")
        if self.dealer_draw is not None:
            self.console.print(self.dealer_draw.text())
        played = 0
        try:
            while not self.session.finished:
                if self.max_deals is not None and played >= self.max_deals:
                    self.session = self.session.stop()
                    break
                nd = next_deal(self.session, self.rng, self.board_deals)
                human = nd.table in (None, 1)
                context = context_for(self.session, "NEW" if human else "NESW")
                if nd.board is not None:
                    where = "you play table 1" if human else "the bots play table 2 (seats swapped)"
                    self.console.rule(f"Board {nd.board}, table {nd.table}: {where}")
                else:
                    self.console.rule(f"Deal {len(self.session.entries) + 1}: dealer {nd.dealer.name}, "
                                      f"vulnerable {self.session.next_vulnerability.pbn}")
                state = self._play(nd.deal, nd.dealer, context, human)
                self._show_result(state)
                self.session = record_result(self.session, state, nd)
                played += 1
        except _Quit:
            self.console.print("Bye.")
            self._show_score()
            return 0
        self._show_score()
        winner = self.session.winner
        if winner is not None:
            from bazas.cli.cmd_autoplay import session_verdict

            verdict = session_verdict(winner, self.session.margin, self.session.is_duplicate)
            self.console.print(f"[bold]Session over: {verdict}.[/bold]")
        return 0

    def _play(self, deal: Deal, dealer: Seat, context: Any, human: bool) -> DealState:
        state = DealState.start(deal, dealer, self.denominations)
        self.explanations = {}
        while state.phase != "done":
            actor = state.actor
            assert actor is not None
            view = view_of(state, actor)
            if human and actor == USER:
                self._show(view_of(state, USER))
                action = self._ask(view, context)
            else:
                child = random.Random(self.rng.getrandbits(64))
                decision = self.bot.choose(view, context, child, self.budget)
                action = decision.action
                if state.phase == "auction" and decision.explanation is not None:
                    self.explanations[len(state.auction.calls)] = decision.explanation.en
                if human and state.phase == "play" and isinstance(action, Card):
                    self.console.print(f"{state.turn.name if state.turn is not None else '?'} plays {action.symbol}")
                elif human and state.phase == "auction":
                    self.console.print(f"{actor.name} calls {action}")
            before_tricks = len(state.play.tricks) if state.play is not None else 0
            state = state.apply(action, actor).after
            if human and state.play is not None and len(state.play.tricks) > before_tricks:
                t = state.play.tricks[-1]
                self.console.print(f"Trick {len(state.play.tricks)}: "
                                   + " ".join(c.symbol for c in t.cards) + f" — won by {t.winner.name}")
        return state

    # -- input -------------------------------------------------------------------------------
    def _read(self) -> str:
        self.console.print("> ", end="")
        try:
            line = next(self.lines)
        except StopIteration:
            raise _Quit() from None
        return line.strip()

    def _ask(self, view: SeatView, context: Any) -> Action:
        while True:
            text = self._read()
            if not text:
                continue
            word = text.split()[0].lower()
            if word in ("quit", "exit", "q"):
                raise _Quit()
            if word == "help":
                self.console.print("Calls: 1S 3NT P X XX. Cards: SA H10. '?' / '? N' explain a call, "
                                   "'hint', 'auto', 'score', 'show', 'quit'.")
                continue
            if word == "score":
                self._show_score()
                continue
            if word == "show":
                self._show(view)
                continue
            if text.startswith("?"):
                self._explain(text[1:].strip(), view)
                continue
            if word in ("hint", "auto"):
                child = random.Random(self.rng.getrandbits(64))
                decision = self.bot.choose(view, context, child, self.budget)
                why = decision.explanation.en if decision.explanation is not None else ""
                if word == "hint":
                    self.console.print(f"Hint: {decision.action} — {why}")
                    continue
                self.console.print(f"Auto: {decision.action} — {why}")
                return decision.action
            try:
                action = parse_action(text, self.denominations)
            except InvalidNotation as exc:
                self.console.print(f"[red]{exc}[/red]")
                continue
            if action not in view.legal:
                legal = " ".join(str(a) for a in view.legal)
                self.console.print(f"[red]{text} is not legal now.[/red] Legal: {legal}")
                continue
            return action

    def _explain(self, arg: str, view: SeatView) -> None:
        if not view.calls:
            self.console.print("No calls yet.")
            return
        if arg and arg.strip().upper() in ("N", "E", "S", "W"):
            # '? N': the latest call of that seat.
            who = Seat.parse(arg.strip())
            mine = [i for i in range(len(view.calls)) if view.dealer.after(i) == who]
            if not mine:
                self.console.print(f"{who.name} has not called yet.")
                return
            index = mine[-1]
        elif arg:
            if not arg.isdigit() or not 1 <= int(arg) <= len(view.calls):
                self.console.print(f"[red]Give a call number 1-{len(view.calls)} or a seat N, E, S, W.[/red]")
                return
            index = int(arg) - 1
        else:
            index = len(view.calls) - 1
        seat = view.dealer.after(index)
        text = self.explanations.get(index)
        if text is None:
            text = "your own call." if seat == USER else "no explanation recorded."
        self.console.print(f"Call {index + 1} ({seat.name} {view.calls[index]}): {text}")

    # -- output ------------------------------------------------------------------------------
    def _hand_text(self, hand: Hand | None) -> str:
        if hand is None:
            return ""
        return "\n".join(f"{s.symbol} {hand.suit_text(s, '—')}" for s in PBN_SUIT_ORDER)

    def _show(self, view: SeatView) -> None:
        from rich.columns import Columns
        from rich.panel import Panel
        from rich.table import Table

        grid = Table(title="Auction", show_edge=False)
        for s in SEATS:
            grid.add_column(s.name + (" (you)" if s == USER else ""))
        cells: list[str] = [""] * int(view.dealer) + list(view.calls)
        for i in range(0, max(1, len(cells)), 4):
            row = cells[i:i + 4]
            grid.add_row(*(row + [""] * (4 - len(row))))
        panels: list[Any] = [Panel(self._hand_text(view.hand), title="Your hand (S)"), grid]
        if view.dummy_hand is not None and view.dummy is not None:
            panels.append(Panel(self._hand_text(view.dummy_hand), title=f"Dummy ({view.dummy.name})"))
        if view.contract is not None and view.declarer is not None:
            trick = " ".join(f"{s.name}:{c.symbol}" for s, c in view.current.cards) if view.current else "—"
            panels.append(Panel(f"Contract {view.contract} by {view.declarer.name}\n"
                                f"Tricks NS {view.won[0]} EW {view.won[1]}\nTrick: {trick}", title="Play"))
        self.console.print(Columns(panels))
        turn = view.turn.name if view.turn is not None else "?"
        if view.phase == "auction":
            self.console.print("Your call:")
        else:
            self.console.print(f"Your card (playing {turn}'s hand):")

    def _show_result(self, state: DealState) -> None:
        if state.contract is None or state.declarer is None or state.play is None:
            self.console.print("Passed out.")
            return
        need = state.contract.tricks_needed
        got = state.play.declarer_tricks
        diff = got - need
        res = "made exactly" if diff == 0 else (f"made with {diff} over" if diff > 0 else f"down {-diff}")
        self.console.print(f"[bold]{state.contract} by {state.declarer.name}: {got} tricks, {res}.[/bold]")

    def _show_score(self) -> None:
        from rich.table import Table

        s = self.session
        if s.is_duplicate:
            self._show_duplicate_score()
            return
        table = Table(title=f"Score sheet — {s.ruleset.id}")
        for col in ("#", "contract", "by", "tricks", "NS above", "NS below", "EW above", "EW below"):
            table.add_column(col, justify="right")
        for e in s.entries:
            table.add_row(str(e.number) + (f" (b{e.board}/t{e.table})" if e.board else ""),
                          str(e.contract) if e.contract is not None else "passed",
                          e.declarer.name if e.declarer is not None else "",
                          "" if e.tricks is None else str(e.tricks),
                          str(e.above.ns), str(e.below.ns), str(e.above.ew), str(e.below.ew))
        self.console.print(table)
        for item in s.closing:
            self.console.print(f"Stopped early, {item.kind.value}: {item.points} to {item.side.name} (above the line)")
        t = s.totals
        extra = f"; IMPs for your team {s.imps_a:+d}" if s.is_duplicate else ""
        self.console.print(f"Totals: NS {t.ns}, EW {t.ew}; games NS {s.games.ns}, EW {s.games.ew}{extra}")

    def _show_duplicate_score(self) -> None:
        """Duplicate has no line to score above or below: each table's score for N/S, then each
        board compared across the two tables in IMPs for your team (team A: N/S at table 1)."""
        from rich.table import Table

        s = self.session
        tables = Table(title="Score sheet — duplicate: each table")
        for col in ("board", "table", "contract", "by", "tricks", "N/S score"):
            tables.add_column(col, justify="right")
        for e in s.entries:
            tables.add_row(str(e.board), str(e.table), str(e.contract) if e.contract is not None else "passed",
                           e.declarer.name if e.declarer is not None else "",
                           "" if e.tricks is None else str(e.tricks), f"{e.score_ns:+d}")
        self.console.print(tables)
        boards = Table(title="Boards: your team sits N/S at table 1 and E/W at table 2")
        for col in ("board", "table 1 N/S", "table 2 N/S", "difference", "IMPs for your team"):
            boards.add_column(col, justify="right")
        for b in s.boards:
            boards.add_row(str(b.board), "" if b.table1_ns is None else f"{b.table1_ns:+d}",
                           "" if b.table2_ns is None else f"{b.table2_ns:+d}",
                           "" if b.difference is None else f"{b.difference:+d}",
                           "" if b.imps_a is None else f"{b.imps_a:+d}")
        self.console.print(boards)
        self.console.print(f"IMPs for your team: {s.imps_a:+d}")


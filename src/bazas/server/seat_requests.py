"""What a player asks of the server beside playing (issue 7, point 2), apart from the table
actor: a hint (what the bot would do now, and why) and the meaning of a call. Each request is
checked here (whose turn, one hint at a time per seat, the hints-per-minute limit, a deal in
progress, a game whose calls the bots explain); an accepted one runs in the worker pool
(:class:`~bazas.server.scheduler.Scheduler`) and its answer goes to the asking connection only.
Nothing here changes the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bazas.engine.seats import Seat
from bazas.engine.table import Table
from bazas.engine.three_handed_table import is_three_handed

from .connection import Connection
from .encode import explanation_text, hint_text
from .limits import Buckets
from .meanings import CallMeanings, ExplainError, explain_request
from .scheduler import Scheduler
from .settings import Settings
from .table_session import context_dict, context_of


class SeatRequests:
    """The hints and explanations of one table (its limits and the hints being prepared)."""

    def __init__(self, settings: Settings, scheduler: Scheduler) -> None:
        self.settings = settings
        self.scheduler = scheduler
        self.hint_buckets = Buckets(settings.hints_per_minute, settings.hints_burst)
        #: Seats whose hint is being prepared (one at a time per seat).
        self.hinting: set[Seat] = set()

    def hint_refusal(self, table: Table, seat: Seat) -> tuple[str, str] | None:
        """Why ``seat`` gets no hint now (an error's code and text), or None; a hint allowed
        counts against the seat's hints per minute."""
        if table.current is None or table.actor != seat:
            return "turn", "a hint is for the player whose turn it is"
        if seat in self.hinting:
            return "busy", "a hint is already being prepared for this seat"
        if not self.hint_buckets.allow(seat):
            return "busy", f"too many hints: at most {self.settings.hints_per_minute:g} a minute"
        return None

    def hint(self, conn: Connection, table: Table, seat: Seat, context: Callable[[], Any]) -> None:
        """``seat`` asks for a hint; ``context``: the bots' context of the table (built only for
        a hint given)."""
        refusal = self.hint_refusal(table, seat)
        if refusal is not None:
            conn.error(*refusal)
            return
        state = table.current
        assert state is not None
        facts = context_dict(context())
        self.hinting.add(seat)

        async def think() -> None:
            try:
                action, explanation = await self.scheduler.hint(state, seat, facts)
            except Exception as exc:
                conn.error("unavailable", f"no hint now ({type(exc).__name__})")
                return
            finally:
                self.hinting.discard(seat)
            conn.send(hint_text(action, explanation))

        self.scheduler.spawn(think())

    def explain(self, conn: Connection, table: Table, meanings: CallMeanings, index: int | None,
                call: str | None) -> None:
        """The meaning of call ``index`` of the auction (or of ``call`` if it were made now):
        at once when ``meanings`` knows it, else asked of the worker pool."""
        state = table.current
        if state is None:
            conn.error("illegal", "no deal is in progress")
            return
        if is_three_handed(table):
            conn.error("unavailable", "no explanations of calls at a three-handed table")
            return
        try:
            request = explain_request(state.auction, index, call)
        except ExplainError as exc:
            conn.error(exc.code, str(exc))
            return
        if request.index is not None:
            known = meanings.known(request.index)
            if known is not None:
                conn.send(explanation_text(request.index, request.call, known))
                return
        context = context_dict(context_of(table))
        ruleset = table.ruleset

        async def ask() -> None:
            try:
                found = await self.scheduler.explain(ruleset, state.dealer, request.calls, [request.position],
                                                      context, timeout=30.0)
            except Exception as exc:
                conn.error("unavailable", f"no explanation now ({type(exc).__name__})")
                return
            if found[0] is None:
                conn.error("unavailable", "no explanation available for that call")
                return
            conn.send(explanation_text(request.index, request.call, found[0]))

        self.scheduler.spawn(ask())

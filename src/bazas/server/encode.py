"""What each connection is sent: the JSON of a table's state for one seat (or a spectator).

The rule: a seat's message carries only what that seat may see. The per-seat part is
``view_of(state, seat)`` (:mod:`bazas.engine.views` decides what is hidden); everything else in a
``state`` message (the table, the score sheet, the pending requests, the meanings of the calls,
the analysis of a finished deal, the events of the last command) is public and shared by every
connection. :class:`StateEncoder` builds the shared part once per change (:class:`Frame`) and
joins it with each seat's view, so a broadcast to many connections encodes each seat once.

:func:`view_dict` returns exactly ``SeatView.to_dict()`` (``tests/server/test_encode.py`` checks it
on every state of whole deals) with table lookups instead of enum properties and
``Card.__str__``: the data still comes from :func:`bazas.engine.views.view_of` alone; only the
encoding is faster.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bazas.engine.cards import ALL_CARDS, Hand
from bazas.engine.deal import Deal
from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.seats import SEATS, Seat, Side
from bazas.engine.session import Session
from bazas.engine.state import Event
from bazas.engine.table import Table
from bazas.engine.three_handed_table import ThreeHandedTable, seat_view
from bazas.engine.views import SeatView, TrickView
from bazas.formats.records import dump_per_side, dump_session
from bazas.formats.three_handed import dump as dump_three_handed

SEAT_NAMES = ("N", "E", "S", "W")
_CARD_TEXT = tuple(str(c) for c in ALL_CARDS)
_TEXT_BY_ID = {id(c): str(c) for c in ALL_CARDS}
# Per suit (C D H S = 0..3) and 13-bit holding: the cards high to low, as Hand iterates them.
_SUIT_LISTS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(_CARD_TEXT[s * 13 + r] for r in range(12, -1, -1) if m >> r & 1) for m in range(1 << 13))
    for s in range(4))


def hand_list(hand: Hand) -> list[str]:
    """``[str(c) for c in hand]``: spades first, high to low."""
    m = hand.mask
    return [*_SUIT_LISTS[3][(m >> 39) & 0x1FFF], *_SUIT_LISTS[2][(m >> 26) & 0x1FFF],
            *_SUIT_LISTS[1][(m >> 13) & 0x1FFF], *_SUIT_LISTS[0][m & 0x1FFF]]


def _seat(seat: Any) -> str | None:
    return None if seat is None else SEAT_NAMES[seat]


def _trick(t: TrickView | None) -> dict[str, Any] | None:
    if t is None:
        return None
    texts = _TEXT_BY_ID
    return {"leader": SEAT_NAMES[t.leader],
            "cards": [[SEAT_NAMES[s], texts.get(id(c)) or str(c)] for s, c in t.cards],
            "winner": None if t.winner is None else SEAT_NAMES[t.winner]}


def _all_hands(deal: Deal | None) -> dict[str, list[str]] | None:
    if deal is None:
        return None
    return {SEAT_NAMES[i]: hand_list(h) for i, h in enumerate(deal.hands)}


def view_dict(view: SeatView) -> dict[str, Any]:
    """``view.to_dict()``, faster."""
    texts = _TEXT_BY_ID
    return {
        "seat": _seat(view.seat),
        "dealer": SEAT_NAMES[view.dealer],
        "phase": view.phase,
        "calls": list(view.calls),
        "turn": _seat(view.turn),
        "actor": _seat(view.actor),
        "contract": view.contract,
        "declarer": _seat(view.declarer),
        "dummy": _seat(view.dummy),
        "hand": hand_list(view.hand) if view.hand is not None else None,
        "original_hand": hand_list(view.original_hand) if view.original_hand is not None else None,
        "dummy_hand": hand_list(view.dummy_hand) if view.dummy_hand is not None else None,
        "tricks": [_trick(t) for t in view.tricks],
        "current": _trick(view.current),
        "won": {"NS": view.won[0], "EW": view.won[1]},
        "legal": [texts.get(id(a)) or str(a) for a in view.legal],
        "all_hands": _all_hands(view.all_hands),
        "passed_out": view.passed_out,
    }


def action_texts(actions: Iterable[Any]) -> list[str]:
    """``[str(a) for a in actions]`` (calls and cards), faster."""
    texts = _TEXT_BY_ID
    return [texts.get(id(a)) or str(a) for a in actions]


# -- messages -------------------------------------------------------------------------------------
_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def dumps(data: Any) -> str:
    """Compact JSON, UTF-8 as is (what every server message is encoded with)."""
    return _dumps(data)


def error_text(code: str, message: str) -> str:
    """An ``error`` message (``code`` is one of ``protocol.ErrorCode``), with its reason and its
    text in both languages (:mod:`bazas.server.refusals`, issue 12)."""
    from .refusals import refusal

    return dumps(refusal(code, message))


def hint_text(action: str, explanation: dict[str, Any] | None) -> str:
    return dumps({"type": "hint", "action": action, "explanation": explanation})


def explanation_text(index: int | None, call: str, explanation: dict[str, Any]) -> str:
    return dumps({"type": "explanation", "index": index, "call": call, "explanation": explanation})


# -- the public parts of a state ------------------------------------------------------------------
def score_dict(session: Session, rubber: int, rubbers: Sequence[Session]) -> dict[str, Any]:
    """The score sheet of the current rubber: ``bazas.formats.records.dump_session`` (the
    ``bazas score --json`` shape) plus ``part_scores``, ``rubber`` and the earlier ``rubbers``."""
    out = dump_session(session)
    out["part_scores"] = dump_per_side(session.part_scores)
    out["rubber"] = rubber
    out["rubbers"] = [{"rubber": i + 1, "totals": dump_per_side(s.totals), "winner": s.winner,
                       "margin": s.margin, "deals": len(s.entries)} for i, s in enumerate(rubbers)]
    return out


def three_handed_score_dict(table: ThreeHandedTable) -> dict[str, Any]:
    """The per-player score sheet of a three-handed table: ``bazas score --json`` of the rubber in
    play (each player's points per deal and in total, the settlement between the players), plus
    ``first_dealer``, ``part_scores``, ``rubber`` and the earlier ``rubbers`` (issue 11)."""
    sheet = table.sheet
    out = dump_three_handed(sheet, list(table.scored), list(table.results))
    out["first_dealer"] = (table.scored[0].dealer if table.scored else sheet.dealer).name
    out["part_scores"] = {p: sheet.part_score_of(Seat.parse(p)) for p in out["players"]}
    out["rubber"] = table.rubber
    out["rubbers"] = [{"rubber": i + 1, "totals": {p.name: v for p, v in old.totals().items()},
                       "net": {p.name: v for p, v in old.net().items()},
                       "winner": None if old.winner is None else old.winner.name, "deals": len(scored)}
                      for i, (old, scored, _) in enumerate(table.sheets)]
    return out


def pending_dict(table: Table) -> dict[str, Any] | None:
    """The open claim and undo request (None: neither)."""
    claim, undo = table.pending_claim, table.pending_undo
    if claim is None and undo is None:
        return None
    return {"claim": None if claim is None else claim.to_dict(), "undo": None if undo is None else undo.to_dict()}


@dataclass(frozen=True, slots=True)
class Presence:
    """Who is at the table besides the game itself: seats with an open connection, seats a
    substitute plays for, and how many spectators watch."""

    connected: frozenset[Seat] = frozenset()
    substitutes: frozenset[Seat] = frozenset()
    spectators: int = 0


def table_info(table_id: str, table: Table, presence: Presence, bot_seconds: float,
               prepared: bool = False, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """``state.table`` without ``you`` (also the body of ``GET /api/tables/{id}``); ``prepared``:
    the deals come from a seed given at creation (shown to everyone, issue 13)."""
    vul = table.vulnerability
    actor = table.actor
    players = table.players
    return {
        "id": table_id,
        "ruleset": table.ruleset,
        "seats": {s.name: {"kind": table.kind_of(s), "name": players[s].name or None,
                           "connected": s in presence.connected or players[s].is_bot,
                           "substitute": s in presence.substitutes} for s in SEATS},
        "status": table.status,
        "deal_number": table.number,
        "rubber": table.rubber,
        "dealer": None if table.dealer is None else table.dealer.name,
        "vulnerability": {"NS": vul.is_vulnerable(Side.NS), "EW": vul.is_vulnerable(Side.EW)},
        "actor": None if actor is None else actor.name,
        "ready": [s.name for s in SEATS if s in table.ready],
        "spectators": presence.spectators,
        "bot_seconds": bot_seconds,
        "prepared": prepared,
        "options": table_options(table.ruleset),
        **(extra or {}),
    }


@functools.lru_cache(maxsize=256)
def _options_json(ruleset: str) -> str:
    return json.dumps(get_ruleset(ruleset).options())


def table_options(ruleset: str) -> dict[str, Any]:
    """The table options of the game ``ruleset`` (a variant's id: ``auction-1920+nullos``), as
    ``Ruleset.options()`` gives them (issue 11)."""
    options: dict[str, Any] = json.loads(_options_json(ruleset))
    return options


def claim_info(state: Any) -> dict[str, Any] | None:
    """The claim that ended the deal on the table (issue 12 point 5): who, the tricks their side
    takes, and how many were left (None: no claim ended it)."""
    play = getattr(state, "play", None)
    claim = getattr(play, "claim", None)
    if play is None or claim is None:
        return None
    return {"seat": claim.claimer.name, "tricks": claim.tricks, "left": 13 - len(play.tricks)}


# -- state messages -------------------------------------------------------------------------------
@dataclass(slots=True)
class Frame:
    """The shared part of one ``state`` message; :meth:`text` adds a seat's own view."""

    table: Table
    head: str
    info: dict[str, Any]
    tail: str
    _texts: dict[Seat | None, str] = field(default_factory=dict)

    def text(self, seat: Seat | None) -> str:
        """The ``state`` message for ``seat`` (None: a spectator), encoded once per seat."""
        text = self._texts.get(seat)
        if text is None:
            info = dict(self.info)
            info["you"] = None if seat is None else seat.name
            state = self.table.current
            view = None if state is None else view_dict(seat_view(state, seat))
            text = self._texts[seat] = f'{self.head},"table":{dumps(info)},"view":{dumps(view)}{self.tail}'
        return text


class StateEncoder:
    """Encodes one table's ``state`` messages; keeps the score sheet's JSON until it changes."""

    def __init__(self, table_id: str, bot_seconds: float, prepared: bool = False) -> None:
        self.table_id = table_id
        self.bot_seconds = bot_seconds
        self.prepared = prepared
        #: More fields of ``state.table`` (the pace, the creator, the seats handed to bots: issue 12).
        self.extra: dict[str, Any] = {}
        self._score_key: tuple[int, int] = (-1, -1)
        self._score_json = "null"

    def score_json(self, table: Table) -> str:
        key = (table.rubber, len(table.session.entries) if not isinstance(table, ThreeHandedTable)
               else len(table.scored))
        if key != self._score_key:
            self._score_key = key
            self._score_json = dumps(three_handed_score_dict(table) if isinstance(table, ThreeHandedTable)
                                     else score_dict(table.session, table.rubber, table.rubbers))
        return self._score_json

    def frame(self, table: Table, presence: Presence, *, explanations: Sequence[dict[str, Any] | None] = (),
              analysis: Mapping[int, dict[str, Any]] | None = None, events: Sequence[Event] = ()) -> Frame:
        """The shared part of the state: ``analysis`` holds the analyses known per deal number
        (the current deal's is sent once it is over), ``events`` what the last command did."""
        state = table.current
        shown = (analysis or {}).get(table.number) if state is not None and state.phase == "done" else None
        tail = (f',"score":{self.score_json(table)},"pending":{dumps(pending_dict(table))},'
                f'"explanations":{dumps(list(explanations))},"analysis":{dumps(shown)},'
                f'"events":{dumps([{"kind": e.kind, "data": e.data} for e in events])}}}')
        head = f'{{"type":"state","version":{table.version}'
        extra = {**self.extra, "claim": claim_info(state)}
        return Frame(table, head, table_info(self.table_id, table, presence, self.bot_seconds, self.prepared, extra), tail)

    def summary(self, table: Table, presence: Presence) -> dict[str, Any]:
        """``GET /api/tables/{id}``: the table info plus ``version`` and ``score``."""
        info = table_info(self.table_id, table, presence, self.bot_seconds, self.prepared, self.extra)
        info["version"] = table.version
        info["score"] = json.loads(self.score_json(table))
        return info

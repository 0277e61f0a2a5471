"""Fast JSON-ready forms of engine values for the hot path (one view per seat per action).

:func:`view_dict` returns exactly ``SeatView.to_dict()`` (a test checks it on many states) with
table lookups instead of enum properties and ``Card.__str__``: the data still comes from
:func:`bazas.engine.views.view_of` alone; only the encoding is faster.
"""

from __future__ import annotations

from typing import Any

from bazas.engine.cards import ALL_CARDS, Card, Hand
from bazas.engine.deal import Deal
from bazas.engine.views import SeatView, TrickView

SEAT_NAMES = ("N", "E", "S", "W")
_CARD_TEXT = tuple(str(c) for c in ALL_CARDS)
_TEXT_BY_ID = {id(c): str(c) for c in ALL_CARDS}
# Per suit (C D H S = 0..3) and 13-bit holding: the cards high to low, as Hand iterates them.
_SUIT_LISTS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(_CARD_TEXT[s * 13 + r] for r in range(12, -1, -1) if m >> r & 1) for m in range(1 << 13))
    for s in range(4))


def card_text(card: Card) -> str:
    text = _TEXT_BY_ID.get(id(card))
    return text if text is not None else str(card)


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


def action_texts(actions: Any) -> list[str]:
    texts = _TEXT_BY_ID
    return [texts.get(id(a)) or str(a) for a in actions]

"""Build play positions for card-play tests: an ENDING (the cards each seat still holds) reached
after plain "filler" tricks in which everybody follows suit, so no void is shown and the ending
is exactly what the sampler must reason about."""

from __future__ import annotations

from bazas.engine.auction import Auction
from bazas.engine.calls import Strain
from bazas.engine.cards import ALL_CARDS, Card, Hand
from bazas.engine.deal import Deal
from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import DealState


def ending(hands: dict[Seat, str], strain: Strain, declarer: Seat, leader: Seat, *, level: int | None = None,
           declarer_filler: int | None = None, current: tuple[str, ...] = ()) -> DealState:
    """A deal state whose remaining hands are ``hands`` (PBN, equal lengths), ``leader`` on lead to
    the trick in progress, ``current`` already played to it; declarer's side won
    ``declarer_filler`` of the filler tricks (default all); ``level`` defaults to needing every
    remaining trick."""
    masks = {s: Hand.from_pbn(hands[s]).mask for s in SEATS}
    n = masks[Seat.N].bit_count()
    assert all(m.bit_count() == n for m in masks.values()), "ending hands must be equally long"
    used = 0
    for m in masks.values():
        assert not used & m
        used |= m
    filler_count = 13 - n
    chunks: list[list[int]] = []
    for suit in range(4):
        cards = [i for i in range(suit * 13 + 12, suit * 13 - 1, -1) if not used >> i & 1]
        assert len(cards) % 4 == 0, f"suit {suit}: {len(cards)} filler cards, not a multiple of 4"
        chunks.extend(cards[i:i + 4] for i in range(0, len(cards), 4))
    assert len(chunks) == filler_count
    won = filler_count if declarer_filler is None else declarer_filler
    defender = declarer.lho
    winners = [defender] * (filler_count - won) + [declarer] * won
    if winners and winners[-1].side != leader.side:
        winners = [declarer] * won + [defender] * (filler_count - won)
    if winners:
        winners[-1] = leader
    originals = dict(masks)
    plays: list[int] = []
    trick_leader = declarer.lho
    for chunk, winner in zip(chunks, winners, strict=True):
        others = [s for s in SEATS if s != winner]
        owner = {winner: chunk[0], others[0]: chunk[1], others[1]: chunk[2], others[2]: chunk[3]}
        for s, c in owner.items():
            originals[s] |= 1 << c
        plays.extend(owner[trick_leader.after(i)] for i in range(4))
        trick_leader = winner
    assert trick_leader == leader or not winners
    deal = Deal(tuple(Hand(originals[s]) for s in SEATS))  # type: ignore[arg-type]
    need = won + n
    bid_level = level if level is not None else max(1, min(7, need - 6))
    auction = Auction.from_calls(declarer, [f"{bid_level}{strain.name}", "P", "P", "P"])
    state = DealState.start(deal, declarer)
    for call in auction.calls:
        state = state.apply(call).after
    for idx in plays:
        state = state.apply(ALL_CARDS[idx]).after
    for text in current:
        state = state.apply(Card.parse(text)).after
    return state

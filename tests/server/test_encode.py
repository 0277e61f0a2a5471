"""What each seat is sent (bazas.server.encode), in process: the fast view encoder equals
``SeatView.to_dict()``; no seat's state carries a card that seat may not see; the score sheet is the
records dumper's; the table summary matches its response model (issue 7, points 2b and 3)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from bazas.engine.deal import deal_from_seed
from bazas.engine.seats import SEATS, Seat
from bazas.engine.state import Event
from bazas.engine.table import Act, Claim, ClaimReply, DealCards, Next, Player, Table
from bazas.engine.views import view_of
from bazas.formats.records import dump_scored_deal, dump_session
from bazas.server.encode import Presence, StateEncoder, score_dict, table_info, view_dict
from bazas.server.protocol import SERVER_MESSAGE, TableSummary

from .harness import cards_in

SEATS_AND_SPECTATOR: tuple[Seat | None, ...] = (*SEATS, None)


def tables(deals: int = 3, seed: int = 0) -> Iterator[Table]:
    """Every table of ``deals`` whole deals played at random by four people (claims included)."""
    rng = random.Random(seed)
    t, _ = Table.create("rubber", [Player.human(f"P{i}") for i in range(4)]).handle(DealCards(deal_from_seed(seed)))
    yield t
    for number in range(deals):
        while t.status in ("auction", "play"):
            state, actor = t.current, t.actor
            assert state is not None and actor is not None
            if state.play is not None and state.play.tricks_left == 2 and rng.random() < 0.5:
                t, _ = t.handle(Claim(state.play.declarer, 0))  # a concession: the opponents must answer
                yield t
                for seat in sorted(t.pending_claim.needed):  # type: ignore[union-attr]
                    t, _ = t.handle(ClaimReply(seat, True))
                    yield t
                continue
            t, _ = t.handle(Act(actor, rng.choice(state.legal_actions())))
            yield t
        for seat in SEATS:
            if t.status in ("review", "over"):
                t, _ = t.handle(Next(seat))
        if t.needs_deal:
            t, _ = t.handle(DealCards(deal_from_seed(seed * 100 + number + 1)))
            yield t


def allowed(table: Table, seat: Seat | None) -> set[str]:
    """The cards ``seat`` may see now: its own hand, the cards played, dummy once the opening lead
    is made, and every hand once the deal is over."""
    state = table.current
    if state is None:
        return set()
    deal = state.deal
    if state.phase == "done":
        return {str(c) for h in deal.hands for c in h}
    out = {str(c) for c in state.play} if state.play is not None else set()
    if seat is not None:
        out |= {str(c) for c in deal.hands[seat]}
    if state.play is not None and state.play.dummy_exposed:
        out |= {str(c) for c in deal.hands[state.play.dummy]}
    return out


def test_view_dict_is_seat_view_to_dict_on_every_state() -> None:
    count = 0
    for t in tables(deals=4, seed=1):
        state = t.current
        if state is None:
            continue
        for seat in SEATS_AND_SPECTATOR:
            view = view_of(state, seat)
            assert view_dict(view) == view.to_dict(), f"v{t.version} seat {seat}"
            count += 1
    assert count > 4 * 5 * 60


def test_no_state_carries_a_card_its_seat_may_not_see() -> None:
    encoder = StateEncoder("t1", 1.0)
    explanations: list[dict[str, Any] | None] = [{"es": "x", "en": "x", "constraints": {}}]
    for t in tables(deals=3, seed=2):
        frame = encoder.frame(t, Presence(frozenset(SEATS), frozenset(), 2), explanations=explanations,
                              events=[Event("joined", {"seat": "N", "name": "Ana"})])
        for seat in SEATS_AND_SPECTATOR:
            message = json.loads(frame.text(seat))
            SERVER_MESSAGE.validate_python(message)
            leaked = cards_in(message) - allowed(t, seat)
            assert not leaked, f"seat {seat} at v{t.version} ({t.status}) would see {sorted(leaked)}"
            assert message["table"]["you"] == (None if seat is None else seat.name)
            assert message["version"] == t.version


def test_each_seat_is_encoded_once_per_frame() -> None:
    t = next(x for x in tables(deals=1) if x.status == "play")
    frame = StateEncoder("t1", 1.0).frame(t, Presence())
    assert frame.text(Seat.N) is frame.text(Seat.N)
    assert frame.text(Seat.N) != frame.text(Seat.E) and frame.text(None) != frame.text(Seat.N)


def test_the_score_sheet_is_the_records_dumper_plus_the_table_extras() -> None:
    finished = [t for t in tables(deals=3, seed=3) if t.status in ("review", "over")]
    t = finished[-1]
    score = score_dict(t.session, t.rubber, t.rubbers)
    assert {k: v for k, v in score.items() if k not in ("part_scores", "rubber", "rubbers")} == dump_session(t.session)
    assert score["deals"] == [dump_scored_deal(e) for e in t.session.entries]
    assert score["part_scores"] == {"NS": t.session.part_scores.ns, "EW": t.session.part_scores.ew}
    encoder = StateEncoder("t1", 1.0)
    assert json.loads(encoder.score_json(t)) == score
    assert encoder.score_json(t) is encoder.score_json(t), "kept until the sheet changes"


def test_presence_and_substitutes_in_the_table_info() -> None:
    t = next(x for x in tables(deals=1) if x.status == "auction")
    info = table_info("t1", t, Presence(frozenset({Seat.N, Seat.S}), frozenset({Seat.E}), 3), 0.5)
    assert {s: (v["connected"], v["substitute"]) for s, v in info["seats"].items()} == {
        "N": (True, False), "E": (False, True), "S": (True, False), "W": (False, False)}
    assert info["spectators"] == 3 and info["bot_seconds"] == 0.5 and info["actor"] == t.actor.name  # type: ignore[union-attr]
    bots = Table.create("rubber", [Player.bot(), Player.human("Ana"), Player.bot(), Player.bot()])
    bots, _ = bots.handle(DealCards(deal_from_seed(1)))
    info = table_info("t2", bots, Presence(), 1.0)
    assert [info["seats"][s]["connected"] for s in "NESW"] == [True, False, True, True], "bots are always there"


def test_the_summary_matches_its_response_model() -> None:
    t = [x for x in tables(deals=2, seed=4) if x.status == "review"][-1]
    encoder = StateEncoder("t1", 1.0)
    summary = encoder.summary(t, Presence(frozenset({Seat.S})))
    TableSummary.model_validate(summary)
    assert summary["version"] == t.version and "you" not in summary
    assert summary["score"] == json.loads(encoder.score_json(t))

"""Issue 11 point 1: the deal state and the one-table Table play a game's own denominations.

Sources: the Whist Club of New York's Royal Auction code (1913), Law 42 (the dealer must bid) and
Law 44 ("'Three Spades' is a higher declaration than 'One Club'"), as cited in
docs/rules/royal-auction-and-nullos.md; nullos: F. Irwin, "Nullo Auction" (1914) -- played at no
trumps, declarer's side undertakes to lose tricks.
"""

from __future__ import annotations

import pytest

from bazas.engine.calls import PASS, Strain
from bazas.engine.deal import deal_from_seed
from bazas.engine.errors import IllegalCall
from bazas.engine.rulesets import get
from bazas.engine.rulesets.denominations import (
    ROYAL_AUCTION_DENOMINATIONS,
    denominations_of,
    is_nullo,
    over_under,
)
from bazas.engine.seats import Seat, Side
from bazas.engine.state import DealState, parse_action
from bazas.engine.table import Act, DealCards, Player, Table, command_from_dict, command_to_dict

ROYAL = ROYAL_AUCTION_DENOMINATIONS


def test_law42_the_royal_auction_dealer_must_bid_in_the_deal_state() -> None:
    s = DealState.start(deal_from_seed(1), Seat.N, ROYAL)
    assert PASS not in s.legal_actions()
    with pytest.raises(IllegalCall, match="Law 42"):
        s.apply(PASS)


def test_law44_three_spades_outranks_one_club_in_the_deal_state() -> None:
    s = DealState.start(deal_from_seed(1), Seat.N, ROYAL)
    s = s.apply(parse_action("1C", ROYAL)).after
    assert s.can(parse_action("3S", ROYAL)) and not s.can(parse_action("2S", ROYAL))


def test_royal_spades_contract_is_played_with_spades_trumps_and_the_record_replays() -> None:
    s = DealState.start(deal_from_seed(2), Seat.E, ROYAL)
    for a in ["1S", "2RS", "P", "P", "P"]:
        s = s.apply(parse_action(a, ROYAL)).after
    assert str(s.contract) == "2RS" and s.declarer is Seat.S and s.play is not None
    assert s.play.strain is Strain.S and s.phase == "play"
    assert DealState.from_record(s.to_record(), ROYAL) == s
    # a plain "1S" (read without the game's denominations) is the game's own one spade
    plain = DealState.start(deal_from_seed(2), Seat.E, ROYAL).apply(parse_action("1S")).after
    assert plain.actions == (parse_action("1S", ROYAL),)


def test_four_player_deal_state_is_unchanged_without_denominations() -> None:
    s = DealState.start(deal_from_seed(3), Seat.N)
    assert s.denominations is None and PASS in s.legal_actions() and len(s.legal_actions()) == 36


def _play_out(table: Table) -> Table:
    while table.status in ("auction", "play"):
        state = table.current
        assert state is not None and table.actor is not None
        table, _ = table.handle(Act(table.actor, state.legal_actions()[0]))
    return table


@pytest.mark.parametrize("variant", ["royal-auction", "auction-1920+nullos", "royal-auction+nullos"])
def test_issue11_table_plays_a_nullo_contract_to_the_end_and_scores_it(variant: str) -> None:
    """A nullo: played at no trumps; the declarer's side scores when it LOSES 6 + level tricks."""
    table = Table.create(variant, [Player.bot("N"), Player.bot("E"), Player.bot("S"), Player.bot("W")])
    table, _ = table.handle(DealCards(deal_from_seed(5)))
    den = denominations_of(get(variant))
    assert den is not None
    bid = "1NU" if "NU" in den.codes() else "1RS"
    for call in [bid, "P", "P", "P"]:
        assert table.actor is not None
        table, _ = table.handle(command_from_dict(command_to_dict(Act(table.actor, parse_action(call)))))
    state = table.current
    assert state is not None and state.play is not None and str(state.contract) == bid
    assert state.play.strain is (Strain.NT if bid == "1NU" else Strain.S)
    table = _play_out(table)
    entry = table.session.entries[-1]
    contract = entry.contract
    assert contract is not None and entry.tricks is not None and entry.declarer is Seat.N
    assert is_nullo(contract) == (bid == "1NU")
    ns = entry.points.ns
    below = sum(i.points for i in entry.items if i.side is Side.NS and i.kind.value == "trick score")
    made = over_under(contract, entry.tricks) >= 0
    assert (below > 0) == made and (ns > 0 or not made)
    # the table replays from its stored commands to the same state (one denominations set per game)
    commands = [DealCards(deal_from_seed(5))]
    replayed = Table.replay(table.config(), commands)
    assert replayed.current is not None and replayed.current.denominations is den


def test_royal_auction_is_offered_at_one_table() -> None:
    assert get("royal-auction").one_table and get("royal-auction+nullos").one_table

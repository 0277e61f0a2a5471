"""Finished deals as PBN (through :mod:`bazas.formats.pbn`): board, players, dealer,
vulnerability, the deal, the auction, the play trick by trick, contract and result; the game and its
table options (``[BazasRuleset]``, ``[BazasOptions]``, issue 11) after the mandatory tags."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bazas.engine.cards import Card
from bazas.engine.deal import Vulnerability
from bazas.engine.rulesets import get as get_ruleset
from bazas.engine.seats import Seat
from bazas.engine.state import DealState
from bazas.formats.pbn import MANDATORY_TAGS, PbnGame, dumps, write_calls
from bazas.formats.records import option_tags, option_text


def deal_game(state: DealState, *, number: int, vulnerability: Vulnerability, ruleset: str,
              names: Mapping[Seat, str], event: str = "", date: str = "") -> PbnGame:
    """One finished deal as a PBN game."""
    contract, declarer = state.contract, state.declarer
    if state.is_passed_out:
        contract_text, declarer_text, result = "Pass", "", ""
    elif contract is not None and declarer is not None:
        contract_text, declarer_text = str(contract), declarer.name
        tricks = state.declarer_tricks
        result = "" if tricks is None else str(tricks)
    else:  # pragma: no cover - only finished deals are exported
        contract_text = declarer_text = result = ""
    values = {
        "Event": event, "Site": "bazas", "Date": date, "Board": str(number),
        "West": names.get(Seat.W, ""), "North": names.get(Seat.N, ""), "East": names.get(Seat.E, ""),
        "South": names.get(Seat.S, ""), "Dealer": state.dealer.name, "Vulnerable": vulnerability.pbn,
        "Deal": state.deal.to_pbn(state.dealer), "Scoring": get_ruleset(ruleset).pbn_scoring,
        "Declarer": declarer_text, "Contract": contract_text, "Result": result,
    }
    tags = [(name, values.get(name, "")) for name in MANDATORY_TAGS]
    tags += option_tags(ruleset)
    sections: list[tuple[str, tuple[str, ...]]] = []
    tags.append(("Auction", state.dealer.name))
    sections.append(("Auction", tuple(write_calls([str(c) for c in state.auction.calls]))))
    play = state.play
    if play is not None and play.played:
        first = play.declarer.lho
        tags.append(("Play", first.name))
        lines = []
        rounds: list[tuple[Seat, tuple[Card, ...]]] = [(t.leader, t.cards) for t in play.tricks]
        if play.current:
            rounds.append((play.leader, tuple(c for _, c in play.current_trick())))
        for leader, cards in rounds:
            by_seat = {leader.after(i): str(c) for i, c in enumerate(cards)}
            lines.append(" ".join(by_seat.get(first.after(i), "-") for i in range(4)))
        if play.claim is not None:
            lines.append("*")
        sections.append(("Play", tuple(lines)))
    game = get_ruleset(ruleset)
    comments = (f"{{bazas table options: {option_text(game.options())}}}",) if game.options() else ()
    return PbnGame(tuple(tags), tuple(sections), comments)


def pbn_text(games: Iterable[PbnGame]) -> str:
    return dumps(list(games))

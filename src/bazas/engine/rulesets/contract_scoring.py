"""Scoring pieces shared by the contract-bridge rulesets (``rubber``, ``chicago``, ``duplicate``).

Contract bridge scores every contract the same way whatever the game around it (the Laws of
Rubber Bridge, Law 72; the WBF Laws of Duplicate Bridge 2017, Law 77): the trick score of the
contracted odd tricks below the line, overtricks, the insult for making a doubled contract and the
slam bonuses above it, or the defenders' undertricks. Only what a game adds around a contract --
game and part-score bonuses, the rubber bonus, honours or not, the vulnerability, how a session
ends -- is the game's own, in its own module.

- :data:`LAWS_SCALE` -- the Laws' figures for a contract, a :class:`~.base.ContractScale`;
- :func:`contract_items` -- the line items of one contract over any ``ContractScale``;
- :class:`HonoursScale`, :data:`LAWS_HONOURS` and :func:`honours_items` -- contract bridge's
  honours (four trump honours in one hand, all five, the four aces at notrump);

A game that differs only in some figure passes its own scale (below, cheaper slams).

>>> from bazas.engine.calls import Contract
>>> [(i.kind.value, i.points) for i in contract_items(LAWS_SCALE, Contract.parse("6H"), Side.NS, 12, True)]
[('trick score', 180), ('slam', 750)]
>>> from dataclasses import replace
>>> cheap_slams = replace(LAWS_SCALE, small_slam=(300, 500))
>>> [i.points for i in contract_items(cheap_slams, Contract.parse("6H"), Side.NS, 12, True)]
[180, 500]
"""

from __future__ import annotations

from dataclasses import dataclass

from ..calls import Contract, Doubling, Strain
from ..honours import Honours
from ..seats import Side
from .base import ContractScale, Item, LineItem, check_tricks

#: The Laws' figures for one contract (Laws of Rubber Bridge 72; WBF Law 77).
LAWS_SCALE = ContractScale(
    #            C   D   H   S   NT
    first_trick=(20, 20, 30, 30, 40),
    later_trick=(20, 20, 30, 30, 30),
    overtrick=(20, 20, 30, 30, 30),
    doubled_overtrick=(100, 200),
    insult={Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100},
    small_slam=(500, 750),
    grand_slam=(1000, 1500),
    undertrick=(50, 100),
    doubled_undertricks_nv=(100, 200, 200, 300),
    doubled_undertricks_v=(200, 300),
)


def contract_items(scale: ContractScale, contract: Contract, side: Side, tricks: int,
                   vulnerable: bool) -> list[LineItem]:
    """Trick score (below the line), overtricks, insult and slam of a contract ``side`` made with
    ``tricks``, or the defenders' undertricks, at ``scale``'s figures.

    >>> [(i.kind.value, i.side.name, i.points) for i in contract_items(LAWS_SCALE, Contract.parse("4HX"), Side.EW, 8, True)]
    [('undertricks', 'NS', 500)]
    """
    check_tricks(tricks)
    needed = contract.tricks_needed
    if tricks < needed:
        penalty = scale.undertricks(contract, needed - tricks, vulnerable)
        return [LineItem(Item.UNDERTRICKS, side.opponent, penalty)]
    items = [LineItem(Item.TRICK_SCORE, side, scale.trick_score(contract), below=True)]
    if tricks > needed:
        items.append(LineItem(Item.OVERTRICKS, side, scale.overtricks(contract, tricks - needed, vulnerable)))
    if contract.doubling is not Doubling.UNDOUBLED:
        items.append(LineItem(Item.INSULT, side, scale.insult[contract.doubling]))
    slam = scale.slam(contract, vulnerable)
    if slam:
        items.append(LineItem(Item.SLAM, side, slam))
    return items


@dataclass(frozen=True, slots=True)
class HonoursScale:
    """What contract bridge's honours score, above the line, to the side holding them in one hand:
    ``four_trumps`` for four of the five trump honours, ``five_trumps`` for all five, ``four_aces``
    for the four aces at notrump. Fewer in one hand score nothing."""

    four_trumps: int
    five_trumps: int
    four_aces: int


#: The Laws' honours (Laws of Rubber Bridge 72): 100, 150, and 150 for the four aces at notrump.
LAWS_HONOURS = HonoursScale(four_trumps=100, five_trumps=150, four_aces=150)


def honours_items(holding: Honours | None, scale: HonoursScale = LAWS_HONOURS) -> list[LineItem]:
    """The honours item of ``holding`` (none when unknown or when no hand holds enough).

    >>> from bazas.engine.honours import from_cards
    >>> from bazas.engine.seats import Seat
    >>> honours_items(from_cards(Strain.S, {Seat.W: ["SA", "SK", "SQ", "SJ"], Seat.N: ["ST"]}))
    [LineItem(kind=<Item.HONOURS: 'honours'>, side=<Side.EW: 1>, points=100, below=False)]
    """
    if holding is None:
        return []
    for side in Side:
        most = holding.in_one_hand(side)
        if holding.strain is Strain.NT:
            if most == 4:
                return [LineItem(Item.HONOURS, side, scale.four_aces)]
        elif most == 5:
            return [LineItem(Item.HONOURS, side, scale.five_trumps)]
        elif most == 4:
            return [LineItem(Item.HONOURS, side, scale.four_trumps)]
    return []


"""Card play by sampling and double-dummy analysis, aiming at the ruleset's expected SCORE.

For the seat to act (declarer also plays dummy's cards) the player

1. plays at once when only one legal card or one class of equivalent cards is left (touching cards
   in one hand: every rank between them is in that hand or already played);
2. deals the hidden cards many times consistently with what it knows (:mod:`bazas.bots.sampling`:
   seen cards, shown voids, the auction's constraints), exactly when few layouts remain;
3. solves every layout double dummy for each legal card (:mod:`bazas.bots.dds`, batched);
4. turns tricks into declarer's score with the ruleset (``Ruleset.declarer_score`` plus the value
   of a game where the ruleset leaves it to the rubber; a built-in table for unknown rulesets), so
   making the contract, overtricks (every trick counts in auction-1920) and doubled undertricks are
   weighed as the game weighs them, and picks the best expected score; among cards within
   ``robust_eps`` of it, the one double-dummy best in the most layouts (against strategy fusion),
   then more tricks, then card-play habits (lowest of equals following suit, top of a sequence
   leading). Layouts are weighted by the play so far: restricted choice among the equal cards an
   opponent could have followed with (on by default). Optional, off by default (measured no gain
   for their cost): more layouts where solving is cheap, the opening lead's textbook card, the
   other players' recent cards being double-dummy best. The auction's constraints are checked by
   replaying the bidder on each hidden hand (``auction_replay``, on since 3 December). Defenders
   signal (:mod:`bazas.bots.signals`): among cards of equal value they follow with the convention's card (attitude, count, and
   attitude on discards) and weigh the layouts by how well their partner's cards fit it;
   declarer reads computer defenders' signals the same way (``read_signals``);
5. at the opening lead, with few layouts (three hands hidden, solving is slowest), adds a prior
   (``lead_prior_weight``): the learned lead model of :mod:`bazas.bots.lead_model` (``lead_model``,
   fitted double dummy on bid deals of its own), or the textbook lead table of
   :mod:`bazas.bots.leads` (top of a sequence, fourth best against notrump, partner's suit, no
   underlead of an ace and no lead away from an unsupported honour against a suit contract,
   singletons when partner may ruff); the simulation's estimate is shrunk toward it, so close
   calls go to the prior's lead.

Options for issue 9 (docs/card-play.md, "held-out check"), all OFF by default: suit-preference
signals and their reading (``suit_preference``), declarer's safety plays (``safety_margin``) and
declarer's count of the hand for the guesses in the second and third seat (``count_hand``,
:mod:`bazas.bots.count`), because together they lost tricks on the tuning deals (0.07 a deal, both
sides) and a little on the held-out ones; and, as it doubled the CPU per card without measurably
fewer errors, the defenders' inference from declarer's line of play (``line_inference``). On since 2
December: four times a trick-one card's budget for the opening lead (``opening_lead_factor``;
measured with ``bazas bench leads``, docs/card-play.md), and reading the play before solving: the
opening lead read as a textbook choice among the leader's cards (``lead_inference``,
``declarer_lead_inference``: :func:`bazas.bots.leads.lead_likelihood`), the top of a sequence read
at every defender's lead (``sequence_reading``), and the layouts to solve drawn from a pool
``resample`` times larger in proportion to what the play says of each (signals, restricted choice,
the leads), so that the solver's work goes to the likely layouts instead of being spent on layouts
the weights then all but discard (docs/card-play.md, "Reading the play"); declarer's side draws from
a pool twice as large (``declarer_resample``, docs/card-play.md, "Declarer's larger pool").

Effort is planned from the budget with a cost model of the solver (more layouts as the hands
shrink) and a per-deal time bank, not from the clock, so a given view, seed and budget always give
the same card; a hard deadline (several times the budget) only guards against pathological solves.
Those guards are read on the clock, so a decision that nears one (a slow rejection sampling under a
rare auction, say) can follow the machine's load; ``guard_factor`` widens them all where a run
must give the same cards on any machine (the bench on a cluster's workers, its tests).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bazas.engine.auction import Auction
from bazas.engine.calls import Contract, Strain
from bazas.engine.cards import ALL_CARDS, Card, Hand
from bazas.engine.seats import SEATS, Seat
from bazas.engine.views import SeatView

from . import nullo_play
from .base import Budget, Decision, Explanation, TableContext
from .count import count_weights
from .dds import LocalSolver, Position, Solver
from .fusion import fused_values
from .lead_model import LeadReader, auction_roles, bid_suits, load_lead_model
from .leads import DD_LEAD_VALUES, LEAD_RULES, LeadRule, lead_likelihood, lead_prior, lead_table
from .leads import conventional_lead as _conventional_lead
from .leads import suit_ranks as _suit_ranks
from .play_model import lead_events, load_play_model, suit_roles
from .sampling import ConstraintLike, Knowledge, Layout, count_layouts, sample_layouts
from .signals import (
    choose_discard,
    choose_preference,
    choose_signal,
    layout_weight,
    led_honour_read,
    partner_cards,
    preference_situation,
    situation,
)

__all__ = [
    "CardPlayer", "PlayPlan", "ScoreFunction", "equivalence_classes", "lead_prior", "resample", "score_function",
]

_SUIT_MASKS = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)

#: declarer's tricks (0-13) -> declarer's side's score
ScoreFunction = Callable[[int], float]


# -- scoring -----------------------------------------------------------------------------------

def score_function(contract: Contract, declarer: Seat, context: TableContext) -> ScoreFunction:
    """Declarer's side's score for each trick count under the table's ruleset
    (:meth:`~bazas.engine.rulesets.Ruleset.bot_score`: the contract plus what a game is worth)."""
    vulnerable = context.vulnerable(declarer)
    part = context.part_score(declarer)
    ruleset = context.rules
    table = [float(ruleset.bot_score(contract, t, vulnerable, part)) for t in range(14)]
    return table.__getitem__


def value_scale(score: ScoreFunction, need: int) -> float:
    """The card player's unit of value: half what the trick that makes or sets the contract is
    worth (at least 20 points), so that the setting trick is worth two units."""
    return max(20.0, (score(need) - score(need - 1)) / 2) if need >= 1 else 50.0


def _claim_holds(view: SeatView, layout: Layout, tricks: int) -> bool:
    """Whether the acting seat's claim of ``tricks`` holds by Law 70 (the engine's
    :meth:`~bazas.engine.play.Play.claim_holds`: one line of play, whatever the lie of the cards
    it cannot see). ``layout`` is any one consistent with the view: the check looks at the
    hidden hands only as the unseen cards and their counts."""
    from bazas.engine.deal import Deal
    from bazas.engine.play import Play
    from bazas.engine.table import CLAIM_LAYOUTS

    assert view.seat is not None and view.contract is not None and view.declarer is not None
    plays = [pair for trick in view.tricks for pair in trick.cards]
    if view.current is not None:
        plays.extend(view.current.cards)
    dealt = list(layout)
    for seat, card in plays:
        dealt[seat] |= card.bit
    play = Play(Deal(tuple(Hand(m) for m in dealt)), Contract.parse(view.contract).strain,  # type: ignore[arg-type]
                view.declarer)
    for _seat, card in plays:
        play = play.apply(card)
    return play.claim_holds(view.seat, tricks, CLAIM_LAYOUTS) is True


# -- card classes and habits -------------------------------------------------------------------

def equivalence_classes(hand: int, legal: int, played: int) -> list[list[int]]:
    """Legal cards grouped into classes of equals: touching cards of one suit in ``hand``, every
    rank between them held in that hand or ``played`` (cards of COMPLETED tricks only: a card in
    the trick in progress still competes). Each class is sorted low to high;
    classes come in index order."""
    classes: list[list[int]] = []
    for suit in range(4):
        cards = [i for i in range(suit * 13, suit * 13 + 13) if legal >> i & 1]
        if not cards:
            continue
        group = [cards[0]]
        for a, b in zip(cards, cards[1:], strict=False):
            between = ((1 << b) - 1) & ~((1 << (a + 1)) - 1)
            if between & ~(hand | played):
                classes.append(group)
                group = [b]
            else:
                group.append(b)
        classes.append(group)
    return classes


def _representative(cls: list[int], leading: bool) -> int:
    """Top of a sequence when leading, lowest of equals otherwise."""
    return cls[-1] if leading else cls[0]


def _equal_beyond(card: int, holding: int, played: int, step: int) -> bool:
    """Whether ``holding`` has a card of ``card``'s suit equal to it and above it (``step`` 1) or
    below it (``step`` -1): every rank between held or in ``played`` (as in
    :func:`equivalence_classes`)."""
    base = card - card % 13
    r = card + step
    while base <= r < base + 13:
        if holding >> r & 1:
            return True
        if not played >> r & 1:   # a card still out: the equals end here
            return False
        r += step
    return False


# -- the player --------------------------------------------------------------------------------

#: Estimated solver seconds per layout (measured means on this project's machines), by cards left
#: in the hand to play, when leading to a trick and when following: leads cost far more.
_COST_LEAD = {13: 0.15, 12: 0.04, 11: 0.02, 10: 0.007, 9: 0.004, 8: 0.0015, 7: 0.0015}
_COST_FOLLOW = {13: 0.045, 12: 0.016, 11: 0.0055, 10: 0.004, 9: 0.002, 8: 0.0015}
#: Share of the per-card budget each trick may use (front-loaded: early tricks matter most).
_TRICK_WEIGHT = {13: 2.0, 12: 1.4, 11: 1.2}


#: Most dealing tries for a resampling pool (``CardPlayer.resample``): about 0.1 s of rejection
#: sampling where the auction makes layouts rare.
_POOL_TRIES = 4000

#: Per-layout solver cost under which a decision counts as cheap (see ``CardPlayer.cheap_factor``).
_CHEAP_COST = 0.0045


def _cost(cards_left: int, leading: bool) -> float:
    if leading:
        return _COST_LEAD.get(cards_left, 0.001)
    return _COST_FOLLOW.get(cards_left, 0.0008)


@dataclass(frozen=True, slots=True)
class PlayPlan:
    """How much work one decision gets."""

    samples: int
    exact_limit: int
    allowance: float
    cost: float


@dataclass
class _Bank:
    credit: float
    cards: int = 0


def _differ_share(solved: Sequence[dict[int, int]], weights: Sequence[float]) -> float:
    """The weighted share of the layouts solved in which the cards do not all take the same
    tricks: the player's own chance that the decision matters at all (for calibrating its
    estimate against decisions that matter on the real layout).

    >>> _differ_share([{1: 9, 2: 9}, {1: 9, 2: 8}], [1.0, 3.0])
    0.75
    """
    total = differ = 0.0
    for res, w in zip(solved, weights, strict=False):
        if not res:
            continue
        total += w
        differ += w * (len(set(res.values())) > 1)
    return differ / total if total > 0.0 else 0.0


@dataclass
class CardPlayer:
    """Card play for declarer (and dummy) and defenders. See the module docstring.

    ``solver``: where positions are solved (in-process by default; a :class:`~bazas.bots.dds.SolverPool`
    for servers). ``min_samples``/``max_samples`` bound the layouts per decision; ``constraints``:
    a function giving auction constraints per seat for a view (default: the bidding module's
    ``infer_constraints`` when it is installed, else none).
    """

    solver: Solver = field(default_factory=LocalSolver)
    min_samples: int = 4
    max_samples: int = 96
    exact_cap: int = 400
    deadline_factor: float = 2.5
    #: The cost model's seconds per layout (``_COST_LEAD``, ``_COST_FOLLOW``) times this, for
    #: every decision but the opening lead (which has its own factor and deadline): below 1, more
    #: layouts planned for the same allowance. 1 by default: 0.5 measured no gain on the tuning
    #: deals (docs/card-play.md, "Declarer's habits, read").
    cost_scale: float = 1.0
    #: Where solving is cheap (late tricks) up to ``cheap_factor * max_samples`` layouts.
    cheap_factor: float = 1.0
    #: Weight factor for a layout in which a card another seat played recently (this trick and
    #: the last) would have lost a trick double dummy (1.0: no weighting).
    consistency: float = 1.0
    #: Extra solving the consistency checks may cost, relative to the decision's own solves.
    consistency_cost: float = 1.5
    #: Weight factor for a layout in which the opening lead is not the textbook card from the
    #: leader's holding in that suit (1.0: no weighting).
    lead_consistency: float = 1.0
    #: Restricted choice: weigh a layout by the chance that each hidden OPPONENT, following suit,
    #: picked the card it played among its equals (1/k for k equal cards: touching in its hand,
    #: every rank between them held by that side or already played): the textbook odds against
    #: people who play equals at random ("eight ever, nine never" comes out right). A partner's
    #: choice, and a computer opponent's (``TableContext.computer_seats``), follow known habits
    #: instead (lowest of equals, the signals): against the bots themselves restricted choice
    #: measured worse on the bench.
    restricted_choice: bool = True
    #: Tie-break between cards of (almost) equal expected score: the share of layouts in which the
    #: card is double-dummy best (fewer strategy-fusion errors).
    prefer_robust: bool = True
    robust_eps: float = 0.1
    #: Defensive signals (:mod:`bazas.bots.signals`): a defender following suit with cards of
    #: equal value (expected score, tricks and double-dummy best share within ``signal_eps``)
    #: plays the convention's card (attitude when partner led, count when declarer's side led),
    #: and weighs each layout by ``signal_mismatch`` per partner's card that does not fit the
    #: convention there (``signal_unequal`` per card followed with over a lower equal card).
    #: ``signal_discards``: attitude on discards too. Declarer never signals; it reads the
    #: signals only with ``read_signals``.
    #: On by default: measured on `bazas bench bots` (100 deals, seed 1) defence tricks lost per
    #: deal 0.62 -> 0.48, declarer not worse; a larger ``signal_eps`` (0.08) or ``signal_ruffs``
    #: measured no better.
    signals: bool = True
    signal_eps: float = 0.03
    signal_mismatch: float = 0.15
    signal_unequal: float = 0.3
    signal_discards: bool = True
    #: In suit contracts, attitude also asks for a ruff: high from a doubleton with a trump left.
    signal_ruffs: bool = False
    #: Declarer reads the defenders' signals (the same convention and weights) when they are
    #: computer players (``TableContext.computer_seats``), whose method is known. Measured on 200
    #: deals: declarer's errors at notrump 2.15% -> 1.56%, tricks lost per deal 0.46 -> 0.39.
    read_signals: bool = True
    #: Suit-preference signals in suit contracts (:func:`bazas.bots.signals.preference_situation`):
    #: a defender leading a suit its partner has shown out of (a ruff), or following to partner's
    #: lead of a suit dummy held at most one card of, plays among equal cards the high one for the
    #: higher side suit, the low one for the lower; partner (and declarer, with ``read_signals``)
    #: reads them in the layouts' weights. Off by default (issue 9): with ``safety_margin`` and
    #: ``count_hand`` it lost tricks on the tuning deals (docs/card-play.md, "held-out check").
    suit_preference: bool = False
    #: Weight of the textbook opening-lead prior (:mod:`bazas.bots.leads`) against the simulation
    #: (0: the double-dummy estimate alone); ``lead_trust``: layouts at which the simulation and
    #: the prior weigh the same (the estimate is scaled by n / (n + lead_trust)).
    lead_prior_weight: float = 1.0
    lead_trust: float = 8.0
    #: Other values for the lead table's rules in the opening lead's prior
    #: (:func:`bazas.bots.leads.lead_table`: a rule's name, or ``"nt:<name>"`` / ``"suit:<name>"``,
    #: to its value); None: the textbook table as it stands. Since 4 December the values measured
    #: double dummy (:data:`bazas.bots.leads.DD_LEAD_VALUES`), chosen on the tuning deals: 0.036
    #: tricks fewer lost per lead (14 leads better, 8 worse; docs/card-play.md, "The opening lead's prior
    #: measured double dummy"). Reading a lead (``lead_inference``) keeps the textbook table: it
    #: models which card of a suit a defender leads.
    lead_values: dict[str, float] | None = field(default_factory=lambda: dict(DD_LEAD_VALUES))
    #: At the opening lead, the conventional card of the suit chosen (fourth best, top of a
    #: sequence...: :func:`bazas.bots.leads.conventional_lead`) instead of the card chosen when its
    #: value is within this much of it: double dummy rarely tells the cards of a suit apart, and
    #: partner reads the lead by the convention (0: the best value alone).
    lead_convention_eps: float = 0.1
    #: The opening lead's prior from the learned lead model (:mod:`bazas.bots.lead_model`, its
    #: values in tricks, times ``lead_model_weight``) in place of the table (``lead_values``):
    #: None, the table; else the model file's name beside the module ("lead_model.json") or a
    #: path. On by default since 5 December at weight 2, chosen on the tuning deals with ``bazas
    #: bench leads`` (0.051 tricks fewer lost per lead, 12 leads better, 2 worse); held out (seed
    #: 7, 400 deals) notrump leads DD-best 74.4% -> 79.2%, suit leads unchanged, 0.008 tricks
    #: fewer lost per lead (docs/card-play.md, "A learned opening-lead model").
    lead_model: str | None = "lead_model.json"
    lead_model_weight: float = 2.0
    #: What the opening lead's simulation values, from 0 to 1: 0, the expected score (as
    #: ``objective`` "score": an overtrick is worth little against the setting trick); 1, the
    #: expected tricks, each trick worth what the setting trick is worth under "score" (two
    #: units: the lead model's scale, ``lead_model_weight``); between, a blend. 0 by default: 1.0
    #: won 61 IMPs over 598 tuning leads but 9 over 613 held-out ones (seed 21 -31, seed 22 +40),
    #: tricks lost 0.011 a lead fewer, all within the noise (docs/card-play.md, "The opening lead
    #: valued by tricks, judged in IMPs").
    lead_tricks_weight: float = 0.0
    #: The opening lead's share of the budget (three hands hidden: the slowest decision, and the
    #: one that gains most from more layouts), as a factor of a trick-one card's. 4 (about 33
    #: layouts instead of 8) was chosen on the tuning deals with ``bazas bench leads`` (0.026 tricks
    #: fewer lost per lead) and held on 800 held-out deals (0.017 fewer; docs/card-play.md, "opening leads").
    #: The hard deadline stays ``deadline_factor`` times a CARD's budget, which the longest leads
    #: reach: scaled with the factor it measured no better at 1.6 times the CPU.
    opening_lead_factor: float = 4.0
    #: Reading the opening lead (:func:`bazas.bots.leads.lead_likelihood`): each layout weighed by
    #: how likely the opening leader, holding its hand there, would have made the lead it made,
    #: the textbook lead table read as a choice model of this sharpness (0: no reading). The
    #: leader's partner reads it with ``lead_inference``, declarer (and dummy) with
    #: ``declarer_lead_inference``. Cheap: no solving, the likelihood of a hand cached per deal.
    #: Sharpness 8: the maximum-likelihood fit to the bots' own opening leads on the tuning deals.
    #: On by default since 2 December with ``sequence_reading`` and ``resample``: chosen on the
    #: tuning deals, then fewer errors for both sides on 400 held-out deals (docs/card-play.md,
    #: "Reading the play").
    lead_inference: float = 8.0
    declarer_lead_inference: float = 8.0
    #: Which table a computer opening leader's lead is read by (``TableContext.computer_seats``;
    #: any other leader is read by the textbook table at ``lead_inference``): "textbook"; "own",
    #: the table this player leads by (``lead_values``) at ``own_lead_sharpness``, with
    #: ``own_lead_convention`` added to the exponent of each suit's conventional card (the player
    #: leads it within ``lead_convention_eps``); or "model", the learned lead model the player
    #: leads by (``lead_model``; :class:`bazas.bots.lead_model.LeadReader`) at
    #: ``model_lead_sharpness`` per trick of its values, ``model_lead_convention`` added for the
    #: conventional card. "own" fitted the bots' leads better but changed no result (docs/card-play.md, "The
    #: opening lead read by the bots' own table"). "model" is the default since 6 December: the
    #: bots lead by the model, and read by the textbook table at sharpness 8 the real layout was
    #: made e times less likely than the average layout dealt, or worse, at 9 to 16% of the
    #: decisions of the first three tricks; read by the model, at 1 to 2.4% (``bazas bench
    #: readings``, seed 1; the information on the real layout about doubles). On the tuning deals'
    #: defence decisions it lost 0.012 tricks a decision fewer on seed 7 (95% interval -0.02 to
    #: -0.00; 14 better, 3 worse) and 0.004 fewer on seed 1 (8 / 6), declarer's unchanged (-0.001,
    #: 12 / 10); held out (seed 9, 400 deals) 0.002 fewer (-0.008 to +0.004; 13 / 10: docs/card-play.md, "A
    #: fresh seed of 400 deals, and the opening lead read by the lead model").
    lead_reading_table: str = "model"
    own_lead_sharpness: float = 12.0
    own_lead_convention: float = 2.0
    model_lead_sharpness: float = 15.0
    model_lead_convention: float = 1.0
    #: Resampling: where the layouts are sampled (not all enumerated), sample ``resample`` times
    #: as many as will be solved, weigh them all by what the play says (signals, restricted
    #: choice, the leads read), and solve those drawn in proportion to the weights (systematic
    #: resampling; a layout drawn twice is solved once, with twice the weight). 1.0: solve the
    #: layouts as sampled and weigh them after. The opening lead, with nothing played to read,
    #: is never resampled.
    resample: float = 8.0
    #: The pool's factor for declarer's side (None: ``resample``, as for the defenders). 16 since
    #: 2 December (evening), chosen on the tuning deals: declarer lost 0.097 tricks a deal fewer
    #: (95% interval 0.03 to 0.17) than with 8; the defenders' own 16 measured no gain. Held out
    #: (seed 2) it changed nothing (-0.005, -0.05 to +0.04) at 18% more CPU per card (docs/card-play.md,
    #: "Declarer's larger pool").
    declarer_resample: float | None = 16.0
    #: Top of a sequence, read: weight factor for a layout in which a defender who led to a trick
    #: (the opening lead or later) held a higher card equal to the one it led (touching, every rank
    #: between held by it or played in an earlier trick), as the bots and the textbooks never
    #: lead (ROOT ch. 1). Read by the leader's partner and by declarer; 1.0: not read.
    sequence_reading: float = 0.1
    #: Declarer's habits, read by the defenders where declarer is a computer player: among equal
    #: cards (:func:`equivalence_classes`) the bots lead the top and follow or discard with the
    #: lowest, always, so a layout in which declarer played from its own hand a card its habit
    #: would not have chosen weighs this much (declarer winning with the king denies the queen).
    #: Restricted choice, the same reading for a player whose habits are unknown, is kept for
    #: people. 1.0: not read. On (0.05) since 3 December: on the tuning deals the defence lost
    #: 0.031 tricks a deal fewer (95% interval -0.07 to +0.01), held out (seed 2, 400 deals)
    #: 0.021 fewer (-0.04 to -0.00; docs/card-play.md, "Declarer's habits, read").
    habit_reading: float = 0.05
    #: Deal the hidden hands whose auction constraint sets suit lengths or balance shape first
    #: (:func:`bazas.bots.sampling.sample_layouts`): the same distribution as dealing at random
    #: and rejecting, in far fewer re-deals, so that the opening lead, whose layouts are bounded
    #: by its deadline, gets more of them solved. Off: on the tuning deals it measured no gain
    #: (leads 0.272 against 0.277 tricks lost per lead, the defence 0.067 tricks a deal worse,
    #: interval 0.00 to 0.13; docs/card-play.md, "Dealing shape first").
    shape_first: bool = False
    #: Close decisions get more layouts: where the layouts to solve were resampled from a pool,
    #: and the card chosen and the next best differ by less than ``extend_z`` standard errors of
    #: their paired difference over the layouts solved, another ``plan.samples`` layouts are drawn
    #: from the same pool and solved (up to ``extend_rounds`` times, and while the cost model puts
    #: the decision's solving within ``extend_budget`` times its planned allowance). A clear
    #: decision costs nothing more; the card stays a function of the view and the seed.
    #: 0: off, the default: on the tuning deals (2.5, three rounds) it extended one decision in
    #: ten and measured no gain (docs/card-play.md, "Declarer's larger pool, close decisions").
    extend_z: float = 0.0
    extend_rounds: int = 2
    extend_budget: float = 2.0
    #: The opening lead's solving measured in DDS search nodes instead of CPU seconds (None: by
    #: the clock, to its deadline): its layouts are solved in order until they have taken this many
    #: nodes in all, with ``lead_guard`` times the usual deadline as a guard only. A node count does
    #: not depend on the machine's load, so the lead (the only card a deadline cut, its layouts
    #: costing 0.01 to 0.8 s each) becomes a function of the view and the seed. In-process solving
    #: only (a pool of solvers keeps the clock). Off: 1.5M nodes measured the same leads as the
    #: clock, give or take three of 195 on the tuning deals and five of 389 held out (docs/card-play.md,
    #: "The opening lead by search nodes").
    lead_nodes: int | None = None
    lead_guard: float = 2.0
    #: The opening lead in two stages (0: off): every lead is solved on the first layouts, with
    #: ``lead_refine_share`` of the lead's work (its nodes, or its time to the deadline); then the
    #: ``lead_refine`` leads the estimate and the prior rank highest are solved on more layouts,
    #: each lead alone (DDS asked for the best reply only: the two to four cards together cost
    #: about half a full solve), and the lead is chosen among them on all their layouts. The
    #: sample is ``lead_refine_pool`` times the planned layouts, so that the second stage has
    #: layouts to solve. In-process solving only. Off: with 3 it changed four leads of 195 on the
    #: tuning deals (3 better, 1 worse; docs/card-play.md, "The opening lead by search nodes").
    lead_refine: int = 0
    lead_refine_share: float = 0.5
    lead_refine_pool: float = 2.0
    system: str | None = None
    #: Auction inference by replaying the bidder (:mod:`bazas.bots.bidding.replay`): a hidden
    #: hand must fit its calls' promises AND be one with which the bidder would have made them
    #: (a hull cannot say what a hand is not: on the tuning deals 44% of the hands inside
    #: declarer's hull, half inside a defender's who bid, a third inside a passing defender's,
    #: are hands the bidder would have bid otherwise). On since 3 December, once replays cost
    #: 0.15 ms instead of 1 ms and a deal may replay 3000 hands per seat: on the tuning deals
    #: the defence lost 0.072 tricks a deal fewer (95% interval -0.15 to +0.00), the opening
    #: lead 0.041 fewer (7 leads better, none worse), declarer 0.036 fewer, at 16% more CPU per
    #: card (docs/card-play.md, "The auction read by replaying the bidder").
    auction_replay: bool = True
    #: The same, for the defenders only (their inference about declarer's hand from its bidding),
    #: when ``auction_replay`` is off.
    auction_replay_defence: bool = False
    #: Hands replayed per seat and deal at most (past it the hull alone is checked; None: the
    #: bidding module's bound, ``bidding.replay.MAX_REPLAYS``, 20000 bidding signatures). With 600 the replay
    #: measured no gain on the tuning deals (the bound was spent by the middle of the play).
    replay_limit: int | None = None
    #: Inference from declarer's line of play, for the defenders: weight factor for a layout in
    #: which a card declarer chose (for its hand or dummy) in this trick or the last lost a trick
    #: double dummy there (not drawing trumps, not attacking a suit... where that would have been
    #: right); 1.0: no inference. Costs solving, like ``consistency``: off, as it doubled the CPU
    #: per card on the held-out check (issue 9), errors not measurably fewer.
    line_inference: float = 1.0
    #: The defenders read their partner's recent cards the same way (this trick and the last):
    #: weight factor for a layout in which a card partner chose lost a trick double dummy there.
    #: Where partner is a computer player its cards lose a trick against double dummy one time in
    #: fifty or so, far more often in the layouts a defender cannot tell from the real one.
    #: 1.0: not read. Off, as ``partner_leads`` and ``carry_reads``: on the tuning deals' decisions
    #: none moved more than a handful (docs/card-play.md, "Partner's cards read double dummy").
    partner_inference: float = 1.0
    #: With ``partner_inference``, partner's leads to every earlier trick are read too (not the
    #: opening lead, which ``lead_inference`` reads): a switch is the card a defender chooses most.
    partner_leads: bool = False
    #: What those checks (``partner_inference``, ``line_inference``, ``consistency``) said of a
    #: layout, carried to the deal's later decisions (they check this trick and the last only):
    #: for each card checked, the weighted share of the checks passed per length the player held
    #: in that card's suit, a likelihood applied to every later layout, the pool's included
    #: (cheap: no solving). Not with ``partner_leads``, which checks the earlier leads again.
    carry_reads: bool = False
    #: The leads to tricks 2-13 read by a learned model of the bots' own leads
    #: (:mod:`bazas.bots.play_model`): a layout's weight times the chance, to the power
    #: ``play_model_sharpness``, that each lead by a hidden computer player's side (declarer
    #: deciding dummy's leads too) was the card chosen with the hand it holds there. None: not read.
    play_model: str | None = None
    play_model_sharpness: float = 1.0
    #: What a card is chosen for after the opening lead: "score", the expected score of the deal
    #: (a trick that sets or makes the contract worth more than an overtrick), or "tricks", the
    #: expected tricks (each trick alike, as the double-dummy error counts them). "score" by
    #: default; "tricks" measured on the tuning deals (seed 7, 400 deals, every decision after the
    #: opening lead): errors 103 -> 94 for the defence and 98 -> 90 for declarer, +7 IMPs in all on
    #: the real layouts (docs/card-play.md, "Tricks or score"). Not confirmed on held-out seed 10 (400 deals):
    #: declarer lost more tricks (+0.046 a deal), the defence fewer (-0.015), so "score" stays.
    objective: str = "score"
    #: Declarer's safety plays: among cards within ``safety_margin`` (in the player's value units)
    #: of the best expected score, the one most likely to make the contract (a possible overtrick
    #: given up to guard against a bad break); 0: off (the default, as ``suit_preference``; 0.3 was tried).
    safety_margin: float = 0.0
    #: Declarer's count of the hand (:mod:`bazas.bots.count`): in a suit contract, declarer's side
    #: playing second or third to a trick weighs the solved layouts by the count's odds (vacant
    #: places, over ``count_samples`` unsolved layouts) of each holding of the suit led, rather
    #: than by their share of the few solved layouts. Off by default (issue 9, as ``suit_preference``).
    count_hand: bool = False
    count_samples: int = 400
    #: Declarer's next decision searched as one (:mod:`bazas.bots.fusion`, against strategy
    #: fusion): the ``fusion_candidates`` cards of declarer's side within ``fusion_eps`` (in the
    #: player's value units) of the best are valued one decision deeper on the first
    #: ``fusion_layouts`` layouts solved, the defenders answering double dummy and declarer then
    #: choosing one card for all the layouts it cannot tell apart; the best of them so valued is
    #: played. 0: off (the default): on the tuning deals' notrump decisions (seed 7, 1,404 that
    #: matter) every variant made more errors (4 better / 10 worse at eps 0.5, -23 IMPs), the
    #: losses at declarer's leads, where the search leaves the defender who plays second its
    #: double-dummy sight (docs/card-play.md, "Declarer's next decision searched as one"). Played
    #: whole on seed 7's 400 deals it won nothing at the table either (real results, -11 IMPs; in
    #: the second to fourth seat only, +14: both within noise; docs/card-play.md, "What double
    #: dummy can reward").
    fusion_candidates: int = 0
    fusion_eps: float = 0.5
    fusion_layouts: int = 32
    #: The defenders, double dummy, follow alike in the layouts declarer cannot yet tell apart
    #: where double dummy lets them (:func:`bazas.bots.fusion.fused_values`, ``hide``).
    fusion_hide: bool = True
    #: Declarer's leads searched too (False: only its cards in the second to fourth seat). In the
    #: second to fourth seat alone, on seed 7: 6 better / 4 worse of 1,972 decisions that matter,
    #: too few to tell (docs/card-play.md, "Declarer's next decision searched as one").
    fusion_at_leads: bool = True
    #: Every clock guard of a decision (the sampler's, the solving deadline, the count's) times this:
    #: 1 in play, where a decision must end in time; larger where the cards must not depend on
    #: the machine (the guards are then never reached but by a pathological solve).
    guard_factor: float = 1.0
    constraints: Callable[[SeatView, TableContext], Mapping[Seat, ConstraintLike]] | None = None
    _banks: dict[tuple[Any, ...], _Bank] = field(default_factory=dict, repr=False)
    _constraint_cache: dict[tuple[Any, ...], dict[Seat, ConstraintLike]] = field(default_factory=dict, repr=False)
    _lead_cache: dict[tuple[Any, ...], float] = field(default_factory=dict, repr=False)
    _reads: dict[tuple[Any, ...], dict[int, tuple[Seat, int, dict[int, float], float]]] = field(
        default_factory=dict, repr=False)
    _lead_table: tuple[tuple[tuple[str, float], ...], tuple[LeadRule, ...]] | None = field(default=None, repr=False)
    _lead_readers: dict[tuple[Any, ...], LeadReader] = field(default_factory=dict, repr=False)
    last_info: dict[str, Any] = field(default_factory=dict, repr=False)

    # -- public ------------------------------------------------------------------------------
    def choose(self, view: SeatView, context: TableContext, rng: random.Random, budget: Budget) -> Decision:
        """A legal card for the seat to act (declarer chooses dummy's cards)."""
        if nullo_play.is_nullo_view(view):  # issue 11: a nullo is played to lose tricks (bots/nullo_play.py)
            return nullo_play.choose(view, context, rng, budget)
        view = nullo_play.plain_view(view)  # issue 11: royal spades are played as spades
        card, en, es = self._choose(view, context, rng, budget)
        return Decision(card, Explanation(es=es, en=en))

    def can_claim(self, view: SeatView, context: TableContext | None = None, limit: int = 300) -> int | None:
        """Tricks (of those left) the acting seat's side wins whatever the layout: when every
        layout of the hidden cards still possible gives the same double-dummy result; None when
        it does not, or when too many layouts remain to check them all."""
        view = nullo_play.plain_view(view)  # issue 11: royal spades are played as spades
        if view.phase != "play" or view.seat is None or view.turn is None or view.hand is None:
            return None
        if nullo_play.is_nullo_view(view):  # issue 11: no maximising claims at a nullo
            return None
        knowledge = self._knowledge(view, context or TableContext(), with_constraints=False)
        if count_layouts(knowledge) > limit:
            return None
        result = sample_layouts(knowledge, limit, random.Random(0), exact_limit=limit)
        positions = [self._position(view, lay) for lay in result.layouts]
        solved = self.solver.solve_many(positions)
        to_play_side = int(view.turn) & 1
        values = set()
        for res in solved:
            if not res:
                return None
            best = max(res.values())
            values.add(best if to_play_side == (int(view.seat) & 1) else self._tricks_left(view) - best)
            if len(values) > 1:
                return None
        if not values:
            return None
        tricks = values.pop()
        # The same count in every layout is not enough when each layout takes its own line (a
        # two-way finesse that double dummy always guesses): Law 70 asks for one line that wins
        # them whatever the lie of the cards, and the table's check (a substitute, a person
        # asked) refuses any other claim.
        return tricks if _claim_holds(view, result.layouts[0], tricks) else None

    # -- internals ---------------------------------------------------------------------------
    def _choose(self, view: SeatView, context: TableContext, rng: random.Random,
                budget: Budget) -> tuple[Card, str, str]:
        if view.phase != "play" or view.seat is None or view.turn is None or view.contract is None:
            raise ValueError("the card player acts only in the play, for the seat to act")
        legal_cards = [a for a in view.legal if isinstance(a, Card)]
        if not legal_cards:
            raise ValueError(f"{view.seat.name} has no card to play now")
        self.last_info = {"samples": 0, "solved": 0, "reason": ""}
        if len(legal_cards) == 1:
            self.last_info["reason"] = "single"
            return legal_cards[0], "The only legal card.", "La única carta legal."
        legal = 0
        for c in legal_cards:
            legal |= c.bit
        turn = view.turn
        hand = self._hand_of(view, turn)
        played = self._played_mask(view)
        leading = view.current is None
        classes = equivalence_classes(hand, legal, played)
        if len(classes) == 1:
            self.last_info["reason"] = "equivalent"
            card = ALL_CARDS[_representative(classes[0], leading)]
            if self.signals and not leading:
                card = ALL_CARDS[self._signal_card(view, classes[0], hand, card.index)]
            return card, "All legal cards are equivalent.", "Todas las cartas legales son equivalentes."
        contract = Contract.parse(view.contract)
        declarer = view.declarer
        assert declarer is not None
        opening_lead = not view.tricks and view.current is None
        cards_left = hand.bit_count()
        plan = self._plan(view, Budget(budget.seconds * self.opening_lead_factor) if opening_lead else budget,
                          cards_left, leading)
        refine = opening_lead and self.lead_refine > 1 and isinstance(self.solver, LocalSolver)
        if refine:
            plan = replace(plan, samples=max(plan.samples, int(plan.samples * self.lead_refine_pool)))
        knowledge = self._knowledge(view, context, with_constraints=True)
        clock = self.clock()
        t0 = clock()
        deadline = t0 + max(1.0, self.deadline_factor * budget.seconds) * self.guard_factor
        dealing_deadline = t0 + max(0.5, budget.seconds * 2) * self.guard_factor
        result = sample_layouts(knowledge, plan.samples, rng, exact_limit=plan.exact_limit,
                                deadline=dealing_deadline, clock=clock,
                                shape_first=self.shape_first)
        reps = [_representative(c, leading) for c in classes]
        layouts, layout_weights = result.layouts, result.weights
        pool_factor = self.resample
        if self.declarer_resample is not None and view.seat.side == declarer.side:
            pool_factor = self.declarer_resample
        if (pool_factor > 1.0 and not result.exact and not opening_lead and not result.relaxed
                and len(layouts) >= plan.samples > 1):
            # The pool to resample from: more layouts, in as many tries as the first ones took per
            # layout (capped: where the auction makes layouts rare, rejection sampling is slow),
            # so that effort, and so the card, follows from the view and the seed, not the clock.
            more = int(plan.samples * (pool_factor - 1.0))
            tries = min(_POOL_TRIES, result.tries * more // max(1, len(layouts)))
            extra = sample_layouts(knowledge, more, rng, max_tries=max(1, tries),
                                   deadline=dealing_deadline, clock=clock,
                                   shape_first=self.shape_first)
            keep = [i for i, w in enumerate(extra.weights) if w >= 1.0]   # no relaxed layouts in the pool
            layouts = list(layouts) + [extra.layouts[i] for i in keep]
            layout_weights = list(layout_weights) + [extra.weights[i] for i in keep]
        self.last_info["dealing_s"] = round(clock() - t0, 4)   # the sampler's share of the decision
        resampled = False
        pool: tuple[list[Layout], list[float]] | None = None
        if result.exact and len(layouts) > 1:
            # Enumeration order is systematic: solve in random order so that a deadline cut
            # still leaves an unbiased subset.
            order = list(range(len(layouts)))
            rng.shuffle(order)
            layouts = [layouts[i] for i in order]
            layout_weights = [layout_weights[i] for i in order]
        elif len(layouts) > plan.samples:
            # Read the play on the whole pool (cheap), then solve the layouts drawn in proportion
            # to their weights: the solver's work goes to the layouts the play says are likely.
            pool_weights = self._reading_weights(view, knowledge, context, layouts, list(layout_weights), contract)
            self.last_info["pool"] = len(layouts)
            pool = (list(layouts), pool_weights)
            layouts, layout_weights = resample(layouts, pool_weights, plan.samples, rng)
            resampled = True
        positions = [self._position(view, lay) for lay in layouts]
        batch = max(1, min(32, int(0.25 / max(plan.cost, 1e-4))))
        share = self.lead_refine_share if refine else 1.0
        if opening_lead and self.lead_nodes is not None and isinstance(self.solver, LocalSolver):
            guard = t0 + self.lead_guard * (deadline - t0)
            solved = self._solve_nodes(positions, int(self.lead_nodes * share), guard)
        else:
            solved = self._solve_until(positions, batch, clock() + share * max(0.0, deadline - clock()))
        weights = list(layout_weights[:len(solved)])
        checked = 0
        if len(solved) > 1 and not resampled:
            weights = self._reading_weights(view, knowledge, context, layouts[:len(solved)], weights, contract)
        if (len(solved) > 1 and self.count_hand and view.seat.side == declarer.side
                and contract.strain is not Strain.NT and view.current is not None
                and len(view.current.cards) in (1, 2)):
            # Declarer's count of the hand for a guess in the second or third seat (bots/count.py).
            weights = count_weights(knowledge, int(view.current.cards[0][1].suit), layouts[:len(solved)], weights,
                                    layout_weights[:len(solved)], random.Random(rng.getrandbits(32)),
                                    self.count_samples, clock=clock,
                                    deadline=clock() + 0.2 * budget.seconds * self.guard_factor)
            self.last_info["count"] = True
        if len(solved) > 1 and self.consistency < 1.0:
            solved, weights, checked = self._play_weights(view, knowledge, layouts, solved, weights, plan,
                                                          deadline)
        elif (len(solved) > 1 and view.seat.side != declarer.side
                and (self.line_inference < 1.0 or self.partner_inference < 1.0)):
            # The defenders read declarer's line (layouts in which declarer's recent cards, its own
            # and dummy's, lost a trick double dummy are less likely) and their partner's cards.
            factors = {declarer: self.line_inference, declarer.partner: self.line_inference,
                       view.seat.partner: self.partner_inference}
            solved, weights, checked = self._play_weights(view, knowledge, layouts, solved, weights, plan,
                                                          deadline, factor=factors,
                                                          only={s for s, f in factors.items() if f < 1.0},
                                                          leads_of={view.seat.partner} if self.partner_leads else ())
        score = score_function(contract, declarer, context)
        decl_side = int(declarer) & 1
        actor_side = int(view.seat) & 1
        to_play_side = int(turn) & 1
        tricks_left = self._tricks_left(view)
        decl_won = view.won[decl_side]
        need = contract.tricks_needed

        def value_of(t: int) -> tuple[float, float, bool]:
            """(score for the actor's side, tricks for it, the contract makes) when the side to
            play takes ``t`` of the tricks left."""
            decl_total = decl_won + (t if to_play_side == decl_side else tricks_left - t)
            sc = score(decl_total)
            return ((sc if actor_side == decl_side else -sc),
                    float(decl_total if actor_side == decl_side else 13 - decl_total), decl_total >= need)

        def evaluate(solved: list[dict[int, int]], weights: list[float]
                     ) -> tuple[dict[int, float], dict[int, float], dict[int, float], dict[int, float]]:
            # Each card over the layouts solved for it (all of them, but for the opening lead's
            # second stage, which solves a few leads only).
            exp_util: dict[int, float] = {}
            exp_tricks: dict[int, float] = {}
            make_p: dict[int, float] = {}
            best_p: dict[int, float] = {}
            tops = [max(res.values()) if res else 0 for res in solved]
            for rep in reps:
                u = tr = mk = bp = rep_w = 0.0
                for res, w, top in zip(solved, weights, tops, strict=False):
                    t = res.get(rep)
                    if t is None:  # not solved for this card
                        continue
                    rep_w += w
                    bp += w * (t == top)
                    su, st, made = value_of(t)
                    u += w * su
                    tr += w * st
                    mk += w * made
                total_w = rep_w or 1.0
                exp_util[rep] = u / total_w
                exp_tricks[rep] = tr / total_w
                make_p[rep] = mk / total_w
                best_p[rep] = bp / total_w
            return exp_util, exp_tricks, make_p, best_p

        exp_util, exp_tricks, make_p, best_p = evaluate(solved, weights)
        if opening_lead:
            priors = {r: self.lead_prior_weight * v
                      for r, v in self._lead_priors(view, hand, reps, contract, score).items()}
        else:
            priors = {rep: 0.0 for rep in reps}
        scale = value_scale(score, need)
        # At the opening lead few layouts are solved: shrink their noisy estimate toward the
        # textbook prior (full weight only with many layouts).
        trust = {rep: len(solved) / (len(solved) + self.lead_trust) if opening_lead else 1.0 for rep in reps}
        choice = list(reps)
        if self.objective not in ("score", "tricks"):
            raise ValueError(f"objective: {self.objective!r} is not an objective (score, tricks)")

        if not 0.0 <= self.lead_tricks_weight <= 1.0:
            raise ValueError(f"lead_tricks_weight: {self.lead_tricks_weight!r} is not between 0 and 1")
        lead_w = self.lead_tricks_weight if opening_lead else 0.0

        def key(rep: int) -> tuple[float, float, float]:
            if self.objective == "tricks" and not opening_lead:
                value = exp_tricks[rep]
            else:
                simulated = (1.0 - lead_w) * exp_util[rep] / scale + lead_w * 2.0 * exp_tricks[rep]
                value = trust[rep] * simulated + priors[rep]
            return (round(value, 6), round(exp_tricks[rep], 6), self._habit(rep, hand, leading, view))

        def pick() -> int:
            best = max(choice, key=key)
            if self.prefer_robust:
                # Among cards of (nearly) the best expected score, the one double-dummy best in the
                # most layouts: averaging over layouts otherwise favours cards that need different
                # continuations in different layouts (strategy fusion).
                top_value = key(best)[0]
                near = [r for r in choice if key(r)[0] >= top_value - self.robust_eps]
                best = max(near, key=lambda r: (round(best_p[r], 6),) + key(r)[1:])
            if self.safety_margin > 0.0 and actor_side == decl_side:
                # Safety play: give up a little expected score (an overtrick) for the contract.
                top_value = max(key(r)[0] for r in choice)
                safe = [r for r in choice if key(r)[0] >= top_value - self.safety_margin]
                safest = max(safe, key=lambda r: (round(make_p[r], 6),) + key(r))
                if make_p[safest] > make_p[best] + 0.02:
                    best = safest
            return best

        best = pick()
        if opening_lead and self.lead_convention_eps > 0.0:
            best = self._conventional_rep(view, hand, best, reps, classes, contract,
                                          lambda r: key(r)[0] >= key(best)[0] - self.lead_convention_eps)
        refined = 0
        if refine and 1 < len(solved) < len(layouts):
            # The second stage: the leads ranked highest, each alone, on the layouts still unsolved.
            choice = sorted(reps, key=key, reverse=True)[:self.lead_refine]
            first = len(solved)
            if self.lead_nodes is not None:
                second = self._refine_lead(view, layouts[first:], choice, guard,
                                         self.lead_nodes - self.last_info.get("nodes", 0))
            else:
                second = self._refine_lead(view, layouts[first:], choice, deadline, None)
            refined = len(second)
            more_w = list(layout_weights[first:first + refined])
            if refined > 1:
                more_w = self._reading_weights(view, knowledge, context, layouts[first:first + refined], more_w,
                                               contract)
            solved = solved + second
            weights = weights + more_w
            exp_util, exp_tricks, make_p, best_p = evaluate(solved, weights)
            trust.update({rep: len(solved) / (len(solved) + self.lead_trust) for rep in choice})
            best = pick()
            self.last_info["refined_leads"] = [str(ALL_CARDS[r]) for r in choice]
        extended = 0
        if (self.extend_z > 0.0 and pool is not None and checked == 0 and not self.last_info.get("count")
                and len(solved) == len(layouts)):
            layouts = list(layouts)
            for _ in range(self.extend_rounds):
                if not _close(best, reps, solved, weights, lambda t: value_of(t)[0] / scale, self.extend_z):
                    break
                if (len(solved) + plan.samples) * plan.cost > self.extend_budget * plan.allowance:
                    break
                drawn, counts = resample(pool[0], pool[1], plan.samples, rng)
                index = {lay: i for i, lay in enumerate(layouts)}
                fresh: list[Layout] = []
                fresh_w: list[float] = []
                for lay, draws in zip(drawn, counts, strict=True):
                    i = index.get(lay)
                    if i is None:
                        fresh.append(lay)
                        fresh_w.append(draws)
                    else:
                        weights[i] += draws
                results = self._solve_until([self._position(view, lay) for lay in fresh], batch, deadline)
                layouts.extend(fresh[:len(results)])
                solved.extend(results)
                weights.extend(fresh_w[:len(results)])
                extended += 1
                exp_util, exp_tricks, make_p, best_p = evaluate(solved, weights)
                best = pick()
                if clock() > deadline:
                    break
        if (self.fusion_candidates > 1 and actor_side == decl_side and not opening_lead
                and len(solved) > 1 and len(reps) > 1 and (self.fusion_at_leads or not leading)):
            top = key(best)[0]
            near = sorted((r for r in reps if r != best and key(r)[0] >= top - self.fusion_eps), key=key,
                          reverse=True)
            near = [best] + near[:self.fusion_candidates - 1]
            if len(near) > 1:
                n = min(len(solved), self.fusion_layouts)
                fused = fused_values(self.solver, [self._position(view, lay) for lay in layouts[:n]], weights[:n],
                                     near, lambda t: value_of(t)[0], lambda: clock() > deadline,
                                     hide=self.fusion_hide)
                if fused is not None:
                    best = max(near, key=lambda r: (round(fused[r] / scale, 6),) + key(r)[1:])
                    self.last_info["fused"] = {str(ALL_CARDS[r]): round(v, 1) for r, v in fused.items()}
        solve_seconds = clock() - t0
        self.last_info.update(samples=len(result.layouts), solved=len(solved), exact=result.exact,
                              relaxed=result.relaxed, reason="sampled", seconds=solve_seconds, checked=checked,
                              cards_left=cards_left, leading=leading, extended=extended, refined=refined,
                              planned=plan.samples)
        if self.signals and not leading:
            eps = self.signal_eps
            equal = [c for r, cls in zip(reps, classes, strict=True)
                     if key(r)[0] >= key(best)[0] - eps and exp_tricks[r] >= exp_tricks[best] - eps
                     and best_p[r] >= best_p[best] - eps for c in cls]
            signal = self._signal_card(view, equal, hand, best)
            best = next(r for r, cls in zip(reps, classes, strict=True) if signal in cls)
        elif self.signals and self.suit_preference and leading and view.seat.side != declarer.side:
            eps = self.signal_eps
            equal = [c for r, cls in zip(reps, classes, strict=True)
                     if key(r)[0] >= key(best)[0] - eps and exp_tricks[r] >= exp_tricks[best] - eps
                     and best_p[r] >= best_p[best] - eps for c in cls if c // 13 == best // 13]
            signal = self._preference_lead(view, equal, hand, best, contract)
            best = next(r for r, cls in zip(reps, classes, strict=True) if signal in cls)
        else:
            signal = best
        self.last_info.update(expected={str(ALL_CARDS[r]): round(exp_util[r], 1) for r in reps},
                              tricks={str(ALL_CARDS[r]): round(exp_tricks[r], 3) for r in reps},
                              best_share={str(ALL_CARDS[r]): round(best_p[r], 3) for r in reps},
                              makes={str(ALL_CARDS[r]): round(make_p[r], 3) for r in reps},
                              differ_share=round(_differ_share(solved, weights), 3))
        card = ALL_CARDS[signal]
        n = len(solved)
        kind = "all" if result.exact else "sampled"
        p = make_p[best]
        en = (f"{card}: best expected score {exp_util[best]:+.0f} over {n} {kind} layouts "
              f"({exp_tricks[best]:.2f} tricks for my side; the contract makes {100 * p:.0f}%).")
        es = (f"{card}: mejor puntuación esperada {exp_util[best]:+.0f} en {n} distribuciones "
              f"({exp_tricks[best]:.2f} bazas para mi línea; el contrato se cumple el {100 * p:.0f}%).")
        return card, en, es

    def _lead_weights(self, view: SeatView, knowledge: Knowledge, layouts: Sequence[tuple[int, int, int, int]],
                      weights: list[float], contract: Contract) -> list[float]:
        """Down-weight layouts in which the opening lead is not the textbook card from the opening
        leader's holding in the suit led (cheap: no solving)."""
        lead = _hidden_opening_lead(view, knowledge)
        if lead is None:
            return weights
        leader, card = lead
        suit, rank = card.index // 13, card.index % 13 + 2
        notrump = contract.strain is Strain.NT
        partner_bid = suit in _bid_suits(view, leader)[0]
        played = knowledge.played[leader]
        out = list(weights)
        for i, lay in enumerate(layouts):
            ranks = _suit_ranks(lay[leader] | played, suit)
            if _conventional_lead(ranks, notrump, partner_bid) != rank:
                out[i] *= self.lead_consistency
        return out

    def _reading_weights(self, view: SeatView, knowledge: Knowledge, context: TableContext,
                         layouts: Sequence[tuple[int, int, int, int]], weights: list[float],
                         contract: Contract) -> list[float]:
        """The layouts' weights times what the play so far says of each (cheap: no solving): the
        readings of :meth:`_reading_steps`, one after the other."""
        if len(layouts) <= 1:
            return weights
        for _, step in self._reading_steps(view, knowledge, context, contract):
            weights = step(layouts, weights)
        return weights

    def _reading_steps(self, view: SeatView, knowledge: Knowledge, context: TableContext, contract: Contract
                       ) -> list[tuple[str, Callable[[Sequence[Layout], list[float]], list[float]]]]:
        """The readings of the play that apply to this view, in order, each named and given as a
        function of the layouts and their weights: the opening lead (its card, and with
        ``lead_inference`` its choice), the top of a sequence at every defender's lead, restricted
        choice, declarer's habits, the reads carried from earlier decisions, and the defenders'
        signals. ``bazas bench readings`` measures them one by one."""
        assert view.seat is not None and view.declarer is not None
        declarer = view.declarer
        defending = view.seat.side != declarer.side
        opening_lead = not view.tricks and view.current is None
        steps: list[tuple[str, Callable[[Sequence[Layout], list[float]], list[float]]]] = []
        if self.lead_consistency < 1.0:
            steps.append(("opening lead card", lambda lays, w: self._lead_weights(view, knowledge, lays, w, contract)))
        reading = self.lead_inference if defending else self.declarer_lead_inference
        if reading > 0.0 and not opening_lead:
            steps.append(("opening lead", lambda lays, w: self._lead_reading_weights(
                view, knowledge, context, lays, w, contract, reading)))
        if self.sequence_reading < 1.0 and not opening_lead:
            steps.append(("top of a sequence", lambda lays, w: self._sequence_weights(view, knowledge, lays, w)))
        if self.restricted_choice:
            known_habits = {view.seat.partner} | {s for s in SEATS if s.name in context.computer_seats}
            steps.append(("restricted choice", lambda lays, w: self._choice_weights(
                view, knowledge, lays, w, skip=known_habits)))
        if (self.habit_reading < 1.0 and defending and declarer in knowledge.hidden
                and declarer.name in context.computer_seats):
            steps.append(("declarer's habits", lambda lays, w: self._habit_weights(
                view, lays, w, declarer, self.habit_reading)))
        if self.play_model and not opening_lead and (view.tricks or view.current is not None):
            deciders = {s for s in knowledge.hidden if s.name in context.computer_seats}
            if deciders:
                steps.append(("leads, by the play model", lambda lays, w: self._play_model_weights(
                    view, lays, w, contract, deciders)))
        if self.carry_reads:
            steps.append(("carried reads", lambda lays, w: self._carried_weights(view, lays, w)))
        if self.signals and defending:
            steps.append(("signals", lambda lays, w: self._signal_weights(view, knowledge, lays, w, contract)))
        elif self.read_signals and not defending:
            # Declarer reads the defenders' signals where it knows their method: computer players.
            signallers = [s for s in knowledge.hidden if s.name in context.computer_seats]
            if signallers:
                steps.append(("signals", lambda lays, w: self._signal_weights(
                    view, knowledge, lays, w, contract, signallers)))
        return steps

    def _lead_reading_weights(self, view: SeatView, knowledge: Knowledge, context: TableContext,
                              layouts: Sequence[tuple[int, int, int, int]], weights: list[float],
                              contract: Contract, sharpness: float) -> list[float]:
        """Weigh each layout by the chance that the opening leader, with its hand there, made the
        opening lead it made (:func:`bazas.bots.leads.lead_likelihood`; cheap: no solving): by the
        textbook table, or a computer leader's by the player's own (``lead_reading_table``)."""
        lead = _hidden_opening_lead(view, knowledge)
        if lead is None:
            return weights
        leader, card = lead
        partner_suits, enemy_suits = _bid_suits(view, leader)
        played = knowledge.played[leader]
        rules, convention = LEAD_RULES, 0.0
        if self.lead_reading_table not in ("own", "textbook", "model"):
            raise ValueError(f"lead_reading_table: no table named {self.lead_reading_table!r} (own, textbook, model)")
        if leader.name in context.computer_seats and self.lead_reading_table == "model" and self.lead_model:
            return self._model_reading_weights(view, layouts, weights, contract, leader, card.index, played)
        if self.lead_reading_table == "own" and leader.name in context.computer_seats:
            rules, sharpness, convention = self._lead_rules(), self.own_lead_sharpness, self.own_lead_convention
        base = (card.index, view.contract, partner_suits, enemy_suits, sharpness, convention, rules is LEAD_RULES)
        if len(self._lead_cache) > 20000:
            self._lead_cache.clear()
        out = list(weights)
        for i, lay in enumerate(layouts):
            hand = lay[leader] | played
            key = (hand,) + base
            p = self._lead_cache.get(key)
            if p is None:
                p = lead_likelihood(hand, card.index, contract, partner_suits, enemy_suits, sharpness,
                                    rules, convention)
                self._lead_cache[key] = p
            out[i] *= p
        return out if sum(out) > 0.0 else weights

    def _play_model_weights(self, view: SeatView, layouts: Sequence[Layout], weights: list[float],
                            contract: Contract, deciders: Collection[Seat]) -> list[float]:
        """Every lead to tricks 2.. decided by one of ``deciders`` (hidden computer players),
        read by the play model (``play_model``; cheap: no solving)."""
        assert view.declarer is not None and self.play_model is not None
        declarer = view.declarer
        tricks = [(t.leader, [c.index for _, c in t.cards]) for t in view.tricks]
        if view.current is not None and view.current.cards:
            tricks.append((view.current.leader, [c.index for _, c in view.current.cards]))
        dummy = declarer.partner
        dummy_cards = 0 if view.dummy_hand is None else view.dummy_hand.mask
        for leader, cards in tricks:
            for i, c in enumerate(cards):
                if leader.after(i) == dummy:
                    dummy_cards |= 1 << c
        events = [e for e in lead_events(tricks, declarer, contract.strain, dummy_cards,
                                         suit_roles(view.calls, view.dealer, declarer))
                  if e.decider in deciders]
        if not events:
            return weights
        model = load_play_model(self.play_model)
        memo: dict[tuple[int, int, int, int], tuple[float, float]] = {}
        sharp = self.play_model_sharpness
        out = list(weights)
        for i, lay in enumerate(layouts):
            factor = 1.0
            for e in events:
                factor *= model.likelihood(e, lay[e.decider] | e.later, memo)
            out[i] *= factor ** sharp if sharp != 1.0 else factor
        return out if sum(out) > 0.0 else weights

    def _model_reading_weights(self, view: SeatView, layouts: Sequence[tuple[int, int, int, int]],
                               weights: list[float], contract: Contract, leader: Seat, card: int,
                               played: int) -> list[float]:
        """A computer opening leader's lead read by the lead model it leads by (``lead_model``,
        :class:`bazas.bots.lead_model.LeadReader`; ``lead_reading_table`` "model")."""
        assert view.declarer is not None and self.lead_model is not None
        roles = auction_roles(view.calls, view.dealer, leader, view.declarer)
        key = (self.lead_model, card, view.contract, roles, self.model_lead_sharpness, self.model_lead_convention)
        reader = self._lead_readers.get(key)
        if reader is None:
            if len(self._lead_readers) > 8:
                self._lead_readers.clear()
            reader = LeadReader(load_lead_model(self.lead_model), contract, roles, self.model_lead_sharpness,
                                self.model_lead_convention)
            self._lead_readers[key] = reader
        out = [w * reader.likelihood(lay[leader] | played, card) for w, lay in zip(weights, layouts, strict=True)]
        return out if sum(out) > 0.0 else weights

    def _sequence_weights(self, view: SeatView, knowledge: Knowledge,
                          layouts: Sequence[tuple[int, int, int, int]], weights: list[float]) -> list[float]:
        """Top of a sequence, read (cheap: no solving): a layout's weight times
        ``sequence_reading`` for every trick a hidden defender led with a card under an equal
        card it then held (its cards then: those it holds in the layout plus those it played from
        that trick on; equal: every rank between held by it or played in an earlier trick)."""
        assert view.declarer is not None
        tricks = list(view.tricks) + ([view.current] if view.current is not None else [])
        leads: list[tuple[Seat, int, int]] = []       # (leader, card led, cards of earlier tricks)
        earlier = 0
        for t in tricks:
            if not t.cards:
                continue
            leader, card = t.cards[0]
            if leader.side != view.declarer.side and leader in knowledge.hidden:
                leads.append((leader, card.index, earlier))
            for _, c in t.cards:
                earlier |= c.bit
        if not leads:
            return weights
        played_from = [knowledge.played[leader] & ~before for leader, _, before in leads]   # from its lead on
        out = list(weights)
        for i, lay in enumerate(layouts):
            factor = 1.0
            for (leader, led, before), later in zip(leads, played_from, strict=True):
                if _equal_beyond(led, lay[leader] | later, before, 1):
                    factor *= self.sequence_reading
            out[i] *= factor
        return out if sum(out) > 0.0 else weights

    @staticmethod
    def _choice_weights(view: SeatView, knowledge: Knowledge, layouts: Sequence[tuple[int, int, int, int]],
                        weights: list[float], skip: Collection[Seat] = ()) -> list[float]:
        """Restricted choice (cheap: no solving): a layout's weight times, for every card a hidden
        seat (not in ``skip``) played following suit, 1/k where k is how many equal cards (its
        class) that seat then held; equal: same suit, every rank between held by that seat or its
        partner or played in an earlier trick."""
        tricks = list(view.tricks) + ([view.current] if view.current is not None else [])
        flat: list[tuple[Seat, int, int]] = []   # (seat, card, cards of earlier tricks) when following suit
        done = 0
        for t in tricks:
            led = t.cards[0][1].index // 13 if t.cards else -1
            for pos, (seat, card) in enumerate(t.cards):
                flat.append((seat, card.index, done if pos and card.index // 13 == led else -1))
            for _, card in t.cards:
                done |= card.bit
        hidden = set(knowledge.hidden)
        out = list(weights)
        for i, lay in enumerate(layouts):
            later = [0, 0, 0, 0]
            factor = 1.0
            for seat, idx, earlier in reversed(flat):
                later[seat] |= 1 << idx
                if earlier < 0 or seat not in hidden or seat in skip:
                    continue
                own = lay[seat] | later[seat]
                side = own | lay[seat.partner] | later[seat.partner] | earlier
                base = idx - idx % 13
                k = 1
                for step in (1, -1):
                    r = idx + step
                    while base <= r < base + 13 and side >> r & 1:
                        k += own >> r & 1
                        r += step
                factor /= k
            out[i] *= factor
        return out

    @staticmethod
    def _habit_weights(view: SeatView, layouts: Sequence[tuple[int, int, int, int]],
                       weights: list[float], seat: Seat, factor: float) -> list[float]:
        """A computer player's habits among equal cards, read (cheap: no solving): a layout's
        weight times ``factor`` for every card ``seat`` played that was not its habit's pick from
        the equals it then held (:func:`_representative`: the top when leading, the lowest
        otherwise; equal as in :func:`equivalence_classes`, with the cards of the tricks completed
        before). Its cards then: those it holds in the layout and those it played from that trick
        on."""
        tricks = list(view.tricks) + ([view.current] if view.current is not None else [])
        plays: list[tuple[int, bool, int]] = []   # (card, leading, cards of earlier tricks)
        earlier = 0
        for t in tricks:
            for pos, (who, card) in enumerate(t.cards):
                if who == seat:
                    plays.append((card.index, pos == 0, earlier))
            for _, card in t.cards:
                earlier |= card.bit
        if not plays:
            return weights
        out = list(weights)
        for i, lay in enumerate(layouts):
            holding = lay[seat]
            f = 1.0
            for idx, leading, before in reversed(plays):
                holding |= 1 << idx
                if _equal_beyond(idx, holding, before, 1 if leading else -1):   # its habit's card instead
                    f *= factor
            out[i] *= f
        return out if sum(out) > 0.0 else weights

    def _signal_card(self, view: SeatView, candidates: Sequence[int], hand: int, default: int) -> int:
        """The card the signalling convention picks among ``candidates`` (cards of equal value)
        when the player is a defender following suit (or discarding, with ``signal_discards``)
        outside the trump suit; ``default`` otherwise."""
        if view.current is None or not view.current.cards or view.seat is None or view.declarer is None:
            return default
        if view.seat.side == view.declarer.side or default not in candidates:
            return default
        strain = Contract.parse(view.contract or "1NT").strain
        trump = -1 if strain is Strain.NT else int(strain)
        suit = view.current.cards[0][1].index // 13
        if default // 13 == suit:
            if self.suit_preference and preference_situation(view.current.leader, view.seat, view.declarer, suit,
                                                             trump, self._dummy_before(view)):
                return choose_preference([c for c in candidates if c // 13 == suit], hand, suit, trump)
            kind = situation(view.current.leader, view.seat, view.declarer)
            if kind is None or suit == trump:
                return default
            ruff = trump if self.signal_ruffs and trump >= 0 else None
            honour = led_honour_read(view.current.cards[0][1].index, kind, trump)
            return choose_signal([c for c in candidates if c // 13 == suit], hand, suit, kind, ruff, honour)
        if self.signal_discards and default // 13 != trump:
            found = choose_discard([c for c in candidates if c // 13 != trump], hand)
            return default if found is None else found
        return default

    def _preference_lead(self, view: SeatView, candidates: Sequence[int], hand: int, default: int,
                         contract: Contract) -> int:
        """A defender's lead of a suit its partner has shown out of: the suit-preference card
        among ``candidates`` (cards of that suit of equal value); ``default`` otherwise."""
        assert view.seat is not None and view.declarer is not None
        trump = -1 if contract.strain is Strain.NT else int(contract.strain)
        suit = default // 13
        void = bool(self._shown_out(view, view.seat.partner) >> suit & 1)
        if not preference_situation(view.seat, view.seat, view.declarer, suit, trump, None, void):
            return default
        return choose_preference(candidates or [default], hand, suit, trump)

    @staticmethod
    def _shown_out(view: SeatView, seat: Seat) -> int:
        """Suits (bit per suit index) ``seat`` has shown out of in the play so far."""
        out = 0
        tricks = list(view.tricks) + ([view.current] if view.current is not None else [])
        for t in tricks:
            if not t.cards:
                continue
            led = t.cards[0][1].index // 13
            for s, c in t.cards[1:]:
                if s == seat and c.index // 13 != led:
                    out |= 1 << led
        return out

    @staticmethod
    def _dummy_before(view: SeatView) -> int | None:
        """Dummy's cards when the trick in progress began (None before dummy is faced)."""
        if view.dummy_hand is None or view.dummy is None:
            return None
        m = view.dummy_hand.mask
        if view.current is not None:
            for s, c in view.current.cards:
                if s == view.dummy:
                    m |= c.bit
        return m

    def _signal_weights(self, view: SeatView, knowledge: Knowledge, layouts: Sequence[tuple[int, int, int, int]],
                        weights: list[float], contract: Contract,
                        signallers: Collection[Seat] | None = None) -> list[float]:
        """Weigh each layout by how well the cards the ``signallers`` (defenders; by default the
        defender's partner) played fit the signalling convention in it
        (:func:`bazas.bots.signals.layout_weight`; cheap: no solving)."""
        assert view.seat is not None and view.declarer is not None
        seats = [s for s in (signallers if signallers is not None else (view.seat.partner,))
                 if s in knowledge.hidden and s.side != view.declarer.side]
        trump = -1 if contract.strain is Strain.NT else int(contract.strain)
        tricks = list(view.tricks) + ([view.current] if view.current is not None else [])
        ruff = trump if self.signal_ruffs and trump >= 0 else None
        out = list(weights)
        for seat in seats:
            cards = partner_cards(tricks, seat, view.declarer, trump, self.signal_discards, self.suit_preference,
                                  view.dummy_hand.mask if view.dummy_hand is not None else None)
            if cards:
                out = [w * layout_weight(cards, lay[seat], self.signal_mismatch, self.signal_unequal, ruff)
                       for w, lay in zip(out, layouts, strict=False)]
        return out if sum(out) > 0.0 else weights

    def _play_weights(self, view: SeatView, knowledge: Knowledge, layouts: Sequence[tuple[int, int, int, int]],
                      solved: list[dict[int, int]], weights: list[float], plan: PlayPlan,
                      deadline: float, factor: float | Mapping[Seat, float] | None = None,
                      only: Collection[Seat] | None = None,
                      leads_of: Collection[Seat] = ()) -> tuple[list[dict[int, int]], list[float], int]:
        """Down-weight layouts in which a card another player chose in this trick or the last
        would have lost a trick double dummy: players rarely make such mistakes, so those
        layouts are less likely. Costs one solve per layout and checked card (the most recent
        cards first, within ``consistency_cost`` times the decision's own solving).
        ``factor``: the weight factor per trick lost (default ``consistency``), or one per seat;
        ``only``: check only these seats' cards; ``leads_of``: these seats' leads to earlier tricks
        are checked too (the most recent first; never the opening lead)."""
        assert view.seat is not None
        factor = self.consistency if factor is None else factor
        factor_of = factor if isinstance(factor, Mapping) else {s: factor for s in Seat}
        own = {view.seat}
        if view.seat == view.declarer and view.dummy is not None:
            own.add(view.dummy)
        tricks = list(view.tricks) + ([view.current] if view.current is not None else [])
        strain = Contract.parse(view.contract or "1NT").strain
        trump = -1 if strain is Strain.NT else int(strain)
        # Every card played, in order: (seat, index, trick number, leader, cards before it in the trick).
        flat: list[tuple[Seat, int, int, Seat, tuple[int, ...]]] = []
        for t_no, t in enumerate(tricks):
            before: list[int] = []
            for seat, card in t.cards:
                flat.append((seat, card.index, t_no, t.leader, tuple(before)))
                before.append(card.index)
        start = 4 * max(0, len(view.tricks) - 1)
        n = len(solved)
        per_layout = max(plan.cost, plan.allowance / max(1, n)) * self.consistency_cost
        checks: list[int] = []
        spent = 0.0
        for j in range(len(flat) - 1, -1, -1):
            seat, _, t_no, _, prior = flat[j]
            if j < start and (prior or seat not in leads_of):
                continue
            if j == 0 or seat in own or seat not in knowledge.hidden and seat != view.dummy:
                continue
            if only is not None and seat not in only:
                continue
            c = _cost(13 - t_no, not prior)
            if spent + c > per_layout:
                break
            spent += c
            checks.append(j)
        if not checks:
            return solved, weights, 0
        positions: list[Position] = []
        for lay in layouts[:n]:
            for j in checks:
                hands = list(lay)
                for seat, idx, *_ in flat[j:]:
                    hands[seat] |= 1 << idx
                _, _, _, leader, in_trick = flat[j]
                positions.append(Position((hands[0], hands[1], hands[2], hands[3]), trump, int(leader), in_trick))
        k = len(checks)
        results = self._solve_until(positions, max(1, 16 // k) * k, deadline)
        done = len(results) // k
        if done < 1:
            return solved, weights, 0
        # passed[i][c]: the weight factor check c gives layout i (1: the card did not lose a trick).
        passed = [[1.0] * k for _ in range(done)]
        out = list(weights[:done])
        for i in range(done):
            for c, j in enumerate(checks):
                res = results[i * k + c]
                idx = flat[j][1]
                if res and idx in res:
                    loss = max(res.values()) - res[idx]
                    if loss > 0:
                        passed[i][c] = factor_of[flat[j][0]] ** min(loss, 2)
                        out[i] *= passed[i][c]
        if sum(out) <= 0.0:  # every layout contradicts the play: trust none of the checks
            out = list(weights[:done])
        elif self.carry_reads:
            self._keep_reads(view, knowledge, layouts[:done], weights[:done], passed, checks, flat)
        return solved[:done], out, k

    def _keep_reads(self, view: SeatView, knowledge: Knowledge, layouts: Sequence[Layout], weights: Sequence[float],
                    passed: Sequence[Sequence[float]], checks: Sequence[int],
                    flat: Sequence[tuple[Seat, int, int, Seat, tuple[int, ...]]]) -> None:
        """``carry_reads``: what each check said (``passed[i][c]``: check c's factor for layout i),
        kept for the deal's later decisions as a likelihood of the checked seat's length, when it
        played the card, in the suit of that card."""
        if len(self._reads) > 64:   # a player kept for many deals
            self._reads.clear()
        reads = self._reads.setdefault(self._deal_key(view), {})
        for c, j in enumerate(checks):
            seat, idx = flat[j][0], flat[j][1]
            if seat not in knowledge.hidden:
                continue
            suit = idx // 13
            later = sum(1 for s, i, *_ in flat[j:] if s == seat and i // 13 == suit)
            num: dict[int, float] = {}
            den: dict[int, float] = {}
            for lay, w, factors in zip(layouts, weights, passed, strict=True):
                f = factors[c]
                length = (lay[seat] & _SUIT_MASKS[suit]).bit_count() + later
                num[length] = num.get(length, 0.0) + w * f
                den[length] = den.get(length, 0.0) + w
            mean = sum(num.values()) / max(sum(den.values()), 1e-12)
            # One pseudo-layout at the mean per length: a length seen in few layouts says little.
            like = {n: (num[n] + mean) / (den[n] + 1.0) for n in den}
            top = max(like.values())
            if top > 0.0:
                reads[j] = (seat, suit, {n: v / top for n, v in like.items()}, mean / top)

    def _carried_weights(self, view: SeatView, layouts: Sequence[Layout], weights: list[float]) -> list[float]:
        """The reads kept by :meth:`_keep_reads` for cards before the last trick (those of this trick
        and the last are checked again), applied to each layout's weight."""
        reads = self._reads.get(self._deal_key(view))
        if not reads:
            return weights
        flat = [(seat, card.index) for t in view.tricks for seat, card in t.cards]
        if view.current is not None:
            flat += [(seat, card.index) for seat, card in view.current.cards]
        start = 4 * max(0, len(view.tricks) - 1)
        out = list(weights)
        for j, (seat, suit, like, default) in reads.items():
            if j >= start:
                continue
            later = sum(1 for s, i in flat[j:] if s == seat and i // 13 == suit)
            for n, lay in enumerate(layouts):
                out[n] *= like.get((lay[seat] & _SUIT_MASKS[suit]).bit_count() + later, default)
        if sum(out) <= 0.0:
            return weights
        return out

    @staticmethod
    def _deal_key(view: SeatView) -> tuple[Any, ...]:
        """One seat's deal: what the player keeps from one decision to the next is filed under it."""
        return (view.seat, view.original_hand.mask if view.original_hand else 0, view.dealer, view.calls)

    def _solve_until(self, positions: Sequence[Position], batch: int, deadline: float) -> list[dict[int, int]]:
        """Solve ``positions`` in order until ``deadline`` (read on :meth:`clock`): the results
        solved so far, at least one chunk.

        Chunks of ``batch`` go to a solver elsewhere (a pool); in this process, where a batch
        saves nothing, one position at a time. The next chunk is not begun when the mean time of
        a chunk says it would end past the deadline: a batch begun just before it ran on past it
        by up to a batch's time (a tenth of a second and more at trick one), which set the
        slowest cards' latency (issue 9, p99)."""
        clock = self.clock()
        step = 1 if isinstance(self.solver, LocalSolver) else batch
        results: list[dict[int, int]] = []
        start_time = clock()
        for k, start in enumerate(range(0, len(positions), step), 1):
            results.extend(self.solver.solve_many(positions[start:start + step]))
            now = clock()
            if now + (now - start_time) / k > deadline:
                break
        return results

    def _refine_lead(self, view: SeatView, layouts: Sequence[Layout], leads: Sequence[int], deadline: float,
                     nodes: int | None) -> list[dict[int, int]]:
        """The tricks each of ``leads`` takes for the leader's side in each layout, one layout after
        another, until ``nodes`` DDS nodes (if given) or past ``deadline`` on :meth:`clock`: for
        each lead, the position after it, solved for the best reply only."""
        assert isinstance(self.solver, LocalSolver)
        clock = self.clock()
        out: list[dict[int, int]] = []
        spent = 0
        for lay in layouts:
            if clock() > deadline or (nodes is not None and spent >= nodes):
                break
            base = self._position(view, lay)
            after = []
            for card in leads:
                after.append(base.after(card)[0])
            replies, cost = self.solver.solve_best_counted(after)
            spent += cost
            out.append({card: base.tricks_left - r for card, r in zip(leads, replies, strict=True)})
        if nodes is not None:
            self.last_info["nodes"] = self.last_info.get("nodes", 0) + spent
        return out

    def _solve_nodes(self, positions: Sequence[Position], nodes: int, guard: float) -> list[dict[int, int]]:
        """Solve ``positions`` one at a time, in order, until they have taken ``nodes`` DDS search
        nodes in all (at least one position), or past ``guard`` on :meth:`clock`."""
        assert isinstance(self.solver, LocalSolver)
        clock = self.clock()
        results: list[dict[int, int]] = []
        spent = 0
        for pos in positions:
            solved, cost = self.solver.solve_counted([pos])
            results.extend(solved)
            spent += cost
            if spent >= nodes or clock() > guard:
                break
        self.last_info["nodes"] = spent
        return results

    def clock(self) -> Callable[[], float]:
        """The clock a decision's budget and deadlines are read on: this process's CPU time when
        the solver works in this process (a loaded machine then slows the wall clock only, never
        the quality of a decision), else the wall clock (a pool of solver processes)."""
        return time.process_time if isinstance(self.solver, LocalSolver) else time.perf_counter

    def _plan(self, view: SeatView, budget: Budget, cards_left: int, leading: bool) -> PlayPlan:
        key = self._deal_key(view)
        bank = self._banks.get(key)
        if bank is None or bank.cards >= 26:
            if len(self._banks) > 64:
                self._banks.clear()
            bank = _Bank(credit=budget.seconds)
            self._banks[key] = bank
        weight = _TRICK_WEIGHT.get(cards_left, 1.0)
        allowance = budget.seconds * weight + min(bank.credit, 2 * budget.seconds) * 0.5
        cost = _cost(cards_left, leading)
        if cards_left < 13 or not leading:
            cost *= self.cost_scale
        samples = int(allowance / cost)
        cap = self.max_samples
        if self.cheap_factor > 1.0 and cost <= _CHEAP_COST:
            cap = int(self.max_samples * self.cheap_factor)
        samples = max(self.min_samples, min(cap, samples))
        exact_limit = max(samples, min(self.exact_cap, int(allowance / cost)))
        planned = min(samples, exact_limit) * cost
        bank.credit += budget.seconds - planned
        bank.credit = max(0.0, bank.credit)
        bank.cards += 1
        return PlayPlan(samples, exact_limit, allowance, cost)

    def _knowledge(self, view: SeatView, context: TableContext, with_constraints: bool) -> Knowledge:
        constraints: Mapping[Seat, ConstraintLike] = {}
        if with_constraints:
            replay = self.auction_replay or (
                self.auction_replay_defence and view.seat is not None and view.declarer is not None
                and view.seat.side != view.declarer.side)
            ckey = (view.dealer, view.calls, context, self.system, replay)  # promises depend on the score too
            cached = self._constraint_cache.get(ckey)
            if cached is None:
                source = self.constraints or _auction_constraints(self.system, replay, self.replay_limit)
                try:
                    cached = dict(source(view, context))
                except Exception:  # a bidding-module failure must not stop the play
                    cached = {}
                if len(self._constraint_cache) > 256:
                    self._constraint_cache.clear()
                self._constraint_cache[ckey] = cached
            constraints = cached
        return Knowledge.from_view(view, constraints)

    @staticmethod
    def _hand_of(view: SeatView, seat: Seat) -> int:
        if seat == view.seat and view.hand is not None:
            return view.hand.mask
        if seat == view.dummy and view.dummy_hand is not None:
            return view.dummy_hand.mask
        raise ValueError(f"{seat.name}'s cards are not visible to {view.seat}")

    @staticmethod
    def _played_mask(view: SeatView) -> int:
        """Cards of the completed tricks (those of the trick in progress still compete)."""
        m = 0
        for t in view.tricks:
            for _, c in t.cards:
                m |= c.bit
        return m

    @staticmethod
    def _tricks_left(view: SeatView) -> int:
        return 13 - len(view.tricks)

    @staticmethod
    def _position(view: SeatView, layout: tuple[int, int, int, int]) -> Position:
        assert view.contract is not None and view.turn is not None
        strain = Contract.parse(view.contract).strain
        trump = -1 if strain is Strain.NT else int(strain)
        if view.current is not None:
            return Position(layout, trump, int(view.current.leader), tuple(c.index for _, c in view.current.cards))
        return Position(layout, trump, int(view.turn), ())

    @staticmethod
    def _habit(card: int, hand: int, leading: bool, view: SeatView) -> float:
        """Tie-break among equally good cards: keep high cards, discard from long suits."""
        suit, rank = card // 13, card % 13
        length = (hand & _SUIT_MASKS[suit]).bit_count()
        if leading:
            return -rank / 100 + length / 1000
        return -rank + length / 100

    def _lead_priors(self, view: SeatView, hand: int, reps: Sequence[int], contract: Contract,
                     score: ScoreFunction) -> dict[int, float]:
        assert view.seat is not None
        if self.lead_model is not None:
            model = load_lead_model(self.lead_model)
            roles = auction_roles(view.calls, view.dealer, view.seat, view.seat.rho)   # declarer: RHO
            return {rep: self.lead_model_weight * model.value(hand, rep, contract, roles) for rep in reps}
        partner_suits, enemy_suits = _bid_suits(view, view.seat)
        rules = self._lead_rules()
        return {rep: lead_prior(hand, rep, contract, partner_suits, enemy_suits, rules) for rep in reps}

    @staticmethod
    def _conventional_rep(view: SeatView, hand: int, best: int, reps: Sequence[int], classes: Sequence[list[int]],
                          contract: Contract, close: Callable[[int], bool]) -> int:
        """The class of equals holding the conventional lead of ``best``'s suit, if ``close`` says its
        value is near enough ``best``'s; else ``best``."""
        assert view.seat is not None
        suit = best // 13
        partner_suits, _ = _bid_suits(view, view.seat)
        rank = _conventional_lead(_suit_ranks(hand, suit), contract.strain is Strain.NT, suit in partner_suits)
        card = suit * 13 + rank - 2
        for rep, cls in zip(reps, classes, strict=True):
            if card in cls and rep != best and close(rep):
                return rep
        return best

    def _lead_rules(self) -> tuple[LeadRule, ...]:
        """The lead table with ``lead_values`` (built once per set of values)."""
        key = tuple(sorted((self.lead_values or {}).items()))
        if self._lead_table is None or self._lead_table[0] != key:
            self._lead_table = (key, lead_table(self.lead_values))
        return self._lead_table[1]


def _hidden_opening_lead(view: SeatView, knowledge: Knowledge) -> tuple[Seat, Card] | None:
    """The opening leader and its lead, when the leader's hand is hidden from the player."""
    first = view.tricks[0] if view.tricks else view.current
    if first is None or not first.cards or first.cards[0][0] not in knowledge.hidden:
        return None
    return first.cards[0]


def _bid_suits(view: SeatView, seat: Seat) -> tuple[frozenset[int], frozenset[int]]:
    """The suits ``seat``'s partner bid and the suits the other side bid (what a leader weighs)."""
    # Which opponent is declarer does not matter here: both are "the other side".
    return bid_suits(auction_roles(view.calls, view.dealer, seat, seat.rho))


def resample(layouts: Sequence[Layout], weights: Sequence[float], n: int,
             rng: random.Random) -> tuple[list[Layout], list[float]]:
    """``n`` draws from ``layouts`` in proportion to ``weights`` by systematic resampling (one
    random offset, evenly spaced draws: the least noisy way to draw), as distinct layouts in
    order of first draw with the number of draws as weight. All weights zero: the first ``n``.

    >>> lays = [(1, 0, 0, 0), (2, 0, 0, 0), (4, 0, 0, 0), (8, 0, 0, 0)]
    >>> resample(lays, [0.0, 3.0, 0.0, 1.0], 4, random.Random(1))
    ([(2, 0, 0, 0), (8, 0, 0, 0)], [3.0, 1.0])
    """
    total = sum(weights)
    if total <= 0.0 or n <= 0:
        return list(layouts[:n]), [1.0] * min(n, len(layouts))
    step = total / n
    point = rng.random() * step
    counts: dict[int, int] = {}
    acc = 0.0
    i = 0
    for _ in range(n):
        while i < len(weights) - 1 and acc + weights[i] <= point:
            acc += weights[i]
            i += 1
        counts[i] = counts.get(i, 0) + 1
        point += step
    return [layouts[k] for k in counts], [float(c) for c in counts.values()]


def _close(best: int, reps: Sequence[int], solved: Sequence[Mapping[int, int]], weights: Sequence[float],
           value: Callable[[int], float], z: float) -> bool:
    """Is the card ``best`` ahead of the next best card by fewer than ``z`` standard errors of
    their paired difference in ``value`` (of the tricks the side to play takes) over the solved
    layouts? A difference the same in every layout is no doubt at all.

    >>> _close(0, [0, 1], [{0: 9, 1: 8}, {0: 8, 1: 9}], [1.0, 1.0], float, 2.0)
    True
    >>> _close(0, [0, 1], [{0: 9, 1: 8}, {0: 9, 1: 8}], [1.0, 1.0], float, 2.0)
    False
    """
    total = sum(weights)
    if total <= 0.0 or len(reps) < 2 or len(solved) < 2:
        return False
    best_mean = -float("inf")
    diffs: list[float] = []
    for rep in reps:
        if rep == best:
            continue
        d = [value(res[best]) - value(res[rep]) for res in solved]
        mean = sum(w * x for w, x in zip(weights, d, strict=True)) / total
        if -mean > best_mean:   # the runner-up: the smallest lead of ``best`` over another card
            best_mean, diffs = -mean, d
    mean = -best_mean
    var = sum(w * (x - mean) ** 2 for w, x in zip(weights, diffs, strict=True)) / total
    if var <= 1e-12:
        return False
    n_eff = total * total / sum(w * w for w in weights)
    return bool(mean < z * (var / n_eff) ** 0.5)


def _auction_constraints(system: str | None, replay: bool = False, replay_limit: int | None = None
                         ) -> Callable[[SeatView, TableContext], Mapping[Seat, ConstraintLike]]:
    """The bidding module's ``infer_constraints`` for a view, or with ``replay`` its
    ``replay_constraints`` (bounded at ``replay_limit`` replayed hands per seat and deal when
    given; none when the module is absent)."""

    def source(view: SeatView, context: TableContext) -> Mapping[Seat, ConstraintLike]:
        try:
            from bazas.bots import bidding
        except ImportError:
            return {}
        infer = getattr(bidding, "replay_constraints" if replay else "infer_constraints", None)
        if infer is None:
            return {}
        auction = Auction.from_calls(view.dealer, list(view.calls))
        chosen = system or context.bidding_system
        if replay and replay_limit is not None:
            found = infer(auction, chosen, context, max_replays=replay_limit)
        else:
            found = infer(auction, chosen, context)
        return {seat: c for seat, c in dict(found).items() if c is not None}

    return source


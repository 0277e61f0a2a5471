"""The sanity layer: what every call means when no table row names it, which calls are forcing
by the structure of the auction, which calls no player would make, and how to choose when no
row fits the hand.

Four declarative tables, each row with an id, its meaning in English and Spanish and the
booklet section (or bridge principle) it comes from:

- :data:`FORCES` -- calls that are forcing by the auction's structure, whatever row made them
  (a new suit by an unpassed responder, jump shifts, reverses, the fourth suit, cue-bids), and
  :data:`GAME_FORCES` -- calls after which the partnership may not stop below game;
- :data:`READINGS` -- how a call that no row gives is read (a natural reading: a raise, a rebid,
  a new suit, notrump, a cue-bid, a takeout or penalty double), with the hand it promises;
- :data:`CHECKS` -- the calls no player makes: passing a forcing call, stopping below game in a
  game-forcing auction or with known game values, bidding past the strength the partnership has
  shown, a slam without the values, the aces or the controls for it;
- :data:`INTENTS` -- the fallback: when no row fits, the first intent whose calls the hand keeps
  (its reading matches) and no check forbids (slam, game, a forced reply, competing, pass...).

The table rows are checked too: a row's call that breaks a check is skipped (see
:meth:`bazas.bots.bidding.core.System.choose`), so the properties hold for every call the bot
makes, not only for the fallback's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bazas.engine.calls import ALL_BIDS, PASS, Bid, Call, Double, Pass, Redouble, Strain

from .constraints import UNCONSTRAINED, HandConstraints, HandFeatures
from .core import CallMeaning, Choice, Situation, full_text

PRINCIPLE = "Bridge principle (SAYC SP-3, General Approach: bridge judgement)"


# ---------------------------------------------------------------------------------------------
# Public facts used by the tables
# ---------------------------------------------------------------------------------------------


def bid_at(level: int, strain: Strain) -> Bid | None:
    return ALL_BIDS[(level - 1) * 5 + strain] if 1 <= level <= 7 else None


def partner_range(sit: Situation) -> tuple[int, int]:
    return sit.hcp_range(sit.partner)


def partner_expected(sit: Situation) -> int:
    """Partner's HCP to plan with: the middle of a narrow range, the minimum plus a few of a
    wide one."""
    lo, hi = partner_range(sit)
    return (lo + min(hi, lo + 8)) // 2


def our_side_opened(sit: Situation) -> bool:
    op = sit.opener
    return op is not None and sit.is_us(op)


def is_jump(sit: Situation, call: Call) -> bool:
    return isinstance(call, Bid) and call.level > sit.cheapest_level(call.strain)


def our_natural_suits(sit: Situation) -> set[int]:
    return {int(s) for s in sit.natural_strains(sit.seat) | sit.natural_strains(sit.partner) if s is not Strain.NT}


def their_natural_suits(sit: Situation) -> set[int]:
    return {int(s) for s in sit.natural_strains(sit.lho) | sit.natural_strains(sit.rho) if s is not Strain.NT}


def is_new_suit(sit: Situation, call: Call) -> bool:
    if not isinstance(call, Bid) or call.strain is Strain.NT:
        return False
    s = int(call.strain)
    return s not in our_natural_suits(sit) and s not in their_natural_suits(sit) \
        and not (sit.our_suits() >> s & 1)


def is_cue_bid(sit: Situation, call: Call) -> bool:
    return isinstance(call, Bid) and call.strain is not Strain.NT and int(call.strain) in their_natural_suits(sit) \
        and int(call.strain) not in our_natural_suits(sit)


def below_game(sit: Situation, call: Bid) -> bool:
    return call.level < sit.game_level(call.strain)


def combined_need(sit: Situation, level: int, strain: Strain) -> int:
    """Combined points a partnership needs to bid ``level`` in ``strain`` on strength alone:
    nothing below the invitational level; an invitation 7 short of game values, game 3 short of
    them (the expected values are a range); a small slam 31 (32 in notrump), a grand 35 (36)."""
    if level >= 7:
        return 36 if strain is Strain.NT else 35
    if level == 6:
        return 32 if strain is Strain.NT else 31
    game = sit.game_level(strain)
    gp = sit.game_points(strain)
    if level >= game:
        return gp - 3
    if level == game - 1 and level >= 2:
        return gp - 7
    return 0


def my_points(sit: Situation, f: HandFeatures, strain: Strain) -> int:
    """My strength for a contract in ``strain``: HCP at notrump; in a suit, total points, or
    dummy points when partner has shown three or more cards in it."""
    if strain is Strain.NT:
        return f.hcp
    s = int(strain)
    if sit.min_len(sit.partner, s) >= 3 and f.lengths[s] >= 3:
        return max(f.points, f.dummy_points(s))
    return f.points


def known_fit(sit: Situation, f: HandFeatures, suit: int) -> int:
    """Cards in ``suit`` the partnership is known to hold (mine and partner's promised minimum)."""
    return f.lengths[suit] + sit.min_len(sit.partner, suit)


def partner_min_count(mask: int) -> int:
    return next((n for n in range(5) if mask >> n & 1), 0)


def forced_reply(sit: Situation, call: Call) -> bool:
    """A call made because partner forced us, at the cheapest level of its strain."""
    return sit.partner_forcing() and isinstance(call, Bid) and not is_jump(sit, call)


def competitive(sit: Situation, f: HandFeatures, call: Bid) -> bool:
    """The opponents are bidding and the call is a suit bid the law of total tricks allows
    (level + 6 at most the partnership's known trumps, plus one)."""
    if call.strain is Strain.NT or not sit.opponents_bid():
        return False
    return call.level + 6 <= known_fit(sit, f, int(call.strain)) + 1


# ---------------------------------------------------------------------------------------------
# Forcing by structure
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Force:
    """A kind of call that is forcing for one round, whatever row made it."""

    id: str
    test: Callable[[Situation, Call, CallMeaning], bool]
    en: str
    es: str
    source: str


def _new_suit_by_responder(sit: Situation, call: Call, m: CallMeaning) -> bool:
    op = sit.opener
    if op != sit.partner or sit.has_passed() or not isinstance(call, Bid) or not below_game(sit, call):
        return False
    first = sit.history[sit.start]
    if not isinstance(first.call, Bid) or first.call.strain is Strain.NT or first.artificial:  # notrump systems define their own
        return False
    if not is_new_suit(sit, call):
        return False
    # Over their natural notrump overcall a new suit is to play.
    if Strain.NT in sit.natural_strains(sit.lho) | sit.natural_strains(sit.rho):
        return False
    # After opener's 1NT rebid a new suit is not forcing (unless a reverse or a jump).
    pm = sit.last_action_of(sit.partner)
    if pm is not None and pm is not first and isinstance(pm.call, Bid) and pm.call.strain is Strain.NT \
            and pm.call.level == 1:
        mine = [b for _, b in sit.bids_of(sit.seat)]
        return bool(mine) and call.strain > mine[0].strain and call.level >= 2 or is_jump(sit, call)
    return True


def _jump_shift(sit: Situation, call: Call, m: CallMeaning) -> bool:
    return our_side_opened(sit) and isinstance(call, Bid) and is_new_suit(sit, call) and is_jump(sit, call) \
        and below_game(sit, call) and not m.preempt and bool(sit.bids_of(sit.seat) or sit.opener == sit.partner)


def _reverse(sit: Situation, call: Call, m: CallMeaning) -> bool:
    if sit.opener != sit.seat or not isinstance(call, Bid) or call.strain is Strain.NT:
        return False
    mine = sit.bids_of(sit.seat)
    if len(mine) != 1 or mine[0][1].strain is Strain.NT or call.level != 2 or not is_new_suit(sit, call):
        return False
    first = mine[0][1]
    partner = sit.bids_of(sit.partner)
    return first.level == 1 and call.strain > first.strain and bool(partner) and partner[-1][1].level == 1


def _fourth_suit(sit: Situation, call: Call, m: CallMeaning) -> bool:
    if not our_side_opened(sit) or sit.opponents_bid() or not isinstance(call, Bid) or call.strain is Strain.NT:
        return False
    ours = our_natural_suits(sit)
    return len(ours) == 3 and int(call.strain) not in ours and below_game(sit, call)


def _cue_bid(sit: Situation, call: Call, m: CallMeaning) -> bool:
    return isinstance(call, Bid) and is_cue_bid(sit, call) and below_game(sit, call)


FORCES: tuple[Force, ...] = (
    Force("force.new_suit", _new_suit_by_responder, "a new suit by an unpassed responder",
          "un palo nuevo del respondedor que no ha pasado",
          "SAYC SP-3, General Approach — new suits by responder are forcing"),
    Force("force.jump_shift", _jump_shift, "a jump shift", "un salto en palo nuevo",
          "SAYC SP-3, Major/Minor Suit Opening Bids — jump shifts"),
    Force("force.reverse", _reverse, "a reverse by opener", "un reverse del abridor",
          "SAYC SP-3, Rebids by Opener — reverses"),
    Force("force.fourth_suit", _fourth_suit, "the fourth suit", "el cuarto palo",
          "SAYC SP-3, General Approach — fourth suit forcing"),
    Force("force.cue_bid", _cue_bid, "a cue-bid of the opponents' suit", "un cuebid del palo contrario",
          "SAYC SP-3, Competitive Bidding — cue-bids"),
)

#: Rows (by id prefix) after which the partnership is forced to game.
GAME_FORCES: tuple[tuple[str, str], ...] = (
    ("open.2c", "SAYC SP-3, Strong 2♣ Opening — forcing to game unless opener rebids 2NT"),
    ("r1M.jacoby", "SAYC SP-3, Major Suit Opening Bids — Jacoby 2NT"),
    ("r1M.jump_shift", "SAYC SP-3, Major Suit Opening Bids — jump shift"),
    ("r1m.jump_shift", "SAYC SP-3, Minor Suit Opening Bids — jump shift"),
    ("r1m.2nt", "SAYC SP-3, Minor Suit Opening Bids — 2NT 13–15"),
    ("r1m.gf", "SAYC SP-3, Minor Suit Opening Bids"),
    ("o1.jump_shift", "SAYC SP-3, Rebids by Opener — jump shift"),
    ("o.1nt.jump_shift", "SAYC SP-3, Rebids by Opener — jump shift"),
    ("adv.x.cue", "SAYC SP-3, Takeout Doubles — advancer's cue-bid"),
)


def structural_force(sit: Situation, call: Call, m: CallMeaning) -> Force | None:
    for f in FORCES:
        if f.test(sit, call, m):
            return f
    return None


def game_forced(sit: Situation) -> bool:
    """Has our side made a game-forcing call (and the force not been released)?"""
    for m in sit.history:
        if not sit.is_us(m.seat) or not m.rules:
            continue
        if any(r.startswith(p) for r in m.rules for p, _ in GAME_FORCES if r == p or r.startswith(p + ".")) \
                or ("force.jump_shift" in m.rules):
            if m.rules[0].startswith("open.2c") and _two_clubs_released(sit):
                continue
            return True
    return False


def _two_clubs_released(sit: Situation) -> bool:
    """2♣-2♦-2NT (22-24) may be passed."""
    tail = [str(c) for c in sit.tail]
    return len(tail) >= 5 and tail[:5] == ["2C", "P", "2D", "P", "2NT"]


# ---------------------------------------------------------------------------------------------
# Readings: the meaning of a call no row gives
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reading:
    """How a call outside the table is read: ``applies`` says when, ``hand`` what it promises."""

    id: str
    applies: Callable[[Situation, Call], bool]
    hand: Callable[[Situation, Call], HandConstraints]
    en: str
    es: str
    source: str
    artificial: bool = False


def _strength(sit: Situation, call: Call) -> HandConstraints:
    """A bid's strength promise: enough, with partner's shown maximum, for its level."""
    if not isinstance(call, Bid):
        return UNCONSTRAINED
    lo, hi = partner_range(sit)
    need = combined_need(sit, call.level, call.strain) - hi
    if need <= 0:
        return UNCONSTRAINED
    if call.strain is Strain.NT:
        return HandConstraints(hcp=(need, 37))
    return HandConstraints(points=(need, 60))


def _length(suit: int, lo: int) -> HandConstraints:
    return UNCONSTRAINED.with_length(suit, lo, 13)


def _is_takeout_double(sit: Situation, call: Call) -> bool:
    last = sit.last_bid
    return isinstance(call, Double) and last is not None and last.strain is not Strain.NT and last.level <= 3 \
        and not sit.our_contract and not sit.bids_of(sit.partner) and not any(
            isinstance(m.call, Double) for m in sit.history if m.seat == sit.partner)


def _takeout_hand(sit: Situation, call: Call) -> HandConstraints:
    last = sit.last_bid
    assert last is not None
    return HandConstraints(hcp=(11, 37)).with_length(int(last.strain), 0, 2)


def _penalty_hand(sit: Situation, call: Call) -> HandConstraints:
    last = sit.last_bid
    c = HandConstraints(hcp=(max(0, 10 - partner_range(sit)[0] // 2), 37))
    if last is not None and last.strain is not Strain.NT:
        c = c.with_length(int(last.strain), 3, 13)
    return c


def _raise_applies(sit: Situation, call: Call) -> bool:
    return isinstance(call, Bid) and call.strain is not Strain.NT and call.strain in sit.natural_strains(sit.partner)


def _raise_hand(sit: Situation, call: Call) -> HandConstraints:
    assert isinstance(call, Bid)
    s = int(call.strain)
    need = min(4, max(2, 8 - sit.min_len(sit.partner, s)))
    return _length(s, need).intersect(_strength(sit, call))


def _rebid_applies(sit: Situation, call: Call) -> bool:
    return isinstance(call, Bid) and call.strain is not Strain.NT and call.strain in sit.natural_strains(sit.seat)


def _rebid_hand(sit: Situation, call: Call) -> HandConstraints:
    assert isinstance(call, Bid)
    s = int(call.strain)
    need = min(6, max(5, sit.min_len(sit.seat, s)))
    return _length(s, need).intersect(_strength(sit, call))


def _new_hand(sit: Situation, call: Call) -> HandConstraints:
    assert isinstance(call, Bid)
    s = int(call.strain)
    # An overcall or a bid at the three level or higher shows a five-card suit.
    need = 5 if (not our_side_opened(sit) or call.level >= 3) else 4
    return _length(s, need).intersect(_strength(sit, call))


def _nt_hand(sit: Situation, call: Call) -> HandConstraints:
    c = _strength(sit, call)
    theirs = sum(1 << s for s in their_natural_suits(sit))
    unguarded = theirs & ~sit.known(sit.partner).stoppers
    if unguarded and isinstance(call, Bid) and call.level <= 3:
        c = c.intersect(HandConstraints(stoppers=unguarded))
    return c


def _cue_hand(sit: Situation, call: Call) -> HandConstraints:
    return HandConstraints(hcp=(10, 37)).intersect(_strength(sit, call))


READINGS: tuple[Reading, ...] = (
    Reading("sense.pass", lambda s, c: isinstance(c, Pass), lambda s, c: UNCONSTRAINED,
            "Pass: nothing more to say", "Paso: nada más que decir", PRINCIPLE),
    Reading("sense.redouble", lambda s, c: isinstance(c, Redouble), lambda s, c: HandConstraints(hcp=(10, 37)),
            "Redouble: the balance of strength", "Redoblo: la mayoría de la fuerza",
            "SAYC SP-3, Doubles — redouble shows 10+ HCP"),
    Reading("sense.double.takeout", _is_takeout_double, _takeout_hand,
            "Takeout double: opening values, short in their suit", "Doblo informativo: valores de apertura, corto en su palo",
            "SAYC SP-3, Doubles — takeout doubles"),
    Reading("sense.double.penalty", lambda s, c: isinstance(c, Double), _penalty_hand,
            "Penalty double", "Doblo de castigo", "SAYC SP-3, Doubles — penalty doubles"),
    Reading("sense.cue", lambda s, c: isinstance(c, Bid) and is_cue_bid(s, c), _cue_hand,
            "Cue-bid of the opponents' suit: forcing, a strong hand", "Cuebid del palo contrario: forzante, mano fuerte",
            "SAYC SP-3, Competitive Bidding — cue-bids", artificial=True),
    Reading("sense.nt", lambda s, c: isinstance(c, Bid) and c.strain is Strain.NT, _nt_hand,
            "Natural notrump, their suits stopped", "Sin triunfo natural, con sus palos parados",
            "SAYC SP-3, General Approach — natural notrump"),
    Reading("sense.raise", _raise_applies, _raise_hand, "Support for partner's suit", "Apoyo al palo del compañero",
            "SAYC SP-3, General Approach — raises show support"),
    Reading("sense.rebid", _rebid_applies, _rebid_hand, "Rebids the suit: extra length", "Repite el palo: longitud extra",
            "SAYC SP-3, Rebids — rebidding a suit shows extra length"),
    Reading("sense.new", lambda s, c: isinstance(c, Bid), _new_hand, "Natural: a new suit", "Natural: un palo nuevo",
            "SAYC SP-3, General Approach — new suits are natural"),
)


def read(sit: Situation, call: Call) -> CallMeaning | None:
    """The reading of ``call`` (see :data:`READINGS`), with its structural forcing."""
    for r in READINGS:
        if r.applies(sit, call):
            c = r.hand(sit, call)
            en, es = r.en, r.es
            m = CallMeaning(len(sit.calls), sit.seat, call, (r.id,), c, es, en, False, r.artificial, False, (r.source,))
            if isinstance(call, Bid):
                f = structural_force(sit, call, m)
                if f is not None:
                    m = CallMeaning(m.index, m.seat, call, m.rules, c, f"{es} ({f.es})", f"{en} ({f.en})", True,
                                    r.artificial, False, (r.source, f.source))
            return m
    return None


# ---------------------------------------------------------------------------------------------
# Checks: the calls no player makes
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Check:
    """A sanity rule: ``breaks(sit, hand, call, meaning)`` is True when the call breaks it."""

    id: str
    breaks: Callable[[Situation, HandFeatures, Call, CallMeaning], bool]
    en: str
    es: str


def _passes_forcing(sit: Situation, f: HandFeatures, call: Call, m: CallMeaning) -> bool:
    return isinstance(call, Pass) and sit.partner_forcing()


def _passes_artificial(sit: Situation, f: HandFeatures, call: Call, m: CallMeaning) -> bool:
    """Partner's artificial bid at the four level or higher (an ace or king reply) is the
    contract and nobody acted since: it names no strain to play in."""
    if not isinstance(call, Pass):
        return False
    pm = sit.last_action_of(sit.partner)
    return pm is not None and pm.artificial and isinstance(pm.call, Bid) and pm.call.level >= 4 \
        and sit.last_bid == pm.call and sit.last_bidder == sit.partner \
        and all(isinstance(c, Pass) for c in sit.calls[pm.index + 1:])


def _our_game_reached(sit: Situation) -> bool:
    last = sit.last_bid
    return last is not None and sit.completes_game(last)


def _passes_game_force(sit: Situation, f: HandFeatures, call: Call, m: CallMeaning) -> bool:
    if not isinstance(call, Pass) or not sit.our_contract or sit.doubled or _our_game_reached(sit):
        return False
    return game_forced(sit)


def _passes_game_values(sit: Situation, f: HandFeatures, call: Call, m: CallMeaning) -> bool:
    """Our contract below game while the partnership's known minimum reaches game in notrump."""
    if not isinstance(call, Pass) or not sit.our_contract or sit.doubled or _our_game_reached(sit):
        return False
    last = sit.last_bid
    assert last is not None
    return f.hcp + partner_range(sit)[0] >= sit.game_points(Strain.NT) + 1


def _exempt_from_strength(sit: Situation, f: HandFeatures, call: Bid, m: CallMeaning) -> bool:
    return m.preempt or m.artificial or forced_reply(sit, call) or competitive(sit, f, call)


def _beyond_strength(sit: Situation, f: HandFeatures, call: Call, m: CallMeaning) -> bool:
    if not isinstance(call, Bid) or call.level >= 6 or _exempt_from_strength(sit, f, call, m):
        return False
    need = combined_need(sit, call.level, call.strain)
    return need > 0 and my_points(sit, f, call.strain) + partner_range(sit)[1] < need


def _slam_exempt(sit: Situation, call: Call, m: CallMeaning) -> bool:
    last = sit.last_bid
    their_high = last is not None and not sit.our_contract and last.level >= 5
    return not isinstance(call, Bid) or call.level < 6 or m.artificial or m.preempt or their_high


def partner_points_floor(sit: Situation) -> int:
    """Partner's least points: the HCP shown, or the dummy points of a raise (a limit raise
    promises 10 dummy points however few of them are high cards).

    >>> from bazas.bots.bidding.sayc import SAYC
    >>> from bazas.bots.base import TableContext
    >>> from bazas.engine.calls import parse_call
    >>> from bazas.engine.seats import Seat
    >>> sit = SAYC.situation(Seat.N, [parse_call(c) for c in "1S P 3S P".split()], TableContext.at("rubber"))
    >>> partner_range(sit)[0], partner_points_floor(sit)
    (5, 10)
    """
    known = sit.known(sit.partner)
    return max([partner_range(sit)[0], *(lo for _, lo, _ in known.dummy)])


def _slam_values(sit: Situation, f: HandFeatures, call: Call, m: CallMeaning) -> bool:
    """An ace ask needs 29 combined points (it is a slam try); after my own ask the values
    were checked when I asked."""
    if isinstance(call, Bid) and _asks_aces(m):
        return f.points + partner_points_floor(sit) < 29
    if _slam_exempt(sit, call, m):
        return False
    assert isinstance(call, Bid)
    if call.strain is not Strain.NT and known_fit(sit, f, int(call.strain)) < 8:
        return True
    if _i_asked(sit):
        return False
    need = combined_need(sit, call.level, call.strain)
    return my_points(sit, f, call.strain) + partner_range(sit)[0] < need


def _slam_aces(sit: Situation, f: HandFeatures, call: Call, m: CallMeaning) -> bool:
    if _slam_exempt(sit, call, m):
        return False
    assert isinstance(call, Bid)
    aces = f.aces + partner_min_count(sit.known(sit.partner).aces)
    combined = f.hcp + partner_range(sit)[0]
    # 32 combined HCP leave at most 8 outside: two aces exactly, a rare case a quantitative
    # auction accepts.
    if call.level == 7:
        return aces < 4 and combined < 37
    return aces < 3 and combined < 32


def _asks_aces(m: CallMeaning) -> bool:
    return any("blackwood.ask" in r or "gerber.ask" in r or r.endswith("kings.ask") for r in m.rules)


def _i_asked(sit: Situation) -> bool:
    return any(sit.is_us(m.seat) and m.seat == sit.seat and _asks_aces(m) for m in sit.history)


def _uncontrolled(f: HandFeatures, suits: Iterable[int]) -> bool:
    for s in suits:
        bits = f.suit_bits[s]
        if not (bits & (1 << 12) or bits & (1 << 11) or f.lengths[s] <= 1):
            return True
    return False


def _slam_controls(sit: Situation, f: HandFeatures, call: Call, m: CallMeaning) -> bool:
    """A suit slam (or an ace ask on the way to one) with a side suit where we may lose two
    quick tricks: I hold neither its ace nor its king nor shortness, and partner has not bid it.
    After my own ace ask the asker decides (Blackwood when in doubt)."""
    if _slam_exempt(sit, call, m) or _i_asked(sit):
        return False
    assert isinstance(call, Bid)
    if call.strain is Strain.NT:
        return False
    partner_suits = sit.natural_strains(sit.partner)
    return _uncontrolled(f, (s for s in range(4) if s != int(call.strain) and Strain(s) not in partner_suits))


CHECKS: tuple[Check, ...] = (
    Check("check.pass_forcing", _passes_forcing, "never pass partner's forcing call",
          "nunca pasar una voz forzante del compañero"),
    Check("check.pass_artificial", _passes_artificial, "never pass partner's artificial reply (an ace or king count)",
          "nunca pasar una respuesta artificial del compañero (cuenta de ases o reyes)"),
    Check("check.pass_game_force", _passes_game_force, "never stop below game in a game-forcing auction",
          "nunca parar por debajo de manga en una secuencia forzante a manga"),
    Check("check.pass_game_values", _passes_game_values, "never pass below game with known game values",
          "nunca pasar por debajo de manga con valores de manga conocidos"),
    Check("check.strength", _beyond_strength, "never bid past the strength the partnership has shown",
          "nunca subir más allá de la fuerza que ha mostrado la pareja"),
    Check("check.slam_values", _slam_values, "no slam without the values (31+ with a fit, 32+ at notrump)",
          "ningún slam sin los valores (31+ con fit, 32+ a sin triunfo)"),
    Check("check.slam_aces", _slam_aces, "no slam that may miss two aces (Blackwood when in doubt)",
          "ningún slam si faltan dos ases (Blackwood en caso de duda)"),
    Check("check.slam_controls", _slam_controls, "no suit slam with two quick losers in a side suit",
          "ningún slam a palo con dos perdedoras rápidas en un palo lateral"),
)


#: Checks the last-resort choice never breaks (the others yield to a kept promise: when every
#: call breaks something, passing a game-forcing auction beats a call whose promise is false).
HARD_CHECKS = frozenset({"check.pass_forcing", "check.pass_artificial", "check.slam_values", "check.slam_aces",
                         "check.slam_controls"})


def veto(sit: Situation, f: HandFeatures, call: Call, m: CallMeaning) -> str | None:
    for c in CHECKS:
        if c.breaks(sit, f, call, m):
            return c.id
    return None


# ---------------------------------------------------------------------------------------------
# The fallback: intents, tried in order
# ---------------------------------------------------------------------------------------------


Candidates = Callable[[Situation, HandFeatures], Iterable[Call]]


@dataclass(frozen=True, slots=True)
class Intent:
    """When no row fits: if ``wanted`` holds, try ``calls`` in order (each kept only if the hand
    keeps its reading and no check forbids it)."""

    id: str
    wanted: Callable[[Situation, HandFeatures], bool]
    calls: Candidates
    en: str
    es: str


def _slam_values_now(sit: Situation, f: HandFeatures) -> bool:
    lo = partner_range(sit)[0]
    if f.hcp + lo >= 33:
        return True
    return any(known_fit(sit, f, s) >= 8 and my_points(sit, f, Strain(s)) + lo >= 31 for s in range(4))


def _best_fit(sit: Situation, f: HandFeatures) -> list[int]:
    fits = [s for s in range(4) if known_fit(sit, f, s) >= 8 and (Strain(s) in sit.natural_strains(sit.partner)
                                                                    or Strain(s) in sit.natural_strains(sit.seat))]
    return sorted(fits, key=lambda s: (-(s >= 2), -known_fit(sit, f, s), -s))


def _slam_calls(sit: Situation, f: HandFeatures) -> Iterable[Call]:
    fits = _best_fit(sit, f)
    four_nt = bid_at(4, Strain.NT)
    if four_nt is not None and sit.legal(four_nt) and fits:
        yield four_nt
    for s in fits:
        b = bid_at(6, Strain(s))
        if b is not None:
            yield b
    six = bid_at(6, Strain.NT)
    if six is not None:
        yield six


def _game_values(sit: Situation, f: HandFeatures) -> bool:
    if _our_game_reached(sit) and sit.our_contract:
        return False
    return f.hcp + partner_expected(sit) >= sit.game_points(Strain.NT) or game_forced(sit)


def _game_calls(sit: Situation, f: HandFeatures) -> Iterable[Call]:
    """Game where the values suffice for that strain (a minor needs more than a major or
    notrump); else a call below the four level that keeps the auction going."""
    expected = partner_expected(sit)
    game_forcing = game_forced(sit)

    def enough(st: Strain) -> bool:
        return game_forcing or my_points(sit, f, st) + expected >= sit.game_points(st)

    fits = _best_fit(sit, f)
    for s in fits:
        st = Strain(s)
        if st.is_major and enough(st):
            yield bid_at(max(sit.cheapest_level(st), sit.game_level(st)), st) or PASS
    if enough(Strain.NT):
        yield bid_at(max(sit.cheapest_level(Strain.NT), sit.game_level(Strain.NT)), Strain.NT) or PASS
    for s in fits:
        st = Strain(s)
        if st.is_minor and enough(st):
            yield bid_at(max(sit.cheapest_level(st), sit.game_level(st)), st) or PASS
    # No fit, no stopper: a forcing cue-bid or a new suit keeps the auction going.
    for c in _forced_calls(sit, f):
        if isinstance(c, Bid) and c.level <= 3:
            yield c


def _cheap(sit: Situation, strain: Strain) -> Call:
    return sit.cheapest(strain) or PASS


def _forced_calls(sit: Situation, f: HandFeatures) -> Iterable[Call]:
    partner = sit.natural_strains(sit.partner)
    mine = sit.natural_strains(sit.seat)
    by_len = sorted(range(4), key=lambda s: (-f.lengths[s], -s))
    for s in by_len:
        if Strain(s) in partner and f.lengths[s] >= 3:
            yield _cheap(sit, Strain(s))
    for s in by_len:
        if Strain(s) in mine and f.lengths[s] >= 6:
            yield _cheap(sit, Strain(s))
    yield _cheap(sit, Strain.NT)
    for s in by_len:
        if f.lengths[s] >= 4:
            yield _cheap(sit, Strain(s))
    for s in by_len:
        if Strain(s) in partner:
            yield _cheap(sit, Strain(s))
    for s in by_len:
        yield _cheap(sit, Strain(s))
    for s in their_natural_suits(sit):
        cue = _cheap(sit, Strain(s))
        if isinstance(cue, Bid) and cue.level <= 3:
            yield cue


def _compete_calls(sit: Situation, f: HandFeatures) -> Iterable[Call]:
    for s in _best_fit(sit, f):
        yield _cheap(sit, Strain(s))
    for s in sorted(range(4), key=lambda s: (-f.lengths[s], -s)):
        if f.lengths[s] >= 6:
            yield _cheap(sit, Strain(s))


def _any_calls(sit: Situation, f: HandFeatures) -> Iterable[Call]:
    """Pass, the forced replies, then every legal call up to game, cheapest first (never past
    game without slam values: the slam intent comes first)."""
    yield PASS
    yield from _forced_calls(sit, f)
    theirs = their_natural_suits(sit)

    def sensible(c: Call) -> bool:
        if not isinstance(c, Bid):
            return True
        high_cue = c.level >= 4 and c.strain is not Strain.NT and int(c.strain) in theirs
        return c.level <= sit.game_level(c.strain) and not high_cue

    yield from (c for c in sit.auction.legal_calls() if sensible(c))


INTENTS: tuple[Intent, ...] = (
    Intent("intent.slam", _slam_values_now, _slam_calls, "slam values: asks for aces or bids the slam",
           "valores de slam: pregunta por ases o declara el slam"),
    Intent("intent.game", _game_values, _game_calls, "game values: bids game or forces",
           "valores de manga: declara la manga o fuerza"),
    Intent("intent.forced", lambda s, f: s.partner_forcing(), _forced_calls, "partner forced: the cheapest natural call",
           "el compañero forzó: la voz natural más barata"),
    Intent("intent.compete", lambda s, f: not s.our_contract and s.opponents_bid(), _compete_calls,
           "competes with a fit or a long suit", "compite con fit o con un palo largo"),
    Intent("intent.pass", lambda s, f: True, lambda s, f: (PASS,), "nothing more to say", "nada más que decir"),
    Intent("intent.any", lambda s, f: True, _any_calls, "the call that best describes the hand",
           "la voz que mejor describe la mano"),
)


class SaycSanity:
    """The sanity layer of a system (see the module docstring)."""

    def reading(self, sit: Situation, call: Call) -> CallMeaning | None:
        return read(sit, call)

    def forcing(self, sit: Situation, call: Call, meaning: CallMeaning) -> bool:
        return structural_force(sit, call, meaning) is not None

    def veto(self, sit: Situation, f: HandFeatures, call: Call, meaning: CallMeaning) -> str | None:
        return veto(sit, f, call, meaning)

    def fallback(self, sit: Situation, f: HandFeatures) -> Choice:
        legal = sit.auction.legal_calls()
        meanings = sit.system.meanings(sit, legal)
        for intent in INTENTS:
            if not intent.wanted(sit, f):
                continue
            for call in intent.calls(sit, f):
                if call not in meanings:
                    continue
                m = meanings[call]
                if not m.constraints.matches(f) or veto(sit, f, call, m) is not None:
                    continue
                return _choice(call, m, intent)
        # Every call breaks a check or a promise: the least bad call keeps the auction legal.
        low = [c for c in legal if not isinstance(c, Bid) or c.level <= sit.game_level(c.strain)] or legal

        def rank(c: Call) -> tuple[bool, float, bool, bool, int]:
            broken = veto(sit, f, c, meanings[c])
            return (broken not in HARD_CHECKS, meanings[c].constraints.fit(f), broken is None, isinstance(c, Pass),
                    -c.level if isinstance(c, Bid) else 0)

        best = max(low, key=rank)
        return _choice(best, meanings[best], INTENTS[-1])


def _choice(call: Call, m: CallMeaning, intent: Intent) -> Choice:
    es = f"Sin regla específica ({intent.es}): {full_text(m, 'es')}"
    en = f"No specific rule ({intent.en}): {full_text(m, 'en')}"
    return Choice(call, m, None, es, en)


SANITY = SaycSanity()

__all__ = ["CHECKS", "FORCES", "GAME_FORCES", "INTENTS", "READINGS", "SANITY", "SaycSanity", "read", "veto"]

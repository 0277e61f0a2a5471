"""Standard American Yellow Card (ACBL SAYC system booklet, revised 2006) as a rule table.

The table is read top to bottom within each auction pattern. Sections:

1. conventions that apply anywhere (Blackwood, Gerber, king ask) and the part-score rule
   "a bid that completes game with our part score is game: pass it";
2. openings; 3. notrump systems (1NT, 2NT, 2♣-2♦-2NT, 1NT overcall: Stayman, Jacoby transfers,
   2♠ minor relay, Gerber, quantitative 4NT); 4. strong 2♣, weak twos, preempts; 5. responses to
   one of a suit and the rebids; 6. competition: overcalls, takeout doubles, advances, negative
   doubles, Jordan 2NT, balancing; 7. a generic layer for auctions the table does not name:
   forced replies, game and slam placement (part-score aware), law-of-total-tricks competition,
   penalty doubles and sacrifices (vulnerability aware).

Point ranges that depend on the score are computed from the table context: a part score lowers
the game level (and the values needed), IMPs vulnerable lower the game threshold by one point,
Chicago's fourth deal raises it by one.

Section 6b adds the competitive methods SAYC players assume: Michaels cue-bids and the unusual
2NT (and their answers, and our side against them), the takeout doubler's rebids and the answers
to doubles at every level, responsive and balancing doubles, the booklet's defence to 1NT
(double is for penalty, two-level suits natural), and our 1NT after interference (systems on
over a double; over an overcall, double for penalty, a cue-bid as Stayman, new suits natural).
Every row cites its booklet section (:data:`SOURCES`). What no row names, the sanity layer
(:mod:`bazas.bots.bidding.sanity`) reads, checks and chooses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bazas.engine.calls import ALL_BIDS, PASS, Bid, Call, Pass, Strain

from .conds import (
    all_of,
    better_minor,
    both,
    cheap_level_at_most,
    feature_in,
    good_suit,
    has_shortness,
    higher,
    i_did,
    is_major,
    is_minor,
    longest,
    lower,
    negate,
    no_void,
    normal_game,
    opening_strength,
    partner_did,
    partner_game_reached,
    playing_tricks,
    pos,
    short_game,
    sound_preempt,
    strain_of,
    strictly_longest,
)
from .constraints import HandConstraints
from .core import CallFn, CallMeaning, Cond, H, Rule, Situation, System, rule
from .patterns import Bindings
from .sanity import SANITY

R = rule


def G(id: str, call: str | CallFn, hand: H | None, en: str, es: str, **kw: Any) -> Rule:
    """A generic-layer row (pattern ``...``): used only for calls the specific rows leave undefined."""
    return rule(id, "...", call, hand, en, es, generic=True, **kw)


# ---------------------------------------------------------------------------------------------
# Helpers computing public ranges
# ---------------------------------------------------------------------------------------------


def plo(sit: Situation) -> int:
    return sit.hcp_range(sit.partner)[0]


def pexp(sit: Situation) -> int:
    """Partner's HCP to plan a game with: the promised minimum, two more when the promise is a
    wide range (an opener "10-21" usually has 12 or more)."""
    lo, hi = sit.hcp_range(sit.partner)
    return lo + 2 if hi - lo >= 8 else lo


def phi(sit: Situation) -> int:
    return sit.hcp_range(sit.partner)[1]


def gp(sit: Situation, strain: Strain) -> int:
    return sit.game_points(strain)


def at_least(n: int) -> tuple[int, int]:
    return (max(0, n), 60)


def between(lo: int, hi: int) -> tuple[int, int]:
    return (max(0, lo), max(0, hi)) if hi >= lo else (1, 0)


def trump_suit(sit: Situation) -> Strain:
    """The suit our slam auction is about: the suit partner bid just before my ace ask (asking
    right over it agrees it), else the agreed suit, else the suit partner showed longest, else
    notrump."""
    asks = [m for m in sit.history if m.seat == sit.seat and m.call in (bid(4, Strain.C), bid(4, Strain.NT))
            and any("blackwood" in r or "gerber" in r for r in m.rules)]
    mine = asks[-1] if asks else sit.last_action_of(sit.seat)
    if mine is not None and mine.call in (bid(4, Strain.C), bid(4, Strain.NT)):
        before = [m for m in sit.history[:mine.index] if m.seat == sit.partner and not isinstance(m.call, Pass)]
        if before and isinstance(before[-1].call, Bid) and not before[-1].artificial \
                and before[-1].call.strain is not Strain.NT:
            return before[-1].call.strain
    agreed = sit.agreed_suit()
    if agreed is not None:
        return Strain(agreed)
    best = max(range(4), key=lambda s: (sit.min_len(sit.partner, s), s))
    if sit.min_len(sit.partner, best) >= 5:
        return Strain(best)
    for m in reversed(sit.history):
        if m.seat == sit.seat and isinstance(m.call, Bid) and not m.artificial and m.call.strain is not Strain.NT:
            return m.call.strain
    return Strain.NT


def total_count(mine: int, partner_mask: int) -> int:
    """Partnership total of aces (or kings) from my count and partner's allowed counts; "0 or 4"
    is read as 4 when I hold none."""
    totals = [mine + p for p in range(5) if partner_mask >> p & 1 and mine + p <= 4]
    return max(totals) if totals else mine


def my_counts(sit: Situation, kind: str, ok: Callable[[int], bool]) -> tuple[int, ...]:
    """My possible ace (or king) counts for which the partnership total satisfies ``ok``."""
    k = sit.known(sit.partner)
    mask = k.aces if kind == "aces" else k.kings
    return tuple(a for a in range(5) if ok(total_count(a, mask)))


def bid(level: int, strain: Strain) -> Bid | None:
    return ALL_BIDS[(level - 1) * 5 + strain] if 1 <= level <= 7 else None


def at_level(level: int, strain: Strain, sit: Situation) -> Bid | None:
    b = bid(level, strain)
    return b if b is not None and sit.legal(b) else None


# ---------------------------------------------------------------------------------------------
# 1. Conventions anywhere, part-score rule
# ---------------------------------------------------------------------------------------------


def _blackwood_rows() -> list[Rule]:
    rows: list[Rule] = []
    replies = [("5C", (0, 4)), ("5D", (1,)), ("5H", (2,)), ("5S", (3,))]
    for call, aces in replies:
        rows.append(R(f"bw.reply.{call}", "... 4NT P", call, H(aces=aces),
                      "Blackwood reply", "Respuesta a Blackwood",
                      when=partner_did("blackwood"), artificial=True))
    kreplies = [("6C", (0, 4)), ("6D", (1,)), ("6H", (2,)), ("6S", (3,))]
    for call, kings in kreplies:
        rows.append(R(f"kings.reply.{call}", "... 5NT P", call, H(kings=kings),
                      "Reply to the king ask", "Respuesta a la pregunta de reyes",
                      when=partner_did("kings.ask"), artificial=True))
    greplies = [("4D", (0, 4)), ("4H", (1,)), ("4S", (2,)), ("4NT", (3,))]
    for call, aces in greplies:
        rows.append(R(f"gerber.reply.{call}", "... 4C P", call, H(aces=aces),
                      "Gerber reply", "Respuesta a Gerber",
                      when=partner_did("gerber.ask"), artificial=True))

    kgreplies = [("5D", (0, 4)), ("5H", (1,)), ("5S", (2,)), ("5NT", (3,))]
    for call, kings in kgreplies:
        rows.append(R(f"gerber.kings.reply.{call}", "... 5C P", call, H(kings=kings),
                      "Reply to the Gerber king ask", "Respuesta a la pregunta de reyes de Gerber",
                      when=partner_did("gerber.kings.ask"), artificial=True))

    # The asker continues.
    def slam_call(level: int) -> CallFn:
        def f(sit: Situation, b: Bindings) -> Call | None:
            t = trump_suit(sit)
            return at_level(level, t, sit) or (at_level(level, Strain.NT, sit) if level == 6 else None)
        return f

    def stop_call(sit: Situation, b: Bindings) -> Call | None:
        t = trump_suit(sit)
        last = sit.auction.last_bid
        if last is not None and last.strain is t:
            return PASS
        cheap = sit.cheapest(t)
        return cheap if cheap is not None and cheap.level <= 6 else None

    rows += [
        R("kings.ask", "... 4NT P B P", "5NT",
          H(aces=lambda s, b: my_counts(s, "aces", lambda t: t == 4),
            hcp=lambda s, b: at_least(35 - plo(s))),
          "King ask (all the aces are ours): grand slam try", "Pregunta de reyes (tenemos todos los ases): intento de gran slam",
          when=i_did("blackwood"), forcing=True, artificial=True),
        R("bw.stop.controls", "... 4NT P B P", stop_call,
          H(aces=lambda s, b: my_counts(s, "aces", lambda t: t == 3)),
          "Sign-off: an ace is missing and a side suit may lose two tricks",
          "Cierre: falta un as y un palo lateral puede perder dos bazas",
          when=i_did("blackwood"), prefer=_side_suit_open),
        R("bw.slam", "... 4NT P B P", slam_call(6),
          H(aces=lambda s, b: my_counts(s, "aces", lambda t: t >= 3)),
          "Small slam: at most one ace missing", "Pequeño slam: falta como mucho un as",
          when=i_did("blackwood")),
        R("bw.stop", "... 4NT P B P", stop_call,
          H(aces=lambda s, b: my_counts(s, "aces", lambda t: t <= 2)),
          "Sign-off: two aces missing", "Cierre: faltan dos ases",
          when=i_did("blackwood")),
        R("kings.grand", "... 5NT P B P", slam_call(7),
          H(kings=lambda s, b: my_counts(s, "kings", lambda t: t >= 4)),
          "Grand slam: every ace and king is ours", "Gran slam: tenemos todos los ases y reyes",
          when=i_did("kings.ask")),
        R("kings.small", "... 5NT P B P", slam_call(6),
          H(kings=lambda s, b: my_counts(s, "kings", lambda t: t <= 3)),
          "Small slam: a king is missing", "Pequeño slam: falta un rey",
          when=i_did("kings.ask")),
        R("kings.pass", "... 5NT P B P", "P", None,
          "Pass: partner's reply is our slam", "Paso: la respuesta del compañero es nuestro slam",
          when=i_did("kings.ask")),
        R("gerber.kings.ask", "... 4C P B P", "5C",
          H(aces=lambda s, b: my_counts(s, "aces", lambda t: t == 4), hcp=lambda s, b: at_least(35 - plo(s))),
          "Gerber king ask (all the aces are ours): grand slam try",
          "Pregunta de reyes de Gerber (tenemos todos los ases): intento de gran slam",
          when=i_did("gerber.ask"), forcing=True, artificial=True),
        R("gerber.kings.grand", "... 5C P B P", "7NT", H(kings=lambda s, b: my_counts(s, "kings", lambda t: t >= 4)),
          "Grand slam in notrump", "Gran slam a sin triunfo", when=i_did("gerber.kings.ask")),
        R("gerber.kings.small", "... 5C P B P", "6NT", H(kings=lambda s, b: my_counts(s, "kings", lambda t: t <= 3)),
          "Small slam in notrump: a king is missing", "Pequeño slam a sin triunfo: falta un rey",
          when=i_did("gerber.kings.ask")),
        R("gerber.slam", "... 4C P B P", "6NT",
          H(aces=lambda s, b: my_counts(s, "aces", lambda t: t >= 3)),
          "Small slam in notrump: at most one ace missing", "Pequeño slam a sin triunfo: falta como mucho un as",
          when=i_did("gerber.ask")),
        R("gerber.stop", "... 4C P B P", "4NT",
          H(aces=lambda s, b: my_counts(s, "aces", lambda t: t <= 2)),
          "Sign-off in 4NT: two aces missing", "Cierre en 4ST: faltan dos ases",
          when=i_did("gerber.ask")),
        R("gerber.stop5", "... 4C P B P", "5NT",
          H(aces=lambda s, b: my_counts(s, "aces", lambda t: t <= 2)),
          "Sign-off: two aces missing", "Cierre: faltan dos ases",
          when=i_did("gerber.ask")),
    ]
    return rows


def _side_suit_open(f: Any, sit: Situation, b: Bindings) -> bool:
    """A side suit (not trumps, not bid by partner) where I hold neither ace nor king nor
    shortness: with an ace missing, two quick losers are possible."""
    t = trump_suit(sit)
    partner = sit.natural_strains(sit.partner)
    for s in range(4):
        if Strain(s) is t or Strain(s) in partner:
            continue
        bits = f.suit_bits[s]
        if not (bits & (1 << 12) or bits & (1 << 11) or f.lengths[s] <= 1):
            return True
    return False


def _slam_cap(sit: Situation) -> int:
    """Most combined HCP with which we stop where partner put us: below slam 32, after a small
    slam 36, after a grand slam no limit."""
    last = sit.auction.last_bid
    level = last.level if last is not None else 0
    return 32 if level < 6 else (36 if level == 6 else 80)


def _score_rows() -> list[Rule]:
    return [
        R("ps.game_reached", "...", "P",
          H(hcp=lambda s, b: between(0, _slam_cap(s) - plo(s))),
          "Partner's bid is game (counting our part score): pass",
          "La voz del compañero ya es manga (contando nuestra parcial): paso",
          when=partner_game_reached()),
    ]


# ---------------------------------------------------------------------------------------------
# 2. Openings
# ---------------------------------------------------------------------------------------------


def _light_preempt(sit: Situation) -> bool:
    """Third seat, or favourable vulnerability: preempts may be lighter."""
    return sit.position == 3 or (not sit.vul_us and sit.vul_them)


def _opening_rows() -> list[Rule]:
    no4 = pos(1, 2, 3)
    return [
        R("open.3nt", "", "3NT", H(hcp="25-27", bal=True), "Opening 3NT", "Apertura de 3ST"),
        R("open.2c", "", "2C", H(hcp="22+"), "Strong artificial 2♣ opening", "Apertura fuerte y artificial de 2♣",
          forcing=True, artificial=True),
        R("open.2c.tricks", "", "2C", H(hcp="19+", bal=False), "Strong artificial 2♣ opening: nine or more playing tricks",
          "Apertura fuerte y artificial de 2♣: nueve o más bazas de juego", forcing=True, artificial=True,
          prefer=lambda f, s, b: max(f.lengths) >= 6 and playing_tricks(f) >= (10 if f.lengths[f.longest()] and f.longest() >= 2 else 11)),
        R("open.2nt", "", "2NT", H(hcp="20-21", bal=True), "Opening 2NT", "Apertura de 2ST"),
        R("open.1nt", "", "1NT", H(hcp="15-17", bal=True), "Opening 1NT", "Apertura de 1ST"),
        R("open.1M", "", "1M", H(hcp="10-21", M="5+"),
          "Opening one of a major (12+ HCP or the rule of 20)",
          "Apertura de uno a palo mayor (12+ PH o la regla de 20)",
          prefer=all_of(opening_strength, longest("M"))),
        R("open.1m", "", "1m", H(hcp="10-21", m="3+", H="-4", S="-4"),
          "Opening the better minor (no five-card major)",
          "Apertura en el mejor menor (sin mayor quinto)",
          prefer=all_of(opening_strength, better_minor)),
        R("open.1m.long", "", "1m", H(hcp="10-21", m="6+"),
          "Opening the longer minor", "Apertura en el menor más largo",
          prefer=all_of(opening_strength, strictly_longest("m"))),
        R("open.weak2", "", "2x", H(hcp="5-10", x=6), "Weak two-bid", "Dos débil",
          when=both(no4, lambda s, b: b["x"] != 0), prefer=all_of(sound_preempt("x"), no_void), order="long_high"),
        R("open.3x", "", "3x", H(hcp=lambda s, b: "4-10" if _light_preempt(s) else "5-10", x=7),
          "Preempt at the three level", "Barrage a nivel de tres",
          when=no4, prefer=lambda f, s, b: f.honours(b["x"]) >= 2, order="long_high"),
        R("open.4x", "", "4x", H(hcp="5-10", x="8+"), "Preempt at the four level", "Barrage a nivel de cuatro",
          when=no4, order="long_high"),
        R("open.pass", "", "P", H(hcp="-11"), "Pass: no opening bid", "Paso: sin apertura"),
        R("open.pass.4th", "", "P", H(hcp="-14"), "Pass in fourth seat: the rule of 15 is not met",
          "Paso en cuarta posición: no se cumple la regla de 15", when=pos(4)),
    ]


# ---------------------------------------------------------------------------------------------
# 3. Notrump systems
# ---------------------------------------------------------------------------------------------


def _nt_rows(tag: str, prefix: str, lo: int, hi: int, level: int) -> list[Rule]:
    """Responses to a natural notrump (``prefix`` ends with the pass after it) showing lo-hi HCP,
    at ``level`` (1 or 2), and the follow-ups."""
    P = prefix
    L = level
    st, tr_h, tr_s = f"{L + 1}C", f"{L + 1}D", f"{L + 1}H"

    def game_lo(s: Situation) -> int:
        return gp(s, Strain.NT) - lo

    def inv_lo(s: Situation) -> int:
        return gp(s, Strain.NT) - hi

    def accept(s: Situation) -> int:
        # opener accepts an invitation when his HCP plus responder's maximum reach game
        return gp(s, Strain.NT) - (game_lo_public(s) - 1)

    def game_lo_public(s: Situation) -> int:
        # responder's game threshold, seen from opener's seat (the same public formula)
        return gp(s, Strain.NT) - lo

    def weak_hi(s: Situation) -> int:
        # the most responder passes with: below the invitation, or -- when a part score makes
        # 2NT game and leaves no room to invite -- below game
        if L == 1 and s.game_level(Strain.NT) == 3:
            return inv_lo(s) - 1
        return game_lo(s) - 1

    mid = lo + (hi - lo + 1) // 2
    inv = normal_game("NT")

    rows = [
        R(f"{tag}.gerber.ask", P, "4C", H(hcp=lambda s, b: at_least(33 - lo), bal=False),
          "Gerber: asks for aces", "Gerber: pregunta por ases", forcing=True, artificial=True),
        R(f"{tag}.7nt", P, "7NT", H(hcp=lambda s, b: at_least(37 - lo), bal=True),
          "Grand slam in notrump", "Gran slam a sin triunfo"),
        R(f"{tag}.6nt", P, "6NT", H(hcp=lambda s, b: between(33 - lo, 36 - lo), bal=True),
          "Small slam in notrump", "Pequeño slam a sin triunfo"),
        R(f"{tag}.4nt.quant", P, "4NT", H(hcp=lambda s, b: between(31 - lo, 32 - lo), H="-3", S="-3"),
          "Quantitative: invites 6NT", "Cuantitativo: invita a 6ST"),
        R(f"{tag}.stayman.ask", P, st,
          H(hcp=lambda s, b: at_least(inv_lo(s) if L == 1 else game_lo(s)), one_of=("HS", 4)),
          "Stayman: asks for a four-card major", "Stayman: pregunta por un mayor cuarto",
          prefer=lambda f, s, b: not ((f.lengths[2] >= 5 and f.lengths[3] <= 3) or (f.lengths[3] >= 5 and f.lengths[2] <= 3)),
          forcing=True, artificial=True),
        R(f"{tag}.jt.h", P, tr_h, H(H="5+"), "Jacoby transfer to hearts", "Transferencia Jacoby a corazones",
          prefer=lambda f, s, b: f.lengths[2] > f.lengths[3] or (f.lengths[2] == f.lengths[3] and f.hcp >= 10),
          forcing=True, artificial=True),
        R(f"{tag}.jt.s", P, tr_s, H(S="5+"), "Jacoby transfer to spades", "Transferencia Jacoby a picas",
          forcing=True, artificial=True),
    ]
    if L == 1:
        rows += [
            R(f"{tag}.relay", P, "2S", H(hcp=lambda s, b: between(0, inv_lo(s) - 1), one_of=("CD", 6)),
              "Asks opener to bid 3♣: a weak hand with a long minor",
              "Pide 3♣ al abridor: mano débil con un menor largo", forcing=True, artificial=True),
            R(f"{tag}.3m.inv", P, "3m", H(hcp=lambda s, b: between(inv_lo(s), game_lo(s) - 1), m="6+"),
              "Invitational to 3NT with a good six-card minor", "Invitación a 3ST con un buen menor sexto",
              prefer=good_suit("m"), when=inv),
            R(f"{tag}.2nt.inv", P, "2NT", H(hcp=lambda s, b: between(inv_lo(s), game_lo(s) - 1), H="-3", S="-3"),
              "Invitational to 3NT", "Invitación a 3ST", when=inv),
        ]
    rows += [
        R(f"{tag}.3M", P, "3M", H(M="6+", hcp=lambda s, b: at_least(31 - hi)), "Six cards in the major, slam interest",
          "Seis cartas en el mayor, interés de slam", forcing=True, when=both(inv, lambda s, b: L == 1)),
        R(f"{tag}.stayman.weak", P, st, H(hcp=lambda s, b: between(0, inv_lo(s) - 1), S="4+", H="4+", D="4+", C="-1"),
          "Stayman with a weak hand: will pass any answer", "Stayman con mano débil: pasará cualquier respuesta",
          forcing=True, artificial=True, when=lambda s, b: L == 1),
        R(f"{tag}.3nt", P, "game:NT", H(hcp=lambda s, b: between(game_lo(s), 30 - lo), H="-4", S="-4"),
          "To play: game in notrump", "Para jugar: manga a sin triunfo"),
        R(f"{tag}.pass", P, "P",
          H(hcp=lambda s, b: between(0, weak_hi(s)), H="-4", S="-4"),
          "Pass: no game in sight", "Paso: no hay manga a la vista"),
    ]

    # Opener's replies.
    rows += [
        R(f"{tag}.stayman.h", f"{P} {st} P", f"{L + 1}H", H(H="4+"), "Four hearts (maybe four spades too)",
          "Cuatro corazones (quizá también cuatro picas)"),
        R(f"{tag}.stayman.s", f"{P} {st} P", f"{L + 1}S", H(S="4+", H="-3"), "Four spades, not four hearts",
          "Cuatro picas, no cuatro corazones"),
        R(f"{tag}.stayman.d", f"{P} {st} P", f"{L + 1}D", H(H="-3", S="-3"), "No four-card major",
          "Sin mayor cuarto", artificial=True),
    ]
    for tr, suit, letter, sym in ((tr_h, "H", "H", "♥"), (tr_s, "S", "S", "♠")):
        name_en = "hearts" if suit == "H" else "spades"
        name_es = "corazones" if suit == "H" else "picas"
        acc = f"{L + 1}{suit}"
        rows.append(R(f"{tag}.jt.{letter}.super", f"{P} {tr} P", f"3{suit}", H(hcp=hi, **{suit: "4+"}),
                      f"Super-accept: maximum with four {name_en}", f"Superaceptación: máximo con cuatro {name_es}",
                      when=lambda s, b: L == 1))
        rows.append(R(f"{tag}.jt.{letter}.accept", f"{P} {tr} P", acc, H(**{suit: "2+"}),
                      f"Accepts the transfer to {sym}", f"Acepta la transferencia a {sym}", artificial=False))
        # Responder after the transfer.
        seq = f"{P} {tr} P {acc} P"
        rows += [
            R(f"{tag}.jt.{letter}.4nt.quant", seq, "4NT", H(hcp=lambda s, b: between(31 - lo, 32 - lo), **{suit: 5}),
              f"Quantitative with five {name_en}", f"Cuantitativo con cinco {name_es}"),
            R(f"{tag}.jt.{letter}.slam6", seq, f"6{suit}", H(hcp=lambda s, b: between(33 - lo, 36 - lo), **{suit: "6+"}),
              f"Small slam in {sym}", f"Pequeño slam en {sym}"),
            R(f"{tag}.jt.{letter}.game6", seq, f"game:{suit}", H(hcp=lambda s, b: between(game_lo(s), 32 - lo), **{suit: "6+"}),
              f"Game in {sym} with six", f"Manga en {sym} con seis"),
            R(f"{tag}.jt.{letter}.3nt", seq, "game:NT", H(hcp=lambda s, b: between(game_lo(s), 30 - lo), **{suit: 5}),
              f"Choice of games: 3NT or 4{sym}", f"Elección de manga: 3ST o 4{sym}"),
            R(f"{tag}.jt.{letter}.new", seq, "cheap:m", H(hcp=lambda s, b: at_least(game_lo(s)), m="4+", **{suit: 5}),
              "A second suit: forcing to game", "Un segundo palo: forzante a manga", forcing=True,
              when=lambda s, b: s.cheapest_level(Strain(b["m"])) == L + 2 and L == 1, order="long_high"),
            R(f"{tag}.jt.{letter}.inv6", seq, f"3{suit}",
              H(hcp=lambda s, b: between(inv_lo(s), game_lo(s) - 1), **{suit: "6+"}),
              f"Invitational with six {name_en}", f"Invitación con seis {name_es}", when=lambda s, b: L == 1),
            R(f"{tag}.jt.{letter}.inv5", seq, "2NT",
              H(hcp=lambda s, b: between(inv_lo(s), game_lo(s) - 1), **{suit: 5}),
              f"Invitational with five {name_en}", f"Invitación con cinco {name_es}", when=both(inv, lambda s, b: L == 1)),
            R(f"{tag}.jt.{letter}.pass", seq, "P",
              H(hcp=lambda s, b: between(0, weak_hi(s))),
              f"Pass: plays in {sym}", f"Paso: se juega en {sym}"),
        ]
        # Opener after the invitations.
        rows += [
            R(f"{tag}.jt.{letter}.2nt.4M", f"{seq} 2NT P", f"game:{suit}", H(hcp=lambda s, b: between(accept(s), hi), **{suit: "3+"}),
              f"Accepts, with three {name_en}", f"Acepta, con tres {name_es}"),
            R(f"{tag}.jt.{letter}.2nt.3M", f"{seq} 2NT P", f"3{suit}", H(hcp=lambda s, b: between(lo, accept(s) - 1), **{suit: "3+"}),
              f"Declines, with three {name_en}", f"Rechaza, con tres {name_es}"),
            R(f"{tag}.jt.{letter}.2nt.3nt", f"{seq} 2NT P", "3NT", H(hcp=lambda s, b: between(accept(s), hi), **{suit: 2}),
              "Accepts in notrump", "Acepta a sin triunfo"),
            R(f"{tag}.jt.{letter}.2nt.pass", f"{seq} 2NT P", "P", H(hcp=lambda s, b: between(lo, accept(s) - 1), **{suit: 2}),
              "Declines", "Rechaza"),
            R(f"{tag}.jt.{letter}.3M.game", f"{seq} 3{suit} P", f"game:{suit}", H(hcp=lambda s, b: between(accept(s), hi)),
              "Accepts the invitation", "Acepta la invitación"),
            R(f"{tag}.jt.{letter}.3M.pass", f"{seq} 3{suit} P", "P", H(hcp=lambda s, b: between(lo, accept(s) - 1)),
              "Declines the invitation", "Rechaza la invitación"),
            R(f"{tag}.jt.{letter}.3nt.4M", f"{seq} 3NT P", f"4{suit}", H(**{suit: "3+"}),
              f"Prefers 4{sym} with three", f"Prefiere 4{sym} con tres"),
            R(f"{tag}.jt.{letter}.3nt.pass", f"{seq} 3NT P", "P", H(**{suit: 2}),
              "Passes 3NT with a doubleton", "Pasa 3ST con doblete"),
            R(f"{tag}.jt.{letter}.4nt.6M", f"{seq} 4NT P", f"6{suit}", H(hcp=(mid, hi), **{suit: "3+"}),
              "Accepts the slam invitation in the suit", "Acepta la invitación a slam en el palo"),
            R(f"{tag}.jt.{letter}.4nt.6nt", f"{seq} 4NT P", "6NT", H(hcp=(mid, hi), **{suit: 2}),
              "Accepts the slam invitation", "Acepta la invitación a slam"),
            R(f"{tag}.jt.{letter}.4nt.pass", f"{seq} 4NT P", "P", H(hcp=(lo, mid - 1)),
              "Declines the slam invitation", "Rechaza la invitación a slam"),
        ]
        # After a super-accept.
        rows += [] if L != 1 else [
            R(f"{tag}.jt.{letter}.super.game", f"{P} {tr} P 3{suit} P", f"4{suit}", H(hcp=lambda s, b: at_least(game_lo(s) - 4)),
              "Game after the super-accept", "Manga tras la superaceptación"),
            R(f"{tag}.jt.{letter}.super.pass", f"{P} {tr} P 3{suit} P", "P", H(hcp=lambda s, b: between(0, game_lo(s) - 5)),
              "Pass: too weak for game", "Paso: demasiado débil para manga"),
        ]
    if L == 1:
        rows += [
            R(f"{tag}.relay.3c", f"{P} 2S P", "3C", None, "Forced 3♣", "3♣ obligado", artificial=True),
            R(f"{tag}.relay.pass", f"{P} 2S P 3C P", "P", H(C="6+"), "Pass: to play in clubs", "Paso: para jugar en tréboles"),
            R(f"{tag}.relay.3d", f"{P} 2S P 3C P", "3D", H(D="6+"), "To play in diamonds", "Para jugar en diamantes"),
            R(f"{tag}.2nt.accept", f"{P} 2NT P", "game:NT", H(hcp=lambda s, b: between(accept(s), hi)),
              "Accepts the invitation", "Acepta la invitación"),
            R(f"{tag}.2nt.pass", f"{P} 2NT P", "P", H(hcp=lambda s, b: between(lo, accept(s) - 1)),
              "Declines the invitation", "Rechaza la invitación"),
            R(f"{tag}.3m.accept", f"{P} 3m P", "3NT", None, "Accepts: maximum or a fitting honour",
              "Acepta: máximo o un honor en el palo", prefer=lambda f, s, b: f.hcp >= accept(s) or f.top3(b["m"]) >= 1),
            R(f"{tag}.3m.pass", f"{P} 3m P", "P", None, "Declines", "Rechaza"),
        ]
    rows += [
        R(f"{tag}.4nt.accept", f"{P} 4NT P", "6NT", H(hcp=(mid, hi)), "Accepts the slam invitation",
          "Acepta la invitación a slam"),
        R(f"{tag}.4nt.pass", f"{P} 4NT P", "P", H(hcp=(lo, mid - 1)), "Declines the slam invitation",
          "Rechaza la invitación a slam"),
    ]
    if L == 1:
        rows += [
            R(f"{tag}.3M.blackwood.ask", f"{P} 3M P", "4NT", H(hcp=hi, M="3+"), "Blackwood: a maximum with support",
              "Blackwood: máximo con apoyo", forcing=True, artificial=True),
            R(f"{tag}.3M.game", f"{P} 3M P", "4M", None, "Game in the major", "Manga en el mayor"),
        ]
    # Responder after Stayman's answer.
    for ans, fit in ((f"{L + 1}H", "H"), (f"{L + 1}S", "S")):
        seq = f"{P} {st} P {ans} P"
        other = "S" if fit == "H" else "H"
        rows += [
            R(f"{tag}.st.{fit}.game", seq, f"game:{fit}", H(hcp=lambda s, b: between(game_lo(s), 32 - lo), **{fit: "4+"}),
              "Game in the fit", "Manga en el fit"),
            R(f"{tag}.st.{fit}.inv", seq, f"3{fit}", H(hcp=lambda s, b: between(inv_lo(s), game_lo(s) - 1), **{fit: "4+"}),
              "Invitational raise", "Apoyo invitativo", when=lambda s, b: L == 1),
            R(f"{tag}.st.{fit}.3nt", seq, "game:NT", H(hcp=lambda s, b: between(game_lo(s), 32 - lo), **{fit: "-3", other: "4+"}),
              "Game in notrump (no fit)", "Manga a sin triunfo (sin fit)"),
            R(f"{tag}.st.{fit}.2nt", seq, "2NT", H(hcp=lambda s, b: between(inv_lo(s), game_lo(s) - 1), **{fit: "-3", other: "4+"}),
              "Invitational, no fit", "Invitación, sin fit", when=both(inv, lambda s, b: L == 1)),
        ]
    seq = f"{P} {st} P {L + 1}D P"
    rows += [
        R(f"{tag}.st.d.3M", seq, "3M", H(hcp=lambda s, b: between(game_lo(s), 32 - lo), M="5+"),
          "Five cards in the major, forcing to game", "Cinco cartas en el mayor, forzante a manga", forcing=True),
        R(f"{tag}.st.d.2M", seq, "2M", H(hcp=lambda s, b: between(inv_lo(s), game_lo(s) - 1), M="5+"),
          "Five cards in the major, invitational", "Cinco cartas en el mayor, invitativo",
          when=lambda s, b: L == 1),
        R(f"{tag}.st.d.3nt", seq, "game:NT", H(hcp=lambda s, b: between(game_lo(s), 32 - lo)),
          "Game in notrump", "Manga a sin triunfo"),
        R(f"{tag}.st.d.2nt", seq, "2NT", H(hcp=lambda s, b: between(inv_lo(s), game_lo(s) - 1)),
          "Invitational", "Invitación", when=both(inv, lambda s, b: L == 1)),
    ]
    # Opener after responder's second call.
    h2, s2, d2 = f"{P} {st} P {L + 1}H P", f"{P} {st} P {L + 1}S P", f"{P} {st} P {L + 1}D P"
    rows += [
        R(f"{tag}.st.h.2nt.4s", f"{h2} 2NT P", "4S", H(S="4+", hcp=lambda s, b: between(accept(s), hi)),
          "Four spades too, accepting", "También cuatro picas, acepta"),
        R(f"{tag}.st.h.2nt.3s", f"{h2} 2NT P", "3S", H(S="4+", hcp=lambda s, b: between(lo, accept(s) - 1)),
          "Four spades too, declining", "También cuatro picas, rechaza"),
        R(f"{tag}.st.h.2nt.3nt", f"{h2} 2NT P", "3NT", H(hcp=lambda s, b: between(accept(s), hi)), "Accepts", "Acepta"),
        R(f"{tag}.st.h.2nt.pass", f"{h2} 2NT P", "P", H(hcp=lambda s, b: between(lo, accept(s) - 1)), "Declines", "Rechaza"),
        R(f"{tag}.st.h.3nt.4s", f"{h2} 3NT P", "4S", H(S="4+"), "Four spades too", "También cuatro picas"),
        R(f"{tag}.st.h.3nt.pass", f"{h2} 3NT P", "P", H(S="-3"), "Pass", "Paso"),
        R(f"{tag}.st.s.2nt.3nt", f"{s2} 2NT P", "3NT", H(hcp=lambda s, b: between(accept(s), hi)), "Accepts", "Acepta"),
        R(f"{tag}.st.s.2nt.pass", f"{s2} 2NT P", "P", H(hcp=lambda s, b: between(lo, accept(s) - 1)), "Declines", "Rechaza"),
        R(f"{tag}.st.d.2nt.3nt", f"{d2} 2NT P", "3NT", H(hcp=lambda s, b: between(accept(s), hi)), "Accepts", "Acepta"),
        R(f"{tag}.st.d.2nt.pass", f"{d2} 2NT P", "P", H(hcp=lambda s, b: between(lo, accept(s) - 1)), "Declines", "Rechaza"),
        R(f"{tag}.st.d.2M.4M", f"{d2} 2M P", "4M", H(M="3+", hcp=lambda s, b: between(accept(s), hi)),
          "Accepts in the major", "Acepta en el mayor"),
        R(f"{tag}.st.d.2M.3nt", f"{d2} 2M P", "3NT", H(M=2, hcp=lambda s, b: between(accept(s), hi)),
          "Accepts in notrump", "Acepta a sin triunfo"),
        R(f"{tag}.st.d.2M.pass", f"{d2} 2M P", "P", H(hcp=lambda s, b: between(lo, accept(s) - 1)), "Declines", "Rechaza"),
        R(f"{tag}.st.d.3M.4M", f"{d2} 3M P", "4M", H(M="3+"), "Game in the major", "Manga en el mayor"),
        R(f"{tag}.st.d.3M.3nt", f"{d2} 3M P", "3NT", H(M=2), "Game in notrump", "Manga a sin triunfo"),
    ]
    for ans in ("H", "S"):
        seq = f"{P} {st} P {L + 1}{ans} P 3{ans} P"
        rows += [
            R(f"{tag}.st.{ans}.3M.game", seq, f"4{ans}", H(hcp=lambda s, b: between(accept(s), hi)), "Accepts", "Acepta"),
            R(f"{tag}.st.{ans}.3M.pass", seq, "P", H(hcp=lambda s, b: between(lo, accept(s) - 1)), "Declines", "Rechaza"),
        ]
    # Gerber replies after a natural notrump are the Gerber rows of the first section.
    return rows


# ---------------------------------------------------------------------------------------------
# 4. Strong 2C, weak twos, preempts
# ---------------------------------------------------------------------------------------------


def _nt3_rows(tag: str, prefix: str, lo: int, hi: int) -> list[Rule]:
    """Responses to a 25-27 notrump at the three level (3NT opening, 2♣-2♦-3NT): Gerber, Jacoby
    transfers at the four level, quantitative 4NT, slams by values."""
    P = prefix
    mid = lo + (hi - lo + 1) // 2
    rows = [
        R(f"{tag}.gerber.ask", P, "4C", H(hcp=at_least(33 - lo), bal=False), "Gerber: asks for aces",
          "Gerber: pregunta por ases", forcing=True, artificial=True),
        R(f"{tag}.jt.h", P, "4D", H(H="5+"), "Transfer to hearts", "Transferencia a corazones",
          prefer=lambda f, s, b: f.lengths[2] > f.lengths[3], forcing=True, artificial=True),
        R(f"{tag}.jt.s", P, "4H", H(S="5+"), "Transfer to spades", "Transferencia a picas", forcing=True, artificial=True),
        R(f"{tag}.7nt", P, "7NT", H(hcp=at_least(37 - lo)), "Grand slam in notrump", "Gran slam a sin triunfo"),
        R(f"{tag}.6nt", P, "6NT", H(hcp=between(33 - lo, 36 - lo)), "Small slam in notrump", "Pequeño slam a sin triunfo"),
        R(f"{tag}.4nt.quant", P, "4NT", H(hcp=between(31 - lo, 32 - lo)), "Quantitative: invites 6NT", "Cuantitativo: invita a 6ST"),
        R(f"{tag}.pass", P, "P", H(hcp=between(0, 30 - lo)), "Pass: no slam", "Paso: no hay slam"),
        R(f"{tag}.jt.H.accept", f"{P} 4D P", "4H", None, "Completes the transfer", "Completa la transferencia", artificial=False),
        R(f"{tag}.jt.S.accept", f"{P} 4H P", "4S", None, "Completes the transfer", "Completa la transferencia", artificial=False),
        R(f"{tag}.4nt.accept", f"{P} 4NT P", "6NT", H(hcp=(mid, hi)), "Accepts the slam invitation", "Acepta la invitación a slam"),
        R(f"{tag}.4nt.pass", f"{P} 4NT P", "P", H(hcp=(lo, mid - 1)), "Declines the slam invitation", "Rechaza la invitación a slam"),
    ]
    for tr, suit in (("4D", "H"), ("4H", "S")):
        seq = f"{P} {tr} P 4{suit} P"
        rows += [
            R(f"{tag}.jt.{suit}.slam", seq, f"6{suit}", H(hcp=at_least(31 - lo), **{suit: "6+"}), "Small slam", "Pequeño slam"),
            R(f"{tag}.jt.{suit}.pass", seq, "P", None, "Pass: game is enough", "Paso: basta la manga"),
        ]
    return rows


def _strong_and_weak_rows() -> list[Rule]:
    rows = [
        # 2C responses
        R("2c.pos.M", "2C P", "2M", H(hcp="8+", M="5+"), "Positive with a good suit", "Positiva con un buen palo",
          prefer=good_suit("M"), forcing=True),
        R("2c.pos.m", "2C P", "3m", H(hcp="8+", m="5+"), "Positive with a good suit", "Positiva con un buen palo",
          prefer=good_suit("m"), forcing=True),
        R("2c.pos.nt", "2C P", "2NT", H(hcp="8+", bal=True), "Positive, balanced", "Positiva, equilibrada", forcing=True),
        R("2c.wait", "2C P", "2D", None, "Waiting (artificial)", "De espera (artificial)", forcing=True, artificial=True),
        # Opener's rebids
        R("2c.2nt", "2C P 2D P", "2NT", H(hcp="22-24", bal=True), "22–24 balanced", "22–24 equilibrada"),
        R("2c.3nt", "2C P 2D P", "3NT", H(hcp="25-27", bal=True), "25–27 balanced", "25–27 equilibrada"),
        R("2c.M", "2C P 2D P", "2M", H(M="5+"), "Natural, forcing to game", "Natural, forzante a manga",
          prefer=longest("M"), forcing=True),
        R("2c.m", "2C P 2D P", "3m", H(m="5+"), "Natural, forcing to game", "Natural, forzante a manga",
          prefer=longest("m"), forcing=True),
        R("2c.any", "2C P 2D P", "cheap:x", H(x="4+"), "Natural, forcing to game", "Natural, forzante a manga",
          forcing=True, order="long_high"),
        # Responder after opener's suit
        R("2c.M.raise", "2C P 2D P 2M P", "3M", H(M="3+"), "Support", "Apoyo", forcing=True),
        R("2c.M.new", "2C P 2D P 2M P", "cheap:y", H(y="5+", hcp="4+"), "Natural suit", "Palo natural",
          when=lambda s, b: b["y"] != b["M"] and s.cheapest_level(Strain(b["y"])) <= 3, forcing=True),
        R("2c.M.nt", "2C P 2D P 2M P", "cheap:NT", None, "No fit", "Sin fit", forcing=True),
        R("2c.m.raise", "2C P 2D P 3m P", "4m", H(m="4+"), "Support", "Apoyo", forcing=True),
        R("2c.m.M", "2C P 2D P 3m P", "3M", H(M="5+"), "Natural suit", "Palo natural", forcing=True),
        R("2c.m.nt", "2C P 2D P 3m P", "3NT", None, "No fit", "Sin fit"),
    ]
    # Weak twos (2D 2H 2S).
    wk = lambda s, b: b["x"] != 0  # noqa: E731
    rows += [
        R("w2.game.strong", "2x P", "game:x", H(x="3+", hcp="15+"), "Game raise", "Apoyo a manga",
          when=both(wk, is_major("x"))),
        R("w2.game.pre", "2x P", "game:x", H(x="4+", hcp="-12"), "Preemptive game raise", "Apoyo de barrage a manga",
          when=both(wk, is_major("x"))),
        R("w2.new.long", "2x P", "cheap:y", H(y="6+", hcp="15+"), "New suit, forcing: a good suit of my own",
          "Palo nuevo, forzante: un buen palo propio",
          when=both(wk, lambda s, b: s.cheapest_level(Strain(b["y"])) <= 3), prefer=good_suit("y"), forcing=True,
          order="long_high"),
        R("w2.ask", "2x P", "2NT", H(hcp="15+"), "Asks for a feature (forcing)", "Pregunta por un valor (forzante)",
          when=wk, forcing=True, artificial=True),
        R("w2.new", "2x P", "cheap:y", H(y="5+", hcp="15+"), "New suit, forcing", "Palo nuevo, forzante",
          when=both(wk, lambda s, b: s.cheapest_level(Strain(b["y"])) <= 3), forcing=True),
        R("w2.raise", "2x P", "3x", H(x="3+", hcp="-14"), "Preemptive raise (not invitational)",
          "Apoyo de barrage (no invitativo)", when=wk),
        R("w2.pass", "2x P", "P", H(hcp="-14"), "Pass", "Paso", when=wk),
        R("w2.ask.solid", "2x P 2NT P", "3NT", H(hon=("x", "3+")), "Solid suit (A K Q)", "Palo sólido (A R D)",
          prefer=lambda f, s, b: f.top3(b["x"]) == 3, when=wk),
        R("w2.ask.feature", "2x P 2NT P", "cheap:y", H(hcp="9-11", stop="y"),
          "Maximum with a feature (ace or king) in this suit", "Máximo con un valor (as o rey) en este palo",
          when=both(wk, lambda s, b: b["y"] != b["x"] and s.cheapest_level(Strain(b["y"])) == 3),
          prefer=feature_in("y"), order="cheap"),
        R("w2.ask.min", "2x P 2NT P", "3x", None, "Minimum (or no feature)", "Mínimo (o sin valor)", when=wk),
        R("w2.raised.pass", "2x P @x P", "P", None, "Pass: partner set the contract", "Paso: el compañero fijó el contrato",
          when=wk),
        R("w2.new.raise", "2x P @y P", "cheap:y", H(y="3+"), "Support for the new suit", "Apoyo al palo nuevo",
          when=wk),
        R("w2.new.rebid", "2x P @y P", "cheap:x", None, "Rebids the suit: no support", "Repite el palo: sin apoyo",
          when=wk),
    ]
    # Preempts at the three level.
    rows += [
        R("p3.game.M", "3x P", "4x", H(x="3+", hcp="14+"), "Game raise", "Apoyo a manga", when=is_major("x")),
        R("p3.3nt", "3x P", "3NT", H(hcp="16+", stop="!x"), "To play", "Para jugar", when=is_minor("x")),
        R("p3.game.m", "3x P", "5x", H(x="4+", hcp="15+"), "Game in the minor", "Manga en el menor", when=is_minor("x")),
        R("p3.new", "3x P", "cheap:y", H(y="6+", hcp="14+"), "New suit, forcing: a good suit of my own",
          "Palo nuevo, forzante: un buen palo propio", when=lambda s, b: s.cheapest_level(Strain(b["y"])) <= 4
          and b["y"] != b["x"], prefer=good_suit("y"), forcing=True, order="long_high"),
        R("p3.pass", "3x P", "P", None, "Pass", "Paso"),
        R("p4.raise", "4x P", "5x", H(x="2+", hcp="16+"), "Raise to game in the minor", "Apoyo a manga en el menor",
          when=is_minor("x")),
        R("p4.major", "4x P", "4M", H(M="6+", hcp="16+"), "To play in my major", "Para jugar en mi mayor",
          when=is_minor("x")),
        R("p4.pass", "4x P", "P", None, "Pass", "Paso"),
    ]
    return rows


# ---------------------------------------------------------------------------------------------
# 5. One of a suit: responses and rebids
# ---------------------------------------------------------------------------------------------


def _rr_game(sit: Situation, b: Bindings) -> tuple[int, int]:
    """Responder's second call: game values opposite an opener of about 12."""
    return at_least(gp(sit, Strain.NT) - 12)


def _rr_inv(sit: Situation, b: Bindings) -> tuple[int, int]:
    g = gp(sit, Strain.NT) - 12
    return between(g - 2, g - 1)


def _rr_weak(sit: Situation, b: Bindings) -> tuple[int, int]:
    """No game interest: below the invitation, or below game when a part score leaves no room
    to invite in notrump."""
    g = gp(sit, Strain.NT) - 12
    return between(0, g - 3 if sit.game_level(Strain.NT) == 3 else g - 1)


def _minor_support(s: Situation, b: Bindings) -> str:
    return "5+" if b["m"] == 0 else "4+"


def _one_suit_rows() -> list[Rule]:
    rows: list[Rule] = []
    # -- responses to 1M -------------------------------------------------------------------------
    rows += [
        R("r1M.ps.game", "1M P", "game:M",
          H(M="3+", dp=("M", lambda s, b: at_least(gp(s, Strain(b["M"])) - 12))),
          "Raise to game (counting our part score)", "Apoyo a manga (contando nuestra parcial)",
          when=short_game("M")),
        R("r1M.jacoby", "1M P", "2NT", H(M="4+", dp=("M", "13+")), "Jacoby 2NT: game-forcing raise",
          "2ST Jacoby: apoyo forzante a manga", when=normal_game("M"), forcing=True, artificial=True),
        R("r1M.jump_shift", "1M P", "jump:y", H(hcp="19+", y="5+"), "Strong jump shift", "Salto en palo nuevo fuerte",
          when=lambda s, b: b["y"] != b["M"], forcing=True),
        R("r1M.4M", "1M P", "4M", H(M="5+", hcp="-9", bal=False), "Weak, distributional raise to game",
          "Apoyo débil y distribucional a manga", prefer=has_shortness),
        R("r1M.limit", "1M P", "3M", H(M="3+", dp=("M", "10-12")), "Limit raise", "Apoyo límite",
          when=normal_game("M")),
        R("r1M.raise", "1M P", "2M", H(M="3+", dp=("M", "6-10")), "Single raise", "Apoyo simple"),
        R("r1H.1S", "1H P", "1S", H(S="4+", hcp="6+"), "New suit, forcing", "Palo nuevo, forzante", forcing=True),
        R("r1M.3nt", "1M P", "3NT", H(hcp="15-17", bal=True, M=2), "15–17 balanced", "15–17 equilibrada"),
        R("r1S.2H", "1S P", "2H", H(H="5+", hcp="10+"), "Two over one, forcing", "Dos sobre uno, forzante", forcing=True),
        R("r1M.2m", "1M P", "2m", H(m="4+", hcp="10+"), "Two over one, forcing", "Dos sobre uno, forzante",
          forcing=True),
        R("r1M.2m.three", "1M P", "2m", H(m="3+", hcp="13+", M="-3"), "Two over one in a three-card minor (game values)",
          "Dos sobre uno en un menor de tres cartas (valores de manga)", forcing=True, order="cheap"),
        R("r1H.1nt", "1H P", "1NT", H(hcp="6-10", H="-2", S="-3"), "6–10, not forcing", "6–10, no forzante"),
        R("r1S.1nt", "1S P", "1NT", H(hcp="6-10", S="-2"), "6–10, not forcing", "6–10, no forzante"),
        R("r1M.pass", "1M P", "P", H(hcp="-5"), "Pass: fewer than 6 points", "Paso: menos de 6 puntos"),
    ]
    # -- responses to 1m -------------------------------------------------------------------------
    rows += [
        R("r1m.jump_shift", "1m P", "jump:y", H(hcp="19+", y="5+"), "Strong jump shift", "Salto en palo nuevo fuerte",
          when=lambda s, b: b["y"] != b["m"], forcing=True),
        R("r1m.1y", "1m P", "1y", H(y="4+", hcp="6+"), "New suit, forcing", "Palo nuevo, forzante",
          when=higher("y", "m"), forcing=True,
          prefer=lambda f, s, b: not (b["y"] == 1 and (f.lengths[2] >= 4 or f.lengths[3] >= 4)
                                     and not (f.lengths[1] >= 5 and f.hcp >= 11))),
        R("r1m.2nt", "1m P", "2NT", H(hcp="13-15", bal=True, H="-3", S="-3"), "13–15 balanced, forcing to game",
          "13–15 equilibrada, forzante a manga", forcing=True),
        R("r1m.3nt", "1m P", "3NT", H(hcp="16-21", bal=True, H="-3", S="-3"), "16+ balanced", "16+ equilibrada"),
        R("r1D.2C", "1D P", "2C", H(C="4+", hcp="10+"), "New suit, forcing", "Palo nuevo, forzante", forcing=True),
        R("r1m.limit", "1m P", "3m", H(m="4+", hcp="10-12", H="-3", S="-3"), "Limit raise", "Apoyo límite"),
        R("r1m.raise", "1m P", "2m", H(m=_minor_support, hcp="6-10", H="-3", S="-3"), "Single raise", "Apoyo simple"),
        R("r1m.1nt", "1m P", "1NT", H(hcp="6-10", H="-3", S="-3"), "6–10, no four-card major",
          "6–10, sin mayor cuarto"),
        R("r1m.gf", "1m P", "2NT", H(hcp="13+", H="-3", S="-3"), "Forcing to game, no four-card major",
          "Forzante a manga, sin mayor cuarto", forcing=True),
        R("r1m.pass", "1m P", "P", H(hcp="-5"), "Pass: fewer than 6 points", "Paso: menos de 6 puntos"),
    ]
    # -- opener's rebid after a one-level response (1x P 1y P) --------------------------------------
    one = "1x P 1y P"
    rows += [
        R("o1.raise.game", one, "game:y", H(y="4+", dp=("y", "19+")), "Raise to game", "Apoyo a manga",
          when=is_major("y")),
        R("o1.raise.jump", one, "3y", H(y="4+", dp=("y", "16-18")), "Invitational jump raise", "Apoyo invitativo con salto",
          when=both(is_major("y"), normal_game("y"))),
        R("o1.raise", one, "2y", H(y="4+", dp=("y", "-15")), "Raise: minimum with four-card support",
          "Apoyo: mínimo con cuatro cartas", when=is_major("y")),
        R("o1.2nt", one, "2NT", H(hcp="18-19", bal=True), "18–19 balanced", "18–19 equilibrada", forcing=False,
          when=normal_game("NT")),
        R("o1.new1", one, "1z", H(z="4+", hcp="-18"), "New suit at the one level", "Palo nuevo a nivel de uno", order="cheap"),
        R("o1.1nt.game", one, "1NT", H(hcp="15-19", bal=True), "1NT: game with our part score", "1ST: manga con nuestra parcial",
          when=lambda s, b: s.game_level(Strain.NT) == 1),
        R("o1.1nt", one, "1NT", H(hcp="12-14", bal=True), "12–14 balanced", "12–14 equilibrada"),
        R("o1.jump_shift", one, "jump:z", H(z="4+", hcp="19+"), "Jump shift: forcing to game",
          "Salto en palo nuevo: forzante a manga", when=lambda s, b: s.cheapest_level(Strain(b["z"])) <= 2, forcing=True),
        R("o1.reverse", one, "2z", H(z="4+", hcp="16+"), "Reverse: 16+ and a longer first suit",
          "Reverse: 16+ y el primer palo más largo", when=both(higher("z", "x"), cheap_level_at_most("z", 2)),
          prefer=lambda f, s, b: f.lengths[b["x"]] > f.lengths[b["z"]], forcing=True),
        R("o1.new2", one, "2z", H(z="4+", hcp="-18"), "New lower suit, not forcing", "Palo nuevo inferior, no forzante",
          when=both(lower("z", "x"), cheap_level_at_most("z", 2))),
        R("o1.jump_rebid", one, "jump:x", H(x="6+", pts="17-19"), "Jump rebid: six cards, invitational",
          "Repetición con salto: seis cartas, invitativo"),
        R("o1.rebid", one, "cheap:x", H(x="6+"), "Rebids a six-card suit", "Repite un palo sexto"),
        R("o1.raise.minor", one, "2y", H(y="4+"), "Raise", "Apoyo", when=is_minor("y")),
        R("o1.rebid5", one, "cheap:x", None, "Rebids the suit (no better call)", "Repite el palo (no hay nada mejor)"),
    ]
    # -- opener after a single raise of a major, or a limit raise ---------------------------------
    rows += [
        R("o.sr.game", "1M P 2M P", "game:M", H(pts=lambda s, b: at_least(gp(s, Strain(b["M"])) - 6)), "Game", "Manga"),
        R("o.sr.inv", "1M P 2M P", "3M", H(pts=lambda s, b: between(gp(s, Strain(b["M"])) - 9, gp(s, Strain(b["M"])) - 7)),
          "Invitational", "Invitativo", when=normal_game("M")),
        R("o.sr.pass", "1M P 2M P", "P", H(pts=lambda s, b: between(0, gp(s, Strain(b["M"])) - 7)), "Minimum: pass", "Mínimo: paso"),
        R("r.sr.inv.game", "1M P 2M P 3M P", "4M", H(dp=("M", "9+")), "Accepts: top of the range", "Acepta: máximo"),
        R("r.sr.inv.pass", "1M P 2M P 3M P", "P", H(dp=("M", "-8")), "Declines", "Rechaza"),
        # Slam is possible opposite a maximum limit raise (12): 21+ points make the 33 a slam needs.
        R("o.lr.blackwood.ask", "1M P 3M P", "4NT", H(pts="21+", M="5+"), "Blackwood: slam values opposite a limit raise",
          "Blackwood: valores de slam frente a un apoyo límite", forcing=True, artificial=True,
          source="SAYC SP-3, Slam Conventions — Blackwood; Rebids by Opener — after a limit raise"),
        R("o.lr.game", "1M P 3M P", "4M", H(pts=lambda s, b: at_least(gp(s, Strain(b["M"])) - 11)), "Accepts", "Acepta"),
        R("o.lr.pass", "1M P 3M P", "P", H(pts=lambda s, b: between(0, gp(s, Strain(b["M"])) - 12)), "Declines", "Rechaza"),
        R("o.lr.m.3nt", "1m P 3m P", "3NT", H(hcp="14+", stop="!m"), "Accepts in notrump", "Acepta a sin triunfo"),
        R("o.lr.m.5m", "1m P 3m P", "5m", H(pts="17+"), "Game in the minor", "Manga en el menor"),
        R("o.lr.m.pass", "1m P 3m P", "P", None, "Declines", "Rechaza"),
        R("o.sr.m.pass", "1m P 2m P", "P", H(hcp="-16"), "Minimum: pass", "Mínimo: paso"),
        R("o.sr.m.3nt", "1m P 2m P", "3NT", H(hcp="18+"), "Game in notrump", "Manga a sin triunfo"),
        R("o.sr.m.2nt", "1m P 2m P", "2NT", H(hcp="17", bal=True), "Invitational", "Invitativo"),
        R("o.sr.m.3m", "1m P 2m P", "3m", H(hcp="17"), "Invitational", "Invitativo"),
    ]
    # -- opener after 1NT response --------------------------------------------------------------
    rows += [
        R("o.1nt.game", "1M P 1NT P", "4M", H(M="6+", pts="19+"), "Game with a long suit", "Manga con un palo largo"),
        R("o.1nt.3nt", "1x P 1NT P", "3NT", H(hcp="18-21", bal=True), "Game in notrump", "Manga a sin triunfo"),
        R("o.1nt.jump", "1x P 1NT P", "3x", H(x="6+", pts="16-18"), "Invitational jump rebid", "Repetición invitativa con salto"),
        R("o.1nt.pass", "1x P 1NT P", "P", H(hcp="-17", bal=True), "Pass: balanced", "Paso: equilibrada"),
        R("o.1nt.jump_shift", "1x P 1NT P", "jump:z", H(z="4+", hcp="19+"), "Jump shift: forcing to game",
          "Salto en palo nuevo: forzante a manga", when=lambda s, b: s.cheapest_level(Strain(b["z"])) == 2, forcing=True),
        R("o.1nt.reverse", "1x P 1NT P", "2z", H(z="4+", hcp="16+"), "Reverse: 16+", "Reverse: 16+",
          when=higher("z", "x"), prefer=lambda f, s, b: f.lengths[b["x"]] > f.lengths[b["z"]], forcing=True),
        R("o.1nt.new", "1x P 1NT P", "2z", H(z="4+", hcp="-18"), "New lower suit, not forcing",
          "Palo nuevo inferior, no forzante", when=lower("z", "x")),
        R("o.1nt.rebid", "1x P 1NT P", "2x", None, "Rebids the suit", "Repite el palo"),
    ]
    # -- opener after a two-over-one ------------------------------------------------------------
    two = "1M P 2y P"
    rows += [
        R("o21.raise", two, "3y", H(y=lambda s, b: "3+" if b["y"] >= 2 else "4+"), "Raise", "Apoyo",
          when=lower("y", "M"), forcing=True),
        R("o21.rebid6", two, "2M", H(M="6+"), "Six cards", "Seis cartas", when=lower("y", "M"), forcing=True),
        R("o21.new", two, "2z", H(z="4+"), "New suit", "Palo nuevo", when=both(lower("y", "M"), lambda s, b: s.legal(ALL_BIDS[5 + b["z"]])),
          forcing=True, order="cheap"),
        R("o21.2nt", two, "2NT", H(hcp="12-14", bal=True), "12–14 balanced", "12–14 equilibrada", when=lower("y", "M"), forcing=True),
        R("o21.3nt", two, "3NT", H(hcp="18-19", bal=True), "18–19 balanced", "18–19 equilibrada", when=lower("y", "M")),
        R("o21.rebid", two, "2M", None, "Rebids the suit (no better call)", "Repite el palo (no hay nada mejor)",
          when=lower("y", "M"), forcing=True),
    ]
    # -- Jacoby 2NT replies ------------------------------------------------------------------------
    no_short = {"C": "2+", "D": "2+", "H": "2+", "S": "2+"}
    rows += [
        R("jac.short", "1M P 2NT P", "3y", H(y="-1"), "Singleton or void in this suit", "Semifallo o fallo en este palo",
          when=lambda s, b: b["y"] != b["M"], order="cheap", forcing=True, artificial=True),
        R("jac.3M", "1M P 2NT P", "3M", H(hcp="18+", **no_short), "18+, no shortness", "18+, sin fallo ni semifallo",
          forcing=True, artificial=True),
        R("jac.3nt", "1M P 2NT P", "3NT", H(hcp="15-17", **no_short), "15–17, no shortness", "15–17, sin fallo ni semifallo",
          forcing=True, artificial=True),
        R("jac.4M", "1M P 2NT P", "4M", H(hcp="-14", **no_short), "Minimum, no shortness", "Mínimo, sin fallo ni semifallo"),
    ]
    # -- responder's second call (common cases) --------------------------------------------------
    rows += [
        R("rr.raised.game", "1x P 1M P 2M P", "game:M", H(dp=("M", lambda s, b: at_least(gp(s, Strain(b["M"])) - 12))),
          "Game", "Manga"),
        R("rr.raised.inv", "1x P 1M P 2M P", "3M",
          H(dp=("M", lambda s, b: between(gp(s, Strain(b["M"])) - 15, gp(s, Strain(b["M"])) - 13))),
          "Invitational", "Invitativo", when=normal_game("M")),
        R("rr.raised.pass", "1x P 1M P 2M P", "P", H(dp=("M", lambda s, b: between(0, gp(s, Strain(b["M"])) - 13))),
          "Pass", "Paso"),
        R("rr.1nt.game.M", "1x P 1y P 1NT P", "4y", H(y="6+", hcp="12+"), "Game with a long major", "Manga con un mayor largo",
          when=is_major("y")),
        R("rr.1nt.3nt", "1x P 1y P 1NT P", "game:NT", H(hcp=_rr_game), "Game in notrump", "Manga a sin triunfo"),
        R("rr.1nt.jump", "1x P 1y P 1NT P", "3y", H(y="6+", hcp=lambda s, b: between(_rr_inv(s, b)[0] - 2, _rr_inv(s, b)[1])), "Invitational jump rebid with six cards",
          "Repetición invitativa con salto con seis cartas", when=normal_game("y")),
        R("rr.1nt.2nt", "1x P 1y P 1NT P", "2NT", H(hcp=_rr_inv), "Invitational", "Invitativo", when=normal_game("NT")),
        R("rr.1nt.rebid", "1x P 1y P 1NT P", "2y", H(y="6+", hcp=_rr_weak), "Sign-off with a long suit",
          "Cierre con un palo largo"),
        R("rr.1nt.pass", "1x P 1y P 1NT P", "P", H(hcp=_rr_weak), "Pass", "Paso"),
    ]
    # opener showed a new suit at the one level (1x P 1y P 1z P)
    nz = "1x P 1y P 1z P"
    g13 = _rr_game
    rows += [
        R("rr.nz.raise.game", nz, "game:z", H(z="4+", dp=("z", lambda s, b: at_least(gp(s, Strain(b["z"])) - 12))),
          "Game in opener's second suit", "Manga en el segundo palo del abridor", when=is_major("z")),
        _fsf_row("rr.nz.fsf", nz, g13),
        R("rr.nz.3nt", nz, "game:NT", H(hcp=g13), "Game in notrump", "Manga a sin triunfo"),
        R("rr.nz.raise.inv", nz, "3z", H(z="4+", dp=("z", "11-12")), "Invitational raise", "Apoyo invitativo",
          when=both(is_major("z"), normal_game("z"))),
        R("rr.nz.2nt", nz, "2NT", H(hcp=_rr_inv), "Invitational", "Invitativo", when=normal_game("NT")),
        R("rr.nz.raise", nz, "2z", H(z="4+", dp=("z", "6-10")), "Raise", "Apoyo", when=is_major("z")),
        R("rr.nz.rebid", nz, "2y", H(y="6+", hcp=_rr_weak), "Rebids a six-card suit", "Repite un palo sexto"),
        R("rr.nz.pref", nz, "2x", H(x=lambda s, b: "3+" if b["x"] >= 2 else "4+", hcp=_rr_weak),
          "Preference for opener's first suit", "Preferencia por el primer palo del abridor",
          prefer=lambda f, s, b: min(f.lengths) <= 1 or f.lengths[b["x"]] >= 5),
        R("rr.nz.1nt", nz, "1NT", H(hcp=_rr_weak), "6–10, no fit", "6–10, sin fit", when=lambda s, b: s.legal(ALL_BIDS[4])),
        R("rr.nz.pass", nz, "P", H(hcp=_rr_weak), "Pass", "Paso"),
    ]
    # opener rebid his suit (1x P 1y P 2x P)
    rx = "1x P 1y P 2x P"
    rows += [
        R("rr.rx.game", rx, "game:x", H(x="2+", dp=("x", lambda s, b: at_least(gp(s, Strain(b["x"])) - 13))),
          "Game in opener's suit", "Manga en el palo del abridor", when=is_major("x")),
        R("rr.rx.3nt", rx, "game:NT", H(hcp=g13), "Game in notrump", "Manga a sin triunfo"),
        R("rr.rx.inv", rx, "3x", H(x="2+", hcp=_rr_inv), "Invitational raise", "Apoyo invitativo", when=both(is_major("x"), normal_game("x"))),
        R("rr.rx.2nt", rx, "2NT", H(hcp=_rr_inv), "Invitational", "Invitativo", when=normal_game("NT")),
        R("rr.rx.rebid", rx, "2y", H(y="6+", hcp=_rr_weak), "Rebids a six-card suit", "Repite un palo sexto",
          when=lambda s, b: s.cheapest_level(Strain(b["y"])) == 2),
        R("rr.rx.pass", rx, "P", H(hcp=_rr_weak), "Pass", "Paso"),
    ]
    # opener showed a new lower suit at the two level (1x P 1y P 2z P)
    lz = "1x P 1y P 2z P"
    rows += [
        _fsf_row("rr.lz.fsf", lz, g13),
        R("rr.lz.3nt", lz, "game:NT", H(hcp=g13), "Game in notrump", "Manga a sin triunfo", when=lower("z", "x")),
        R("rr.lz.2nt", lz, "2NT", H(hcp=_rr_inv), "Invitational", "Invitativo", when=both(lower("z", "x"), normal_game("NT"))),
        R("rr.lz.rebid", lz, "2y", H(y="6+", hcp=_rr_weak), "Rebids a six-card suit", "Repite un palo sexto",
          when=both(lower("z", "x"), lambda s, b: s.cheapest_level(Strain(b["y"])) == 2)),
        R("rr.lz.pref", lz, "2x", H(x="2+", hcp=_rr_weak), "Preference for opener's first suit", "Preferencia por el primer palo del abridor",
          when=lower("z", "x"), prefer=lambda f, s, b: f.lengths[b["x"]] >= f.lengths[b["z"]]),
        R("rr.lz.pass", lz, "P", H(hcp=_rr_weak), "Pass", "Paso", when=lower("z", "x")),
    ]
    return rows


# ---------------------------------------------------------------------------------------------
# 6. Competition
# ---------------------------------------------------------------------------------------------


class _TakeoutH(H):
    """A takeout double of suit x: short in x, three or more in each unbid major, two or more in
    each unbid minor."""

    def __init__(self, hcp: str) -> None:
        super().__init__(hcp=hcp, x="-2")

    def __call__(self, sit: Situation, b: Bindings) -> HandConstraints:
        c = super().__call__(sit, b)
        for s in (2, 3):
            if s != b["x"] and not (sit.their_suits() >> s & 1):
                c = c.with_length(s, 3, 13)
        for s in (0, 1):
            if s != b["x"] and not (sit.their_suits() >> s & 1):
                c = c.with_length(s, 2, 13)
        return c


def _cue_hcp(sit: Situation, b: Bindings) -> str:
    """Responder's cue-bid of the overcall: a limit raise of a minor, or one at the three level
    (over a jump overcall), needs real values, not shortness (issue 8: never 3♠ with 6 HCP over
    1♣ (2♠))."""
    return "10+" if b["x"] < 2 or sit.cheapest_level(Strain(b["y"])) >= 3 else "0+"


def _major_before_minor_cue(f: Any, sit: Situation, b: Bindings) -> bool:
    """Responder shows a five-card unbid major (or four, by a negative double) before cue-bidding
    support for opener's minor (SAYC: with 1m (1y), a new suit is forcing; a cue bid on three- or
    four-card minor support would bury the major fit)."""
    if b["x"] >= 2 or f.lengths[b["x"]] >= 5:
        return True
    for m in (2, 3):
        if m != b["y"] and f.lengths[m] >= 5 and (sit.cheapest_level(Strain(m)) == 1 or f.hcp >= 10):
            return False
        # four cards in an unbid major: the negative double shows it (1♣ (2♠) X, not 3♠)
        if m != b["y"] and f.lengths[m] >= 4 and _negative_range(sit, b):
            return False
    return True


def _negative_double() -> H:
    return _NegativeH()


def _negative_range(sit: Situation, b: Bindings) -> bool:
    """Negative doubles apply through 2♠."""
    last = sit.auction.last_bid
    return last is not None and last.rank <= ALL_BIDS[8].rank


class _NegativeH(H):
    """Negative double after 1x (y): four cards in each unbid major (exactly four spades after
    1m (1H)); with no unbid major, four cards in an unbid minor."""

    def __init__(self) -> None:
        super().__init__()

    def __call__(self, sit: Situation, b: Bindings) -> HandConstraints:
        c = super().__call__(sit, b)
        last = sit.auction.last_bid
        level = last.level if last is not None else 1
        c = c.intersect(H(hcp="6+" if level == 1 else "8+")(sit, b))
        used = {b["x"], b["y"]}
        majors = [s for s in (2, 3) if s not in used]
        if majors:
            for s in majors:
                hi = 4 if (b["x"] < 2 and b["y"] == 2 and s == 3) else 13
                c = c.with_length(s, 4, hi)
        else:
            minors = [s for s in (0, 1) if s not in used]
            mask = sum(1 << s for s in minors)
            c = c.intersect(HandConstraints(one_of=((mask, 4),)))
        return c


def _advance_double_rows(tag: str, adv: str) -> list[Rule]:
    """Advancing partner's takeout double (directly or in the balancing seat)."""
    rows: list[Rule] = []
    rows += [
        R(f"adv{tag}.x.pen", adv, "P", H(x="5+", hon=("x", "3+"), hcp="8+"), "Pass: converts to penalties",
          "Paso: convierte en castigo"),
        R(f"adv{tag}.x.cue", adv, "2x", H(hcp="13+"), "Cue bid: game-forcing values", "Cuebid: valores de manga", forcing=True,
          artificial=True),
        R(f"adv{tag}.x.jump", adv, "jump:y", H(y="4+", hcp="9-11"), "Jump: invitational values", "Salto: valores invitativos",
          when=lambda s, b: b["y"] != b["x"] and s.cheapest_level(Strain(b["y"])) <= 2, order="major"),
        R(f"adv{tag}.x.1nt", adv, "1NT", H(hcp="6-10", stop="x", H="-3", S="-3"), "6–10 with a stopper", "6–10 con parada"),
        R(f"adv{tag}.x.2nt", adv, "2NT", H(hcp="11-12", stop="x"), "11–12 with a stopper", "11–12 con parada"),
        R(f"adv{tag}.x.cheap", adv, "cheap:y", H(y="3+", hcp="-11"), "Forced reply: the best suit", "Respuesta forzada: el mejor palo",
          when=lambda s, b: b["y"] != b["x"], order="major"),
    ]
    return rows


def _advance_takeout_rows(tag: str, pat: str) -> list[Rule]:
    """Advancing partner's takeout double of a two- or three-level bid (or a balancing double):
    a penalty pass needs length and honours in their suit; otherwise always bid."""
    src = "SAYC SP-3, Competitive Bidding — takeout doubles: advancer's answers"
    not_x = lambda s, b: b["y"] != b["x"]  # noqa: E731
    return [
        R(f"{tag}.pen", pat, "P", H(x="5+", hon=("x", "3+"), hcp="8+"), "Pass: converts to penalties",
          "Paso: convierte en castigo", source=src),
        R(f"{tag}.game", pat, "game:y", H(y="5+", hcp="11+"), "Game in my major", "Manga en mi mayor",
          when=both(not_x, is_major("y")), source=src),
        R(f"{tag}.3nt", pat, "3NT", H(hcp="11+", stop="x"), "Game in notrump with their suit stopped",
          "Manga a sin triunfo con su palo parado", source=src),
        R(f"{tag}.cue", pat, "cheap:x", H(hcp="13+"), "Cue-bid: game values, asks for more", "Cuebid: valores de manga, pide más",
          forcing=True, artificial=True, when=lambda s, b: s.cheapest_level(Strain(b["x"])) <= 4, source=src),
        R(f"{tag}.jump", pat, "jump:y", H(y="4+", hcp="9-12"), "Jump: invitational values", "Salto: valores invitativos",
          when=both(not_x, lambda s, b: s.cheapest_level(Strain(b["y"])) + 1 < s.game_level(Strain(b["y"]))),
          order="major", source=src),
        R(f"{tag}.nt", pat, "cheap:NT", H(hcp="8-10", stop="x", bal=True), "Notrump with their suit stopped",
          "Sin triunfo con su palo parado", when=lambda s, b: s.cheapest_level(Strain.NT) <= 3, source=src),
        R(f"{tag}.bid", pat, "cheap:y", H(y="3+"), "Forced answer: my best suit", "Respuesta forzada: mi mejor palo",
          when=not_x, order="major", source=src),
        R(f"{tag}.any", pat, "cheap:y", None, "Forced answer", "Respuesta forzada", when=not_x, order="long_high",
          source=src),
    ]


def _suit_only_named(m: CallMeaning | None) -> int | None:
    """The suit of an artificial suit bid that promised fewer than four cards of it (Stayman's
    2C, a transfer, a program's Multi 2D), else None."""
    if m is None or not isinstance(m.call, Bid) or not m.artificial or m.call.strain is Strain.NT:
        return None
    suit = int(m.call.strain)
    return suit if m.constraints.lengths[suit][0] < 4 else None


def _their_call_artificial(var: str) -> Cond:
    """Right-hand opponent's last call, a bid in suit ``var``, was an outside program's alerted
    call (artificial, outside our system: :func:`~bazas.bots.bidding.core._read_as_alerted`) whose
    explanation promised no four cards in that suit. Bidding the suit is then natural, not a
    cue-bid of their suit (issue 9, "Alerts both ways": a Multi 2D says nothing of diamonds)."""
    def cond(sit: Situation, b: Bindings) -> bool:
        m = sit.last_action_of(sit.rho)
        return m is not None and not m.in_system and _suit_only_named(m) == b[var]
    return cond


def _over_artificial_rows() -> list[Rule]:
    """Over an opening the opponents alerted as artificial, its suit bid naturally: the overcall
    rows of the same level (one, two, three), the suit theirs only in name."""
    good = lambda f, s, b: f.lengths[b["x"]] >= 6 or f.good_suit(b["x"])  # noqa: E731
    en, es = "Natural overcall in the suit of their artificial call", "Intervención natural en el palo de su voz artificial"
    return [
        R("oart.1x", "1x", "cheap:x", H(x="5+", hcp="10-17"), en, es, prefer=good,
          when=both(_their_call_artificial("x"), cheap_level_at_most("x", 2))),
        R("oart.2x", "2x", "cheap:x", H(x="5+", hcp="11-17"), en, es, prefer=good,
          when=both(_their_call_artificial("x"), cheap_level_at_most("x", 3))),
        R("oart.3x", "3x", "cheap:x", H(x="6+", hcp="13+"), en, es,
          when=both(_their_call_artificial("x"), cheap_level_at_most("x", 4))),
    ]


def _competition_rows() -> list[Rule]:
    rows: list[Rule] = (_over_artificial_rows() + _two_suiter_rows() + _doubler_rows() + _balancing_more_rows()
                        + _nt_interference_rows())
    for tag, pat in (("adv2x", "2x X P"), ("adv3x", "3x X P"), ("advb2x", "2x P P X P"), ("advbfit", "1x P 2x P P X P")):
        rows += _advance_takeout_rows(tag, pat)
    # -- direct overcalls over one of a suit ------------------------------------------------------
    rows += [
        R("ov.1nt", "1x", "1NT", H(hcp="15-18", bal=True, stop="x"), "1NT overcall: 15–18 balanced with a stopper",
          "Intervención de 1ST: 15–18 equilibrada con parada"),
        R("ov.x", "1x", "X", _TakeoutH("12+"), "Takeout double", "Doblo informativo (de salida)",
          prefer=lambda f, s, b: f.hcp >= 17 or all(f.lengths[m] <= 4 for m in range(4) if m != b["x"])),
        R("ov.x.strong", "1x", "X", H(hcp="18+"), "Double, too strong to overcall", "Doblo, demasiado fuerte para intervenir"),
        R("ov.pre4", "1x", "4y", H(y="8+", hcp="5-10"), "Preemptive overcall at the four level: eight cards",
          "Intervención de barrage a nivel de cuatro: ocho cartas",
          when=lambda s, b: b["y"] >= 2 and b["y"] != b["x"], preempt=True,
          source="SAYC SP-3, Competitive Bidding — jump overcalls are weak (preemptive)"),
        R("ov.pre3", "1x", "3y", H(y="7+", hcp="5-10"), "Preemptive double-jump overcall: seven cards",
          "Intervención de barrage con doble salto: siete cartas",
          when=lambda s, b: b["y"] != b["x"] and s.cheapest_level(Strain(b["y"])) == 1, preempt=True,
          source="SAYC SP-3, Competitive Bidding — jump overcalls are weak (preemptive)"),
        R("ov.wjo", "1x", "jump:y", H(y="6+", hcp="5-10"), "Weak jump overcall", "Intervención débil con salto",
          when=lambda s, b: b["y"] != b["x"] and s.cheapest_level(Strain(b["y"])) <= 2,
          prefer=sound_preempt("y"), order="long_high", preempt=True),
        R("ov.1y", "1x", "1y", H(y="5+", hcp="8-17"), "Overcall at the one level", "Intervención a nivel de uno",
          when=higher("y", "x"), order="long_high"),
        R("ov.2y", "1x", "2y", H(y="5+", hcp="10-17"), "Overcall at the two level", "Intervención a nivel de dos",
          when=lower("y", "x"), prefer=lambda f, s, b: f.lengths[b["y"]] >= 6 or f.good_suit(b["y"]), order="long_high"),
        R("ov.pass", "1x", "P", H(hcp="-17"), "Pass", "Paso"),
    ]
    # -- balancing ------------------------------------------------------------------------------------
    rows += [
        R("bal.1nt", "1x P P", "1NT", H(hcp="11-14", bal=True, stop="x"), "Balancing 1NT: 11–14", "1ST en reapertura: 11–14"),
        R("bal.x", "1x P P", "X", _TakeoutH("9+"), "Balancing takeout double", "Doblo informativo en reapertura"),
        R("bal.x.strong", "1x P P", "X", H(hcp="15+"), "Balancing double with a strong hand", "Doblo de reapertura con mano fuerte"),
        R("bal.1y", "1x P P", "1y", H(y="5+", hcp="7-16"), "Balancing overcall", "Intervención en reapertura",
          when=higher("y", "x"), order="long_high"),
        R("bal.2y", "1x P P", "2y", H(y="5+", hcp="8-16"), "Balancing overcall", "Intervención en reapertura",
          when=lower("y", "x"), order="long_high"),
        R("bal.pass", "1x P P", "P", H(hcp="-14"), "Pass", "Paso"),
    ]
    # -- over their 1NT, weak twos and preempts ---------------------------------------------------------
    rows += [
        R("o1nt.x", "1NT", "X", H(hcp="15+"), "Penalty double", "Doblo de castigo"),
        R("o1nt.2y", "1NT", "2y", H(y="5+", hcp="8-14"), "Natural overcall", "Intervención natural",
          prefer=lambda f, s, b: f.lengths[b["y"]] >= 6 or f.good_suit(b["y"]), order="long_high"),
        R("o1nt.pass", "1NT", "P", H(hcp="-14"), "Pass", "Paso"),
        R("ow2.2nt", "2x", "2NT", H(hcp="15-18", bal=True, stop="x"), "Natural, 15–18 with a stopper",
          "Natural, 15–18 con parada"),
        R("ow2.x", "2x", "X", _TakeoutH("13+"), "Takeout double", "Doblo informativo"),
        R("ow2.x.strong", "2x", "X", H(hcp="18+"), "Double with a strong hand", "Doblo con mano fuerte"),
        R("ow2.ov", "2x", "cheap:y", H(y="5+", hcp="11-17"), "Natural overcall", "Intervención natural",
          when=lambda s, b: s.cheapest_level(Strain(b["y"])) <= 3,
          prefer=lambda f, s, b: f.lengths[b["y"]] >= 6 or f.good_suit(b["y"]), order="long_high"),
        R("ow2.pass", "2x", "P", H(hcp="-17"), "Pass", "Paso"),
        R("op3.3nt", "3x", "3NT", H(hcp="16-21", stop="x"), "To play", "Para jugar"),
        R("op3.x", "3x", "X", _TakeoutH("13+"), "Takeout double", "Doblo informativo"),
        R("op3.ov", "3x", "cheap:y", H(y="6+", hcp="13+"), "Natural overcall", "Intervención natural",
          when=lambda s, b: s.cheapest_level(Strain(b["y"])) <= 4, order="long_high"),
        R("op3.pass", "3x", "P", None, "Pass", "Paso"),
    ]
    # -- advancing a takeout double -----------------------------------------------------------------
    for tag, adv in (("", "1x X P"), (".bal", "1x P P X P")):
        rows += _advance_double_rows(tag, adv)
    rows += [
        R("adv.x.free", "1x X B", "cheap:z", H(z="4+", hcp="6+"), "Free bid: some values", "Voz libre: algunos valores",
          when=lambda s, b: b["z"] != b["x"] and s.cheapest_level(Strain(b["z"])) <= 2, order="major"),
        R("adv.x.free3", "1x X B", "cheap:z", H(z="5+", hcp="6+"), "Free bid at the three level: five cards, some values",
          "Voz libre a nivel de tres: cinco cartas, algunos valores",
          when=lambda s, b: b["z"] != b["x"] and s.cheapest_level(Strain(b["z"])) == 3, order="long_high"),
        R("adv.x.free.pass", "1x X B", "P", None, "Pass", "Paso"),
        R("adv.x.xx", "1x X XX", "cheap:y", H(y="4+"), "Shows a suit", "Muestra un palo",
          when=lambda s, b: b["y"] != b["x"], order="major"),
        R("adv.x.xx.pass", "1x X XX", "P", None, "Pass", "Paso"),
    ]
    # -- advancing an overcall ----------------------------------------------------------------------------
    for lvl in ("1", "2"):
        ov = f"1x {lvl}y P"
        rows += [
            R(f"adv{lvl}.cue", ov, "cheap:x", H(y="3+", hcp="11+"), "Cue bid: limit raise or better",
              "Cuebid: apoyo límite o más", forcing=True, artificial=True),
            R(f"adv{lvl}.jump", ov, "jump:y", H(y="4+", hcp="-8"), "Preemptive jump raise", "Apoyo de barrage con salto",
              when=lambda s, b: s.cheapest_level(Strain(b["y"])) <= 3),
            R(f"adv{lvl}.raise", ov, "cheap:y", H(y="3+", dp=("y", "6-10")), "Raise", "Apoyo"),
            R(f"adv{lvl}.new", ov, "cheap:z", H(z="5+", hcp="8-14"), "New suit, not forcing", "Palo nuevo, no forzante",
              when=lambda s, b: s.cheapest_level(Strain(b["z"])) <= 2,
              prefer=lambda f, s, b: f.good_suit(b["z"]) or f.lengths[b["z"]] >= 6 or f.hcp >= 11, order="long_high"),
            R(f"adv{lvl}.1nt", ov, "cheap:NT", H(hcp="8-11", stop="x"), "Natural, with a stopper", "Natural, con parada",
              when=lambda s, b: s.cheapest_level(Strain.NT) <= 2),
            R(f"adv{lvl}.3nt", ov, "3NT", H(hcp="15+", stop="x"), "Game in notrump", "Manga a sin triunfo"),
            R(f"adv{lvl}.pass", ov, "P", None, "Pass", "Paso"),
        ]
    # -- advancing a 1NT overcall: systems on ------------------------------------------------------------
    # (built in build_sayc with _nt_rows("ntov", "1x 1NT P", 15, 18, 1))
    # -- responder after interference ------------------------------------------------------------------
    rows += [
        R("ri.x.jordan", "1x X", "2NT", H(x=lambda s, b: "4+" if b["x"] >= 2 else "5+", dp=("x", "10+")),
          "Jordan 2NT: limit raise or better", "2ST Jordan: apoyo límite o más", artificial=True, forcing=True),
        R("ri.x.xx", "1x X", "XX", H(hcp="10+"), "Redouble: the balance of strength", "Redoblo: la mayoría de la fuerza"),
        R("ri.x.new1", "1x X", "1y", H(y="4+", hcp="6+"), "New suit, forcing", "Palo nuevo, forzante",
          when=higher("y", "x"), forcing=True),
        R("ri.x.jump", "1x X", "jump:x", H(x="4+", hcp="-7"), "Preemptive jump raise", "Apoyo de barrage con salto"),
        R("ri.x.raise", "1x X", "cheap:x", H(x=lambda s, b: "3+" if b["x"] >= 2 else "4+", dp=("x", "6-9")), "Raise", "Apoyo"),
        R("ri.x.1nt", "1x X", "1NT", H(hcp="6-9"), "6–9 points", "6–9 puntos"),
        R("ri.x.pass", "1x X", "P", None, "Pass", "Paso"),
    ]
    for lvl in ("1", "2"):
        ri = f"1x {lvl}y"
        rows += [
            R(f"ri{lvl}.cue", ri, "cheap:y", H(x="3+", dp=("x", "10+"), hcp=_cue_hcp), "Cue bid: limit raise or better",
              "Cuebid: apoyo límite o más", forcing=True, artificial=True, prefer=_major_before_minor_cue),
            R(f"ri{lvl}.raise", ri, "cheap:x", H(x=lambda s, b: "3+" if b["x"] >= 2 else "4+", dp=("x", "6-10")), "Raise", "Apoyo",
              when=lambda s, b: s.cheapest_level(Strain(b["x"])) <= 2,
              prefer=lambda f, s, b: b["x"] >= 2 or all(f.lengths[m] < 4 for m in (2, 3) if m != b["y"])),
            R(f"ri{lvl}.negx", ri, "X", _negative_double(), "Negative double", "Doblo negativo", when=_negative_range),
            R(f"ri{lvl}.jump", ri, "jump:x", H(x="4+", hcp="-7"), "Preemptive jump raise", "Apoyo de barrage con salto",
              when=lambda s, b: s.cheapest_level(Strain(b["x"])) <= 3),
            R(f"ri{lvl}.penx", ri, "X", H(hcp="10+", y="4+"), "Penalty double", "Doblo de castigo", when=negate(_negative_range)),
            R(f"ri{lvl}.new1", ri, "1z", H(z="5+", hcp="6+"), "New suit, forcing", "Palo nuevo, forzante",
              forcing=True, order="long_high"),
            R(f"ri{lvl}.new2", ri, "cheap:z", H(z="5+", hcp="10+"), "New suit at the two level, forcing",
              "Palo nuevo a nivel de dos, forzante", when=lambda s, b: s.cheapest_level(Strain(b["z"])) == 2,
              forcing=True, order="long_high"),
            R(f"ri{lvl}.1nt", ri, "cheap:NT", H(hcp="6-10", stop="y"), "Natural with a stopper", "Natural con parada",
              when=lambda s, b: s.cheapest_level(Strain.NT) == 1),
            R(f"ri{lvl}.2nt", ri, "2NT", H(hcp="11-12", stop="y"), "Invitational with a stopper", "Invitativo con parada"),
            R(f"ri{lvl}.3nt", ri, "3NT", H(hcp="13-16", stop="y"), "Game with a stopper", "Manga con parada"),
            R(f"ri{lvl}.pass", ri, "P", None, "Pass", "Paso"),
        ]
    # -- responder after a 1NT overcall ---------------------------------------------------------------
    rows += [
        R("rnt.x", "1x 1NT", "X", H(hcp="9+"), "Penalty double of the notrump overcall", "Doblo de castigo de la intervención a sin triunfo"),
        R("rnt.raise", "1x 1NT", "2x", H(x=lambda s, b: "3+" if b["x"] >= 2 else "5+", dp=("x", "5-8")),
          "Competitive raise", "Apoyo competitivo"),
        R("rnt.new", "1x 1NT", "2z", H(z="5+", hcp="-8"), "To play", "Para jugar", order="long_high"),
        R("rnt.pass", "1x 1NT", "P", H(hcp="-8"), "Pass", "Paso"),
    ]
    # -- opener after a negative double ----------------------------------------------------------------
    nd = "1x B X P"
    rows += [
        R("o.negx.M.jump", nd, "jump:z", H(z="4+", hcp="16-18"), "Jumps in the major partner showed: 16–18",
          "Salta en el mayor que mostró el compañero: 16–18",
          when=lambda s, b: b["z"] >= 2 and not (s.their_suits() >> b["z"] & 1) and b["z"] != b["x"]
          and s.cheapest_level(Strain(b["z"])) <= 2, order="major"),
        R("o.negx.M", nd, "cheap:z", H(z="4+", hcp="-15"), "Bids the major partner showed", "Dice el mayor que mostró el compañero",
          when=lambda s, b: b["z"] >= 2 and not (s.their_suits() >> b["z"] & 1) and b["z"] != b["x"]
          and s.cheapest_level(Strain(b["z"])) <= 2, order="major"),
        R("o.negx.nt", nd, "cheap:NT", H(hcp="12-14", bal=True, stop="theirs"), "Natural with a stopper",
          "Natural con parada", when=lambda s, b: s.cheapest_level(Strain.NT) <= 2),
        R("o.negx.rebid", nd, "cheap:x", H(x="6+"), "Six cards", "Seis cartas"),
        R("o.negx.new", nd, "cheap:z", H(z="4+"), "Another suit", "Otro palo",
          when=lambda s, b: b["z"] != b["x"] and not (s.their_suits() >> b["z"] & 1) and s.cheapest_level(Strain(b["z"])) <= 2),
        R("o.negx.pen", nd, "P", _PenaltyPass(), "Pass: penalties", "Paso: castigo"),
        R("o.negx.any", nd, "cheap:x", None, "Rebids the suit (no better call)", "Repite el palo (no hay nada mejor)"),
    ]
    # -- opener reopens after an overcall and two passes ------------------------------------------
    ro = "1x B P P"
    rows += [
        R("o.reopen.x", ro, "X", _ReopenX(), "Reopening double: short in their suit, for takeout",
          "Doblo de reapertura: corto en su palo, informativo",
          when=lambda s, b: s.auction.last_bid is not None and s.auction.last_bid.strain is not Strain.NT
          and s.auction.last_bid.level <= 2),
        R("o.reopen.rebid", ro, "cheap:x", H(x="6+"), "Rebids a six-card suit", "Repite un palo sexto",
          when=cheap_level_at_most("x", 2)),
        R("o.reopen.strong", ro, "cheap:x", H(x="5+", hcp="15+"), "Rebids a strong suit", "Repite un palo fuerte",
          when=cheap_level_at_most("x", 2)),
        R("o.reopen.pass", ro, "P", None, "Pass", "Paso"),
    ]
    return rows


class _ReopenX(H):
    """Opener's reopening double: two or fewer cards in the overcaller's suit, some extras."""

    def __init__(self) -> None:
        super().__init__(hcp="13+")

    def __call__(self, sit: Situation, b: Bindings) -> HandConstraints:
        c = super().__call__(sit, b)
        last = sit.auction.last_bid
        if last is not None and last.strain is not Strain.NT:
            c = c.with_length(int(last.strain), 0, 2)
        return c


class _PenaltyPass(H):
    """Opener converts partner's negative double to penalties only with a trump stack in the
    opponents' suit: five cards with three honours at the one level, four with two honours higher."""

    def __init__(self) -> None:
        super().__init__()

    def __call__(self, sit: Situation, b: Bindings) -> HandConstraints:
        c = super().__call__(sit, b)
        last = sit.auction.last_bid
        if last is not None and last.strain is not Strain.NT:
            one = last.level == 1
            c = c.intersect(H(**{"x": "5+" if one else "4+", "hon": ("x", "3+" if one else "2+")})(
                sit, {"x": int(last.strain)}))
        return c


# ---------------------------------------------------------------------------------------------
# 6b. More competition: Michaels, the unusual 2NT, the doubler's rebids, responsive and
#     balancing doubles, the defence to 1NT, our 1NT after interference
# ---------------------------------------------------------------------------------------------


def _unusual_suits(sit: Situation, opened: int) -> tuple[int, int]:
    """The two lowest suits other than the opponents' (SAYC: the unusual 2NT shows them)."""
    others = [s for s in range(4) if s != opened]
    return others[0], others[1]


class _UnusualH(H):
    """Five or more cards in each of the two lowest unbid suits."""

    def __init__(self) -> None:
        super().__init__(hcp="6+")

    def __call__(self, sit: Situation, b: Bindings) -> HandConstraints:
        c = super().__call__(sit, b)
        for s in _unusual_suits(sit, b["x"]):
            c = c.with_length(s, 5, 13)
        return c


class _MichaelsMajorH(H):
    """Over a major: five or more in the other major and five or more in a minor."""

    def __init__(self) -> None:
        super().__init__(hcp="6+")

    def __call__(self, sit: Situation, b: Bindings) -> HandConstraints:
        c = super().__call__(sit, b)
        other = 5 - b["M"]
        return c.with_length(other, 5, 13).intersect(HandConstraints(one_of=((0b0011, 5),)))


def _partner_two_suits(sit: Situation, b: Bindings) -> tuple[int, ...]:
    """The suits partner's two-suited overcall showed (the minor of a major Michaels unknown)."""
    m = sit.last_action_of(sit.partner)
    if m is None:
        return ()
    return tuple(s for s in range(4) if m.constraints.lengths[s][0] >= 5)


def _in_partner_suits(var: str) -> Cond:
    return lambda sit, b: b[var] in _partner_two_suits(sit, b)


MICHAELS = "SAYC SP-3, Competitive Bidding — Michaels cue-bids"
UNUSUAL = "SAYC SP-3, Competitive Bidding — unusual notrump"


def _two_suiter_rows() -> list[Rule]:
    sound = lambda f, s, b: sum(f.honours(x) for x in range(4) if f.lengths[x] >= 5) >= 3  # noqa: E731
    rows = [
        R("ov.michaels.minor", "1m", "2m", H(H="5+", S="5+", hcp="6+"),
          "Michaels cue-bid: five or more cards in each major", "Cuebid Michaels: cinco o más cartas en cada mayor",
          forcing=True, artificial=True, prefer=sound, source=MICHAELS, when=negate(_their_call_artificial("m"))),
        R("ov.michaels.major", "1M", "2M", _MichaelsMajorH(),
          "Michaels cue-bid: five or more cards in the other major and in a minor",
          "Cuebid Michaels: cinco o más cartas en el otro mayor y en un menor",
          forcing=True, artificial=True, prefer=sound, source=MICHAELS, when=negate(_their_call_artificial("M"))),
        R("ov.unusual", "1x", "2NT", _UnusualH(),
          "Unusual 2NT: five or more cards in each of the two lowest unbid suits",
          "2ST inusual: cinco o más cartas en cada uno de los dos palos más bajos no dichos",
          forcing=True, artificial=True, prefer=sound, source=UNUSUAL),
    ]
    # Advancing Michaels over a minor (both majors): choose a major.
    mm = "1m 2m P"
    rows += [
        R("adv.mich.m.game", mm, "game:M", H(M="3+", dp=("M", "12+")), "Game in the better major",
          "Manga en el mejor mayor", order="major", source=MICHAELS),
        R("adv.mich.m.pre", mm, "game:M", H(M="4+", hcp="-8"), "Preemptive game raise with four trumps",
          "Salto a manga de barrage con cuatro triunfos", order="major", source=MICHAELS, preempt=True,
          prefer=has_shortness),
        R("adv.mich.m.inv", mm, "3M", H(M="3+", dp=("M", "9-11")), "Invitational in the better major",
          "Invitativo en el mejor mayor", order="major", source=MICHAELS),
        R("adv.mich.m.nt", mm, "3NT", H(hcp="13+", H="-2", S="-2", stop="m"), "To play: no major fit",
          "Para jugar: sin fit mayor", source=MICHAELS),
        R("adv.mich.m.own", mm, "cheap:y", H(y="6+", H="-2", S="-2"), "To play in my long minor",
          "Para jugar en mi menor largo", when=is_minor("y"), source=MICHAELS),
        R("adv.mich.m.pref", mm, "cheap:M", None, "Preference: the longer major (hearts with equal length)",
          "Preferencia: el mayor más largo (corazones con igual longitud)", order="long_low", source=MICHAELS),
    ]
    # Advancing Michaels over a major: the other major, or 2NT asks for the minor.
    mM = "1M 2M P"
    other_major = lambda s, b: b["y"] == 5 - b["M"]  # noqa: E731
    rows += [
        R("adv.mich.M.game", mM, "game:y", H(y="3+", dp=("y", "12+")), "Game in partner's major",
          "Manga en el mayor del compañero", when=other_major, source=MICHAELS),
        R("adv.mich.M.pre", mM, "game:y", H(y="4+", hcp="-8"), "Preemptive game raise",
          "Salto a manga de barrage", when=other_major, source=MICHAELS, preempt=True,
          prefer=has_shortness),
        R("adv.mich.M.inv", mM, "3y", H(y="3+", dp=("y", "9-11")), "Invitational in partner's major",
          "Invitativo en el mayor del compañero", when=other_major, source=MICHAELS),
        R("adv.mich.M.ask", mM, "2NT", H(y="-2", hcp="0+"), "Asks for partner's minor", "Pregunta por el menor del compañero",
          forcing=True, artificial=True, free="y", when=other_major, source=MICHAELS),
        R("adv.mich.M.pref", mM, "cheap:y", None, "Preference for partner's major", "Preferencia por el mayor del compañero",
          when=other_major, source=MICHAELS),
        R("mich.M.minor", "1M 2M P 2NT P", "3m", H(m="5+"), "My minor", "Mi menor", source=MICHAELS),
    ]
    # Advancing the unusual 2NT: choose one of the two suits.
    un = "1x 2NT P"
    rows += [
        R("adv.unus.game", un, "game:y", H(y="4+", dp=("y", "12+")), "Game in one of partner's suits",
          "Manga en uno de los palos del compañero", when=both(_in_partner_suits("y"), is_major("y")), source=UNUSUAL),
        R("adv.unus.pre", un, "game:y", H(y="5+", hcp="-8"), "Preemptive raise to game",
          "Apoyo de barrage a manga", when=_in_partner_suits("y"), source=UNUSUAL, preempt=True, order="long_high",
          prefer=has_shortness),
        R("adv.unus.3nt", un, "3NT", H(hcp="13+", stop="x"), "To play", "Para jugar", source=UNUSUAL),
        R("adv.unus.pick", un, "cheap:y", H(y="2+"), "Picks the better of partner's suits",
          "Elige el mejor de los palos del compañero", when=_in_partner_suits("y"), order="long_high", source=UNUSUAL),
    ]
    VS = "SAYC SP-3, Competitive Bidding — after the opponents' two-suited overcalls (standard treatment)"
    for tag, pat in (("vs.mich", "1x 2x"), ("vs.unus", "1x 2NT")):
        rows += [
            R(f"{tag}.game", pat, "game:x", H(x="4+", dp=("x", "13+")), "Game in opener's major with a fit",
              "Manga en el mayor del abridor con fit", when=is_major("x"), source=VS),
            R(f"{tag}.x", pat, "X", H(hcp="10+"), "Double: values, interest in penalties", "Doblo: valores, interés en castigo",
              source=VS),
            R(f"{tag}.raise", pat, "cheap:x", H(x=lambda s, b: "3+" if b["x"] >= 2 else "4+", dp=("x", "6-10")),
              "Raise of opener's suit", "Apoyo al palo del abridor", source=VS),
            R(f"{tag}.new", pat, "cheap:z", H(z="5+", hcp="6+"), "Natural, a good suit", "Natural, un buen palo",
              when=lambda s, b: s.cheapest_level(Strain(b["z"])) <= 3, prefer=good_suit("z"), order="long_high", source=VS),
            R(f"{tag}.pass", pat, "P", None, "Pass", "Paso", source=VS),
        ]
    return rows


DOUBLES = "SAYC SP-3, Competitive Bidding — takeout doubles"


def _advance_was(*words: str) -> Cond:
    return partner_did(*words)


def _doubler_rows() -> list[Rule]:
    """The takeout doubler's second call after partner's answer (opponents silent)."""
    cheap = both(_advance_was("x.cheap", "x.free"), lambda s, b: b["y"] != b["x"])
    rows = [
        # after a simple answer (0-11)
        R("dbl.game", "1x X P @y P", "game:y", H(y="4+", dp=("y", "22+")), "Game: a very strong hand with support",
          "Manga: mano muy fuerte con apoyo", when=cheap, source=DOUBLES),
        R("dbl.jump", "1x X P @y P", "jump:y", H(y="4+", dp=("y", "19-21")), "Jump raise: 19–21 with support",
          "Apoyo con salto: 19–21 con apoyo", when=both(cheap, lambda s, b: s.cheapest_level(Strain(b["y"])) <= 3), source=DOUBLES),
        R("dbl.raise", "1x X P @y P", "cheap:y", H(y="4+", dp=("y", "16-18")), "Raise: 16–18 with support",
          "Apoyo: 16–18 con apoyo", when=both(cheap, lambda s, b: s.cheapest_level(Strain(b["y"])) <= 3), source=DOUBLES),
        R("dbl.nt", "1x X P @y P", "cheap:NT", H(hcp="19-21", bal=True, stop="x"), "Notrump: 19–21 balanced, too strong to overcall 1NT",
          "Sin triunfo: 19–21 equilibrada, demasiado fuerte para intervenir con 1ST",
          when=both(cheap, lambda s, b: s.cheapest_level(Strain.NT) <= 2), source=DOUBLES),
        R("dbl.new", "1x X P @y P", "cheap:z", H(z="5+", hcp="17+"), "A new suit: a strong hand (double, then bid)",
          "Palo nuevo: mano fuerte (doblo y luego palo)",
          when=both(cheap, lambda s, b: b["z"] not in (b["x"], b["y"]) and s.cheapest_level(Strain(b["z"])) <= 3),
          order="long_high", source=DOUBLES),
        R("dbl.cue", "1x X P @y P", "cheap:x", H(hcp="22+"), "Cue-bid: a huge hand", "Cuebid: mano muy fuerte",
          when=cheap, forcing=True, artificial=True, source=DOUBLES),
        R("dbl.pass", "1x X P @y P", "P", H(hcp="-17"), "Pass: nothing extra", "Paso: nada extra", when=cheap, source=DOUBLES),
        # after an invitational jump (9-11)
        R("dbl.jump.game", "1x X P @y P", "game:y", H(y="4+", dp=("y", lambda s, b: at_least(gp(s, Strain(b["y"])) - 11))),
          "Accepts the invitation",
          "Acepta la invitación", when=_advance_was("x.jump"), source=DOUBLES),
        R("dbl.jump.pass", "1x X P @y P", "P", H(hcp="-13"), "Declines the invitation", "Rechaza la invitación",
          when=_advance_was("x.jump"), source=DOUBLES),
        # after a 1NT answer (6-10)
        R("dbl.1nt.3nt", "1x X P 1NT P", "3NT", H(hcp="18+"), "Game in notrump", "Manga a sin triunfo", source=DOUBLES),
        R("dbl.1nt.2nt", "1x X P 1NT P", "2NT", H(hcp="16-17", bal=True), "Invitational", "Invitativo", source=DOUBLES),
        R("dbl.1nt.pass", "1x X P 1NT P", "P", H(hcp="-15"), "Pass", "Paso", source=DOUBLES),
    ]
    # Responsive double: partner doubled, RHO raised.
    def responsive_h(sit: Situation, b: Bindings) -> HandConstraints:
        c = HandConstraints(hcp=(8, 37))
        pair = (2, 3) if b["x"] < 2 else (0, 1)
        for s in pair:
            c = c.with_length(s, 4, 13)
        return c
    rows += [
        R("adv.x.responsive", "1x X @x", "X", responsive_h, "Responsive double: both unbid suits of the other rank, 8+",
          "Doblo responsivo: los dos palos no dichos del otro rango, 8+", forcing=True, artificial=True,
          when=lambda s, b: (s.auction.last_bid is not None and s.auction.last_bid.level <= 3),
          source="SAYC SP-3, Competitive Bidding — doubles (responsive double, a standard treatment)"),
    ]
    return rows


def _balancing_more_rows() -> list[Rule]:
    BAL = "SAYC SP-3, Competitive Bidding — balancing"
    fit = "1x P 2x P P"
    rows = [
        R("bal2.2nt", "2x P P", "2NT", H(hcp="15-18", bal=True, stop="x"), "Natural: 15–18 with a stopper",
          "Natural: 15–18 con parada", source=BAL),
        R("bal2.x", "2x P P", "X", _TakeoutH("11+"), "Balancing takeout double", "Doblo informativo en reapertura",
          source=BAL),
        R("bal2.ov", "2x P P", "cheap:y", H(y="5+", hcp="9-16"), "Balancing overcall", "Intervención en reapertura",
          when=cheap_level_at_most("y", 3), order="long_high", source=BAL),
        R("bal2.pass", "2x P P", "P", None, "Pass", "Paso", source=BAL),
        R("bal.fit.x", fit, "X", _TakeoutH("10+"), "Balancing double: they found a fit; short in their suit",
          "Doblo de reapertura: han encontrado fit; corto en su palo", source=BAL),
        R("bal.fit.suit", fit, "cheap:y", H(y="5+", hcp="8-15"), "Balancing in a five-card suit",
          "Reapertura en un palo quinto", when=cheap_level_at_most("y", 3), order="long_high", source=BAL),
        R("bal.fit.pass", fit, "P", None, "Pass", "Paso", source=BAL),
        # over their 1NT in the passout seat
        R("bal.1nt.x", "1NT P P", "X", H(hcp="15+"), "Penalty double", "Doblo de castigo",
          source="SAYC SP-3, Competitive Bidding — defence to 1NT: double is for penalty"),
        R("bal.1nt.2y", "1NT P P", "2y", H(y="5+", hcp="6-14"), "Natural, to play", "Natural, para jugar",
          order="long_high", prefer=lambda f, s, b: f.lengths[b["y"]] >= 6 or f.honours(b["y"]) >= 2,
          source="SAYC SP-3, Competitive Bidding — defence to 1NT: two-level suit bids are natural"),
        R("bal.1nt.pass", "1NT P P", "P", None, "Pass", "Paso"),
        # advancing partner's penalty double of 1NT
        R("o1nt.x.run", "1NT X P", "2y", H(y="6+", hcp="-4"), "Runs to a long suit: too weak to defend",
          "Escapa a un palo largo: demasiado débil para defender", order="long_high",
          source="SAYC SP-3, Competitive Bidding — defence to 1NT"),
        R("o1nt.x.pass", "1NT X P", "P", None, "Pass: defends 1NT doubled", "Paso: defiende 1ST doblado",
          source="SAYC SP-3, Competitive Bidding — defence to 1NT"),
    ]
    return rows


NTI = "SAYC SP-3, Notrump Opening Bids — after interference"


def _holds_their_suits(f: Any, sit: Situation, b: Bindings) -> bool:
    """Three or more cards in one of the suits the overcaller showed (or it showed none): a hand
    that can defend against them."""
    shown = sit.shown_suits(sit.rho)
    return not shown or any(f.lengths[t] >= 3 for t in range(4) if shown >> t & 1)


def _nt_interference_rows() -> list[Rule]:
    """Our 1NT and their overcall or double (responder's call)."""
    ov = "1NT 2y"
    artificial, natural = _their_call_artificial("y"), negate(_their_call_artificial("y"))
    rows = [
        # their overcall alerted as artificial (Landy, Multi-Landy...: issue 9): double shows values
        # to defend against the suits it did show, and their suit only named is ours to bid
        R("r1nto.art.x", ov, "X", H(hcp="8+"), "Double of their artificial call: values, ready to defend",
          "Doblo de su voz artificial: valores, listo para defender", when=artificial, source=NTI,
          prefer=_holds_their_suits),
        R("r1nto.art.3y", ov, "cheap:y", H(y="6+", hcp="-9"), "Natural in the suit of their artificial call: to play",
          "Natural en el palo de su voz artificial: para jugar", when=both(artificial, cheap_level_at_most("y", 3)),
          source=NTI),
        R("r1nto.x", ov, "X", H(hcp="8+", y="4+"), "Penalty double", "Doblo de castigo", when=natural, source=NTI),
        R("r1nto.cue", ov, "cheap:y", H(hcp="10+", one_of=("HS", 4)), "Cue-bid: Stayman, forcing to game",
          "Cuebid: Stayman, forzante a manga",
          when=lambda s, b: s.cheapest_level(Strain(b["y"])) == 3 and natural(s, b), forcing=True, artificial=True,
          prefer=lambda f, s, b: any(f.lengths[m] == 4 for m in (2, 3) if m != b["y"]), source=NTI),
        R("r1nto.game.M", ov, "4z", H(z="6+", hcp="8+"), "Game in my long major", "Manga en mi mayor largo",
          when=lambda s, b: b["z"] >= 2 and b["z"] != b["y"], source=NTI),
        R("r1nto.new3", ov, "cheap:z", H(z="5+", hcp="10+"), "New suit at the three level: forcing",
          "Palo nuevo a nivel de tres: forzante",
          when=lambda s, b: s.cheapest_level(Strain(b["z"])) == 3, forcing=True, order="long_high", source=NTI),
        R("r1nto.3nt", ov, "3NT", H(hcp="10-15", stop="y"), "Game with their suit stopped", "Manga con su palo parado",
          source=NTI),
        R("r1nto.new2", ov, "cheap:z", H(z="5+", hcp="-9"), "To play at the two level", "Para jugar a nivel de dos",
          when=lambda s, b: s.cheapest_level(Strain(b["z"])) == 2, order="long_high", source=NTI),
        R("r1nto.2nt", ov, "2NT", H(hcp="8-9", stop="y"), "Invitational with their suit stopped",
          "Invitativo con su palo parado", source=NTI),
        R("r1nto.pass", ov, "P", H(hcp="-9"), "Pass", "Paso", source=NTI),
        # opener's answers: the cue-bid asks for a four-card major (hearts first), game forcing
        R("o.nti.cue.H", "1NT 2y 3y P", "cheap:z", H(z="4+"), "Four hearts (answer to the cue-bid Stayman)",
          "Cuatro corazones (respuesta al cuebid Stayman)", when=lambda s, b: b["z"] == 2 != b["y"], source=NTI),
        R("o.nti.cue.S", "1NT 2y 3y P", "cheap:z", H(z="4+"), "Four spades (answer to the cue-bid Stayman)",
          "Cuatro picas (respuesta al cuebid Stayman)", when=lambda s, b: b["z"] == 3 != b["y"], source=NTI),
        R("o.nti.cue.3nt", "1NT 2y 3y P", "3NT", None, "No four-card major: game in notrump",
          "Sin mayor cuarto: manga a sin triunfo", source=NTI),
        # opener accepts responder's invitational 2NT with a maximum
        R("o.nti.2nt.accept", "1NT 2y 2NT P", "3NT", H(hcp="16+"), "Accepts the invitation: 16–17",
          "Acepta la invitación: 16–17", source=NTI),
        R("o.nti.2nt.pass", "1NT 2y 2NT P", "P", H(hcp="-15"), "Declines the invitation: 15",
          "Rechaza la invitación: 15", source=NTI),
    ]
    return rows


RR = "SAYC SP-3, Rebids by Responder"


def _fourth_suit_letter(sit: Situation, b: Bindings) -> str:
    """The suit nobody of our side has bid (x, y and z bound), as a letter for ``stop``."""
    return "".join("CDHS"[w] for w in range(4) if w not in (b.get("x"), b.get("y"), b.get("z")))


def _responder_later_rows() -> list[Rule]:
    rows = [
        # opener's invitational jump rebid (6+ cards, 17-19)
        R("rr.jr.game", "1x P 1y P 3x P", "game:x", H(x="2+", hcp="7+"), "Game in opener's suit", "Manga en el palo del abridor",
          when=is_major("x"), source=RR),
        R("rr.jr.3nt", "1x P 1y P 3x P", "3NT", H(hcp="7+"), "Game in notrump", "Manga a sin triunfo", source=RR),
        R("rr.jr.pass", "1x P 1y P 3x P", "P", H(hcp="-6"), "Pass: minimum", "Paso: mínimo", source=RR),
        # opener's 2NT rebid (18-19)
        R("rr.2nt.major", "1x P 1y P 2NT P", "3y", H(y="5+", hcp="6+"), "Five cards: choice of games",
          "Cinco cartas: elección de manga", when=is_major("y"), forcing=True, source=RR),
        R("rr.2nt.6nt", "1x P 1y P 2NT P", "6NT", H(hcp="15-18"), "Small slam in notrump", "Pequeño slam a sin triunfo",
          source=RR),
        R("rr.2nt.4nt", "1x P 1y P 2NT P", "4NT", H(hcp="13-14"), "Quantitative: invites 6NT", "Cuantitativo: invita a 6ST",
          source=RR),
        R("rr.2nt.3nt", "1x P 1y P 2NT P", "3NT", H(hcp="6-12"), "Game in notrump", "Manga a sin triunfo", source=RR),
        R("rr.2nt.pass", "1x P 1y P 2NT P", "P", H(hcp="-5"), "Pass: minimum", "Paso: mínimo", source=RR),
        # opener's jump raise (16-18)
        R("rr.2nt.4nt.accept", "1x P 1y P 2NT P 4NT P", "6NT", H(hcp="19"), "Accepts the slam invitation",
          "Acepta la invitación a slam", source=RR),
        R("rr.2nt.4nt.pass", "1x P 1y P 2NT P 4NT P", "P", H(hcp="-18"), "Declines the slam invitation",
          "Rechaza la invitación a slam", source=RR),
        R("rr.jraise.game", "1x P 1M P 3M P", "4M", H(hcp="7+"), "Accepts the invitation", "Acepta la invitación", source=RR),
        R("rr.jraise.pass", "1x P 1M P 3M P", "P", H(hcp="-6"), "Declines the invitation", "Rechaza la invitación", source=RR),
        # opener reversed (16+, forcing one round)
        R("rr.rev.game", "1x P 1y P 2z P", "game:y", H(y="6+", hcp="9+"), "Game in my long major", "Manga en mi mayor largo",
          when=both(higher("z", "x"), is_major("y")), source=RR),
        R("rr.rev.zgame", "1x P 1y P 2z P", "game:z", H(z="4+", hcp="9+"), "Game in opener's second suit",
          "Manga en el segundo palo del abridor", when=both(higher("z", "x"), is_major("z")), source=RR),
        R("rr.rev.3nt", "1x P 1y P 2z P", "3NT", H(hcp="9+", stop=_fourth_suit_letter), "Game in notrump, the fourth suit stopped",
          "Manga a sin triunfo, con el cuarto palo parado", when=higher("z", "x"), source=RR),
        R("rr.rev.raise", "1x P 1y P 2z P", "3z", H(z="4+", hcp="6+"), "Raise of the reverse suit", "Apoyo al palo del reverse",
          when=both(higher("z", "x"), lambda s, b: s.legal(ALL_BIDS[10 + b["z"]])), forcing=True, source=RR),
        R("rr.rev.rebid", "1x P 1y P 2z P", "cheap:y", H(y="5+"), "Rebids my suit: five or more", "Repite mi palo: cinco o más",
          when=both(higher("z", "x"), lambda s, b: s.cheapest_level(Strain(b["y"])) == 2), source=RR),
        R("rr.rev.pref", "1x P 1y P 2z P", "3x", H(x="3+"), "Preference for opener's first suit",
          "Preferencia por el primer palo del abridor", when=higher("z", "x"), source=RR),
        R("rr.rev.2nt", "1x P 1y P 2z P", "2NT", H(hcp="-8"), "Minimum: no fit, nothing else to say",
          "Mínimo: sin fit, nada más que decir", when=higher("z", "x"), source=RR),
        # opener raised to game (19+): Blackwood with slam values
        R("rr.graise.blackwood.ask", "1x P 1M P 4M P", "4NT", H(hcp="15+"), "Blackwood: asks for aces",
          "Blackwood: pregunta por ases", forcing=True, artificial=True,
          source="SAYC SP-3, Slam Conventions — Blackwood"),
        # 13-14 opposite 19-21 reach the 33 of a slam when opener is not minimum: worth asking
        # with two aces of our own (at most one missing when opener holds one).
        R("rr.graise.blackwood.ask.two_aces", "1x P 1M P 4M P", "4NT", H(hcp="13-14", aces=(2, 3, 4)),
          "Blackwood: slam values with two aces", "Blackwood: valores de slam con dos ases", forcing=True, artificial=True,
          source="SAYC SP-3, Slam Conventions — Blackwood"),
        # after 1x-1NT-2z: a weak responder's own long suit
        R("rr.1nt.own", "1x P 1NT P 2z P", "cheap:w", H(w="6+", hcp="-9"), "To play in my long suit",
          "Para jugar en mi palo largo",
          when=lambda s, b: b["w"] not in (b["x"], b["z"]) and s.cheapest_level(Strain(b["w"])) == 2, source=RR),
    ]
    return rows


def _fsf_row(id: str, pattern: str, game_lo: Callable[[Situation, Bindings], tuple[int, int]]) -> Rule:
    """Fourth suit forcing: responder bids the last unbid suit (not at the one level) with game
    values and no natural call (no stopper in it for notrump)."""
    def fourth(sit: Situation, b: Bindings) -> bool:
        used = {b[v] for v in ("x", "y", "z") if v in b}
        return len(used) == 3 and b["w"] not in used and sit.cheapest_level(Strain(b["w"])) >= 2 \
            and not sit.opponents_bid()
    return R(id, pattern, "cheap:w", H(hcp=game_lo), "Fourth suit forcing: game values, asks for more",
             "Cuarto palo forzante: valores de manga, pide más información",
             when=fourth, forcing=True, artificial=True, prefer=lambda f, s, b: not f.stopped(b["w"]),
             source="SAYC SP-3, General Approach — fourth suit forcing")


def _fsf_answer_rows() -> list[Rule]:
    """Opener's answer to fourth suit forcing (responder showed game values and asked): in order,
    three-card support for responder's major, notrump with a stopper in the fourth suit, six cards
    in the first suit, five in the second, four in the fourth suit; else the first suit again.
    Every answer below game is forcing: the partnership is in a game force."""
    rows: list[Rule] = []
    fsf = partner_did("fsf")
    for tag, pattern in (("1", "1x P 1y P 1z P 2w P"), ("2", "1x P 1y P 2z P 2w P"), ("3", "1x P 1y P 2z P 3w P")):
        rows += [
            R(f"o.fsf{tag}.raise", pattern, "cheap:y", H(y="3+"), "Three-card support for your major",
              "Apoyo de tres cartas en tu mayor", when=both(fsf, is_major("y")), forcing=True),
            R(f"o.fsf{tag}.nt", pattern, "cheap:NT", H(stop="w"), "Notrump: a stopper in the fourth suit",
              "Sin triunfo: parada en el cuarto palo", when=both(fsf, lambda s, b: s.cheapest_level(Strain.NT) <= 3),
              forcing=True),
            R(f"o.fsf{tag}.rebid", pattern, "cheap:x", H(x="6+"), "Six cards in my first suit",
              "Seis cartas en mi primer palo", when=both(fsf, cheap_level_at_most("x", 3)), forcing=True),
            R(f"o.fsf{tag}.second", pattern, "cheap:z", H(z="5+"), "Five cards in my second suit",
              "Cinco cartas en mi segundo palo", when=both(fsf, cheap_level_at_most("z", 3)), forcing=True),
            R(f"o.fsf{tag}.fourth", pattern, "cheap:w", H(w="4+"), "Four cards in the fourth suit, no stopper to spare",
              "Cuatro cartas en el cuarto palo", when=both(fsf, cheap_level_at_most("w", 3)), forcing=True),
            R(f"o.fsf{tag}.any", pattern, "cheap:x", None, "Rebids the first suit: nothing else to show",
              "Repite el primer palo: nada más que mostrar", when=both(fsf, cheap_level_at_most("x", 3)), forcing=True),
        ]
    return rows


def _fsf_continuation_rows() -> list[Rule]:
    """Responder places the game after opener's answer to fourth suit forcing: a major fit of
    eight, notrump when either hand stops the fourth suit, else a fit in opener's suits; no 3NT
    with the fourth suit stopped by nobody (the generic layer decides slams later)."""
    rows: list[Rule] = []
    mine = i_did("fsf")

    def answered(var: str) -> Cond:
        def f(sit: Situation, b: Bindings) -> bool:
            m = sit.last_action_of(sit.partner)
            if m is None or not isinstance(m.call, Bid):
                return False
            return m.call.strain is Strain.NT if var == "NT" else m.call.strain is Strain(b[var])
        return f

    for tag, pattern in (("1", "1x P 1y P 1z P 2w P B P"), ("2", "1x P 1y P 2z P 2w P B P"),
                         ("3", "1x P 1y P 2z P 3w P B P")):
        rows += [
            R(f"rr.fsf{tag}.major", pattern, "game:y", H(y="5+"), "Game in my major: partner showed three",
              "Manga en mi mayor: el compañero mostró tres", when=both(mine, answered("y"), is_major("y"))),
            R(f"rr.fsf{tag}.nt", pattern, "game:NT", None, "Game in notrump: partner stops the fourth suit",
              "Manga a sin triunfo: el compañero para el cuarto palo", when=both(mine, answered("NT"))),
            R(f"rr.fsf{tag}.3nt", pattern, "game:NT", H(stop="w"), "Game in notrump: I stop the fourth suit",
              "Manga a sin triunfo: paro el cuarto palo", when=mine),
            R(f"rr.fsf{tag}.x", pattern, "game:x", H(x="3+"), "Game in opener's first suit",
              "Manga en el primer palo del abridor", when=mine, prefer=lambda f, s, b: f.lengths[b["x"]] >= 3),
            R(f"rr.fsf{tag}.z5", pattern, "game:z", H(z="3+"), "Game in opener's five-card second suit",
              "Manga en el segundo palo quinto del abridor", when=both(mine, answered("z"))),
            R(f"rr.fsf{tag}.z", pattern, "game:z", H(z="4+"), "Game in opener's second suit",
              "Manga en el segundo palo del abridor", when=mine),
            R(f"rr.fsf{tag}.y", pattern, "game:y", H(y="6+"), "Game in my own long suit",
              "Manga en mi palo largo", when=mine),
        ]
    return rows


# ---------------------------------------------------------------------------------------------
# 7. The generic layer
# ---------------------------------------------------------------------------------------------


def _partner_suit(var: str, min_len: int = 3) -> Cond:
    """Partner has shown the suit bound to ``var`` (bid it naturally or promised min_len+)."""
    def f(sit: Situation, b: Bindings) -> bool:
        s = b[var]
        return Strain(s) in sit.natural_strains(sit.partner) or sit.min_len(sit.partner, s) >= min_len
    return f


def _fit_len(var: str, total: int = 8) -> Callable[[Situation, Bindings], str]:
    return lambda s, b: f"{max(3, total - s.min_len(s.partner, b[var]))}+"


def _not_beyond_game(var: str) -> Cond:
    """The cheapest bid in the strain does not go past game (stop at game)."""
    return lambda s, b: s.cheapest_level(strain_of(b, var)) <= s.game_level(strain_of(b, var))


def _our_game_not_reached(var: str) -> Cond:
    def f(sit: Situation, b: Bindings) -> bool:
        last = sit.auction.last_bid
        st = strain_of(b, var)
        if last is None or not sit.our_contract:
            return True
        return not (last.strain is st and sit.completes_game(last))
    return f


def _their_contract(sit: Situation, b: Bindings) -> bool:
    return sit.last_bid is not None and not sit.our_contract


def _they_outbid_our_game(sit: Situation, b: Bindings) -> bool:
    """Their undoubled bid at the four level or higher, over a game our side bid (a sacrifice):
    the side with the values doubles it rather than let it play undoubled."""
    last = sit.auction.last_bid
    if last is None or sit.our_contract or sit.doubled or last.level < 4:
        return False
    return any(sit.completes_game(bid, seat) for seat in (sit.seat, sit.partner) for _, bid in sit.bids_of(seat))


def _penalty_need(sit: Situation, b: Bindings) -> tuple[int, int]:
    last = sit.auction.last_bid
    assert last is not None
    need = 22 - (2 if sit.vul_them else 0) - max(0, last.level - 2)
    return at_least(need - plo(sit))


class _PenaltyX(H):
    def __init__(self) -> None:
        super().__init__(hcp=_penalty_need)

    def __call__(self, sit: Situation, b: Bindings) -> HandConstraints:
        c = super().__call__(sit, b)
        last = sit.auction.last_bid
        if last is not None and last.strain is not Strain.NT:
            c = c.with_length(int(last.strain), 4 if last.level < 4 else 3, 13)
        return c


class _LeadDirectingX(H):
    """A good suit of five or more (three of its top five honours) in the suit of the artificial
    bid just made: what a double of an artificial bid shows (a lead to partner)."""

    def __call__(self, sit: Situation, b: Bindings) -> HandConstraints:
        c = super().__call__(sit, b)
        last = sit.auction.last_bid
        if last is not None and last.strain is not Strain.NT:
            suit = int(last.strain)
            c = c.with_length(suit, 5, 13)
            c = replace(c, honours=((suit, 3, 5),))
        return c


def _their_artificial_bid_doubled(sit: Situation, b: Bindings) -> bool:
    """The call just made is the opponents' artificial bid in a suit it promised no four cards of
    (Stayman, a transfer, a waiting or asking bid, a program's alerted call), our side has only
    passed, and it is below slam: a double would ask partner to lead the suit."""
    m = sit.last_action_of(sit.rho)
    if m is None or not sit.history or sit.history[-1] is not m or _suit_only_named(m) is None:
        return False
    assert isinstance(m.call, Bid)
    return m.call.level <= 5 and all(isinstance(x.call, Pass) for x in sit.history if x.seat in (sit.seat, sit.partner))


def _sacrifice_ok(sit: Situation, b: Bindings) -> bool:
    last = sit.auction.last_bid
    lb = sit.last_bidder
    if last is None or lb is None or sit.our_contract or sit.doubled:
        return False
    if not sit.completes_game(last, lb) or last.level >= 6:
        return False
    if sit.vul_us and not sit.vul_them:
        return False
    return sit.cheapest_level(Strain(b["x"])) <= 5


def _sacrifice_len(sit: Situation, b: Bindings) -> str:
    total = 9 if (sit.vul_them and not sit.vul_us) else 10
    return f"{max(3, total - sit.min_len(sit.partner, b['x']))}+"


def _compete_len(sit: Situation, b: Bindings) -> str:
    level = sit.cheapest_level(Strain(b["x"]))
    return f"{max(3, level + 6 - sit.min_len(sit.partner, b['x']))}+"


def _generic_rows() -> list[Rule]:
    forced = lambda s, b: s.partner_forcing()  # noqa: E731
    not_forced = lambda s, b: not s.partner_forcing()  # noqa: E731
    ours = lambda s, b: s.our_contract  # noqa: E731
    rows = [
        # Slam: Blackwood with a fit and slam values.
        G("g.blackwood.ask", "4NT", H(x=_fit_len("x"), dp=("x", lambda s, b: at_least(33 - plo(s)))),
          "Blackwood: asks for aces", "Blackwood: pregunta por ases",
          when=both(_partner_suit("x"), lambda s, b: s.cheapest_level(Strain.NT) <= 4,
                    lambda s, b: len(s.bids_of(s.seat)) + len(s.bids_of(s.partner)) >= 2),
          forcing=True, artificial=True, free="x"),
        # Slam in notrump opposite a natural notrump.
        G("g.grand.nt", "7NT", H(hcp=lambda s, b: at_least(37 - plo(s))), "Grand slam in notrump", "Gran slam a sin triunfo",
          when=lambda s, b: Strain.NT in s.natural_strains(s.partner)),
        G("g.slam.nt", "6NT", H(hcp=lambda s, b: at_least(33 - plo(s))), "Small slam in notrump", "Pequeño slam a sin triunfo",
          when=lambda s, b: Strain.NT in s.natural_strains(s.partner) or Strain.NT in s.natural_strains(s.seat)),
        # Game placement (counting the part score: game may be lower than usual).
        G("g.game.major", "game:x", H(x=_fit_len("x"), dp=("x", lambda s, b: at_least(gp(s, Strain(b["x"])) - pexp(s)))),
          "Game in our major fit", "Manga en nuestro fit mayor",
          when=both(is_major("x"), _partner_suit("x"), _our_game_not_reached("x"), cheap_level_at_most("x", 5)),
          order="long_high"),
        G("g.game.nt", "game:NT", H(hcp=lambda s, b: at_least(gp(s, Strain.NT) - pexp(s)), stop="unguarded"),
          "Game in notrump", "Manga a sin triunfo",
          when=both(_our_game_not_reached("NT"), cheap_level_at_most("NT", 3),
                    lambda s, b: len(s.bids_of(s.partner)) > 0)),
        G("g.game.minor", "game:x", H(x=_fit_len("x"), dp=("x", lambda s, b: at_least(gp(s, Strain(b["x"])) - pexp(s)))),
          "Game in our minor fit", "Manga en nuestro fit menor",
          when=both(is_minor("x"), _partner_suit("x"), _our_game_not_reached("x"), cheap_level_at_most("x", 5))),
        G("g.invite.nt", "cheap:NT", H(hcp=lambda s, b: between(max(gp(s, Strain.NT) + 1 - phi(s), gp(s, Strain.NT) - 4 - pexp(s)),
                                              gp(s, Strain.NT) - 1 - pexp(s)), stop="theirs"),
          "Invitation to game in notrump", "Invitación a manga a sin triunfo",
          when=both(not_forced, lambda s, b: Strain.NT in s.natural_strains(s.partner),
                    lambda s, b: s.cheapest_level(Strain.NT) == s.game_level(Strain.NT) - 1)),
        G("g.invite.major", lambda s, b: _invite_bid(s, b), H(x=_fit_len("x"), dp=("x", _invite_range)),
          "Invitation to game", "Invitación a manga",
          when=both(is_major("x"), _partner_suit("x"), not_forced), free="x", order="long_high"),
        # Partner forced us: the cheapest sensible bid.
        G("g.forced.raise", "cheap:x", H(x=_fit_len("x")), "Support for partner's suit", "Apoyo al palo del compañero",
          when=both(forced, _partner_suit("x", 4), _not_beyond_game("x")), order="major"),
        G("g.forced.rebid", "cheap:x", H(x="6+"), "Rebids a long suit", "Repite un palo largo",
          when=both(forced, lambda s, b: Strain(b["x"]) in s.natural_strains(s.seat), cheap_level_at_most("x", 3))),
        G("g.forced.nt", "cheap:NT", H(stop="theirs unbid"), "Notrump with the unbid suits stopped",
          "Sin triunfo con paradas en los palos no dichos", when=both(forced, cheap_level_at_most("NT", 3))),
        G("g.forced.new", "cheap:x", H(x="4+"), "A new suit", "Un palo nuevo",
          when=both(forced, lambda s, b: not (s.our_suits() | s.their_suits()) >> b["x"] & 1, cheap_level_at_most("x", 3))),
        G("g.forced.pref", "cheap:x", H(x="2+"), "Preference for partner's suit", "Preferencia por el palo del compañero",
          when=both(forced, lambda s, b: Strain(b["x"]) in s.natural_strains(s.partner), cheap_level_at_most("x", 4))),
        G("g.forced.any", "cheap:NT", None, "Forced: the cheapest notrump", "Obligado: el sin triunfo más barato",
          when=both(forced, cheap_level_at_most("NT", 4))),
        G("g.raise.part", "cheap:x", H(x=_fit_len("x"), dp=("x", lambda s, b: between(6, gp(s, Strain(b["x"])) - 5 - plo(s)))),
          "Raise: a fit, no game in view", "Apoyo: hay fit, sin manga a la vista",
          when=both(is_major("x"), _partner_suit("x", 4), not_forced, cheap_level_at_most("x", 2))),
        # Our contract doubled: run to a long suit.
        G("g.rescue", "cheap:x", H(x="5+"), "Escapes from the double to a long suit", "Escapa del doblo a un palo largo",
          when=both(ours, lambda s, b: s.doubled, cheap_level_at_most("x", 2),
                    lambda s, b: s.last_bid is not None and s.last_bid.strain != Strain(b["x"])),
          prefer=lambda f, s, b: s.last_bid is not None and s.last_bid.strain is not Strain.NT
          and f.lengths[int(s.last_bid.strain)] <= 2 + (s.last_bidder == s.seat) * 3, order="long_high"),
        # Competition.
        G("g.sacrifice", "cheap:x", H(x=_sacrifice_len, hcp="-12"), "Sacrifice: cheaper than their game",
          "Sacrificio: más barato que su manga", when=both(_partner_suit("x", 4), _sacrifice_ok)),
        G("g.lead.x", "X", _LeadDirectingX(), "Lead-directing double of their artificial bid: a good suit",
          "Doblo de salida contra su voz artificial: un buen palo", when=_their_artificial_bid_doubled),
        G("g.penalty.sac", "X", H(hcp=lambda s, b: at_least(23 - plo(s))),
          "Penalty double: they outbid our game", "Doblo de castigo: superan nuestra manga",
          when=_they_outbid_our_game),
        G("g.penalty", "X", _PenaltyX(), "Penalty double", "Doblo de castigo",
          when=both(_their_contract, lambda s, b: s.auction.last_bid is not None and s.auction.last_bid.level >= 2,
                    negate(_their_artificial_bid_doubled))),
        G("g.compete", "cheap:x", H(x=_compete_len, hcp="5+"), "Competes: law of total tricks",
          "Compite: ley de las bazas totales",
          when=both(_their_contract, _partner_suit("x", 4), cheap_level_at_most("x", 4), _not_beyond_game("x")),
          order="long_high"),
        G("g.own_suit", "cheap:x", H(x="6+", hcp=lambda s, b: "12+" if s.cheapest_level(Strain(b["x"])) >= 3 else "8+"),
          "Natural: a long suit", "Natural: un palo largo",
          when=both(_their_contract, cheap_level_at_most("x", 3)), order="long_high"),
        G("g.pass.ours", "P", None, "Pass: our contract will do", "Paso: nuestro contrato está bien",
          when=both(ours, not_forced)),
        G("g.pass", "P", None, "Pass: nothing more to say", "Paso: nada más que decir",
          when=both(not_forced, lambda s, b: not s.our_contract)),
    ]
    return rows


def _invite_bid(sit: Situation, b: Bindings) -> Call | None:
    st = Strain(b["x"])
    level = sit.game_level(st) - 1
    if level < sit.cheapest_level(st) or level < 2:
        return None
    return bid(level, st)


def _invite_range(sit: Situation, b: Bindings) -> tuple[int, int]:
    """Game needs a few points more than partner is expected to have: invite."""
    g = gp(sit, Strain(b["x"]))
    lo = max(g + 1 - phi(sit), g - 4 - pexp(sit))
    return between(lo, g - 1 - pexp(sit))


# ---------------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------
# Where each row comes from: the booklet section (ACBL SAYC System Booklet, SP-3, rev. 2006), or
# the standard treatment SAYC players assume where the booklet is silent. First matching id
# prefix wins; a row that names its own source keeps it.
# ---------------------------------------------------------------------------------------------

SP3 = "SAYC SP-3"
SOURCES: tuple[tuple[str, str], ...] = (
    ("bw.", f"{SP3}, Slam Conventions — Blackwood"),
    ("kings.", f"{SP3}, Slam Conventions — Blackwood: 5NT asks for kings"),
    ("gerber.", f"{SP3}, Slam Conventions — Gerber"),
    ("ps.", f"{SP3}, General Approach — a bid that completes game with a part score (rubber bridge scoring)"),
    ("open.1nt", f"{SP3}, Notrump Opening Bids — 1NT 15–17"),
    ("open.2nt", f"{SP3}, Notrump Opening Bids — 2NT 20–21"),
    ("open.3nt", f"{SP3}, Notrump Opening Bids — 3NT 25–27"),
    ("open.2c", f"{SP3}, Strong 2♣ Opening"),
    ("open.weak2", f"{SP3}, Weak Two-Bids"),
    ("open.3x", f"{SP3}, Preemptive Openings — three-level"),
    ("open.4x", f"{SP3}, Preemptive Openings — four-level"),
    ("open.1M", f"{SP3}, General Approach — five-card majors"),
    ("open.1m", f"{SP3}, General Approach — the better minor"),
    ("open.pass.4th", f"{SP3}, General Approach — bridge judgement in fourth seat (the rule of 15)"),
    ("open.pass", f"{SP3}, General Approach — opening strength"),
    ("r1nt.stayman", f"{SP3}, Notrump Opening Bids — Stayman"),
    ("r1nt.st.", f"{SP3}, Notrump Opening Bids — Stayman"),
    ("r1nt.jt", f"{SP3}, Notrump Opening Bids — Jacoby transfers"),
    ("r1nt.relay", f"{SP3}, Notrump Opening Bids — 2♠ asks opener to bid 3♣"),
    ("r1nt.gerber", f"{SP3}, Notrump Opening Bids — 4♣ Gerber"),
    ("r1nt.4nt", f"{SP3}, Notrump Opening Bids — 4NT quantitative"),
    ("r1nt.3M", f"{SP3}, Notrump Opening Bids — three of a major: six cards, slam interest"),
    ("r1nt.3m", f"{SP3}, Notrump Opening Bids — three of a minor: invitational"),
    ("r1nt.", f"{SP3}, Notrump Opening Bids — responses to 1NT"),
    ("r1ntx.xx", f"{SP3}, Notrump Opening Bids — after interference: redouble"),
    ("r1ntx.", f"{SP3}, Notrump Opening Bids — after a double: Stayman and transfers still apply"),
    ("r2nt.", f"{SP3}, Notrump Opening Bids — responses to 2NT (Stayman, transfers, Gerber)"),
    ("r2c2nt.", f"{SP3}, Strong 2♣ Opening — 2♣-2♦-2NT: the 2NT responses apply"),
    ("r3nt.", f"{SP3}, Notrump Opening Bids — 3NT and 2♣-2♦-3NT: transfers, Gerber, 4NT quantitative"),
    ("ntov.", f"{SP3}, Competitive Bidding — 1NT overcall 15–18: systems on"),
    ("2c.", f"{SP3}, Strong 2♣ Opening — responses and rebids"),
    ("w2.", f"{SP3}, Weak Two-Bids — responses (2NT asks for a feature)"),
    ("p3.", f"{SP3}, Preemptive Openings — responses"),
    ("p4.", f"{SP3}, Preemptive Openings — responses"),
    ("r1M.jacoby", f"{SP3}, Major Suit Opening Bids — Jacoby 2NT"),
    ("jac.", f"{SP3}, Major Suit Opening Bids — Jacoby 2NT: opener's rebids"),
    ("r1M.", f"{SP3}, Major Suit Opening Bids — responses"),
    ("r1H.", f"{SP3}, Major Suit Opening Bids — responses"),
    ("r1S.", f"{SP3}, Major Suit Opening Bids — responses"),
    ("r1m.", f"{SP3}, Minor Suit Opening Bids — responses"),
    ("r1D.", f"{SP3}, Minor Suit Opening Bids — responses"),
    ("o1.reverse", f"{SP3}, Rebids by Opener — reverses"),
    ("o.1nt.reverse", f"{SP3}, Rebids by Opener — reverses"),
    ("o.fsf", f"{SP3}, General Approach — fourth suit forcing: opener's answer"),
    ("o1.", f"{SP3}, Rebids by Opener — after a one-level response"),
    ("o.sr.", f"{SP3}, Rebids by Opener — after a single raise"),
    ("r.sr.", f"{SP3}, Rebids by Responder — after opener's game try"),
    ("o.lr.", f"{SP3}, Rebids by Opener — after a limit raise"),
    ("o.1nt.", f"{SP3}, Rebids by Opener — after a 1NT response"),
    ("o21.", f"{SP3}, Rebids by Opener — after a two-over-one response"),
    ("rr.fsf", f"{SP3}, General Approach — fourth suit forcing: responder places the game"),
    ("rr.", f"{SP3}, Rebids by Responder"),
    ("ov.1nt", f"{SP3}, Competitive Bidding — 1NT overcall 15–18"),
    ("ov.x", f"{SP3}, Competitive Bidding — takeout doubles"),
    ("ov.wjo", f"{SP3}, Competitive Bidding — jump overcalls are weak"),
    ("ov.", f"{SP3}, Competitive Bidding — overcalls"),
    ("bal.", f"{SP3}, Competitive Bidding — balancing"),
    ("o1nt.", f"{SP3}, Competitive Bidding — defence to 1NT: double is for penalty, two-level suit bids natural"),
    ("ow2.", f"{SP3}, Competitive Bidding — over weak two-bids"),
    ("oart.", f"{SP3}, Competitive Bidding — overcalls are natural: a suit the opponents' artificial call only "
              "named is still unbid (issue 9, alerts read as explained)"),
    ("op3.", f"{SP3}, Competitive Bidding — over preempts"),
    ("adv.x", f"{SP3}, Competitive Bidding — takeout doubles: advancer's answers"),
    ("adv.bal.x", f"{SP3}, Competitive Bidding — takeout doubles: advancer's answers"),
    ("adv1.", f"{SP3}, Competitive Bidding — responding to overcalls"),
    ("adv2.", f"{SP3}, Competitive Bidding — responding to overcalls"),
    ("ri.x.jordan", f"{SP3}, Competitive Bidding — after a takeout double: 2NT (Jordan) limit raise or better"),
    ("ri.x.xx", f"{SP3}, Competitive Bidding — after a takeout double: redouble 10+"),
    ("ri.x", f"{SP3}, Competitive Bidding — after a takeout double: new suits forcing at the one level, jump raises weak"),
    ("ri1.negx", f"{SP3}, Competitive Bidding — negative doubles through 2♠"),
    ("ri2.negx", f"{SP3}, Competitive Bidding — negative doubles through 2♠"),
    ("ri1.", f"{SP3}, Competitive Bidding — responder after an overcall"),
    ("ri2.", f"{SP3}, Competitive Bidding — responder after an overcall"),
    ("rnt.", f"{SP3}, Competitive Bidding — after a 1NT overcall"),
    ("o.negx.", f"{SP3}, Competitive Bidding — negative doubles: opener's rebid"),
    ("o.reopen.", f"{SP3}, Competitive Bidding — reopening double"),
    ("g.lead.x", f"{SP3}, Competitive Bidding — a double of an artificial bid shows the suit doubled "
                 "(lead-directing), as every partnership agrees by default"),
    ("g.blackwood", f"{SP3}, Slam Conventions — Blackwood"),
    ("g.grand", f"{SP3}, Slam Conventions — notrump slams by values"),
    ("g.slam", f"{SP3}, Slam Conventions — notrump slams by values"),
    ("g.", f"{SP3}, General Approach — bridge judgement (the table's generic layer: game and part-score "
           "placement, forced replies, competition by the law of total tricks, penalty doubles and sacrifices)"),
)

#: Rows bid on shape and the law of total tricks rather than strength (preempts and competition).
PREEMPT_ROWS: tuple[str, ...] = (
    "open.weak2", "open.3x", "open.4x", "r1M.4M", "w2.game.pre", "w2.raise", "ov.wjo", "ri.x.jump", "ri1.jump",
    "ri2.jump", "adv1.jump", "adv2.jump", "g.sacrifice", "g.compete", "g.own_suit", "vs.mich.raise", "vs.unus.raise",
)


def source_of(rule_id: str) -> str:
    for prefix, source in SOURCES:
        if rule_id.startswith(prefix):
            return source
    raise KeyError(f"SAYC row {rule_id!r} has no booklet section in SOURCES")


def _cite(rows: list[Rule]) -> list[Rule]:
    for r in rows:
        if not r.source:
            r.source = source_of(r.id)
        if r.id in PREEMPT_ROWS:
            r.preempt = True
    return rows


def build_sayc() -> System:
    rows: list[Rule] = []
    rows += _blackwood_rows()
    rows += _score_rows()
    rows += _opening_rows()
    rows += _nt_rows("r1nt", "1NT P", 15, 17, 1)
    rows += _nt_rows("r2nt", "2NT P", 20, 21, 2)
    rows += _nt_rows("r2c2nt", "2C P 2D P 2NT P", 22, 24, 2)
    rows += _nt3_rows("r3nt", "3NT P", 25, 27)
    rows += _nt3_rows("r3nt.2c", "2C P 2D P 3NT P", 25, 27)
    rows += _nt_rows("ntov", "1x 1NT P", 15, 18, 1)
    rows += [R("r1ntx.xx", "1NT X", "XX", H(hcp="9+"), "Redouble: values, suggests penalties",
               "Redoblo: valores, sugiere castigo", source=NTI)]
    rows += _nt_rows("r1ntx", "1NT X", 15, 17, 1)  # systems on over a double
    rows += _fsf_answer_rows()
    rows += _fsf_continuation_rows()
    rows += _responder_later_rows()
    rows += _strong_and_weak_rows()
    rows += _one_suit_rows()
    rows += _competition_rows()
    rows += _generic_rows()
    return System("sayc", "Standard American Yellow Card", "Standard American Yellow Card (SAYC)", _cite(rows),
                  sanity=SANITY)


SAYC = build_sayc()

__all__ = ["SAYC", "build_sayc"]

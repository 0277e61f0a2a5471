"""Auction Bridge bidding as played under the 1920 New York Whist Club code (seeds 000 and 001).

The scoring shapes the whole style:

- every trick over six counts toward the 30 points of game (♣6 ♦7 ♥8 ♠9 NT10), bid or not, so a
  side only needs to WIN THE AUCTION: never bid more than the lowest bid that outranks, and do not
  raise a partner whose bid already stands;
- undertricks cost only 50 each (no vulnerability), so competing is cheap;
- honours (A K Q J 10 of trumps, or aces at notrump) score for the side holding them, so a suit
  rich in honours is worth naming.

Period practice (Elwell, Work, Whitehead): an original no-trumper with three suits guarded and a
fair hand (about two and a half quick tricks); suit bids on length (five or more) and quick tricks;
a weak hand with a long suit takes partner's no-trumper out; a double of one no-trump (partner
silent) is *informatory* -- it asks partner to name his best suit -- while other doubles are for
business (penalties). The score toward 30 matters: when one odd trick in any suit completes our
game, any sound suit will do; when the opponents are close to game, compete more readily.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bazas.engine.calls import Strain

from .conds import both, higher, lower
from .constraints import HandFeatures
from .core import Cond, H, Prefer, Rule, Situation, System, rule
from .patterns import Bindings

R = rule

#: Trick values of the 1920 code (seed 000, section 05).
TRICK_VALUE = {Strain.C: 6, Strain.D: 7, Strain.H: 8, Strain.S: 9, Strain.NT: 10}
GAME = 30


def odd_tricks_for_game(part: int, strain: Strain) -> int:
    """Odd tricks (over six) that complete a game of 30 from ``part`` in ``strain``."""
    need = max(0, GAME - part)
    v = TRICK_VALUE[strain]
    return -(-need // v)


def near_game(sit: Situation, strain: Strain, us: bool = True) -> bool:
    """One or two odd tricks in this strain complete the game (counting the part score)."""
    part = sit.part_us if us else sit.part_them
    return part > 0 and odd_tricks_for_game(part, strain) <= 2


def _they_near_game(sit: Situation) -> bool:
    last = sit.auction.last_bid
    if last is None or sit.our_contract:
        return sit.part_them >= 18
    return sit.part_them + TRICK_VALUE[last.strain] * (last.level + 1) >= GAME


def _stopped3(f: HandFeatures, sit: Situation, b: Bindings) -> bool:
    return f.stoppers.bit_count() >= 3


def _suit_honours(var: str, n: int) -> Prefer:
    return lambda f, sit, b: f.honours(b[var]) >= n and f.top3(b[var]) >= 1


def _qt_for_level(base: float) -> Callable[[Situation, Bindings], str]:
    """Quick tricks needed to name a suit at the cheapest level: ``base`` at one, a trick more
    per level above; half a trick less when the opponents are close to game (compete)."""
    def f(sit: Situation, b: Bindings) -> str:
        level = sit.cheapest_level(Strain(b["y"]))
        need = base + max(0, level - 1)
        if _they_near_game(sit):
            need -= 0.5
        if near_game(sit, Strain(b["y"])):
            need -= 0.5
        return f"{max(1.0, need)}+"
    return f


def _partner_natural(var: str) -> Cond:
    return lambda s, b: Strain(b[var]) in s.natural_strains(s.partner)


def _their_contract(sit: Situation, b: Bindings) -> bool:
    return sit.last_bid is not None and not sit.our_contract


def _raise_qt(sit: Situation, b: Bindings) -> str:
    level = sit.cheapest_level(Strain(b["x"]))
    need = 1.0 + 0.5 * max(0, level - 2)
    if _they_near_game(sit):
        need -= 0.5
    return f"{max(0.5, need)}+"


def G(id: str, call: str, hand: H | None, en: str, es: str, **kw: Any) -> Rule:
    """A generic-layer row (pattern ``...``): used only for calls the specific rows leave undefined."""
    return rule(id, "...", call, hand, en, es, generic=True, **kw)


def build_auction_1920() -> System:
    rows: list[Rule] = []
    # -- original bids ---------------------------------------------------------------------------
    rows += [
        R("a.open.nt", "", "1NT", H(hcp="12+", qt="2+", C="2+", D="2+", H="2+", S="2+"),
          "One no-trump: three suits guarded and a fair hand",
          "Un sin triunfo: tres palos protegidos y una mano correcta",
          prefer=_stopped3),
        R("a.open.honours", "", "1x", H(x="4+", hon=("x", "3+"), qt="2+"),
          "Suit bid: a suit rich in trump honours", "Voz de palo: un palo rico en honores",
          prefer=lambda f, s, b: f.honours(b["x"]) >= 4 or (f.top3(b["x"]) >= 2 and f.quick_tricks >= 5),
          order="long_high"),
        R("a.open.suit", "", "1x", H(x="5+", qt=lambda s, b: "1.5+" if near_game(s, Strain(b["x"])) else "2+"),
          "Suit bid: five or more cards and quick tricks", "Voz de palo: cinco o más cartas y bazas rápidas",
          prefer=_suit_honours("x", 1), order="long_high"),
        R("a.open.pass", "", "P", None, "Pass: no sound bid", "Paso: ninguna voz sólida"),
    ]
    # -- partner's bid stands: bid only to improve the strain -------------------------------------------
    rows += [
        R("a.nt.takeout", "1NT P", "2y", H(y="5+", qt="-1"),
          "Weakness takeout: a long suit and a hand too weak for no-trump",
          "Salida por debilidad: palo largo y mano demasiado débil para sin triunfo",
          prefer=lambda f, s, b: min(f.lengths) <= 1 and (b["y"] >= 2 or f.lengths[b["y"]] >= 6), order="long_high"),
        R("a.nt.pass", "1NT P", "P", None, "Pass: partner's no-trump wins the auction (every trick counts)",
          "Paso: el sin triunfo del compañero gana la subasta (cuentan todas las bazas)"),
        R("a.suit.nt", "1x P", "1NT", H(stop="!x", qt="1.5+", x="-2"),
          "Takeout into no-trump: the other three suits guarded", "Paso a sin triunfo: los otros tres palos protegidos"),
        R("a.suit.major", "1x P", "1y", H(y="5+", qt="1.5+"),
          "A better-scoring suit at the same level", "Un palo que puntúa más al mismo nivel",
          when=higher("y", "x"), prefer=_suit_honours("y", 2), order="long_high"),
        R("a.suit.misfit", "1x P", "2y", H(y="6+", qt="2+", x="-1"),
          "Takeout: a long suit and no support", "Salida: palo largo y sin apoyo",
          when=lower("y", "x"), order="long_high"),
        R("a.suit.pass", "1x P", "P", None, "Pass: partner's bid wins the auction (every trick counts)",
          "Paso: la voz del compañero gana la subasta (cuentan todas las bazas)"),
    ]
    # -- over an opponent's bid (directly, or in the pass-out seat) ------------------------------------
    for seat_tag, pre in (("", ""), (".4th", " P P")):
        rows += [
            R(f"a.over.info{seat_tag}", f"1NT{pre}", "X", H(qt="2.5+"),
              "Informatory double of one no-trump: asks partner to name his best suit",
              "Doblo informativo de un sin triunfo: pide al compañero su mejor palo"),
            R(f"a.over.nt.suit{seat_tag}", f"1NT{pre}", "cheap:y", H(y="5+", qt=_qt_for_level(1.5)),
              "Suit over no-trump at the lowest level", "Palo sobre sin triunfo al nivel más bajo",
              prefer=_suit_honours("y", 1), order="long_high"),
            R(f"a.over.nt.pass{seat_tag}", f"1NT{pre}", "P", None, "Pass", "Paso"),
            R(f"a.over.business{seat_tag}", f"1x{pre}", "X", H(x="5+", hon=("x", "3+"), qt="2+"),
              "Business double: length and honours in their trumps", "Doblo de castigo: largo y honores en su triunfo"),
            R(f"a.over.nt{seat_tag}", f"1x{pre}", "1NT", H(stop="x", qt="2+", C="2+", D="2+", H="2+", S="2+"),
              "No-trump over their suit: three suits guarded, theirs among them",
              "Sin triunfo sobre su palo: tres palos protegidos, el suyo incluido", prefer=_stopped3),
            R(f"a.over.suit{seat_tag}", f"1x{pre}", "cheap:y", H(y="5+", qt=_qt_for_level(2.0)),
              "Overcall at the lowest level that outranks (bid only enough to win)",
              "Voz al nivel más bajo que supera (pujar solo lo necesario para ganar)",
              when=lambda s, b: s.cheapest_level(Strain(b["y"])) <= 2, prefer=_suit_honours("y", 1), order="long_high"),
            R(f"a.over.pass{seat_tag}", f"1x{pre}", "P", None, "Pass", "Paso"),
        ]
    rows += [
        R("a.reply.info", "1NT X P", "cheap:y", H(y="4+"),
          "Answers the informatory double with the best suit", "Responde al doblo informativo con su mejor palo",
          order="long_high"),
        R("a.reply.info.short", "1NT X P", "cheap:y", None,
          "Answers the informatory double (no four-card suit)", "Responde al doblo informativo (sin palo cuarto)",
          order="long_high"),
        R("a.reply.info4", "1NT P P X P", "cheap:y", H(y="4+"),
          "Answers the informatory double with the best suit", "Responde al doblo informativo con su mejor palo",
          order="long_high"),
        R("a.reply.info4.short", "1NT P P X P", "cheap:y", None,
          "Answers the informatory double (no four-card suit)", "Responde al doblo informativo (sin palo cuarto)",
          order="long_high"),
    ]
    # -- later rounds: compete, raise, double, or let the bid stand --------------------------------------
    rows += [
        G("a.g.stands", "P", None, "Pass: our bid stands and wins the auction",
          "Paso: nuestra voz se mantiene y gana la subasta", when=lambda s, b: s.our_contract),
        G("a.g.business", "X", H(qt="3+"),
          "Business double: they have overbid", "Doblo de castigo: se han pasado",
          when=both(_their_contract, lambda s, b: s.auction.last_bid is not None and s.auction.last_bid.level >= 2),
          prefer=lambda f, s, b: _trump_holding(f, s)),
        G("a.g.raise", "cheap:x", H(x="3+", qt=_raise_qt),
          "Raises partner just enough to outrank: support and quick tricks",
          "Apoya al compañero lo justo para superar: apoyo y bazas rápidas",
          when=both(_their_contract, _partner_natural("x"), lambda s, b: s.cheapest_level(Strain(b["x"])) <= 4)),
        G("a.g.nt", "cheap:NT", H(stop="theirs", qt="2.5+"),
          "No-trump at the lowest level: their suit guarded", "Sin triunfo al nivel más bajo: su palo protegido",
          when=both(_their_contract, lambda s, b: s.cheapest_level(Strain.NT) <= 2)),
        G("a.g.suit", "cheap:y", H(y="6+", qt=_qt_for_level(2.0)),
          "A long suit at the lowest level that outranks", "Un palo largo al nivel más bajo que supera",
          when=both(_their_contract, lambda s, b: s.cheapest_level(Strain(b["y"])) <= 3), order="long_high"),
        G("a.g.pass", "P", None, "Pass", "Paso"),
    ]
    return System("auction-1920", "Auction Bridge (1920 New York Whist Club code)",
                  "Bridge de subasta (código del New York Whist Club, 1920)", rows)


def _trump_holding(f: HandFeatures, sit: Situation) -> bool:
    """Length or honours in their trumps (or, at no-trump, guards in most suits)."""
    last = sit.auction.last_bid
    if last is None:
        return False
    if last.strain is Strain.NT:
        return f.stoppers.bit_count() >= 3
    s = int(last.strain)
    return f.lengths[s] >= 4 and f.honours(s) >= 2


AUCTION_1920 = build_auction_1920()

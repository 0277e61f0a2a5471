"""One level of information-set search for declarer, against strategy fusion.

Sampling and solving each layout double dummy values a card as if declarer, having played it,
would then know the layout: in each layout the solver plays the rest of the hand right, so a card
that leaves declarer a guess later (a two-way finesse, a choice of squeezes, which suit to set up)
is valued as though the guess were always right ("strategy fusion": Frank and Basin, "Search in
games with incomplete information", 1998; the remedy searched here is the first level of
Cazenave and Ventos' alpha-mu search, 2019).

:func:`fused_values` values a card of declarer's side one decision deeper: the card is played in
every layout, the defenders answer double dummy in each (they are assumed to see the cards, as
the solver assumes at every node), and at declarer's next decision the layouts declarer cannot
tell apart (the same cards were played in them) must take ONE card between them, the best on
their weighted average. A card's value so never exceeds its double-dummy average, and falls by
exactly what the guesses it leaves are worth.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .dds import Position, Solver

__all__ = ["fused_values"]


def _best_cards(result: dict[int, int]) -> list[int]:
    best = max(result.values())
    return [c for c, t in result.items() if t == best]


def _defender_cards(results: Sequence[dict[int, int]], weights: Sequence[float], hide: bool = True) -> list[int]:
    """The defender's double-dummy card in each of a group of layouts declarer cannot yet tell
    apart: among the cards best for the defence in a layout, the one best in the most weight of
    the group (then the lowest). The defenders so give away no more than double dummy makes
    them: with the queen or without it, a defender who can follow with the eight in both follows
    with the eight in both, and the layouts stay together for declarer's guess. ``hide`` False:
    the lowest of the cards best in each layout, whatever the others."""
    if not hide:
        return [min(_best_cards(r)) for r in results]
    common: dict[int, float] = {}
    bests = [_best_cards(r) for r in results]
    for cards, w in zip(bests, weights, strict=True):
        for c in cards:
            common[c] = common.get(c, 0.0) + w
    return [min(cards, key=lambda c: (-common[c], c)) for cards in bests]


def fused_values(solver: Solver, positions: Sequence[Position], weights: Sequence[float],
                 candidates: Sequence[int], utility: Callable[[int], float],
                 out_of_time: Callable[[], bool] = lambda: False, hide: bool = True) -> dict[int, float] | None:
    """Each candidate card's expected utility when declarer's side, after it, must choose its
    next card without knowing the layout.

    ``positions`` are the layouts solved for the decision (declarer's side to play, the same
    cards visible in all), ``weights`` their weights, ``utility`` the value of the tricks the
    side to play takes from here on. Returns None when ``out_of_time()`` says so between solving
    rounds (the caller keeps the plain double-dummy choice).
    """
    side = positions[0].to_play & 1
    total = sum(weights) or 1.0
    values: dict[int, float] = {}
    for card in candidates:
        # Each layout: its position, the tricks the side took since the decision, the defenders'
        # cards since (what tells the layouts apart at the next decision).
        states: list[tuple[Position, int, tuple[int, ...]]] = []
        for pos in positions:
            nxt, winner = pos.after(card)
            states.append((nxt, int(winner is not None and winner & 1 == side), ()))
        while True:
            todo = [i for i, (p, _, _) in enumerate(states) if p.tricks_left and p.to_play & 1 != side]
            if not todo:
                break
            if out_of_time():
                return None
            answers = dict(zip(todo, solver.solve_many([states[i][0] for i in todo]), strict=True))
            alike: dict[tuple[int, ...], list[int]] = {}
            for i in todo:
                alike.setdefault(states[i][2], []).append(i)
            for members in alike.values():
                replies = _defender_cards([answers[i] for i in members], [weights[i] for i in members], hide)
                for i, reply in zip(members, replies, strict=True):
                    p, won, seen = states[i]
                    nxt, winner = p.after(reply)
                    states[i] = (nxt, won + int(winner is not None and winner & 1 == side), seen + (reply,))
        if out_of_time():
            return None
        live = [i for i, (p, _, _) in enumerate(states) if p.tricks_left]
        by_layout = dict(zip(live, solver.solve_many([states[i][0] for i in live]), strict=True))
        # One card for all the layouts declarer cannot tell apart: the best on their average.
        groups: dict[tuple[int, ...], dict[int, float]] = {}
        value = 0.0
        for i, ((_, won, seen), w) in enumerate(zip(states, weights, strict=True)):
            result = by_layout.get(i)
            if not result:
                value += w * utility(won)
                continue
            sums = groups.setdefault(seen, {})
            for c, t in result.items():
                sums[c] = sums.get(c, 0.0) + w * utility(won + t)
        value += sum(max(sums.values()) for sums in groups.values() if sums)
        values[card] = value / total
    return values

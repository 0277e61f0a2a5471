"""The play of the cards: leads, following suit, tricks, dummy and claims.

Cards are handled as indexes 0-51 inside (see :mod:`bazas.engine.cards`) so random playouts and
bots stay fast; the public methods accept and return :class:`Card` values too.

>>> from bazas.engine.deal import Deal
>>> d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> p = Play(d, Strain.S, declarer=Seat.S)
>>> p.turn, p.leader
(<Seat.W: 3>, <Seat.W: 3>)
>>> p = p.apply(Card.parse("HA"))
>>> [str(c) for c in p.legal_cards()]          # North (dummy) must follow hearts
['H8', 'H9', 'HT']
>>> p.controller(p.turn)                        # dummy's cards are played by declarer
<Seat.S: 2>
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations

from .calls import Strain
from .cards import ALL_CARDS, Card, Hand
from .deal import Deal
from .errors import GameOver, IllegalPlay, InvalidClaim, WrongTurn
from .seats import SEATS, Seat, Side

_SUIT_MASKS = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the four cards in playing order, who won it."""

    leader: Seat
    cards: tuple[Card, Card, Card, Card]
    winner: Seat

    def card_of(self, seat: Seat) -> Card:
        return self.cards[(seat - self.leader) & 3]


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim (or concession) that ends play: ``claimer``'s side wins ``tricks`` of the tricks left."""

    claimer: Seat
    tricks: int


def trick_winner(cards: tuple[int, ...], leader: int, trump: int) -> int:
    """Seat (0-3) winning a trick of card indexes played from ``leader``; ``trump`` -1 at NT."""
    best = cards[0]
    best_i = 0
    b = best // 13
    for i in (1, 2, 3):
        c = cards[i]
        s = c // 13
        if s == b:
            if c > best:
                best, best_i = c, i
        elif s == trump:
            best, best_i, b = c, i, s
    return (leader + best_i) & 3


class Play:
    """The play of one deal. Immutable: :meth:`apply` returns a new state."""

    __slots__ = ("deal", "strain", "declarer", "hands", "played", "leader", "current", "tricks",
                 "won", "claim", "_trump")

    deal: Deal
    strain: Strain
    declarer: Seat
    hands: tuple[int, int, int, int]
    played: tuple[int, ...]
    leader: Seat
    current: tuple[int, ...]
    tricks: tuple[Trick, ...]
    won: tuple[int, int]
    claim: Claim | None
    _trump: int

    def __init__(self, deal: Deal, strain: Strain, declarer: Seat) -> None:
        self.deal = deal
        self.strain = strain
        self.declarer = declarer
        h = deal.hands
        self.hands = (h[0].mask, h[1].mask, h[2].mask, h[3].mask)
        self.played = ()
        self.leader = declarer.lho
        self.current = ()
        self.tricks = ()
        self.won = (0, 0)
        self.claim = None
        self._trump = -1 if strain is Strain.NT else int(strain)

    # -- state ---------------------------------------------------------------------------------
    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def turn(self) -> Seat:
        """The seat whose card is due (dummy included)."""
        return self.leader.after(len(self.current))

    def controller(self, seat: Seat) -> Seat:
        """The seat that chooses ``seat``'s card: declarer for dummy, otherwise the seat itself."""
        return self.declarer if seat == self.declarer.partner else seat

    @property
    def dummy_exposed(self) -> bool:
        """Dummy is face up once the opening lead has been made."""
        return bool(self.played)

    @property
    def is_complete(self) -> bool:
        return len(self.tricks) == 13 or self.claim is not None

    @property
    def trick_number(self) -> int:
        """1-based number of the trick in progress (14 when all are played)."""
        return len(self.tricks) + 1

    def tricks_won(self, side: Side) -> int:
        return self.won[side]

    @property
    def declarer_tricks(self) -> int:
        return self.won[self.declarer.side]

    def remaining(self, seat: Seat) -> Hand:
        return Hand(self.hands[seat])

    def current_trick(self) -> list[tuple[Seat, Card]]:
        return [(self.leader.after(i), ALL_CARDS[c]) for i, c in enumerate(self.current)]

    def cards_played(self) -> list[tuple[Seat, Card]]:
        """Every card in playing order with its seat."""
        out: list[tuple[Seat, Card]] = []
        for t in self.tricks:
            out.extend((t.leader.after(i), c) for i, c in enumerate(t.cards))
        out.extend(self.current_trick())
        return out

    def shown_out(self) -> dict[Seat, set[int]]:
        """Suits (0-3) each seat has shown out of by failing to follow."""
        out: dict[Seat, set[int]] = {s: set() for s in SEATS}
        for t in self.tricks:
            led = t.cards[0].suit
            for i, c in enumerate(t.cards[1:], 1):
                if c.suit != led:
                    out[t.leader.after(i)].add(int(led))
        if self.current:
            led_i = self.current[0] // 13
            for i, idx in enumerate(self.current[1:], 1):
                if idx // 13 != led_i:
                    out[self.leader.after(i)].add(led_i)
        return out

    # -- legality ------------------------------------------------------------------------------
    def legal_mask(self) -> int:
        """Bit set of the legal cards of the seat to play."""
        hand = self.hands[(self.leader + len(self.current)) & 3]
        if self.current:
            follow = hand & _SUIT_MASKS[self.current[0] // 13]
            if follow:
                return follow
        return hand

    def legal_cards(self) -> list[Card]:
        """Legal cards, ordered by suit (clubs first) then rank (low first): index order."""
        if self.claim is not None or len(self.tricks) == 13:
            return []
        current = self.current
        hand = self.hands[(self.leader + len(current)) & 3]
        if current:
            led = current[0] // 13
            follow = hand >> (13 * led) & 0x1FFF
            if follow:
                return list(_suit_cards(led, follow))
        return [*_suit_cards(0, hand & 0x1FFF), *_suit_cards(1, hand >> 13 & 0x1FFF),
                *_suit_cards(2, hand >> 26 & 0x1FFF), *_suit_cards(3, hand >> 39)]

    def check(self, card: Card, seat: Seat | None = None) -> None:
        """Raise unless ``card`` may be played now (by ``seat``, the player acting, when given)."""
        self._checked_index(card, seat)

    def _checked_index(self, card: Card, seat: Seat | None) -> int:
        """:meth:`check`, returning the card's index."""
        if self.claim is not None or len(self.tricks) == 13:
            raise GameOver("the play is over")
        current = self.current
        turn = SEATS[(self.leader + len(current)) & 3]
        if seat is not None and seat != (self.declarer if turn == (self.declarer + 2) & 3 else turn):
            raise WrongTurn(f"it is {turn.name}'s turn to play"
                            + (f" (declarer {self.declarer.name} plays dummy's cards)" if turn == self.dummy else "")
                            + f", not {seat.name}'s")
        hand = self.hands[turn]
        index = card.suit * 13 + card.rank - 2
        if not hand >> index & 1:
            raise IllegalPlay(f"{turn.name} does not hold {card}")
        if current:
            led = current[0] // 13
            if index // 13 != led and hand & _SUIT_MASKS[led]:
                raise IllegalPlay(f"{turn.name} must follow suit: {ALL_CARDS[self.current[0]].suit.name} was led and "
                                  f"{turn.name} holds one (Law 44C)")
        return index

    def can(self, card: Card, seat: Seat | None = None) -> bool:
        try:
            self.check(card, seat)
        except ValueError:
            return False
        return True

    def apply(self, card: Card, seat: Seat | None = None) -> Play:
        return self._play_index(self._checked_index(card, seat))

    def apply_index(self, index: int) -> Play:
        """Fast path for bots and playouts: play card ``index``, which must be in ``legal_mask()``."""
        if not self.legal_mask() >> index & 1 or self.is_complete:
            self.check(ALL_CARDS[index])
        return self._play_index(index)

    def _play_index(self, index: int) -> Play:
        # The hot path of every card played: no properties, no lists, one tuple per field.
        leader = self.leader
        current = self.current + (index,)
        turn = (leader + len(current) - 1) & 3
        nxt = _new_play(Play)
        nxt.deal = self.deal
        nxt.strain = self.strain
        nxt.declarer = self.declarer
        trump = nxt._trump = self._trump
        nxt.claim = None
        h0, h1, h2, h3 = self.hands
        keep = ~(1 << index)
        if turn == 0:
            h0 &= keep
        elif turn == 1:
            h1 &= keep
        elif turn == 2:
            h2 &= keep
        else:
            h3 &= keep
        nxt.hands = (h0, h1, h2, h3)
        nxt.played = self.played + (index,)
        if len(current) == 4:
            w = SEATS[trick_winner(current, leader, trump)]
            trick = _new_trick(Trick)
            _set(trick, "leader", leader)
            _set(trick, "cards", (ALL_CARDS[current[0]], ALL_CARDS[current[1]],
                                  ALL_CARDS[current[2]], ALL_CARDS[current[3]]))
            _set(trick, "winner", w)
            nxt.tricks = self.tricks + (trick,)
            ns, ew = self.won
            nxt.won = (ns, ew + 1) if w & 1 else (ns + 1, ew)
            nxt.leader = w
            nxt.current = ()
        else:
            nxt.tricks = self.tricks
            nxt.won = self.won
            nxt.leader = leader
            nxt.current = current
        return nxt

    # -- claims --------------------------------------------------------------------------------
    @property
    def tricks_left(self) -> int:
        return 13 - len(self.tricks)

    def apply_claim(self, claimer: Seat, tricks: int) -> Play:
        """End play by an agreed claim: ``claimer``'s side wins ``tricks`` of the tricks left
        (the trick in progress counts as left)."""
        if self.is_complete:
            raise GameOver("the play is over")
        if not 0 <= tricks <= self.tricks_left:
            raise InvalidClaim(f"a claim must be between 0 and {self.tricks_left} tricks, not {tricks}")
        nxt = object.__new__(Play)
        for name in Play.__slots__:
            object.__setattr__(nxt, name, getattr(self, name))
        won = list(self.won)
        won[claimer.side] += tricks
        won[1 - claimer.side] += self.tricks_left - tricks
        nxt.won = (won[0], won[1])
        nxt.claim = Claim(claimer, tricks)
        return nxt

    def claim_holds(self, claimer: Seat, tricks: int, max_layouts: int = 2000) -> bool | None:
        """Whether ``claimer``'s side surely wins ``tricks`` of the tricks left, however the cards
        it cannot see lie (every layout of the two hidden hands consistent with their counts and
        the suits they showed out of) and however the other side defends. The claimer's side
        plays without seeing the hidden hands: one line of play, adapted only to the cards it
        sees played, must win the tricks in every layout (Law 70: a claim that needs a finesse
        or a guess to come right does not hold). The other side is assumed to know every card.
        A defender's partner is hidden from the claimer and is assumed to play the worst card.
        None when too many layouts (or positions) to check exhaustively."""
        if self.is_complete:
            raise GameOver("the play is over")
        if not 0 <= tricks <= self.tricks_left:
            raise InvalidClaim(f"a claim must be between 0 and {self.tricks_left} tricks, not {tricks}")
        if tricks == 0:
            return True
        side = claimer.side
        visible = {claimer, self.dummy}
        hidden = [s for s in SEATS if s not in visible]
        leader = Seat(self.leader)
        # Cheap and sound first: top winners cashed from the hand on lead (any number of tricks).
        if (not self.current and leader.side == side and leader in visible
                and sure_tricks(self.hands, leader, self._trump, leader.partner in visible) >= tricks):
            return True
        pool = self.hands[hidden[0]] | self.hands[hidden[1]]
        count0 = self.hands[hidden[0]].bit_count()
        shown = self.shown_out()
        pool_cards = [i for i in range(52) if pool >> i & 1]
        n_layouts = _binomial(len(pool_cards), count0)
        if n_layouts > max_layouts or self.tricks_left > 7:
            return None
        layouts: list[int] = []  # hidden[0]'s cards in each consistent layout
        for combo in combinations(pool_cards, count0):
            m0 = 0
            for c in combo:
                m0 |= 1 << c
            m1 = pool & ~m0
            if any(m0 & _SUIT_MASKS[s] for s in shown[hidden[0]]) or any(m1 & _SUIT_MASKS[s] for s in shown[hidden[1]]):
                continue
            layouts.append(m0)
        try:
            return _claim_value(self.hands, hidden, layouts, self.leader, self.current, self._trump, side, tricks)
        except _SearchTooBig:
            return None

    # -- values --------------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Play) and self.deal == other.deal and self.strain == other.strain
                and self.declarer == other.declarer and self.played == other.played and self.claim == other.claim)

    def __hash__(self) -> int:
        return hash((self.deal, self.strain, self.declarer, self.played))

    def __iter__(self) -> Iterator[Card]:
        return (ALL_CARDS[i] for i in self.played)

    @classmethod
    def from_cards(cls, deal: Deal, strain: Strain, declarer: Seat, cards: Iterable[Card | str]) -> Play:
        play = cls(deal, strain, declarer)
        for i, c in enumerate(cards):
            card = Card.parse(c) if isinstance(c, str) else c
            try:
                play = play.apply(card)
            except (IllegalPlay, GameOver) as exc:
                raise type(exc)(f"card {i + 1} ({card}): {exc}") from None
        return play


_new_play = object.__new__
_new_trick = object.__new__
_set = object.__setattr__
#: Lazily filled: the cards of suit ``s`` in 13-bit mask ``m`` at ``s * 8192 + m``, low first.
_SUIT_CARDS: list[tuple[Card, ...] | None] = [None] * (4 * 8192)


def _suit_cards(suit: int, mask13: int) -> tuple[Card, ...]:
    key = suit * 8192 + mask13
    cards = _SUIT_CARDS[key]
    if cards is None:
        cards = _SUIT_CARDS[key] = tuple(ALL_CARDS[suit * 13 + r] for r in range(13) if mask13 >> r & 1)
    return cards


def sure_tricks(hands: tuple[int, ...], leader: Seat, trump: int, partner_visible: bool) -> int:
    """Tricks ``leader``'s side wins for sure by cashing top winners from ``leader``'s hand, the
    lead never leaving it, however the other cards lie and are played (a sufficient test for a
    claim: Law 70's "a line of play that needs no finesse or guess").

    Trumps are cashed first: while the other side (and a partner the claimer cannot see, treated
    as adverse) may hold trumps, only trump winners count. A lead in a suit is a sure winner when
    it beats every adverse card of that suit that may still be out (all of them with one player,
    following low, in the worst case) and every card partner holds in the suit (so that partner,
    whatever it has discarded meanwhile, cannot overtake it).

    >>> from bazas.engine.cards import Hand
    >>> h = tuple(Hand.from_pbn(x).mask for x in ("AKQ.AK.-.-", "J32.Q2.-.-", "T9.43.-.-", "87.J5.-.-"))
    >>> sure_tricks(h, Seat.N, -1, True)       # N: AKQ of spades and AK of hearts, notrump
    5
    >>> sure_tricks(h, Seat.N, 2, True)        # hearts trumps: E's Q and W's J of hearts out
    2
    """
    own = hands[leader]
    partner = hands[leader.partner]
    adverse = hands[leader.after(1)] | hands[leader.after(3)]
    if not partner_visible:
        adverse |= partner
        partner = 0

    def run(suit: int) -> int:
        """Consecutive sure winners leading ``suit`` from the top of ``own``."""
        mask = _SUIT_MASKS[suit]
        mine = [i for i in range(suit * 13 + 12, suit * 13 - 1, -1) if own >> i & 1]
        theirs = adverse & mask
        top = theirs.bit_length() - 1 if theirs else -1
        out_rounds = theirs.bit_count()
        # Partner's highest card of the suit, whatever it discards elsewhere: below the lead, it
        # can never overtake it.
        partner_top = (partner & mask).bit_length() - 1
        count = 0
        for rnd, card in enumerate(mine, 1):
            if (rnd <= out_rounds and card < top) or card < partner_top:
                break
            count += 1
        return count

    if trump >= 0 and adverse & _SUIT_MASKS[trump]:
        trumps = run(trump)
        if trumps < (adverse & _SUIT_MASKS[trump]).bit_count():
            return trumps                  # trumps may still be out: side suits could be ruffed
        return trumps + sum(run(s) for s in range(4) if s != trump)
    return sum(run(s) for s in range(4))


def _binomial(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)


def _max_tricks(hands: tuple[int, ...], leader: int, current: tuple[int, ...], trump: int, side: int) -> int:
    """Double-dummy tricks ``side`` wins from here with both sides playing their best (small
    positions only: a memoised minimax for claims)."""
    memo: dict[tuple[tuple[int, ...], int, tuple[int, ...]], int] = {}

    def solve(hands: tuple[int, ...], leader: int, current: tuple[int, ...]) -> int:
        if not any(hands):
            return 0
        key = (hands, leader, current)
        if key in memo:
            return memo[key]
        seat = (leader + len(current)) & 3
        hand = hands[seat]
        legal = hand
        if current:
            follow = hand & _SUIT_MASKS[current[0] // 13]
            if follow:
                legal = follow
        maximise = (seat & 1) == side
        best = -1 if maximise else 99
        seen_equiv = -2
        m = legal
        while m:
            low = m & -m
            idx = low.bit_length() - 1
            m ^= low
            # Touching cards in one hand (adjacent ranks, all between them played) are equivalent.
            if idx - 1 == seen_equiv and idx % 13 != 0:
                seen_equiv = idx
                continue
            seen_equiv = idx
            nh = list(hands)
            nh[seat] &= ~low
            cur = (*current, idx)
            if len(cur) == 4:
                w = trick_winner(cur, leader, trump)
                value = (1 if (w & 1) == side else 0) + solve(tuple(nh), w, ())
            else:
                value = solve(tuple(nh), leader, cur)
            if maximise:
                if value > best:
                    best = value
            elif value < best:
                best = value
        memo[key] = best
        return best

    return solve(hands, leader, current)


class _SearchTooBig(Exception):
    """The claim search went past its node budget."""


#: Positions the claim verifier may visit before giving up (about a second or two).
_CLAIM_NODE_BUDGET = 150_000


def _claim_value(hands: tuple[int, ...], hidden: list[Seat], layouts: list[int], leader: int,
                 current: tuple[int, ...], trump: int, side: int, target: int) -> bool:
    """Whether ``side`` can make sure of ``target`` more tricks when it cannot see the hands
    ``hidden`` and their cards lie in one of ``layouts`` (``hidden[0]``'s cards; ``hidden[1]``
    holds the rest of the pool).

    A game of perfect information over what the claimer knows: the position of the seen hands,
    the cards played since the claim, and ``alive``, the set (a bit set over ``layouts``) of
    layouts still consistent with what the hidden hands have played. At a hidden hand's turn the
    other side may play any card that some live layout allows, keeping the layouts where that
    play is legal; so a line that works here works in every layout, and the claimer's choices
    cannot depend on the layout except through the cards seen. (The usual double-dummy solver
    per layout would let the claimer "guess" every two-way finesse right.)"""
    pool = hands[hidden[0]] | hands[hidden[1]]
    h0, h1 = int(hidden[0]), int(hidden[1])
    all_alive = (1 << len(layouts)) - 1
    # holds[k][c]: the layouts in which hidden[k] was dealt pool card c.
    holds: list[dict[int, int]] = [{}, {}]
    m = pool
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        in0 = 0
        for j, lay in enumerate(layouts):
            if lay & low:
                in0 |= 1 << j
        holds[0][c] = in0
        holds[1][c] = all_alive & ~in0
    seen_hands = list(hands)
    seen_hands[h0] = seen_hands[h1] = 0
    # memo: position -> (largest need known to be reachable, smallest need known not to be)
    memo: dict[tuple[tuple[int, ...], int, int, tuple[int, ...], int], list[int]] = {}

    def can_make(known: tuple[int, ...], gone: int, leader: int, current: tuple[int, ...], alive: int,
                 need: int) -> bool:
        """Whether ``side`` can make sure of ``need`` more tricks from here."""
        if need <= 0:
            return True
        left = known[0] | known[1] | known[2] | known[3] | (pool & ~gone)
        if need > (left.bit_count() + len(current) + 3) // 4:
            return False
        key = (known, gone, leader, current, alive)
        bounds = memo.get(key)
        if bounds is None:
            if len(memo) >= _CLAIM_NODE_BUDGET:
                raise _SearchTooBig
            bounds = memo[key] = [0, 99]
        elif need <= bounds[0]:
            return True
        elif need >= bounds[1]:
            return False
        seat = (leader + len(current)) & 3
        led_mask = _SUIT_MASKS[current[0] // 13] if current else 0
        cur_mask = 0
        for c in current:
            cur_mask |= 1 << c
        result: bool
        if seat in (h0, h1):
            # The other side (or a defender-claimer's unseen partner, assumed to play worst):
            # any card some live layout allows; the claim must survive every one.
            held = holds[0 if seat == h0 else 1]
            rest = pool & ~gone
            void_in_led = alive  # layouts where this hand holds none of the led suit's unplayed cards
            if current:
                lm = rest & led_mask
                while lm:
                    low = lm & -lm
                    void_in_led &= ~held[low.bit_length() - 1]
                    lm ^= low
            # (No "touching cards" shortcut here: two unseen cards may lie in different hands
            # and meet in one trick, so they are not interchangeable.)
            result = True
            m = rest
            while m and result:
                c = m.bit_length() - 1
                low = 1 << c
                m ^= low
                ok = alive & held[c]
                if current and not low & led_mask:
                    ok &= void_in_led
                if ok:
                    result = _next(known, gone | low, leader, current, ok, c, need)
        else:
            hand = known[seat]
            legal = hand & led_mask if current else 0
            if not legal:
                legal = hand
            maximise = (seat & 1) == side
            result = not maximise
            # Cards of one hand with nothing between them but cards gone in earlier tricks are
            # equivalent: try the highest of each such run.
            sep = ((known[0] | known[1] | known[2] | known[3]) & ~hand) | (pool & ~gone) | cur_mask
            m = legal
            prev = -1
            while m and result != maximise:
                c = m.bit_length() - 1  # high cards first
                low = 1 << c
                m ^= low
                if prev >= 0 and prev // 13 == c // 13 and not sep & ((1 << prev) - (low << 1)):
                    prev = c
                    continue
                prev = c
                after = list(known)
                after[seat] &= ~low
                result = _next(tuple(after), gone, leader, current, alive, c, need)
        if result:
            bounds[0] = max(bounds[0], need)
        else:
            bounds[1] = min(bounds[1], need)
        return result

    def _next(known: tuple[int, ...], gone: int, leader: int, current: tuple[int, ...], alive: int,
              card: int, need: int) -> bool:
        cur = (*current, card)
        if len(cur) == 4:
            w = trick_winner(cur, leader, trump)
            return can_make(known, gone, w, (), alive, need - (1 if (w & 1) == side else 0))
        return can_make(known, gone, leader, cur, alive, need)

    return can_make(tuple(seen_hands), 0, leader, current, all_alive, target)

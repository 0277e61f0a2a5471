"""RULES.md "Common to all rulesets", the play (seed 000 §4 and §9, seed 002 §5 and §9, seed 003
"El Juego" and "El Muerto"; Laws 41-47):

- declarer's left-hand opponent makes the opening lead; dummy is exposed after the opening lead
  and declarer plays dummy's cards in turn;
- follow suit if able; otherwise any card; no duty to ruff or to win;
- highest trump wins, else highest card of the suit led; the winner leads next;
- all 13 tricks are played.
"""

from __future__ import annotations

import random

import pytest

from bazas.engine.calls import STRAINS, Strain
from bazas.engine.cards import ALL_CARDS, Card
from bazas.engine.deal import Deal, deal_random
from bazas.engine.errors import GameOver, IllegalPlay, WrongTurn
from bazas.engine.play import Play, trick_winner
from bazas.engine.seats import SEATS, Seat, Side

PBN = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
# seed 000 §9: North (dummy) void in hearts, holding the ♠3.
SEED000 = "N:Q543..AKQJT.AKQJ JT.K8765.654.765 98762.432.32.432 AK.AQJT9.987.T98"
# seed 002 §9: West void in clubs, North's only club the ♣2, South holding the ♣A.
SEED002 = "N:AKQ.AKQJT9.AKQ.2 65.65.654.KQJT98 432.42.32.A76543 JT987.873.JT987."


def c(text: str) -> Card:
    return Card.parse(text)


def play_cards(p: Play, *cards: str) -> Play:
    for text in cards:
        p = p.apply(c(text))
    return p


# -- opening lead and dummy -------------------------------------------------------------------
@pytest.mark.parametrize("declarer", SEATS)
def test_opening_lead_by_declarers_lho(declarer: Seat) -> None:
    p = Play(Deal.from_pbn(PBN), Strain.S, declarer)
    assert p.leader is declarer.lho and p.turn is declarer.lho
    assert p.dummy is declarer.partner
    for seat in SEATS:
        if seat is not declarer.lho:
            with pytest.raises(WrongTurn):
                p.check(p.legal_cards()[0], seat)
    # Declarer may not lead for the defenders; no one else may lead.
    with pytest.raises(WrongTurn, match=f"{declarer.lho.name}'s turn"):
        p.apply(p.remaining(declarer.lho).cards()[0], declarer)
    # Declarer's LHO leads any card of his hand.
    assert p.legal_cards() == sorted(p.remaining(declarer.lho))


def test_dummy_exposed_after_the_opening_lead() -> None:
    p = Play(Deal.from_pbn(PBN), Strain.NT, Seat.S)
    assert not p.dummy_exposed
    p = p.apply(c("HA"))
    assert p.dummy_exposed
    assert p.turn is Seat.N and p.controller(Seat.N) is Seat.S


def test_declarer_plays_dummys_cards_in_turn() -> None:
    d = Deal.from_pbn(PBN)
    p = Play(d, Strain.NT, Seat.S).apply(c("HA"), Seat.W)  # W leads a heart; N (dummy) to play
    assert p.turn is Seat.N
    assert p.controller(Seat.N) is Seat.S
    with pytest.raises(WrongTurn, match=r"declarer S plays dummy's cards.*not N's"):
        p.check(c("H8"), Seat.N)                         # dummy does not play its own cards
    with pytest.raises(WrongTurn):
        p.check(c("H8"), Seat.E)                         # nor do the defenders
    with pytest.raises(IllegalPlay, match="N does not hold"):
        p.check(c("H2"), Seat.S)                         # declarer plays from dummy, not from hand
    p = p.apply(c("H8"), Seat.S)
    assert p.turn is Seat.E and p.controller(Seat.E) is Seat.E
    with pytest.raises(WrongTurn):
        p.check(c("H6"), Seat.S)                         # it is East's turn, not declarer's


# -- following suit ---------------------------------------------------------------------------
def test_follow_suit_if_able_law44c() -> None:
    p = Play(Deal.from_pbn(PBN), Strain.S, Seat.S).apply(c("HA"))   # W leads ♥A
    assert [str(x) for x in p.legal_cards()] == ["H8", "H9", "HT"]   # N must follow hearts
    with pytest.raises(IllegalPlay, match=r"must follow suit.*Law 44C"):
        p.check(c("SA"))
    with pytest.raises(IllegalPlay, match="does not hold"):
        p.check(c("HK"))


def test_void_may_play_any_card_no_duty_to_ruff_or_win() -> None:
    d = Deal.from_pbn(SEED000)
    p = Play(d, Strain.S, Seat.S).apply(c("HA"))        # N (dummy) is void in hearts
    assert p.legal_cards() == sorted(d.hand(Seat.N))    # ruff or discard, anything goes
    assert p.can(c("DA")) and p.can(c("S3"))
    q = p.apply(c("DA"))                                # discarding is legal: no duty to ruff
    q = q.apply(c("H5"))                                # E may underplay: no duty to win
    assert q.can(c("H2"))


# -- trick winners ----------------------------------------------------------------------------
def test_seed000_s9_trump_beats_higher_cards_of_the_suit_led() -> None:
    # "Baza aparte con picas triunfo: A♥, 3♠, K♥, 2♥. Segundo sin corazones, otros siguen. 3♠
    # gana y esa mano sale."
    p = Play(Deal.from_pbn(SEED000), Strain.S, Seat.S)
    p = play_cards(p, "HA", "S3", "HK", "H2")
    t = p.tricks[0]
    assert [str(x) for x in t.cards] == ["HA", "S3", "HK", "H2"]
    assert t.leader is Seat.W and t.winner is Seat.N
    assert t.card_of(Seat.N) == c("S3")
    assert p.leader is Seat.N and p.turn is Seat.N        # "esa mano sale" (dummy leads)
    assert p.controller(p.turn) is Seat.S
    assert p.tricks_won(Side.NS) == 1 and p.tricks_won(Side.EW) == 0
    # Same cards at notrump: the ♥A wins.
    assert trick_winner((c("HA").index, c("S3").index, c("HK").index, c("H2").index), 3, -1) == 3


def test_seed002_s9_ruff_by_west() -> None:
    # "En un contrato de corazones, N es declarante y S el muerto. E sale con K♣, S juega A♣ por
    # indicación de N, W no tiene tréboles y juega 3♥, y N debe asistir con la 2♣ disponible.
    # W gana con el triunfo y sale después."
    p = Play(Deal.from_pbn(SEED002), Strain.H, Seat.N)
    assert p.turn is Seat.E and p.dummy is Seat.S
    p = p.apply(c("CK"), Seat.E)
    p = p.apply(c("CA"), Seat.N)                          # N plays dummy's ♣A
    p = p.apply(c("H3"), Seat.W)
    with pytest.raises(IllegalPlay, match="must follow suit"):
        p.check(c("HA"), Seat.N)                          # N must follow with the ♣2
    assert p.legal_cards() == [c("C2")]
    p = p.apply(c("C2"), Seat.N)
    assert p.tricks[0].winner is Seat.W
    assert p.turn is Seat.W                               # "y sale después"


def test_trick_winner_rules_exhaustively_on_random_tricks() -> None:
    """Highest trump wins, else highest card of the suit led; off-suit discards never win."""
    rng = random.Random(11)
    for _ in range(5000):
        cards = tuple(rng.sample(range(52), 4))
        leader = rng.randrange(4)
        trump = rng.randrange(-1, 4)
        led = cards[0] // 13
        trumps = [x for x in cards if x // 13 == trump]
        best = max(trumps) if trumps else max(x for x in cards if x // 13 == led)
        assert trick_winner(cards, leader, trump) == (leader + cards.index(best)) % 4


def test_lower_trump_loses_to_higher_trump_overruff() -> None:
    # W leads ♥, N ruffs ♠3, E overruffs? (E holds ♠JT), S follows.
    d = Deal.from_pbn("N:Q543..AKQJT.AKQJ JT..987654.T9876 98762.432.32.432 AK.AKQJT98765..5")
    p = Play(d, Strain.S, Seat.S)
    p = play_cards(p, "HA", "S3", "SJ", "H2")
    assert p.tricks[0].winner is Seat.E


# -- whole deals ------------------------------------------------------------------------------
def test_thirteen_tricks_then_over() -> None:
    rng = random.Random(13)
    for strain in STRAINS:
        d = deal_random(rng)
        p = Play(d, strain, Seat.E)
        cards = []
        while not p.is_complete:
            legal = p.legal_cards()
            card = rng.choice(legal)
            cards.append(card)
            p = p.apply(card, p.controller(p.turn))
        assert len(p.tricks) == 13 and p.trick_number == 14
        assert p.tricks_won(Side.NS) + p.tricks_won(Side.EW) == 13
        assert sorted(cards) == list(ALL_CARDS)
        assert all(len(p.remaining(s)) == 0 for s in SEATS)
        assert [x for _, x in p.cards_played()] == cards == list(p)
        assert p.declarer_tricks == p.tricks_won(Seat.E.side)
        assert p.legal_cards() == []
        with pytest.raises(GameOver):
            p.check(cards[0])
        with pytest.raises(GameOver):
            p.apply_index(cards[0].index)
        # each trick's winner led the next one
        for a, b in zip(p.tricks, p.tricks[1:], strict=False):
            assert b.leader is a.winner
        assert Play.from_cards(d, strain, Seat.E, cards) == p
        assert Play.from_cards(d, strain, Seat.E, [str(x) for x in cards]) == p


def test_legal_cards_agree_with_check_and_legal_mask_order() -> None:
    rng = random.Random(17)
    for _ in range(30):
        p = Play(deal_random(rng), rng.choice(STRAINS), rng.choice(SEATS))
        while not p.is_complete:
            legal = p.legal_cards()
            assert legal == [x for x in ALL_CARDS if p.can(x)]
            assert legal == sorted(legal)                       # clubs first, low first
            assert sum(x.bit for x in legal) == p.legal_mask()
            p = p.apply_index(rng.choice(legal).index)


def test_rejected_card_changes_nothing() -> None:
    p = Play(Deal.from_pbn(PBN), Strain.S, Seat.S).apply(c("HA"))
    snapshot = (p.hands, p.played, p.leader, p.current, p.tricks, p.won, p.claim)
    for card in ALL_CARDS:
        if not p.can(card):
            with pytest.raises((IllegalPlay, WrongTurn)):
                p.apply(card)
            with pytest.raises(IllegalPlay):
                p.apply_index(card.index)
    assert (p.hands, p.played, p.leader, p.current, p.tricks, p.won, p.claim) == snapshot


def test_from_cards_names_the_bad_card() -> None:
    with pytest.raises(IllegalPlay, match=r"card 2 \(SA\)"):
        Play.from_cards(Deal.from_pbn(PBN), Strain.S, Seat.S, ["HA", "SA"])


def test_shown_out_tracks_failures_to_follow() -> None:
    p = play_cards(Play(Deal.from_pbn(SEED000), Strain.S, Seat.S), "HA", "S3")
    assert p.shown_out()[Seat.N] == {2}
    p = play_cards(p, "HK", "H2")
    assert p.shown_out()[Seat.N] == {2} and p.shown_out()[Seat.E] == set()


def test_values_and_current_trick() -> None:
    d = Deal.from_pbn(PBN)
    p = Play(d, Strain.S, Seat.S)
    q = play_cards(p, "HA", "H8")
    assert q.current_trick() == [(Seat.W, c("HA")), (Seat.N, c("H8"))]
    assert q == play_cards(Play(d, Strain.S, Seat.S), "HA", "H8")
    assert hash(q) == hash(play_cards(Play(d, Strain.S, Seat.S), "HA", "H8"))
    assert q != p and p == Play(d, Strain.S, Seat.S)


# -- the random playout kernel (bazas.engine.playout) agrees with Play -------------------------
def replay(deal: Deal, strain: Strain, declarer: Seat, cards: tuple[int, ...], start: Play | None = None) -> Play:
    """Replay kernel card indexes through the immutable Play API, checking each is legal."""
    p = start if start is not None else Play(deal, strain, declarer)
    for index in cards:
        assert p.legal_mask() >> index & 1, f"{ALL_CARDS[index]} was not legal"
        p = p.apply(ALL_CARDS[index])
    return p


def test_playout_agrees_with_play_on_random_deals() -> None:
    from bazas.engine.playout import playout_deal

    rng = random.Random(31)
    for i in range(400):
        d = deal_random(rng)
        strain = STRAINS[i % 5]
        declarer = SEATS[i % 4]
        result = playout_deal(d, strain, declarer, rng)
        assert len(result.cards) == 52 and sorted(result.cards) == list(range(52))
        p = replay(d, strain, declarer, result.cards)
        assert p.is_complete
        assert result.tricks == (p.tricks_won(Side.NS), p.tricks_won(Side.EW))


def test_playout_is_reproducible_from_the_rng_and_covers_the_legal_cards() -> None:
    from bazas.engine.playout import playout_deal

    d = Deal.from_pbn(PBN)
    a = playout_deal(d, Strain.H, Seat.S, random.Random(5))
    b = playout_deal(d, Strain.H, Seat.S, random.Random(5))
    assert a == b
    # every legal opening lead comes up, about equally often (West has 13 cards)
    counts: dict[int, int] = {}
    rng = random.Random(6)
    for _ in range(2600):
        first = playout_deal(d, Strain.H, Seat.S, rng).cards[0]
        counts[first] = counts.get(first, 0) + 1
    assert set(counts) == {x.index for x in d.hand(Seat.W)}
    assert all(120 < n < 290 for n in counts.values()), counts   # 200 expected each
    # and the second card: North following hearts picks each of ♥T ♥9 ♥8 when ♥A is led
    seconds: dict[int, int] = {}
    for _ in range(3000):
        r = playout_deal(d, Strain.H, Seat.S, rng)
        if r.cards[0] == Card.parse("HA").index:
            seconds[r.cards[1]] = seconds.get(r.cards[1], 0) + 1
    assert set(seconds) == {Card.parse(x).index for x in ("HT", "H9", "H8")}


def test_playout_from_the_middle_of_a_trick() -> None:
    from bazas.engine.playout import playout_from

    rng = random.Random(41)
    for i in range(200):
        d = deal_random(rng)
        p = Play(d, STRAINS[i % 5], SEATS[i % 4])
        for _ in range(rng.randrange(52)):
            p = p.apply(rng.choice(p.legal_cards()))
        result = playout_from(p, rng)
        end = replay(d, p.strain, p.declarer, result.cards, start=p)
        assert end.is_complete
        assert result.tricks == (end.tricks_won(Side.NS), end.tricks_won(Side.EW))
        assert len(result.cards) == 52 - len(p.played)
    done = Play.from_cards(Deal.from_pbn(PBN), Strain.NT, Seat.S, []).apply_claim(Seat.S, 13)
    with pytest.raises(GameOver):
        playout_from(done, rng)


def test_random_playout_validates_hands() -> None:
    from bazas.engine.errors import InvalidDeal
    from bazas.engine.playout import random_playout

    d = Deal.from_pbn(PBN)
    masks = [h.mask for h in d.hands]
    with pytest.raises(InvalidDeal):
        random_playout((masks[0], masks[0], masks[2], masks[3]), Seat.W, -1, random.Random(1))
    with pytest.raises(InvalidDeal):
        random_playout((masks[0] & ~1, masks[1], masks[2], masks[3]), Seat.W, -1, random.Random(1))
    # smaller equal hands (an ending) are fine
    end = random_playout((0b1, 0b10, 0b100, 0b1000), Seat.N, -1, random.Random(1))
    assert end.cards == (0, 1, 2, 3) and end.tricks == (0, 1)     # W's ♣5 wins

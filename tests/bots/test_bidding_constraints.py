"""The constraint model: features, matching, combining, text, data."""

from __future__ import annotations

from bazas.bots.bidding import HandConstraints, features
from bazas.bots.bidding.constraints import UNCONSTRAINED
from bazas.engine.cards import Hand

NT_HAND = Hand.from_pbn("AQ2.KJ5.QT98.K32")


def test_features_of_a_hand() -> None:
    f = features(Hand.from_pbn("AKQ2.KJ5.T98.432").mask)
    assert f.hcp == 13
    assert f.lengths == (3, 3, 3, 4)  # C D H S
    assert f.balanced
    # quick tricks: AKQ = 2, KJx = ½ (in half tricks: 5)
    assert f.quick_tricks == 5
    # stoppers: spades (A), hearts (Kx) -- not diamonds (T98) nor clubs (432)
    assert f.stoppers == 0b1100
    assert f.aces == 1 and f.kings == 2
    assert f.honours(3) == 3 and f.top3(3) == 3


def test_dummy_points_count_shortness_with_support() -> None:
    f = features(Hand.from_pbn("K852.A3.KQ72.J72").mask)
    assert f.dummy_points(3) == 13 + 1  # four trumps, one doubleton
    f = features(Hand.from_pbn("QJ742.3.T8632.72").mask)
    assert f.dummy_points(3) == 3 + 3 + 1  # singleton heart, doubleton club


def test_text_in_both_languages() -> None:
    c = HandConstraints(hcp=(15, 17), balanced=True)
    assert c.text("en") == "15–17 HCP, balanced"
    assert c.text("es") == "15–17 PH, equilibrada"
    five = HandConstraints().with_length(3, 5)
    assert five.text("en") == "5+ spades"
    assert five.text("es") == "5+ picas"
    aces = HandConstraints(aces=0b10001)
    assert aces.text("en") == "0 or 4 aces"
    assert aces.text("es") == "0 o 4 ases"
    assert UNCONSTRAINED.text("en") == "no requirements"


def test_matches() -> None:
    assert HandConstraints(hcp=(15, 17), balanced=True).matches(NT_HAND)
    assert not HandConstraints(hcp=(16, 17)).matches(NT_HAND)
    assert not HandConstraints(balanced=False).matches(NT_HAND)
    assert HandConstraints(stoppers=0b1111).matches(NT_HAND)  # A, Kx, Qxx(x), Kxx
    assert not HandConstraints().with_length(2, 4).matches(NT_HAND)
    assert HandConstraints(one_of=((0b1100, 3),)).matches(NT_HAND)
    assert not HandConstraints(one_of=((0b1100, 4),)).matches(NT_HAND)
    assert HandConstraints(aces=0b00010).matches(NT_HAND)  # exactly one ace


def test_intersect_and_hull() -> None:
    a = HandConstraints(hcp=(12, 21)).with_length(3, 5)
    b = HandConstraints(hcp=(15, 17), balanced=True)
    both = a.intersect(b)
    assert both.hcp == (15, 17) and both.lengths[3] == (5, 13) and both.balanced is True
    loose = a.hull(b)
    assert loose.hcp == (12, 21) and loose.lengths[3] == (0, 13) and loose.balanced is None
    # two different five-card suits: the hull keeps "five cards in one of them"
    h = HandConstraints().with_length(2, 5).hull(HandConstraints().with_length(3, 5))
    assert h.one_of == ((0b1100, 5),)
    bad = HandConstraints(balanced=True).intersect(HandConstraints(balanced=False))
    assert bad.contradiction and not bad.is_satisfiable() and not bad.matches(NT_HAND)


def test_dict_round_trip() -> None:
    c = HandConstraints(hcp=(8, 37), quick_tricks=(5, 26), stoppers=0b0100, aces=0b10001,
                        dummy=((3, 10, 12),), one_of=((0b1100, 4),), honours=((2, 3, 5),)).with_length(0, 0, 2)
    d = c.to_dict()
    assert d["lengths"] == {"C": [0, 2]}
    assert d["quick_tricks"] == [2.5, 13.0]
    assert d["aces"] == [0, 4]
    assert HandConstraints.from_dict(d) == c
    assert UNCONSTRAINED.to_dict() == {}


def test_fit_grades_near_misses() -> None:
    c = HandConstraints(hcp=(15, 17), balanced=True)
    assert c.fit(NT_HAND) == 1.0
    near = c.fit(Hand.from_pbn("AQ2.KJ5.QT98.J32"))   # 13 HCP
    far = c.fit(Hand.from_pbn("T92.J65.T987.432"))    # 1 HCP
    assert 0 < far < near < 1


def test_matching_a_hand_agrees_with_matching_its_features() -> None:
    # matches(Hand) rejects on the bits (HCP, suit lengths) before building the features: the
    # quick path must give the full check's answer on every hand and constraint.
    import random

    rng = random.Random(5)
    checked = kept = 0
    for _ in range(200):
        lo = rng.randint(0, 20)
        lengths = []
        for _suit in range(4):
            a = rng.randint(0, 5)
            lengths.append((a, min(13, a + rng.randint(0, 7))))
        cons = HandConstraints(hcp=(lo, lo + rng.randint(0, 15)), lengths=(lengths[0], lengths[1], lengths[2], lengths[3]),
                               balanced=rng.choice([None, True, False]), stoppers=rng.choice([0, 0, 0b1000]))
        for _ in range(100):
            mask = 0
            for i in rng.sample(range(52), 13):
                mask |= 1 << i
            full = cons.matches(features(mask))
            assert cons.matches(Hand(mask)) == full
            checked += 1
            kept += full
    assert 0 < kept < checked

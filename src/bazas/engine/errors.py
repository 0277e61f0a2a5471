"""Specific exceptions of the rules engine.

Every error is a ``ValueError`` so callers that only care about "bad input" can catch one type,
while tests and the server can tell exactly which rule was broken.
"""

from __future__ import annotations


class BazasError(ValueError):
    """Base class of every rules error."""


class InvalidNotation(BazasError):
    """Text that does not parse as a card, hand, deal, call, contract or seat."""


class InvalidDeal(BazasError):
    """A deal that is not 52 distinct cards, 13 to each seat."""


class IllegalCall(BazasError):
    """A call the Laws do not allow at this point of the auction."""


class IllegalPlay(BazasError):
    """A card the Laws do not allow at this point of the play."""


class WrongTurn(BazasError):
    """An action by a seat whose turn it is not."""


class GameOver(BazasError):
    """An action after the auction or the play has ended."""


class InvalidClaim(BazasError):
    """A claim that is malformed or does not hold."""


class ScoringError(BazasError):
    """A result that cannot be scored (impossible tricks, unknown contract...)."""

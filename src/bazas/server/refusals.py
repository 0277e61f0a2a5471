"""Every refusal the table server sends, with a reason and its text in both languages (issue 12
point 4: a Spanish table must not read "claim of 12 of 12 tricks refused…").

An ``error`` message keeps its protocol ``code`` (``illegal``, ``turn``…) and its English
``message``; :func:`refusal` adds ``reason`` (what exactly was refused: the key
``refusal.<reason>`` of ``server/i18n/{es,en}.json``) and ``text`` (that key filled in, in Spanish
and in English). The reason is read from the message the engine or the server wrote
(:data:`PATTERNS`), so every caller of ``Connection.error`` gets it; a message no pattern knows
falls back to the code's own sentence (``refusal.<code>``).

>>> r = refusal("illegal", "claim of 12 of 12 tricks refused: it does not hold against every lie of the cards")
>>> r["reason"], r["text"]["es"]
('claim_fails', 'Reclamo de 12 de las 12 bazas rechazado: no se cumple con cualquier reparto de las cartas.')
>>> refusal("illegal", "S has nothing to undo in this deal")["text"]["es"]
'Sur no tiene nada que deshacer en esta mano.'
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

I18N = Path(__file__).parent / "i18n"
LANGS = ("es", "en")

_SEAT = r"([NESW])"
_CARD = r"([SHDC](?:10|[AKQJT98765432]))"
_CALL = r"(\S+)"

#: (pattern of the English message, reason, names of the captured values). A name says how a
#: value is shown: ``seat``/``turn``/``by``/``other`` a seat, ``card`` a card, ``call``/``last``
#: a call, ``suit`` a suit; anything else as it is.
PATTERNS: tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...] = tuple(
    (re.compile(p), reason, names) for p, reason, names in (
        # claims
        (r"^claim of (\d+) of (\d+) tricks refused: it does not hold", "claim_fails", ("n", "left")),
        (r"^claim of (\d+) of (\d+) tricks refused: too many cards", "claim_unverified", ("n", "left")),
        (r"^claims are made during the play", "claim_not_play", ()),
        (rf"^{_SEAT} cannot claim for {_SEAT}", "claim_for_other", ("seat", "other")),
        (r"^dummy does not claim", "claim_dummy", ()),
        (r"^a claim must be between 0 and (\d+) tricks", "claim_range", ("left",)),
        (r"^send a claim as a claim", "bad_message", ()),
        (r"^the play moved on while the claim was checked", "claim_moved_on", ()),
        (rf"^{_SEAT}'s claim is waiting for an answer", "claim_waiting", ("by",)),
        (r"^there is no claim to answer", "no_claim", ()),
        (rf"^{_SEAT} is not asked to answer {_SEAT}'s claim", "claim_not_asked", ("seat", "by")),
        # undo
        (rf"^{_SEAT} has nothing to undo", "nothing_to_undo", ("seat",)),
        (r"^nothing to undo", "nothing_to_undo_deal", ()),
        (rf"^{_SEAT}'s undo request is waiting for an answer", "undo_waiting", ("by",)),
        (r"^there is no undo request to answer", "no_undo", ()),
        (rf"^{_SEAT} is not asked to answer {_SEAT}'s undo request", "undo_not_asked", ("seat", "by")),
        # turn and phase
        (rf"^it is {_SEAT}'s turn to call, not {_SEAT}'s", "turn_call", ("turn", "seat")),
        (rf"^it is {_SEAT}'s turn to play \(declarer {_SEAT} plays dummy's cards\), not {_SEAT}'s",
         "turn_play_dummy", ("turn", "by", "seat")),
        (rf"^it is {_SEAT}'s turn to play, not {_SEAT}'s", "turn_play", ("turn", "seat")),
        (rf"^the auction is over; {_CALL} is a call", "card_due", ("call",)),
        (rf"^{_CARD} is a card, but the auction is still on", "call_due", ("card",)),
        (r"^the auction is over", "auction_over", ()),
        (r"^the play is over", "play_over", ()),
        (r"^the deal is over", "deal_over", ()),
        (r"^no deal is in progress", "no_deal", ()),
        (r"^the deal is not over yet", "deal_not_over", ()),
        (r"^no deal to move on from", "no_next", ()),
        (r"^decided at version", "stale", ()),
        # cards and calls
        (rf"^{_SEAT} does not hold {_CARD}", "card_not_held", ("seat", "card")),
        (rf"^{_SEAT} must follow suit: ([SHDC]) was led", "follow_suit", ("seat", "suit")),
        (rf"^{_CALL} is insufficient: it must outrank the last bid, {_CALL}", "insufficient", ("call", "last")),
        (rf"^{_CALL} is not a bid of this game", "not_a_bid", ("call",)),
        (r"^the dealer must bid", "dealer_must_bid", ()),
        (r"^double: there is no bid to double", "double_nothing", ()),
        (rf"^double: {_CALL} is already doubled", "double_again", ("call",)),
        (rf"^double: {_CALL} (?:was bid by your own side|is your own bid)", "double_own", ("call",)),
        (r"^redouble: only the last call", "redouble_not_doubled", ()),
        (r"^redouble: only a doubled bid", "redouble_not_doubled", ()),
        (r"^redouble: only the (?:side|player) whose bid was doubled", "redouble_own", ()),
        # seats
        (rf"^{_SEAT} is not a player at this table", "not_a_player", ("seat",)),
        (rf"^{_SEAT} is a bot's seat", "bot_seat", ("seat",)),
        (r"^only the players move the table on", "not_seated", ()),
        (r"^spectators watch", "not_seated", ()),
        (r"^this link is not a seat at this table", "link_not_seat", ()),
        (rf"^seat {_SEAT} is already connected", "seat_taken", ("seat",)),
        (r"^only the table's creator", "not_creator", ()),
        (rf"^{_SEAT} is not an open seat", "not_open_seat", ("seat",)),
        # a team match's prepared boards (issue 13)
        (r"^the boards of this match are prepared \(from the creator's file\): agree", "agree_first", ()),
        (r"^the boards of this match are prepared: the table starts once (.+) agreed", "agree_waiting", ("who",)),
        (r"^this match's boards are dealt by the server", "agree_nothing", ()),
        # the server's limits and troubles
        (r"^too many name changes: at most (\S+) a minute", "names_rate", ("n",)),
        (r"^too many hints: at most (\S+) a minute", "hints_rate", ("n",)),
        (r"^a hint is already being prepared", "hint_busy", ()),
        (r"^a hint is for the player whose turn it is", "hint_turn", ()),
        (r"^no hint now", "hint_unavailable", ()),
        (r"^no explanation", "explain_unavailable", ()),
        (r"^there is no call number (\d+)", "explain_no_call", ("n",)),
        (r"^the action could not be saved", "not_saved", ()),
        (r"^the (?:table|match) is busy", "busy", ()),
        (r"^not a table command|^'\w+' is not a table command", "bad_message", ()),
    ))


@functools.cache
def catalogue(lang: str) -> dict[str, str]:
    """The server's UI strings in ``lang`` (``server/i18n/{lang}.json``, also the page's)."""
    data: dict[str, str] = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    return data


_SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _shown(name: str, value: str, lang: str) -> str:
    words = catalogue(lang)
    if name in ("seat", "turn", "by", "other"):
        return words.get(f"seat.long.{value}", value)
    if name == "card":
        rank = value[1:]
        return f"{_SUIT_SIGNS[value[0]]}{'10' if rank in ('T', '10') else rank}"
    if name in ("call", "last"):
        if value in ("P", "X", "XX"):
            return words.get(f"call.{value}", value)
        match = re.fullmatch(r"([1-7])(NT|[SHDC])", value)
        if match:
            strain = match.group(2)
            return match.group(1) + (words.get("strain.NT", "NT") if strain == "NT" else _SUIT_SIGNS[strain])
        return value
    if name == "suit":
        return words.get(f"suit.{value}", value)
    return value


def classify(code: str, message: str) -> tuple[str, dict[str, str]]:
    """The reason of a refusal and its values, read from its English ``message``; the ``code``
    itself when no pattern knows the message."""
    for pattern, reason, names in PATTERNS:
        match = pattern.search(message)
        if match:
            return reason, dict(zip(names, match.groups(), strict=True))
    return code, {}


def texts(reason: str, values: dict[str, str]) -> dict[str, str]:
    """``refusal.<reason>`` filled in, per language."""
    out: dict[str, str] = {}
    for lang in LANGS:
        key = f"refusal.{reason}"
        if values.get("left") == "1" and f"{key}.one" in catalogue(lang):  # "the one trick left" (issue 12)
            key += ".one"
        template = catalogue(lang).get(key) or catalogue(lang)["refusal.generic"]

        def fill(m: re.Match[str], lang: str = lang) -> str:
            return _shown(m.group(1), values.get(m.group(1), m.group(0)), lang)

        out[lang] = re.sub(r"\{(\w+)\}", fill, template)
    return out


def refusal(code: str, message: str) -> dict[str, Any]:
    """The ``error`` message of a refusal: its code, English message, reason and texts."""
    reason, values = classify(code, message)
    return {"type": "error", "code": code, "message": message, "reason": reason, "text": texts(reason, values)}

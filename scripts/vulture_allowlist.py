"""Names vulture (``make lint``, ``[tool.vulture]`` in pyproject.toml) reports unused that are
used where it cannot see: each line says why. Not imported by anything; ``_`` stands for any object."""
# ruff: noqa
# mypy: ignore-errors

_ = object()

# Doctests and the library's public API (analysts use the engine directly).
_.in_system  # bots/bidding/core.py: a meaning's flag, shown in the doctests
THREE, FOUR, FIVE, SIX, SEVEN, EIGHT  # engine/cards.py: the full set of rank names, TWO to ACE
_.score_sheet  # engine/rulesets/three_handed_game.py: a fresh sheet for a rubber (the module docstring's entry)

# Written by a C library through ctypes (endplay's DDS structures).
_.noOfBoards
_.noOfTables

# Kept so the task is not garbage-collected before it runs (asyncio keeps weak references).
_._closing  # server/connection.py

# Response fields: serialised by pydantic, read by clients.
_.spectate
_.analysis_pending
_.substitute
_.gc_objects
_.gc_frozen
_.action_ms
_.loop_lag_ms

# html.parser.HTMLParser callbacks (tests/server/test_rules_pages.py).
_.handle_starttag
_.handle_data

# Seat names of seed 003's story kept together in one line (tests/engine/test_auction.py).
MIKE, LISA

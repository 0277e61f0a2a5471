"""Card play, issue 9: how many layouts a decision draws and solves: close decisions get more
(``CardPlayer.extend_z``), clear ones none; declarer's side resamples from its own pool size
(``declarer_resample``)."""

from __future__ import annotations

import random
import time
from typing import Any

from bazas.bench.bots import _context, bench_deal
from bazas.bots.base import Budget
from bazas.bots.play import CardPlayer, _close
from bazas.bots.player import bot_for, play_deal
from bazas.engine.seats import SEATS


def test_close_weighs_the_layouts_in_the_paired_difference() -> None:
    # Card 0 beats card 1 by a trick in the heavy layouts and loses by one in the light one.
    solved = [{0: 9, 1: 8}, {0: 9, 1: 8}, {0: 7, 1: 8}]
    assert _close(0, [0, 1], solved, [1.0, 1.0, 1.0], float, 2.0)        # +1/3 a trick, noisy
    assert not _close(0, [0, 1], solved, [50.0, 50.0, 0.01], float, 2.0)  # almost always +1
    # The runner-up is the card closest to the best, whatever the others.
    solved3 = [{0: 9, 1: 5, 2: 9}, {0: 9, 1: 5, 2: 8}]
    assert _close(0, [0, 1, 2], solved3, [1.0, 1.0], float, 2.0)
    assert not _close(0, [0, 1], solved3, [1.0, 1.0], float, 2.0)


def _play(extend_z: float, **options: Any) -> tuple[list[str], list[dict[str, Any]]]:
    deal, board = bench_deal(1, 3)
    bot = bot_for("duplicate", "normal")
    player = bot.card_player
    assert isinstance(player, CardPlayer)
    player.extend_z = extend_z
    # The deal as it was played when the option was built: the textbook lead table (the lead, and
    # so every later decision, depends on it; ``resample`` draws duplicates, so a decision whose
    # pool repeats layouts solves fewer than planned whatever its extension).
    player.lead_values = None
    player.lead_model = None
    for name, value in options.items():
        setattr(player, name, value)
    # The deadlines only guard against pathological solves; on a loaded test machine they must not
    # cut this deal's decisions, so the player reads a clock ten times slower than its CPU time.
    player.clock = lambda: (lambda: time.process_time() / 10)  # type: ignore[method-assign]
    infos: list[dict[str, Any]] = []
    choose = player.choose

    def recording(view: Any, *args: Any, **kwargs: Any) -> Any:
        decision = choose(view, *args, **kwargs)
        infos.append(dict(player.last_info, declarer_side=view.seat.side == view.declarer.side))
        return decision

    player.choose = recording  # type: ignore[method-assign]
    played = play_deal(deal, board.dealer, {s: bot for s in SEATS}, _context(board),
                       random.Random("extension-3"), Budget(0.2))
    assert played.state.play is not None
    return [str(c) for c in played.state.play.cards_played()], infos


def test_issue9_close_decisions_get_more_layouts_from_the_pool_clear_ones_none() -> None:
    cards, infos = _play(3.0)
    pooled = [i for i in infos if i.get("pool")]
    extended = [i for i in pooled if i["extended"]]
    assert extended, "no decision of a whole deal was close"
    assert len(extended) < len(pooled)
    for info in extended:
        assert info["solved"] > info["planned"]
    for info in pooled:
        if not info["extended"]:
            assert info["solved"] <= info["planned"]
    # The card stays a function of the view and the seed.
    assert _play(3.0)[0] == cards
    # Off: no decision extended.
    assert not any(i.get("extended") for i in _play(0.0)[1])


def test_issue9_declarer_resamples_from_its_own_pool_size() -> None:
    _, infos = _play(0.0, resample=3.0, declarer_resample=12.0)
    pooled = [i for i in infos if i.get("pool")]
    defence = [i for i in pooled if not i["declarer_side"]]
    declarer = [i for i in pooled if i["declarer_side"]]
    assert defence and declarer
    assert all(i["pool"] <= 3 * i["planned"] for i in defence)
    assert any(i["pool"] > 3 * i["planned"] for i in declarer)
    assert all(i["pool"] <= 12 * i["planned"] for i in declarer)

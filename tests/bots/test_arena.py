"""The duplicate arena: level swing, a smoke run, and the command line."""

from __future__ import annotations

import json

from engine import HandResult, Rules, compiled
from engine.__main__ import main
from engine.arena import Deal, make_bot, run
from engine.bots import get
from engine.bots.outcome import level_swing, team_points


def test_R9_2_level_swing_from_the_table_outcome():
    declarers_up = HandResult(side="declarers", steps=2, declarers=1, defender_points=20)
    defenders_up = HandResult(side="defenders", steps=3, declarers=0, defender_points=200)
    switch = HandResult(side="switch", steps=0, declarers=0, defender_points=90)
    assert (level_swing(declarers_up, 1), level_swing(declarers_up, 0)) == (2, -2)
    assert (level_swing(defenders_up, 1), level_swing(defenders_up, 0)) == (3, -3)
    assert (level_swing(switch, 0), level_swing(switch, 1)) == (0, 0)
    assert (team_points(switch, 1), team_points(switch, 0)) == (90, -90)


def test_deals_are_reproducible():
    assert Deal.draw(5, 3) == Deal.draw(5, 3)
    assert Deal.draw(5, 3).deck(0) == Deal.draw(5, 3).deck(0) != Deal.draw(5, 4).deck(0)


def test_arena_smoke_run():
    report = run("rule", "random", deals=2, seed=3, rules=Rules.preset("competition"))
    assert report["deals"] == 2 and report["illegal_actions"] == 0
    assert 0 <= report["a_pair_win_rate"] <= 1
    low, high = report["a_level_swing_ci95"]
    assert low <= report["a_level_swing_per_deal"] <= high
    timing = report["decision_ms"]["a"]
    assert timing["bot"] == "rule" and timing["decisions"] > 0
    assert 0 <= timing["cpu_p50_ms"] <= timing["cpu_p95_ms"] and timing["cpu_mean_ms"] >= 0


def test_duplicate_games_mirror_each_other():
    # The same bot on both sides: each deal's two games are the same game with teams swapped, the random
    # bot's and the search bot's draws included (each seat has the same stream in both games).
    for bot, samples in (("rule", None), ("random", None), ("search", 2)):
        report = run(bot, bot, deals=2, seed=8, rules=Rules.preset("classic"), samples=samples)
        assert report["a_level_swing_per_deal"] == 0 and report["a_pair_win_rate"] == 0.5, bot


def test_fixed_samples_make_a_search_run_reproducible():
    first, again = (run("search:none", "rule", deals=1, seed=4, rules=Rules.preset("classic"), samples=3)
                    for _ in range(2))
    assert first["a_level_swing_per_deal"] == again["a_level_swing_per_deal"]
    assert first["a_points_per_deal"] == again["a_points_per_deal"] and first["samples"] == 3


def test_command_line_prints_json_last(capsys):
    assert main(["arena", "--a", "rule", "--b", "random", "--deals", "1", "--seed", "2", "--json"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    report = json.loads(last)
    assert {"deals", "a_pair_win_rate", "a_level_swing_per_deal", "a_level_swing_ci95", "a_points_per_deal",
            "decision_ms", "illegal_actions"} <= set(report)


def test_illegal_actions_are_counted_and_replaced():
    from engine import Pass
    from engine.arena import play_game
    from engine.bots import RuleBot, get

    class Stubborn(RuleBot):
        """Passes when it must bury: illegal (R8.8), so the arena must count and replace it."""

        def act(self, view, rng):
            return Pass() if view.phase == "burying" and view.to_act == view.seat else super().act(view, rng)

    deal = Deal.draw(1, 0)
    stubborn = Stubborn()
    seats = [stubborn if seat % 2 == deal.dealer % 2 else get("rule") for seat in range(4)]
    record = play_game(deal, Rules.preset("classic"), seats)
    assert record.illegal >= 1 and record.result.side in ("declarers", "switch", "defenders")


def test_a_budget_is_one_side_search_bots_thinking_time():
    assert make_bot("search", None, 90.0).budget_ms == 90.0
    assert make_bot("search", None).budget_ms == get("search").budget_ms
    assert make_bot("search", 3, 90.0).budget_ms is None  # fixed samples: no clock
    assert not hasattr(make_bot("rule", None, 90.0), "budget_ms")
    report = run("search:none", "rule", deals=1, seed=4, rules=Rules.preset("classic"), budgets=(20.0, None))
    assert report["budgets_ms"] == [20.0, None] and report["compiled"] == compiled.in_use()
    assert report["illegal_actions"] == 0

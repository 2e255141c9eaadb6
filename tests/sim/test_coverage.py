"""Rule coverage: every rule a game relies on is reported, attributed from setup, events and
refusals, deterministically and without changing play (EN-3, EN-4, EN-7)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from gamefold import combat, diplomacy, skills
from gamefold.cli import main
from gamefold.games import get_game, joined_event_rules, play
from gamefold.games.skirmish import Skirmish
from gamefold.games.summit import Summit
from gamefold.sim import coverage, coverage_json, game_seeds
from gamefold.sim.coverage import game_coverage, refusal_rules


def _rule_sets() -> dict[str, set[str]]:
    return {name: set(get_game(name)().rule_ids()) for name in ("skirmish", "summit")}


@pytest.mark.parametrize(
    ("package", "events"),
    [
        (skills, skills.EVENTS),
        (combat, combat.EVENTS),
        (diplomacy, diplomacy.EVENTS),
    ],
)
def test_every_subsystem_event_type_has_an_attribution(package: object, events: tuple) -> None:
    """EN-7: each event type a subsystem reports is in its EVENT_RULES table."""
    table = package.EVENT_RULES  # type: ignore[attr-defined]
    assert set(events) <= set(table)


def test_skirmish_relies_on_every_sd_and_cb_rule_and_its_own() -> None:
    ids = Skirmish().rule_ids()
    assert {f"SD-{n}" for n in range(1, 16)} <= set(ids)
    assert {f"CB-{n}" for n in range(1, 16)} <= set(ids)
    assert "SK-1" in ids
    assert len(ids) == len(set(ids))


def test_summit_relies_on_every_dp_sm_and_tr_rule() -> None:
    """Summit's rules: diplomacy's, its own and every one of the territory's."""
    ids = Summit().rule_ids()
    own = {f"SM-{n}" for n in range(1, 17)} | {f"TR-{n}" for n in range(1, 9)}
    assert set(ids) == {f"DP-{n}" for n in range(1, 15)} | own
    assert len(ids) == len(set(ids))


def test_attributed_rules_are_rules_the_game_relies_on() -> None:
    """Every rule an event attests is one the game lists (no typo, no stray ID)."""
    for name, ids in _rule_sets().items():
        game = get_game(name)()
        played = play(game, 3)
        found = Counter[str]()
        for index, events in enumerate(played.events):
            found.update(game.attested(played.states[index + 1], events))
        assert found
        assert set(found) <= ids, name


def test_setup_rules_count_once_per_game_sd14() -> None:
    """SD-14: the opening hands are dealt once a game, and counted once a game."""
    frame = coverage("skirmish", games=3, seed=5, probes=0)
    assert frame.loc["SD-14", "games"] == 3
    assert frame.loc["SD-14", "times"] == 3


def test_the_end_of_a_skirmish_is_counted_once_a_game_sk9() -> None:
    frame = coverage("skirmish", games=3, seed=5, probes=0)
    assert frame.loc["SK-9"].tolist() == [3, 3]


def test_a_rule_never_reached_is_reported_with_zeros() -> None:
    """A rule no game reaches is listed with 0 games and 0 times, not left out."""
    frame = coverage("summit", games=1, seed=2, probes=0)
    assert list(frame.index) == list(Summit().rule_ids())
    assert (frame["games"] <= 1).all()
    assert (frame.loc[frame["games"] == 0, "times"] == 0).all()
    report = json.loads(coverage_json(frame))
    assert report["game"] == "summit"
    assert report["games"] == 1
    assert list(report["rules"]) == list(Summit().rule_ids())


def test_coverage_is_deterministic_en3() -> None:
    first = coverage("skirmish", games=2, seed="cov", probes=8)
    again = coverage("skirmish", games=2, seed="cov", probes=8)
    assert first.equals(again)


def test_probing_refusals_only_adds_counts_and_never_changes_play() -> None:
    """Refusals are checked, never applied: with probes the event counts stay, and only
    refusal rules are added."""
    without = coverage("skirmish", games=2, seed=9, probes=0)
    probed = coverage("skirmish", games=2, seed=9, probes=48)
    assert (probed["times"] >= without["times"]).all()
    assert probed["times"].sum() > without["times"].sum()
    assert probed.loc["SK-9"].tolist() == without.loc["SK-9"].tolist()


def test_refusals_count_the_rule_of_their_illegal_action_en4() -> None:
    """At the first decision of a skirmish some candidates are refused, and each counts the
    rule of its IllegalAction: a rule the game relies on, or EN-4 for a malformed one."""
    game = Skirmish()
    seed = game_seeds(1, 0, 1)[0]
    state = game.setup(seed)
    state, _ = game.rules.step(state, game.clock_action(state))  # StartRound
    actor = game.actor(state)
    assert actor is not None
    rules = refusal_rules(game, state, actor, probes=1000)
    assert rules
    assert set(rules) <= {*game.rule_ids(), "EN-4"}


def test_game_coverage_needs_every_state() -> None:
    game = Skirmish()
    played = play(game, 1, keep_states=False)
    with pytest.raises(ValueError, match="keep_states"):
        game_coverage(game, played)


def test_bad_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="games"):
        coverage("summit", games=0)
    with pytest.raises(ValueError, match="probes"):
        coverage("summit", games=1, probes=-1)


def test_joined_event_rules_attests_each_tables_rules_in_order() -> None:
    class Seen:
        pass

    joined = joined_event_rules({Seen: lambda e: ("A-1",)}, {Seen: lambda e: ("B-2", "B-3")})
    assert joined[Seen](Seen()) == ("A-1", "B-2", "B-3")


def test_cli_coverage_prints_the_table_and_writes_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "coverage.json"
    status = main(
        [
            "coverage",
            "summit",
            "--games",
            "1",
            "--seed",
            "4",
            "--probes",
            "4",
            "--json",
            str(out_file),
        ]
    )
    out, _ = capsys.readouterr()
    assert status == 0
    assert "rules reached" in out
    assert "DP-14" in out
    report = json.loads(out_file.read_text())
    assert report["game"] == "summit"
    assert report["games"] == 1
    assert set(report["rules"]) == set(Summit().rule_ids())
    assert all(isinstance(n, int) and n >= 0 for n in report["rules"].values())


def test_cli_coverage_refuses_zero_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "summit", "--games", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_skirmish_reaches_every_sd_and_cb_rule_in_100_games(policy: str) -> None:
    """SD-1 … SD-15, CB-1 … CB-15: the default skirmish uses the whole of both subsystems
    with its shipped policies (the 500-game numbers are in docs/games/skirmish.md)."""
    frame = coverage("skirmish", games=100, seed=1, policies=policy)
    unreached = [
        rule
        for rule in frame.index
        if rule.startswith(("SD-", "CB-")) and frame.loc[rule, "games"] == 0
    ]
    assert unreached == []


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_summit_reaches_every_dp_and_sm_rule_in_100_games(policy: str) -> None:
    """DP-1 … DP-14, SM-1 … SM-16, TR-1 … TR-8: the default summit plays the whole
    diplomacy economy, the territory and every rule of its own with each shipped policy,
    the hand limit (DP-13), the Duration Modifier (SM-14) and a truce's refusal (TR-6)
    included (the 500-game numbers are in docs/games/summit.md)."""
    frame = coverage("summit", games=100, seed=1, policies=policy)
    assert len(frame.index) == 14 + 16 + 8
    unreached = [rule for rule in frame.index if frame.loc[rule, "games"] == 0]
    assert unreached == []


def test_dp13_sm15_sm16_both_hand_limit_branches_and_the_new_refusals_are_attributed() -> None:
    """DP-13 is reached by a card destroyed at the limit or by one forfeited with every card
    locked; SM-15 and SM-16 by their refusals (their codes cite them)."""
    from gamefold.diplomacy import CardDestroyed, CardForfeited
    from gamefold.diplomacy import Counter as TickCounter
    from gamefold.games.summit import codes

    table = Summit().event_rules()
    assert table[CardDestroyed](CardDestroyed("p1", 3)) == ("DP-1", "DP-13")
    assert table[CardForfeited](CardForfeited("p1", TickCounter.VALUE, 3)) == ("DP-13",)
    assert codes.RULES[codes.HAND_NOT_FULL] == ("SM-15",)
    assert codes.RULES[codes.NO_PACT] == ("SM-16",)


def test_the_500_game_table_of_summit_md_is_what_play_gives() -> None:
    """TR-1 … TR-8, DP, SM: every rule summit's play can reach is reached in 500 games with
    each shipped policy, and docs/games/summit.md's table of games and times is exactly
    what those 500 games from seed 1 give (a published number comes from the code)."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "games" / "summit.md").read_text()
    rows = re.findall(r"^\| ((?:DP|SM|TR)-\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$", page, re.M)
    published = {rule: tuple(int(n) for n in numbers) for rule, *numbers in rows}
    frames = [coverage("summit", games=500, seed=1, policies=p) for p in ("random", "greedy")]
    played = {
        rule: tuple(int(f.loc[rule, c]) for f in frames for c in ("games", "times"))
        for rule in frames[0].index
    }
    assert published == played
    assert {f"TR-{n}" for n in range(1, 9)} <= set(played)
    assert [
        rule
        for rule, (random_games, _, greedy_games, _) in played.items()
        if not (random_games and greedy_games)
    ] == []

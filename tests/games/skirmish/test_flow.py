"""SK-1, SD-3, SD-13, CB-5, CB-10: the Round flow of a skirmish, by example."""

from __future__ import annotations

from gamefold import EndRound, StartRound
from gamefold.combat import AssignPairings, ExchangeRevealed, Fighter, Pair, Side
from gamefold.games.skirmish import Skirmish, UseAbility
from gamefold.games.skirmish.config import scenario
from gamefold.registry import Game
from gamefold.skills import (
    Activate,
    ActivationStarted,
    CardsDrawn,
    DefeatUnit,
    Discard,
    EndActivation,
    RoundStarted,
    owner_of,
)

from .choosers import passive
from .support import ROCK, classic, events_of, pair_first, play_until, run_clock, step

CLASSIC = scenario("classic")
"""The pre-zones skirmish these tests pin."""


def test_sk1_sd14_setup_deals_full_hands_and_the_clock_starts_the_round() -> None:
    """SD-14: hands are dealt at setup; the clock's first action is StartRound (SD-3)."""
    game_def = Skirmish(CLASSIC)
    game = game_def.setup(1)
    assert all(len(o.hand) == o.hand_limit for o in game["skills"].owners)
    assert game_def.clock_action(game) == StartRound()
    assert game_def.actor(game) is None
    assert game_def.players(game) == ("ana", "bo", "cy", "gm")


def test_sk1_cb5_the_party_leader_assigns_the_pairings_before_any_activation() -> None:
    """CB-5: the party has more in Forward; its leader (seat 0 by default) pairs, nobody
    activates before (SK-1)."""
    game_def = Skirmish(CLASSIC)
    game, _ = run_clock(game_def, game_def.setup(1))
    assert game_def.actor(game) == "ana"
    legal = game_def.rules.legal_actions(game, "ana")
    assert len(legal) == 6
    assert all(isinstance(a, AssignPairings) for a in legal)
    assert game_def.rules.legal_actions(game, "gm") == ()
    problem = game_def.rules.check(game, Activate("ana"))
    assert problem is not None
    assert (problem.code, problem.rule) == (
        "skirmish/pairing-first",
        "CB-5",
    )
    game, _events = step(game_def, game, legal[0])
    assert game_def.actor(game) == "ana"
    assert game_def.rules.legal_actions(game, "ana") == (Activate("ana"),)


def test_sk1_leader_other_value_and_a_fallen_leader() -> None:
    """``leader=1``: bo pairs; if the leader has fallen, the first standing member does."""
    game_def = classic(leader=1)
    game, _ = run_clock(game_def, game_def.setup(1))
    assert game_def.actor(game) == "bo"
    game, _ = step(game_def, game, DefeatUnit("bo"))
    assert game_def.actor(game) == "ana"


def test_cb5_the_gm_pairs_when_the_enemies_outnumber_the_party_in_forward() -> None:
    """CB-5: more enemies in Forward, so the GM chooses the enemies' pairings."""
    enemies = tuple(Fighter(name, Side.ENEMIES, max_hp=4) for name in ("a", "b", "c"))
    game_def = classic(party_size=2, enemies=enemies)
    game, _ = run_clock(game_def, game_def.setup(1))
    assert game_def.actor(game) == "gm"
    legal = game_def.rules.legal_actions(game, "gm")
    assert legal
    assert all(a.side is Side.ENEMIES for a in legal)
    assert AssignPairings(Side.ENEMIES, (Pair("a", "ana"), Pair("b", "bo"))) in legal


def test_sd13_activations_alternate_between_the_party_and_the_gm() -> None:
    """SD-13: party members in seat order, alternating with the GM's units."""
    game_def = Skirmish(CLASSIC)
    game = game_def.setup(1)
    game, events = play_until(
        game_def, game, lambda g: g["skills"].round == 1 and not g["skills"].in_round, passive
    )
    order = [e.unit for e in events_of(events, ActivationStarted)]
    assert order == ["ana", "goblin", "bo", "orc", "cy", "archer"]


def test_sd13_first_side_other_value_the_gm_goes_first() -> None:
    """SD-13 with ``first_side="gm"``: a GM unit activates first."""
    from gamefold.skills import SkillsConfig

    game_def = classic(skills=SkillsConfig(first_side="gm"))
    game = pair_first(game_def, game_def.setup(1))
    assert game_def.actor(game) == "gm"
    assert game_def.rules.legal_actions(game, "gm")[0] == Activate("goblin")


def test_sd3_each_round_starts_with_refills_before_any_activation() -> None:
    """SD-3: a player who Discarded two cards draws two at the next StartRound, before
    anyone activates."""
    game_def = Skirmish(CLASSIC)
    game = pair_first(game_def, game_def.setup(1))
    game, _ = step(game_def, game, Activate("ana"))
    for card in owner_of(game["skills"], "ana").hand[:2]:
        game, _ = step(game_def, game, Discard("ana", card))
    assert len(owner_of(game["skills"], "ana").hand) == 3
    game, _ = play_until(game_def, game, lambda g: not g["skills"].in_round, passive)
    game, events = step(game_def, game, StartRound())
    assert isinstance(events[0], RoundStarted)
    drawn = [e for e in events if isinstance(e, CardsDrawn) and e.player == "ana"]
    assert len(drawn) == 1
    assert len(drawn[0].cards) == 2
    assert not events_of(events, ActivationStarted)


def test_cb10_sk1_a_unit_makes_its_choice_before_ending_its_activation() -> None:
    """CB-10: EndActivation waits for the unit's choice; then one choice a Round (SK-1)."""
    game_def = Skirmish(CLASSIC)
    game = pair_first(game_def, game_def.setup(1))
    game, _ = step(game_def, game, Activate("ana"))
    problem = game_def.rules.check(game, EndActivation("ana"))
    assert problem is not None
    assert (problem.code, problem.rule) == (
        "skirmish/declare-first",
        "CB-10",
    )
    assert EndActivation("ana") not in game_def.rules.legal_actions(game, "ana")
    game, _ = step(game_def, game, UseAbility("ana", "Defend", ROCK, "goblin"))
    again = game_def.rules.check(game, UseAbility("ana", "Defend", ROCK, "goblin"))
    assert again is not None
    assert again.code == "skirmish/already-chose"
    assert game_def.rules.legal_actions(game, "ana")[-1] == EndActivation("ana")


def _archer_declared(game: Game) -> bool:
    state = game["skirmish"]
    return "archer" in state.chosen and state.held is None


def test_sk1_one_exchange_a_round_resolved_by_the_last_choice() -> None:
    """SK-1: the last unit's choice resolves the Round's exchange; it chooses no more."""
    game_def = Skirmish(CLASSIC)
    game = game_def.setup(1)
    game, events = play_until(game_def, game, lambda g: g["skills"].active == "archer", passive)
    assert not events_of(events, ExchangeRevealed)
    game, events = play_until(game_def, game, _archer_declared, passive)
    assert len(events_of(events, ExchangeRevealed)) == 1
    legal = game_def.rules.legal_actions(game, "gm")
    assert not any(isinstance(a, UseAbility) for a in legal)
    assert legal[-1] == EndActivation("archer")
    game, _ = step(game_def, game, EndActivation("archer"))
    assert game_def.clock_action(game) == EndRound()

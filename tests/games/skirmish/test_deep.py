"""SK-10 … SK-14: zones that matter, moves, Level and Equipment cards, conditions, items lost
in flight; effect parameters checked; the named scenarios."""

from __future__ import annotations

import attrs
import pytest

from gamefold import ConfigError
from gamefold.combat import (
    Condition,
    ConditionApplied,
    ConditionEnded,
    Fled,
    Item,
    Moved,
    Retreat,
    Warded,
    Zone,
    codes,
)
from gamefold.core import EndRound
from gamefold.games import play
from gamefold.games.skirmish import Dodged, Skirmish, SkirmishConfig, UseAbility
from gamefold.games.skirmish.config import SCENARIOS, scenario, scenario_names
from gamefold.registry import Game
from gamefold.sim import coverage
from gamefold.skills import (
    Activate,
    CardDef,
    Effect,
    EndActivation,
    HandLimitChanged,
    Play,
    SkillsConfig,
    owner_of,
)

from .support import PAPER, ROCK, cards_named, declare, pair_first, step, with_hand


def _zone(game: Game, cid: str) -> Zone | None:
    return next(c.zone for c in game["combat"].combatants if c.id == cid)


@pytest.mark.parametrize(("rearward", "back"), [(("cy",), {"cy"}), (("ana", "bo"), {"ana", "bo"})])
def test_sk10_cb4_rearward_default_and_other_value(rearward: tuple[str, ...], back: set) -> None:
    """SK-10: ``rearward`` (cy by default) start in Rearward, the others in Forward."""
    game_def = Skirmish(SkirmishConfig(rearward=rearward))
    game = game_def.setup(1)
    for name in ("ana", "bo", "cy"):
        assert _zone(game, name) is (Zone.REARWARD if name in back else Zone.FORWARD)


def test_sk10_cb4_zone_bound_abilities_follow_the_zone() -> None:
    """SK-10, CB-4: cy in Rearward may Shoot but not Bash; ana in Forward the reverse."""
    game_def = Skirmish()
    game = pair_first(game_def, game_def.setup(1))
    game, _ = step(game_def, game, Activate("ana"))
    card = owner_of(game["skills"], "ana").hand[0]
    shoot = UseAbility("ana", "Shoot", ROCK, "goblin", (card,))
    problem = game_def.rules.check(game, shoot)
    assert problem is not None
    assert (problem.code, problem.rule) == (codes.WRONG_ZONE, "CB-4")
    assert game_def.rules.check(game, UseAbility("ana", "Bash", ROCK, "goblin", (card,))) is None


@pytest.mark.parametrize("abilities", [("Shoot", "Bash"), ()])
def test_sk10_party_abilities_default_and_other_value(abilities: tuple[str, ...]) -> None:
    game = Skirmish(SkirmishConfig(party_abilities=abilities)).setup(1)
    ana = next(c for c in game["combat"].combatants if c.id == "ana")
    assert ana.abilities == abilities


def test_sk11_cb4_a_move_card_moves_its_player_between_exchanges() -> None:
    """SK-11: ana Plays Dash before anyone declared: she moves to Rearward (combat's Move)."""
    game_def = Skirmish()
    game = pair_first(game_def, game_def.setup(1))
    dash = cards_named(game, "ana", "Dash")[0]
    game = with_hand(game, "ana", [dash])
    game, _ = step(game_def, game, Activate("ana"))
    game, events = step(game_def, game, Play("ana", dash))
    assert Moved("ana", Zone.FORWARD, Zone.REARWARD) in events
    assert _zone(game, "ana") is Zone.REARWARD


def test_sk11_a_move_card_during_an_exchange_does_nothing() -> None:
    """SK-11, CB-10: once someone declared, the move card is spent and nobody moves."""
    game_def = Skirmish()
    game = pair_first(game_def, game_def.setup(1))
    dash = cards_named(game, "ana", "Dash")[0]
    strike_free = cards_named(game, "ana", "Parry")[0]
    game = with_hand(game, "ana", [dash, strike_free])
    game, _ = step(game_def, game, Activate("ana"))
    game, _ = declare(game_def, game, UseAbility("ana", "Defend", ROCK, "goblin"))
    game, events = step(game_def, game, Play("ana", dash))
    assert not any(isinstance(e, Moved) for e in events)
    assert _zone(game, "ana") is Zone.FORWARD


@pytest.mark.parametrize(("card", "delta"), [("Veteran", 1), ("Heavy Shield", -1)])
def test_sk12_sd2_level_and_equipment_cards_change_the_hand_limit(card: str, delta: int) -> None:
    """SK-12, SD-2: Veteran raises the hand limit by 1, Heavy Shield lowers it by 1; a
    lower limit discards nothing (SD-2)."""
    game_def = Skirmish()
    game = pair_first(game_def, game_def.setup(1))
    chosen = cards_named(game, "ana", card)[0]
    others = [c for c in owner_of(game["skills"], "ana").hand if c != chosen][:3]
    game = with_hand(game, "ana", [chosen, *others])
    game, _ = step(game_def, game, Activate("ana"))
    game, events = step(game_def, game, Play("ana", chosen))
    assert HandLimitChanged("ana", 5, 5 + delta) in events
    assert owner_of(game["skills"], "ana").hand == tuple(others)


def test_sk12_a_level_card_at_the_maximum_changes_nothing() -> None:
    """SK-12, SD-2: a limit that would leave the range (above the deck size) stays."""
    deck = attrs.evolve(SkirmishConfig().skills, deck_size=10, hand_limit=10)
    game_def = Skirmish(SkirmishConfig(skills=deck))
    game = pair_first(game_def, game_def.setup(1))
    veteran = cards_named(game, "ana", "Veteran")[0]
    game = with_hand(game, "ana", [veteran])
    game, _ = step(game_def, game, Activate("ana"))
    game, events = step(game_def, game, Play("ana", veteran))
    assert not any(isinstance(e, HandLimitChanged) for e in events)
    assert owner_of(game["skills"], "ana").hand_limit == 10


@pytest.mark.parametrize("rounds", [1, 2])
def test_sk13_cb12_bash_stones_its_target_for_this_round_and_the_next(rounds: int) -> None:
    """SK-13, CB-12: a winning Bash leaves the goblin Stoned; with ``condition_rounds`` 1 it
    still forbids Rock in the next Round's exchange and ends when that Round ends."""
    combat = attrs.evolve(SkirmishConfig().combat, condition_rounds=rounds)
    game_def = Skirmish(SkirmishConfig(combat=combat, reaction_windows=False))
    game = pair_first(game_def, game_def.setup(1))
    goblin_hand = owner_of(game["skills"], "gm").hand[0]
    ana_card = owner_of(game["skills"], "ana").hand[0]
    game, _ = step(game_def, game, Activate("ana"))
    game, _ = declare(game_def, game, UseAbility("ana", "Bash", ROCK, "goblin", (ana_card,)))
    game, _ = step(game_def, game, EndActivation("ana"))
    game, _ = step(game_def, game, Activate("goblin"))
    game, events = step(
        game_def, game, UseAbility("goblin", "Attack", PAPER, "ana", (goblin_hand,))
    )
    # Rock beats Paper (CB-1): the Bash wins... only once every unit has chosen; drive on.
    seen: list = list(events)
    while not any(isinstance(e, ConditionApplied) for e in seen):
        actor = game_def.actor(game)
        action = game_def.clock_action(game)
        if action is None:
            assert actor is not None
            action = _defend_or_end(game_def, game, actor)
        game, more = step(game_def, game, action)
        seen.extend(more)
        if isinstance(action, EndRound):
            break
    assert ConditionApplied("goblin", Condition.STONED, rounds) in seen
    ended_after = 0
    while not any(isinstance(e, ConditionEnded) for e in seen[-20:]) and ended_after < 5:
        action = game_def.clock_action(game)
        if action is None:
            actor = game_def.actor(game)
            assert actor is not None
            action = _defend_or_end(game_def, game, actor)
        game, more = step(game_def, game, action)
        if isinstance(action, EndRound):
            ended_after += 1
            if ConditionEnded("goblin", Condition.STONED) in more:
                break
        seen = [*seen, *more]
    # It was applied in Round 1 and lasts ``rounds`` full Rounds more.
    assert ended_after == rounds + 1


def _defend_or_end(game_def: Skirmish, game: Game, actor: str) -> object:
    legal = game_def.rules.legal_actions(game, actor)
    for action in legal:
        if isinstance(action, UseAbility) and action.ability == "Defend":
            return action
    return next(
        (a for a in legal if isinstance(a, EndActivation)),
        next((a for a in legal if not isinstance(a, Play)), legal[0]),
    )


def test_sk14_cb14_items_dropped_in_a_flight_are_lost() -> None:
    """SK-14, CB-14: every member carries a pack; a member who drops it in an escape loses it."""
    game_def = Skirmish(SkirmishConfig(party_size=1, rearward=()))
    game = pair_first(game_def, game_def.setup(1))
    assert next(c for c in game["combat"].combatants if c.id == "ana").items == (Item("pack", 2),)
    game, _ = step(game_def, game, Activate("ana"))
    game, events = step(game_def, game, Retreat("ana", drop=("pack",)))
    seen = list(events)
    for _ in range(40):  # the GM's units choose; the exchange then resolves the flight
        if game_def.is_over(game):
            break
        action = game_def.clock_action(game)
        if action is None:
            actor = game_def.actor(game)
            assert actor is not None
            action = _defend_or_end(game_def, game, actor)
        game, more = step(game_def, game, action)  # type: ignore[arg-type]
        seen.extend(more)
    fled = next(e for e in seen if isinstance(e, Fled))
    assert [(x.owner, x.item) for x in fled.lost] == [("ana", "pack")]


def test_effect_parameters_are_checked_when_built() -> None:
    """A misspelled shield parameter (``blok``) is refused, naming the field."""
    with pytest.raises(ConfigError, match="blok") as raised:
        SkirmishConfig(reaction_effects={"defend": "blok", "evade": "chance"})
    assert raised.value.field == "reaction_effects"
    parry = CardDef("Parry", Effect("defend", {"blok": 2}))
    with pytest.raises(ConfigError, match="blok") as raised:
        SkirmishConfig(skills=SkillsConfig(deck=(parry,)))
    assert raised.value.field == "skills.deck"
    bad = CardDef("Dash", Effect("move", {"distance": True}))  # type: ignore[dict-item]
    with pytest.raises(ConfigError) as raised:
        SkirmishConfig(skills=SkillsConfig(gm_deck=(bad,)))
    assert raised.value.field == "skills.gm_deck"


def test_unknown_party_abilities_and_rearward_names_are_refused() -> None:
    with pytest.raises(ConfigError) as raised:
        SkirmishConfig(party_abilities=("Fly",))
    assert raised.value.field == "party_abilities"
    with pytest.raises(ConfigError) as raised:
        SkirmishConfig(rearward=("zed",))
    assert raised.value.field == "rearward"


def test_scenarios_are_named_configs() -> None:
    assert scenario_names() == ("default", "classic", "siege", "ambush", "duel")
    assert scenario("default") == SkirmishConfig()
    assert Skirmish.scenarios() is SCENARIOS
    assert scenario("ambush").combat.dire == "outnumbered"
    assert scenario("siege").skills.deck_size == 10
    with pytest.raises(ConfigError, match="known: default, classic, siege, ambush, duel"):
        scenario("nope")


@pytest.mark.parametrize("name", ["siege", "ambush", "classic"])
def test_every_scenario_plays_to_its_end(name: str) -> None:
    game_def = Skirmish(scenario(name))
    played = play(game_def, 4, game_def.policies()["greedy"], keep_states=False)
    assert played.finished


def test_sd6_the_siege_kills_by_fatal_exhaustion_in_some_games() -> None:
    """SD-6: in the siege, thin decks make characters die of fatal exhaustion."""
    game_def = Skirmish(scenario("siege"))
    died = 0
    for seed in range(6):
        final = play(game_def, seed, keep_states=False).final
        died += any(not o.alive for o in final["skills"].owners)
    assert died > 0


def test_sk1_sd13_the_party_chooses_which_unit_activates_next() -> None:
    """SK-1, SD-13 (``side_choice`` True): the leader picks any party unit still to activate;
    picking bo leaves ana and cy to activate later."""
    game_def = Skirmish()
    game = pair_first(game_def, game_def.setup(1))
    assert game_def.actor(game) == "ana"
    activations = [a for a in game_def.rules.legal_actions(game, "ana") if isinstance(a, Activate)]
    assert activations == [Activate("ana"), Activate("bo"), Activate("cy")]
    game, _ = step(game_def, game, Activate("bo"))
    assert game_def.actor(game) == "bo"
    assert game_def.rules.legal_actions(game, "cy") == ()


def test_sk1_sd13_side_choice_other_value_seat_order() -> None:
    """``side_choice=False``: the first party member in seat order still to activate acts."""
    game_def = Skirmish(SkirmishConfig(side_choice=False))
    game = pair_first(game_def, game_def.setup(1))
    assert game_def.actor(game) == "ana"
    activations = [a for a in game_def.rules.legal_actions(game, "ana") if isinstance(a, Activate)]
    assert activations == [Activate("ana")]


def _dodge_in_window(config: SkirmishConfig) -> tuple[Game, tuple]:
    """ana holds Dodge; the goblin attacks her; she Plays Dodge in her window."""
    game_def = Skirmish(config)
    game = pair_first(game_def, game_def.setup(1))
    dodge = cards_named(game, "ana", "Dodge")[0]
    game = with_hand(game, "ana", [dodge])
    game, _ = step(game_def, game, Activate("ana"))
    game, _ = declare(game_def, game, UseAbility("ana", "Defend", ROCK, "goblin"))
    game, _ = step(game_def, game, EndActivation("ana"))
    game, _ = step(game_def, game, Activate("goblin"))
    payment = (owner_of(game["skills"], "gm").hand[0],)
    game, _ = step(game_def, game, UseAbility("goblin", "Attack", ROCK, "ana", payment))
    return step(game_def, game, Play("ana", dodge))


@pytest.mark.parametrize(("sides", "shield"), [(1, 4), (1, 3)])
def test_sk15_a_sure_dodge_raises_dodge_shield(sides: int, shield: int) -> None:
    """SK-15: with a one-faced die, Dodge's chance 1 always succeeds: a shield of
    ``dodge_shield``."""
    _, events = _dodge_in_window(SkirmishConfig(dodge_sides=sides, dodge_shield=shield))
    assert Dodged("ana", 1, 1, shield) in events
    assert any(isinstance(e, Warded) and e.amount == shield for e in events)


def test_sk15_the_dodge_die_comes_from_the_slice_rng_both_ways() -> None:
    """SK-15 (default ``dodge_sides`` 2): over seeds the roll both succeeds and fails, and
    the same seed always rolls the same."""
    outcomes = set()
    for seed in range(8):
        config = SkirmishConfig()
        game_def = Skirmish(config)
        state = game_def.setup(seed)["skirmish"]
        face, _ = state.rng.below(config.dodge_sides)
        outcomes.add(face + 1 <= 1)
        assert game_def.setup(seed)["skirmish"].rng == state.rng
    assert outcomes == {True, False}
    _, events = _dodge_in_window(SkirmishConfig())
    rolled = next(e for e in events if isinstance(e, Dodged))
    assert rolled.sides == 2
    assert rolled.shield == (4 if rolled.roll == 1 else 0)


def test_sk15_dodge_effects_other_value_a_flat_shield() -> None:
    """``dodge_effects=()``: Dodge shields its chance (1) flatly, as before."""
    _, events = _dodge_in_window(SkirmishConfig(dodge_effects=()))
    assert not any(isinstance(e, Dodged) for e in events)
    assert any(isinstance(e, Warded) and e.amount == 1 for e in events)


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_sk6_the_siege_makes_characters_leave_the_fight_in_most_games(policy: str) -> None:
    """SK-6, SD-6: in the siege, a character dies of fatal exhaustion and leaves the fight
    in most games with either shipped policy (the 200-game shares are in the docs)."""
    frame = coverage(Skirmish(scenario("siege")), games=10, seed=1, policies=policy)
    assert frame.loc["SK-6", "games"] >= 6
    assert frame.loc["SD-6", "games"] >= frame.loc["SK-6", "games"]

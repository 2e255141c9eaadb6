"""The built-in policies: ``"random"`` and a ``"greedy"`` that plays from the view alone."""

from __future__ import annotations

from gamefold.combat import AssignPairings, Retreat
from gamefold.core import Action, replace
from gamefold.games import play
from gamefold.games.skirmish import Skirmish, UseAbility, UseCard
from gamefold.games.skirmish.config import scenario
from gamefold.games.skirmish.policies import FLEE_BELOW
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.skills import Activate, CloseReactionWindow, Play

from .choosers import passive
from .support import ROCK, cards_named, pair_first, play_until, step, with_hand

GAME = Skirmish(scenario("classic"))  # the pre-zones skirmish these tests pin
GREEDY = GAME.policies()["greedy"]


def _greedy(game: Game, actor: str) -> Action:
    legal = GAME.rules.legal_actions(game, actor)
    action, _ = GREEDY(GAME.rules.view(game, actor), legal, Rng.from_seed(1))
    assert action in legal
    return action


def _with_hp(game: Game, **hp: int) -> Game:
    fight = game["combat"]
    combatants = tuple(replace(c, hp=hp.get(c.id, c.hp)) for c in fight.combatants)
    return game.with_slice("combat", replace(fight, combatants=combatants))


def test_the_policies_are_random_and_greedy() -> None:
    """Both names are there; the greedy one for this game's config."""
    assert set(GAME.policies()) == {"random", "ismcts", "greedy"}


def test_greedy_pairs_its_healthiest_fighters() -> None:
    """The party's two healthiest members take the two pairings."""
    game, _ = play_until(GAME, GAME.setup(1), lambda g: g["skills"].in_round, passive)
    game = _with_hp(game, ana=2)
    action = _greedy(game, "ana")
    assert isinstance(action, AssignPairings)
    assert sorted(p.own for p in action.pairs) == ["bo", "cy"]


def test_greedy_attacks_the_weakest_reachable_enemy_with_an_ability_card_first() -> None:
    """cy is unpaired: it aims at the weakest enemy, Playing its Strike (UseCard)."""
    game = pair_first(GAME, GAME.setup(1))
    game = _with_hp(game, archer=3)
    game, _ = play_until(GAME, game, lambda g: g["skills"].active == "cy", passive)
    strike, dash = cards_named(game, "cy", "Strike")[0], cards_named(game, "cy", "Dash")[0]
    game = with_hand(game, "cy", [dash, strike])
    action = _greedy(game, "cy")
    assert isinstance(action, UseCard)
    assert (action.card, action.target) == (strike, "archer")


def test_greedy_pays_with_its_least_useful_card() -> None:
    """Without an ability card, it pays for Attack with Dash, keeping Parry (a reaction)."""
    game = pair_first(GAME, GAME.setup(1))
    parry, dash = cards_named(game, "ana", "Parry")[0], cards_named(game, "ana", "Dash")[0]
    game = with_hand(game, "ana", [parry, dash])
    game, _ = step(GAME, game, Activate("ana"))
    action = _greedy(game, "ana")
    assert isinstance(action, UseAbility)
    assert (action.ability, action.target, action.cards) == ("Attack", "goblin", (dash,))


def test_greedy_flees_when_losing_badly() -> None:
    """Below FLEE_BELOW of the enemies' hit points, every member retreats (CB-13)."""
    game = pair_first(GAME, GAME.setup(1))
    game = with_hand(game, "ana", cards_named(game, "ana", "Parry")[:1])  # nothing to prepare
    game, _ = step(GAME, game, Activate("ana"))
    assert isinstance(_greedy(game, "ana"), UseAbility | UseCard)
    enemies = 10 + 14 + 10
    low = int(FLEE_BELOW * enemies) // 3 - 1
    action = _greedy(_with_hp(game, ana=low, bo=low, cy=low), "ana")
    assert action == Retreat("ana")


def test_greedy_reacts_with_its_best_reaction_card() -> None:
    """In a window it Plays Parry (prevents 2) rather than Dodge (1); without one, closes."""
    game = pair_first(GAME, GAME.setup(1))
    parry, dodge = cards_named(game, "ana", "Parry")[0], cards_named(game, "ana", "Dodge")[0]
    game = with_hand(game, "ana", [dodge, parry])
    game, _ = play_until(GAME, game, lambda g: g["skills"].active == "goblin", passive)
    game, _ = step(GAME, game, UseAbility("goblin", "Defend", ROCK, "ana"))
    assert _greedy(game, "ana") == Play("ana", parry)
    game, _ = step(GAME, game, Play("ana", parry))
    game, _ = step(GAME, game, Play("ana", dodge))
    assert _greedy(game, "ana") == CloseReactionWindow("ana")


def test_greedy_beats_random_over_fixed_seeds() -> None:
    """Against a random GM, a greedy party wins more of 20 games than a random party."""

    def wins(policy: str) -> int:
        count = 0
        for seed in range(20):
            chosen = {p: GAME.policies()[policy] for p in GAME.config.party}
            played = play(GAME, seed, chosen, keep_states=False)
            count += GAME.outcome(played.final)["ana"]["winner"]
        return count

    assert wins("greedy") > wins("random")

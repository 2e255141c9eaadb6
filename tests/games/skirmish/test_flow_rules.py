"""The Round flow's refusals word for word, and who leads, pairs and picks the next unit
(SK-1, CB-5, CB-10, SD-8, SD-13, EN-5)."""

from __future__ import annotations

from gamefold import skills
from gamefold.combat import AssignPairings, Fighter, Side
from gamefold.core import replace
from gamefold.games.skirmish import Skirmish, SkirmishConfig
from gamefold.games.skirmish.flow import (
    deciding,
    leader,
    pairing_options,
    party_chooser,
)
from gamefold.registry import Game
from gamefold.skills import GM, Activate, EndActivation, OpenReactionWindow

from .support import pair_first, run_clock, step
from .test_reactions import _goblin_attacks_ana

"""The skirmish's own layout: its rules read the slices there."""

GAME = Skirmish()


def _refusal(game: Game, action: object) -> str:
    problem = GAME.rules.check(game, action)  # type: ignore[arg-type]
    assert problem is not None
    return str(problem)


def _fight(game: Game, **changes: dict[str, object]) -> Game:
    fight = game["combat"]
    combatants = tuple(replace(c, **changes.get(c.id, {})) for c in fight.combatants)
    return game.with_slice("combat", replace(fight, combatants=combatants))


def _unpaired(game: Game) -> Game:
    return _fight(game, **{c.id: {"partner": None} for c in game["combat"].combatants})


def _window(game: Game, player: str) -> Game:
    deck, _ = skills.step(game["skills"], OpenReactionWindow(player))
    return game.with_slice("skills", deck)


def test_cb5_no_unit_activates_before_the_pairings() -> None:
    """CB-5, SK-1: Activate while the pairings are due is refused in a sentence."""
    game, _ = run_clock(GAME, GAME.setup(1))
    assert _refusal(game, Activate("ana")) == (
        "the Forward pairings are assigned before any unit activates [skirmish/pairing-first, CB-5]"
    )
    problem = GAME.rules.check(game, Activate("ana"))
    assert problem is not None
    assert problem.action == Activate("ana")


def test_cb10_an_activation_ends_after_the_units_choice() -> None:
    """CB-10, SK-1: ending an activation before choosing is refused in a sentence."""
    game = pair_first(GAME, GAME.setup(1))
    game, _ = step(GAME, game, Activate("ana"))
    assert _refusal(game, EndActivation("ana")) == (
        "ana must choose an ability or retreat before ending its activation"
        " [skirmish/declare-first, CB-10]"
    )


def test_sd8_an_activation_does_not_end_while_a_window_is_open() -> None:
    """SD-8, SK-4: the goblin's activation waits for ana's reaction."""
    game, _ = _goblin_attacks_ana(GAME)
    assert _refusal(game, EndActivation("goblin")) == (
        "ana may react first [skirmish/reaction-pending, SD-8]"
    )


def test_cb5_an_activation_ends_after_pairings_due_again() -> None:
    """CB-5: when the pairings dissolved during an activation, they are assigned again
    before it ends."""
    game = pair_first(GAME, GAME.setup(1))
    game, _ = step(GAME, game, Activate("ana"))
    assert _refusal(_unpaired(game), EndActivation("ana")) == (
        "the Forward pairings are assigned again before the activation ends"
        " [skirmish/pairing-first, CB-5]"
    )


def test_sd13_pairings_are_chosen_in_a_round_with_no_window_open() -> None:
    """SD-13, SD-8: pairing before the Round starts, or while a window is open, is refused
    in a sentence; the listing offers none then, nor to anyone but the deciding player."""
    setup = GAME.setup(1)
    game, _ = run_clock(GAME, setup)
    pairing = GAME.rules.legal_actions(game, "ana")[0]
    assert isinstance(pairing, AssignPairings)
    assert _refusal(setup, pairing) == (
        "pairings are chosen during a Round [skirmish/no-round, SD-13]"
    )
    assert pairing_options(GAME.config, setup, "ana") == ()
    reacting = _window(game, "bo")
    assert _refusal(reacting, pairing) == "bo may react first [skirmish/reaction-pending, SD-8]"
    assert pairing_options(GAME.config, reacting, "ana") == ()
    assert pairing_options(GAME.config, game, "bo") == ()
    assert pairing in pairing_options(GAME.config, game, "ana")
    paired, _ = step(GAME, game, pairing)
    assert pairing_options(GAME.config, paired, "ana") == ()


def test_sk1_the_leader_is_the_configured_seat_else_the_first_standing_member() -> None:
    """SK-1, CB-5: the configured leader leads while standing on the party's side; else
    the first such member in seat order; with none, the configured seat still names it."""
    config = SkirmishConfig(leader=1)
    fight = GAME.setup(1)
    assert leader(config, fight["combat"]) == "bo"
    fallen = _fight(fight, bo={"hp": 0})
    assert leader(config, fallen["combat"]) == "ana"
    assert leader(config, _fight(fight, bo={"hp": 1})["combat"]) == "bo"
    turned = _fight(fight, bo={"side": Side.ENEMIES}, ana={"hp": 0})
    assert leader(config, turned["combat"]) == "cy"
    gone = _fight(fight, ana={"hp": 0}, bo={"hp": 0}, cy={"hp": 0})
    assert leader(config, gone["combat"]) == "bo"


def test_cb5_the_gm_decides_the_enemies_pairings() -> None:
    """CB-5: whoever's side assigns the pairings decides: the leader or the GM."""
    game, _ = run_clock(GAME, GAME.setup(1))
    assert deciding(GAME.config, game["combat"]) == "ana"
    assert GAME.actor(game) == "ana"
    enemies = tuple(Fighter(name, Side.ENEMIES) for name in ("a", "b", "c"))
    config = SkirmishConfig(party_size=2, enemies=enemies, rearward=())
    outnumbered = Skirmish(config).setup(1)
    assert deciding(config, outnumbered["combat"]) == GM


def test_sk1_the_party_chooser_is_the_leader_or_the_first_living_member_after_it() -> None:
    """SK-1, SD-13: with ``side_choice`` the leader picks the party's next unit, or the
    first living member after it in seat order (wrapping round); with no party unit left
    to activate, nobody; without ``side_choice``, the first member still to activate."""
    config = SkirmishConfig(leader=1)
    game, _ = run_clock(GAME, GAME.setup(1))
    deck = game["skills"]
    assert party_chooser(config, deck) == "bo"

    def dead(*players: str) -> skills.SkillsState:
        owners = tuple(replace(o, alive=o.player not in players) for o in deck.owners)
        return replace(deck, owners=owners)

    assert party_chooser(config, dead("bo")) == "cy"
    assert party_chooser(config, dead("bo", "cy")) == "ana"
    assert party_chooser(config, dead("ana", "bo", "cy")) is None
    only_gm = replace(deck, pending=tuple(u for u in deck.pending if u in deck.gm_units))
    assert party_chooser(config, only_gm) is None
    seat_order = SkirmishConfig(leader=1, side_choice=False)
    assert party_chooser(seat_order, deck) == "ana"
    later = replace(deck, pending=tuple(u for u in deck.pending if u != "ana"))
    assert party_chooser(seat_order, later) == "bo"
    assert party_chooser(seat_order, only_gm) is None


def test_sk1_the_chooser_lists_every_party_activation_and_the_others_none() -> None:
    """SK-1, SD-13, EN-5: with ``side_choice``, the chooser lists an Activate for each
    party unit still to activate; the other members list none; the GM lists its own."""
    game = pair_first(GAME, GAME.setup(1))
    assert [a for a in GAME.rules.legal_actions(game, "ana") if isinstance(a, Activate)] == [
        Activate("ana"),
        Activate("bo"),
        Activate("cy"),
    ]
    assert not [a for a in GAME.rules.legal_actions(game, "bo") if isinstance(a, Activate)]
    seat_order = Skirmish(SkirmishConfig(side_choice=False))
    game = pair_first(seat_order, seat_order.setup(1))
    assert [a for a in seat_order.rules.legal_actions(game, "ana") if isinstance(a, Activate)] == [
        Activate("ana")
    ]


def test_sd8_an_activation_waits_for_every_open_window_naming_each() -> None:
    """SD-8: with two windows open, ending the activation names both players; the error
    carries the refused action."""
    game = pair_first(GAME, GAME.setup(1))
    game, _ = step(GAME, game, Activate("ana"))
    end = EndActivation("ana")
    problem = GAME.rules.check(_window(_window(game, "bo"), "cy"), end)
    assert str(problem) == "bo, cy may react first [skirmish/reaction-pending, SD-8]"
    assert problem is not None
    assert problem.action == end


def test_sd13_the_decks_refusal_of_an_activation_comes_first() -> None:
    """SD-13: once the pairings are assigned, activating a unit the deck does not let
    activate is the deck's refusal."""
    game = pair_first(GAME, GAME.setup(1))
    problem = GAME.rules.check(game, Activate("goblin"))
    assert problem is not None
    assert problem.code.startswith("skills/")


def test_cb5_a_pairing_refusal_names_the_action_and_the_fight_judges_first() -> None:
    """CB-5, SD-13, SD-8: the refusals carry the pairing refused; a pairing for the side
    that does not assign is the fight's own refusal; two open windows are both named."""
    setup = GAME.setup(1)
    game, _ = run_clock(GAME, setup)
    pairing = GAME.rules.legal_actions(game, "ana")[0]
    assert isinstance(pairing, AssignPairings)
    for state in (setup, _window(game, "bo")):
        problem = GAME.rules.check(state, pairing)
        assert problem is not None
        assert problem.action == pairing
    both = _window(_window(game, "bo"), "cy")
    assert _refusal(both, pairing) == "bo, cy may react first [skirmish/reaction-pending, SD-8]"
    wrong = replace(pairing, side=Side.ENEMIES)
    problem = GAME.rules.check(game, wrong)
    assert problem is not None
    assert problem.code.startswith("combat/")

"""The summit game definition on arranged states: the clock, the actor, the end and every
outcome column (SM-4, SM-9, SM-10, SM-11, EN-9).

With an in-order deal for four players p1 holds Consulate, Drillyard, Warehouse and Docks
(no whole zone); Forge and Mine are neutral. At setup each player holds three Troops T1.
"""

from __future__ import annotations

import attrs
from tests.games.summit.helpers import (
    board,
    dip,
    summit,
    with_flow,
    with_garrison,
    with_map,
    with_owners,
)

from gamefold import EndRound, Rng, StartRound
from gamefold.diplomacy import BeginTurn, CardEarned, Counter
from gamefold.games.summit import Phase, RoundBegan
from gamefold.games.summit.account import EVENT_RULES, RULE_IDS, SETUP_RULES
from gamefold.games.summit.state import Ask
from gamefold.registry import Game
from gamefold.territory import Attack, Realm, Truce

GAME = summit(4, deal="in-order")


def _at(phase: Phase, **changes: object) -> Game:
    return with_flow(GAME.setup(1), phase=phase, **changes)


def test_sm9_the_clock_starts_rounds_begins_turns_with_holdings_and_ends_rounds() -> None:
    assert GAME.clock_action(_at(Phase.ROUND)) == StartRound()
    assert GAME.clock_action(_at(Phase.TURN_START, turn=1)) == BeginTurn("p2", 4, ())
    harbour = with_owners(_at(Phase.TURN_START), {"Lighthouse": "p1", "Shipyard": "p1"})
    assert GAME.clock_action(harbour) == BeginTurn("p1", 6, ("Harbour",))
    assert GAME.clock_action(_at(Phase.ROUND_END)) == EndRound()
    for phase in (Phase.TURN, Phase.WINDOW, Phase.OVER):
        assert GAME.clock_action(_at(phase, turn=1)) is None
    assert GAME.clock_action(_at(Phase.ROUND, asked=Ask(0, "p3"))) is None


def test_sm9_sm10_who_acts_and_when_the_game_is_over() -> None:
    assert GAME.actor(_at(Phase.TURN, turn=3)) == "p3"
    assert GAME.actor(_at(Phase.WINDOW, turn=2)) == "p2"
    assert GAME.actor(_at(Phase.TURN, turn=1, asked=Ask(0, "p4"))) == "p4"
    assert GAME.actor(_at(Phase.TURN_START, turn=2)) == "p3"
    assert GAME.actor(_at(Phase.ROUND)) == "p1"
    assert GAME.actor(_at(Phase.OVER, asked=Ask(0, "p4"))) is None
    assert GAME.is_over(_at(Phase.OVER))
    assert not any(GAME.is_over(_at(p)) for p in Phase if p is not Phase.OVER)
    assert GAME.players(GAME.setup(1)) == ("p1", "p2", "p3", "p4")


def test_sm11_the_outcome_reports_each_players_figures() -> None:
    game = with_garrison(with_garrison(GAME.setup(1), "Docks", 5), "Chancery", 2)
    realms = list(board(game).realms)
    realms[0] = Realm("p1", troops=3, turns=2, cards_earned=4, pacts=1, conquests=6)
    game = with_owners(
        with_map(game, realms=tuple(realms)), dict.fromkeys(("Lighthouse", "Shipyard"), "p1")
    )
    outcome = GAME.outcome(game)
    garrisons = dict(zip(board(game).scenario.territories, board(game).garrisons, strict=True))
    mine = ("Consulate", "Drillyard", "Warehouse", "Docks", "Lighthouse", "Shipyard")
    assert outcome["p1"] == {
        "winner": True,
        "win_share": 1.0,
        "score": 3,
        "turns": 2,
        "territories": 6,
        "zones": 1,
        "troops": 3 + sum(garrisons[n] for n in mine),
        "cards_earned": 4,
        "pacts": 1,
        "conquests": 6,
    }
    p2 = outcome["p2"]
    assert (p2["winner"], p2["win_share"], p2["territories"], p2["zones"]) == (False, 0.0, 3, 0)
    p2_land = [
        n
        for n, o in zip(board(game).scenario.territories, board(game).owners, strict=True)
        if o == "p2"
    ]
    assert p2["troops"] == sum(garrisons[n] for n in p2_land)


def test_en7_the_game_names_its_rules_events_and_setup_from_its_attribution() -> None:
    assert GAME.rule_ids() == RULE_IDS
    assert GAME.event_rules() == EVENT_RULES
    assert GAME.setup_rules(GAME.setup(1)) == SETUP_RULES
    assert set(GAME.policies()) == {"random", "ismcts", "greedy"}


def test_en7_the_game_tells_events_with_its_diplomacy_config() -> None:
    card = next(i for i, c in enumerate(dip(GAME.setup(1)).config.cards) if c.name == "Siege T1")
    earned = CardEarned("p2", Counter.RANDOM, card)
    assert GAME.describe(earned) == f"p2 earns Siege T1 (#{card}) from the random counter"
    assert GAME.describe(RoundBegan(3)) == "Round 3 begins"


def test_en3_setup_seeds_both_slices_from_the_seed() -> None:
    assert GAME.setup(7) == GAME.setup(7)
    assert board(GAME.setup(1)).rng != board(GAME.setup(2)).rng
    assert dip(GAME.setup(1)) != dip(GAME.setup(2))
    assert board(GAME.setup(1)).players == ("p1", "p2", "p3", "p4")


def _could_attack() -> tuple[Game, Attack]:
    """A decision of a random summit game at which the player on the move may attack a
    territory another player holds, and one such attack."""
    state, rng = GAME.setup(3), Rng.from_seed(3)
    while not GAME.is_over(state):
        action = GAME.clock_action(state)
        if action is None:
            actor = GAME.actor(state)
            assert actor is not None
            legal = GAME.rules.legal_actions(state, actor)
            names = state.map.scenario.territories
            for attack in (a for a in legal if isinstance(a, Attack)):
                if state.map.owners[names.index(attack.territory)]:
                    return state, attack
            action, rng = rng.choice(legal)
        state, _ = GAME.rules.step(state, action)
    raise AssertionError("nobody could attack another player in a whole game")


def test_tr6_coverage_probes_the_attacks_a_truce_forbids_the_player_on_the_move() -> None:
    """TR-6: rule coverage probes, at a player's decision, the attacks a truce forbids it,
    each refused with the truce's code; with no truce, or for the truce partner who is not
    on the move, there is nothing to probe."""
    state, attack = _could_attack()
    board_ = state.map
    victim = board_.owners[board_.scenario.territories.index(attack.territory)]
    assert GAME.probe_actions(state, attack.player) == ()
    truce = state.with_slice("map", attrs.evolve(board_, truces=(Truce(0, victim, attack.player),)))
    probes = GAME.probe_actions(truce, attack.player)
    assert attack in probes
    assert {GAME.rules.check(truce, probe).code for probe in probes} == {"territory/truce"}
    assert GAME.probe_actions(truce, victim) == ()

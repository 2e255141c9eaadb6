"""CP-1 … CP-9: the rules that cross the factions' economy and the battles.

Every CP rule with a config field is tested at its default and at another value.
"""

from __future__ import annotations

import pytest

from gamefold import ConfigError, IllegalAction
from gamefold.combat import AssignPairings, Ending, Side, Zone, find
from gamefold.core import Action, EndRound, EndTurn, StartRound, replace
from gamefold.diplomacy import Discard
from gamefold.games.base import Policy
from gamefold.games.campaign import (
    BattleBegan,
    BattleEnded,
    Campaign,
    CampaignConfig,
    EndBattle,
    StartBattleRound,
)
from gamefold.games.campaign.battle import commander, defending_champion
from gamefold.games.skirmish import UseAbility, whose_choice
from gamefold.games.summit import Defer, Pass, Summit, SummitGame
from gamefold.registry import Game
from gamefold.rng import Rng
from gamefold.skills import (
    DEFEATED,
    GM,
    Activate,
    ActivationStarted,
    CharacterDied,
    CostPaid,
    EndActivation,
    FieldUnits,
    owner_of,
)
from gamefold.territory import Attack, Deploy, Truce

from .support import campaign, finish_battle, fought, run, to_attack, with_garrisons

DEFAULT = CampaignConfig()


def _code(game: Campaign, state: object, action: object) -> tuple[str, str]:
    problem = game.rules.check(state, action)  # type: ignore[arg-type]
    assert problem is not None
    return problem.code, problem.rule


def test_cp1_an_attack_begins_a_battle_fought_before_anything_else() -> None:
    """CP-1: after an Attack the faction's own actions are refused until the battle ends;
    the clock begins the battle's first Round; nothing of the faction is listed."""
    game = Campaign()
    state, attack = to_attack(game)
    state, events = run(game, with_garrisons(state, attack, 3, 2), attack)
    assert any(isinstance(e, BattleBegan) for e in events)
    assert state["campaign"].battle is not None
    for action in (EndTurn(attack.player), Deploy(attack.player, attack.source), attack):
        assert _code(game, state, action) == ("campaign/battle-under-way", "CP-1")
    assert game.clock_action(state) == StartBattleRound()
    assert (state["skills"].in_round, state["combat"].in_round) == (False, False)
    state = game.rules.reduce(state, StartBattleRound())
    # The decks and the fight both begin the Round (SD-3, CB-12): a condition laid now
    # counts this Round as its own.
    assert (state["skills"].in_round, state["combat"].in_round) == (True, True)
    listed = game.rules.legal_actions(state, attack.player)
    assert not any(isinstance(a, (EndTurn, Deploy, Discard)) for a in listed)


def test_cp1_the_battle_ends_inside_the_attackers_turn() -> None:
    """CP-1: the battle's end gives the turn back to the attacker, who may end it."""
    game = Campaign()
    state, attack = to_attack(game)
    state, _ = run(game, with_garrisons(state, attack, 3, 2), attack)
    state, events = finish_battle(game, state)
    assert any(isinstance(e, BattleEnded) for e in events)
    assert state["map"].current == attack.player
    assert game.rules.check(state, EndTurn(attack.player)) is None
    assert _code(game, state, EndBattle()) == ("campaign/no-battle", "CP-1")


def test_cp2_a_faction_whose_champion_is_dead_attacks_no_more() -> None:
    """CP-2: the champion bears the faction's name; dead, its faction's attacks are refused
    and none is listed."""
    game = Campaign()
    state, attack = to_attack(game)
    deck = state["skills"]
    seat = deck.seats.index(attack.player)
    dead = replace(deck.owners[seat], alive=False)
    owners = (*deck.owners[:seat], dead, *deck.owners[seat + 1 :])
    state = state.with_slice("skills", replace(deck, owners=owners))
    assert _code(game, state, attack) == ("campaign/no-champion", "CP-2")
    assert attack not in game.rules.legal_actions(state, attack.player)


def test_cp2_a_champion_who_falls_in_battle_dies() -> None:
    """CP-2: a champion who falls (CB-11) dies in the skill decks (SK-7): defeated."""
    game = Campaign()
    state, attack = to_attack(game)
    state, _ = run(game, with_garrisons(state, attack, 1, 3), attack)
    state = fought(state, 0, 4, Ending.ENEMIES_WON)
    state, events = run(game, state, EndBattle())
    assert events[0] == BattleEnded(attack.player, attack.territory, "fell", 1, 0)
    assert not find(state["combat"], attack.player).hp


@pytest.mark.parametrize(("champion_hp", "per_troop"), [(10, 2), (6, 3)])
def test_cp3_attacking_troops_are_the_champions_hit_points(
    champion_hp: int, per_troop: int
) -> None:
    """CP-3: the champion enters with ``champion_hp + hp_per_troop * troops`` hit points
    (defaults 10 and 2)."""
    game = campaign(champion_hp=champion_hp, hp_per_troop=per_troop)
    state, attack = to_attack(game)
    state, events = run(game, with_garrisons(state, attack, 4, 2), attack)
    began = next(e for e in events if isinstance(e, BattleBegan))
    assert began.troops == 4
    assert began.hp == champion_hp + per_troop * 4
    champion = find(state["combat"], attack.player)
    assert champion is not None
    assert champion.max_hp == began.hp


@pytest.mark.parametrize(("slots", "troop_hp", "fort_hp"), [(3, 4, 2), (1, 7, 0)])
def test_cp4_defending_troops_fight_as_guards_up_to_the_slots(
    slots: int, troop_hp: int, fort_hp: int
) -> None:
    """CP-4: ``min(defenders, garrison_slots)`` guards enter, each with ``troop_hp +
    fort_hp * forts`` hit points (defaults 3, 4, 2), fielded as the GM's units."""
    game = campaign(garrison_slots=slots, troop_hp=troop_hp, fort_hp=fort_hp)
    state, attack = to_attack(game)
    state, _ = run(game, with_garrisons(state, attack, 2, 5, forts=1), attack)
    guards = game.config.guards[:slots]
    assert state["skills"].gm_units == guards
    assert state["campaign"].battle.reserve == 5 - slots
    for guard in guards:
        c = find(state["combat"], guard)
        assert c is not None
        assert c.max_hp == troop_hp + fort_hp
    assert _code(game, state, FieldUnits(("x",))) == ("campaign/host-only", "CP-4")


@pytest.mark.parametrize("per_troop", [2, 1])
def test_cp5_a_won_battle_moves_the_territory_with_the_surviving_troops(per_troop: int) -> None:
    """CP-5: every guard fell and no reserve: the attacker takes the territory; each
    ``hp_per_troop`` of damage the champion took cost one troop (default 2)."""
    game = campaign(hp_per_troop=per_troop)
    state, attack = to_attack(game)
    state, events = run(game, with_garrisons(state, attack, 4, 2), attack)
    hp = next(e for e in events if isinstance(e, BattleBegan)).hp
    state = fought(state, hp - 3, 0, Ending.PARTY_WON)
    before = state["map"]
    state, events = run(game, state, EndBattle())
    lost = 3 // per_troop
    assert events[0] == BattleEnded(attack.player, attack.territory, "won", lost, 2)
    board = state["map"]
    index = board.scenario.territories.index(attack.territory)
    assert board.owners[index] == attack.player
    assert board.garrisons[index] == 4 - lost
    assert board.owners != before.owners
    record = state["campaign"].records[game.config.factions.index(attack.player)]
    assert (record.attacks, record.conquests) == (1, 1)


def test_cp5_guards_beyond_the_slots_hold_the_territory() -> None:
    """CP-5: with reserves behind the guards, killing every guard does not take it."""
    game = campaign(garrison_slots=1)
    state, attack = to_attack(game)
    state, _ = run(game, with_garrisons(state, attack, 3, 2), attack)
    state = fought(state, 10, 0, Ending.PARTY_WON)
    state, events = run(game, state, EndBattle())
    assert events[0].result == "held"
    board = state["map"]
    index = board.scenario.territories.index(attack.territory)
    assert board.owners[index] != attack.player
    assert board.garrisons[index] == 1


def test_cp6_a_ceasefire_forbids_the_attack() -> None:
    """CP-6: a running truce (a Ceasefire pact, DP-8, SM-7) refuses the attack on its
    partner with ``campaign/ceasefire``, and no such attack is listed."""
    game = Campaign()
    state, attack = to_attack(game)
    board = state["map"]
    index = board.scenario.territories.index(attack.territory)
    owner = board.owners[index]
    if not owner:  # a neutral target: give it to a faction to have a partner
        owner = next(f for f in game.config.factions if f != attack.player)
        owners = (*board.owners[:index], owner, *board.owners[index + 1 :])
        board = replace(board, owners=owners)
    board = replace(board, truces=(Truce(0, attack.player, owner),))
    state = state.with_slice("map", board)
    assert _code(game, state, attack) == ("campaign/ceasefire", "CP-6")
    assert attack not in game.rules.legal_actions(state, attack.player)
    assert attack in game.probe_actions(state, attack.player)


def test_tr4_an_attack_the_map_refuses_keeps_the_maps_reason_in_a_campaign() -> None:
    """TR-4: the campaign's Attack is refused as the map refuses it (only a truce's refusal
    becomes CP-6's): the map's code, rule and sentence, by step as by check."""
    game = Campaign()
    state, attack = to_attack(game)
    backwards = Attack(attack.player, attack.territory, attack.source)
    assert _code(game, state, backwards) == ("territory/not-yours", "TR-4")
    with pytest.raises(IllegalAction) as raised:
        game.rules.step(state, backwards)
    assert (raised.value.code, raised.value.rule) == ("territory/not-yours", "TR-4")
    assert raised.value.message == "An attack starts from a territory of one's own."


@pytest.mark.parametrize("rounds", [4, 1])
def test_cp7_after_max_battle_rounds_the_attackers_fall_back(rounds: int) -> None:
    """CP-7: a battle lasts at most ``max_battle_rounds`` Rounds (default 4); then the
    attacker's surviving troops fall back to the source."""
    game = campaign(max_battle_rounds=rounds, troop_hp=60, champion_hp=200)
    state, attack = to_attack(game)
    state, _ = run(game, with_garrisons(state, attack, 3, 1), attack)
    first = state["skills"].round
    state, events = finish_battle(game, state)
    assert state["skills"].round - first == rounds
    ended = next(e for e in events if isinstance(e, BattleEnded))
    assert ended.result == "stalemate"
    board = state["map"]
    source = board.scenario.territories.index(attack.source)
    assert board.garrisons[source] == 1 + 3 - ended.lost


@pytest.mark.parametrize("keeps", [True, False])
def test_cp8_a_fled_champions_troops_fall_back_or_are_lost(keeps: bool) -> None:
    """CP-8: after a flight (CB-13) the surviving troops fall back to the source when
    ``flee_keeps_troops`` (default), else they are lost."""
    game = campaign(flee_keeps_troops=keeps)
    state, attack = to_attack(game)
    state, events = run(game, with_garrisons(state, attack, 3, 2), attack)
    hp = next(e for e in events if isinstance(e, BattleBegan)).hp
    state = fought(state, hp - 2, 4, Ending.FLED)
    state, events = run(game, state, EndBattle())
    assert events[0] == BattleEnded(attack.player, attack.territory, "fled", 1, 0)
    board = state["map"]
    source = board.scenario.territories.index(attack.source)
    assert board.garrisons[source] == (1 + 2 if keeps else 1)


def test_cp9_decks_carry_over_and_idle_units_pass() -> None:
    """CP-9: a battle begins with every deck as the last one left it (no reshuffle, no
    refill before its first Round), and a champion not in the fight passes its
    activations: the clock activates it and ends them."""
    game = Campaign()
    state, attack = to_attack(game)
    before = state["skills"].owners
    state, _ = run(game, with_garrisons(state, attack, 2, 1), attack)
    assert state["skills"].owners == before
    idle = next(f for f in game.config.factions if f != attack.player)
    seen = []
    for _ in range(200):
        action = game.clock_action(state)
        if action is None:
            break
        seen.append(action)
        state = game.rules.reduce(state, action)
    passed = [a for a in seen if isinstance(a, (Activate, EndActivation)) and a.unit == idle]
    assert passed in ([], [Activate(idle), EndActivation(idle)])


def test_cp2_a_champion_who_falls_in_play_dies_and_its_faction_attacks_no_more() -> None:
    """CP-2 (SK-7, CB-11): in a greedy campaign a champion falls; it dies in the skill decks
    (defeated), the battle ends as ``fell``, and its faction lists no attack afterwards."""
    from gamefold.games import play
    from gamefold.territory import Attack

    game = Campaign()

    def death(events: tuple[object, ...]) -> bool:
        return any(isinstance(e, CharacterDied) and e.cause == DEFEATED for e in events)

    for seed in range(10):  # the first of ten seeded greedy campaigns where a champion falls
        played = play(game, seed, game.policies()["greedy"])
        if any(death(events) for events in played.events):
            break
    index = next(i for i, events in enumerate(played.events) if death(events))
    died = next(e for e in played.events[index] if isinstance(e, CharacterDied))
    later = [e for events in played.events[index:] for e in events]
    assert BattleEnded in {type(e) for e in later}
    ended = next(e for e in later if isinstance(e, BattleEnded))
    assert (ended.attacker, ended.result) == (died.player, "fell")
    for state in played.states[index + 1 :]:
        assert not owner_of(state["skills"], died.player).alive
        listed = game.rules.legal_actions(state, died.player)
        assert not any(isinstance(a, Attack) for a in listed)


@pytest.mark.parametrize("effects", [("truce", "partnership", "support"), ()])
def test_cp10_a_pact_partners_champion_joins_the_attack(effects: tuple[str, ...]) -> None:
    """CP-10: the living champion of a faction with a running public pact of one of
    ``ally_effects`` (default: Ceasefire, Manufacturing Partnership, Covert Support) fights
    beside the attacker's, at ``champion_hp``; never the defender; ``()``: nobody joins."""
    from gamefold.diplomacy import Pact

    game = campaign(ally_effects=effects)
    state, attack = to_attack(game)
    board = state["map"]
    defender = board.owners[board.scenario.territories.index(attack.territory)]
    partner = next(f for f in game.config.factions if f not in (attack.player, defender))
    dip = state["diplomacy"]
    pacts = (Pact(99, "Ceasefire T1", attack.player, partner, (), 3),)
    state = state.with_slice("diplomacy", replace(dip, pacts=pacts))
    state, events = run(game, with_garrisons(state, attack, 2, 2), attack)
    began = next(e for e in events if isinstance(e, BattleBegan))
    joined = (partner,) if effects else ()
    assert began.allies == state["campaign"].battle.allies == joined
    fighters = [c.id for c in state["combat"].combatants]
    assert fighters[: 1 + len(joined)] == [attack.player, *joined]
    if joined:
        ally = find(state["combat"], partner)
        assert ally is not None
        assert ally.max_hp == game.config.champion_hp
    if defender:  # a pact with the defender brings no one against it
        state2, attack2 = to_attack(game)
        pacts = (Pact(98, "Ceasefire T1", attack2.player, defender, (), 3),)
        dip2 = replace(state2["diplomacy"], pacts=pacts)
        assert game.config.factions  # the partner is the defender here
        assert attack2 == attack
        state2 = state2.with_slice("diplomacy", dip2)
        from gamefold.games.campaign.battle import allies

        assert allies(game.config, state2, attack.player, defender) == ()


def test_cp1_no_faction_action_is_listed_for_anyone_during_a_battle() -> None:
    """CP-1 at every battle step of random campaigns: no player (an ally in its between-turn
    window included, DP-12) is offered a faction action, summit's Standalone play among
    them; every listed action is accepted."""
    from gamefold.games import play
    from gamefold.games.campaign.battle import FACTION_ACTIONS
    from gamefold.sim.runner import game_seeds
    from gamefold.territory import Attack

    game = Campaign()
    faction_types = (*FACTION_ACTIONS, Attack)
    battles = 0
    for seed in game_seeds(1, 0, 4):
        for state in play(game, seed).states:
            if state["campaign"].battle is None:
                continue
            battles += 1
            for player in game.players(state):
                listed = game.rules.legal_actions(state, player)
                assert not any(isinstance(a, faction_types) for a in listed)
    assert battles > 0


def _defended(game: Campaign, troops: int = 2, guards: int = 2) -> tuple[Game, Attack, str]:
    """A battle begun for a faction's territory: the state, the Attack and the defender."""
    state, attack = to_attack(game)
    board = state["map"]
    defender = board.owners[board.scenario.territories.index(attack.territory)]
    assert defender in game.config.factions
    state, _ = run(game, with_garrisons(state, attack, troops, guards), attack)
    return state, attack, defender


@pytest.mark.parametrize(("joins", "hp"), [(True, 10), (True, 6), (False, 10)])
def test_cp11_the_defenders_champion_fights_beside_its_guards(joins: bool, hp: int) -> None:
    """CP-11: with ``defender_joins`` (default ``True``) the defending faction's living
    champion enters the fight on the enemies' side, in Forward, at ``defender_hp`` hit points
    (default 10), as its own player's unit (not a GM unit); ``False``: the guards fight
    alone."""
    game = campaign(defender_joins=joins, defender_hp=hp)
    state, _, defender = _defended(game)
    battle = state["campaign"].battle
    c = find(state["combat"], defender)
    assert defender not in state["skills"].gm_units
    if not joins:
        assert c is None
        assert battle.champion == ""
        return
    assert battle.champion == defender
    assert c is not None
    assert (c.side, c.zone, c.max_hp, c.hp) == (Side.ENEMIES, Zone.FORWARD, hp, hp)


def test_cp11_the_defending_champion_activates_and_pays_from_its_own_deck() -> None:
    """CP-11, SD-10, SD-13: in a battle to its end, the defending champion activates as its
    own player (it acts for its unit) and what it pays comes out of its own hand; it
    carries its deck's wear out of the battle (CP-9)."""
    game = Campaign()
    state, _, defender = _defended(game, troops=6, guards=1)
    before = owner_of(state["skills"], defender)
    state, events = finish_battle(game, state)
    started = [e for e in events if isinstance(e, ActivationStarted) and e.unit == defender]
    assert started
    assert {e.player for e in started} == {defender}
    paid = [e for e in events if isinstance(e, CostPaid) and e.player == defender]
    after = owner_of(state["skills"], defender)
    assert paid or after.discard != before.discard


def test_cp11_cp5_the_territory_falls_with_its_troops_though_the_champion_stands() -> None:
    """CP-11, CP-5: the defending champion is no troop: every guard fell and no reserve is
    left, so at the Round cap the attacker takes the territory though the champion still
    stands; the champion lives on."""
    game = Campaign()
    state, attack, defender = _defended(game, troops=4, guards=2)
    fight = state["combat"]
    combatants = tuple(
        replace(c, hp=0) if c.id in game.config.guards else c for c in fight.combatants
    )
    state = state.with_slice("combat", replace(fight, combatants=combatants))
    assert find(state["combat"], defender).hp > 0
    rounds = game.config.max_battle_rounds
    deck = replace(state["skills"], round=state["skills"].round + rounds)
    state, events = run(game, state.with_slice("skills", deck), EndBattle())
    assert events[0] == BattleEnded(attack.player, attack.territory, "won", 0, 2)
    board = state["map"]
    assert board.owners[board.scenario.territories.index(attack.territory)] == attack.player
    assert owner_of(state["skills"], defender).alive


def test_cp11_a_dead_champion_stays_out_and_one_who_falls_dies() -> None:
    """CP-11, CP-2: a dead defending champion does not fight (nor one of a neutral
    territory); one who falls in battle dies (SK-7)."""
    game = Campaign()
    state, attack = to_attack(game)
    board = state["map"]
    defender = board.owners[board.scenario.territories.index(attack.territory)]
    deck = state["skills"]
    seat = deck.seats.index(defender)
    dead = replace(deck.owners[seat], alive=False)
    owners = (*deck.owners[:seat], dead, *deck.owners[seat + 1 :])
    gone = state.with_slice("skills", replace(deck, owners=owners))
    assert defending_champion(game.config, gone, defender) == ""
    assert defending_champion(game.config, state, defender) == defender
    assert defending_champion(game.config, state, "") == ""
    state, _ = run(game, with_garrisons(state, attack, 6, 1), attack)
    state, events = _strike_down(game, state, attack.player, defender)
    assert CharacterDied(defender, DEFEATED) in events
    assert not owner_of(state["skills"], defender).alive
    state, _ = finish_battle(game, state)
    assert not owner_of(state["skills"], defender).alive


def _strike_down(game: Campaign, state: Game, attacker: str, target: str) -> tuple[Game, list]:
    """Play the battle, ``target`` at 1 hit point, the attacker pairing with it and Attacking
    it each Round with every Hand in turn, until ``target`` falls; the state and events."""
    events: list = []
    for step in range(3000):
        fight = state["combat"]
        c = find(fight, target)
        if c is None or c.hp <= 0 or state["campaign"].battle is None:
            return state, events
        hurt = tuple(replace(x, hp=1) if x.id == target else x for x in fight.combatants)
        state = state.with_slice("combat", replace(fight, combatants=hurt))
        action = game.clock_action(state)
        if action is None:
            actor = game.actor(state)
            assert actor is not None
            legal = game.rules.legal_actions(state, actor)
            aimed = [
                a
                for a in legal
                if (isinstance(a, UseAbility) and a.target == target and a.ability == "Attack")
                or (
                    isinstance(a, AssignPairings)
                    and any({p.own, p.enemy} == {attacker, target} for p in a.pairs)
                )
            ]
            action = aimed[step % len(aimed)] if aimed else legal[0]
        state, more = run(game, state, action)
        events.extend(more)
    raise AssertionError("the target never fell")


@pytest.mark.parametrize("commands", [True, False])
def test_cp12_the_defender_commands_its_guards_seat(commands: bool) -> None:
    """CP-12: with ``defender_commands`` (default ``True``) wherever the skirmish names the
    GM (the enemies' pairings, a guard's activation, the GM's window), the actor is the
    defending faction, which lists the seat's actions beside its own while ``"gm"`` lists
    none; ``False``: ``"gm"`` commands them, as does it a neutral territory's guards."""
    game = campaign(defender_commands=commands)
    fights = game.config.skirmish_config()  # who the skirmish alone names
    state, _, defender = _defended(game, troops=6, guards=2)
    assert state["campaign"].battle.commander == (defender if commands else GM)
    assert commander(game.config, "") == GM
    seat_turns = 0
    for _ in range(600):
        if state["campaign"].battle is None:
            break
        action = game.clock_action(state)
        if action is None:
            actor = game.actor(state)
            assert actor is not None
            reacting = state["skills"].reacting
            skirmish_actor = None if reacting else whose_choice(fights, state)
            if skirmish_actor == GM or state["skills"].reacting == (GM,):
                seat_turns += 1
                assert actor == (defender if commands else GM)
                listed = game.rules.legal_actions(state, actor)
                assert listed
                other = GM if commands else defender
                assert not set(listed) & set(game.rules.legal_actions(state, other))
            action = game.rules.legal_actions(state, actor)[-1]
        state, _ = run(game, state, action)
    assert seat_turns


def test_cp12_the_defenders_own_policy_plays_the_guards() -> None:
    """CP-12: given a policy per faction, the guards' choices are made by the defender's
    policy: each step a battle's guards take is chosen by the policy of the defender."""
    from gamefold.games import play
    from gamefold.games.base import random_policy

    game = Campaign()
    chosen: dict[str, list[Action]] = {f: [] for f in game.config.factions}

    def recording(name: str) -> Policy:
        def choose(view: Game, legal: tuple[Action, ...], rng: Rng) -> tuple[Action, Rng]:
            action, rng = random_policy(view, legal, rng)
            chosen[name].append(action)
            return action, rng

        return choose

    played = play(game, 2, {f: recording(f) for f in game.config.factions}, max_steps=3000)
    guard_moves = 0
    guards = game.config.guards
    for state, action in zip(played.states, played.actions, strict=False):
        battle = state["campaign"].battle
        if battle is None or game.clock_action(state) is not None:
            continue
        seat = getattr(action, "player", None) == GM or getattr(action, "unit", "") in guards
        if seat and game.actor(state) == battle.commander != GM:
            guard_moves += 1
            assert action in chosen[battle.commander]
    assert guard_moves


@pytest.mark.parametrize(
    ("field", "value", "rule"),
    [
        ("defender_joins", 1, "CP-11"),
        ("defender_hp", 0, "CP-11"),
        ("defender_commands", "yes", "CP-12"),
    ],
)
def test_cp11_cp12_config_refuses_bad_values(field: str, value: object, rule: str) -> None:
    """CP-11, CP-12, EN-4: a bad value is a ConfigError naming the field and the rule."""
    with pytest.raises(ConfigError) as raised:
        CampaignConfig(**{field: value})  # type: ignore[arg-type]
    assert (raised.value.field, raised.value.rule) == (field, rule)


def test_en6_the_campaign_composes_five_slices_and_borrows_the_others_rules() -> None:
    """EN-6: the campaign's registry composes exactly ``diplomacy``, ``map``, ``skills``,
    ``combat`` and its own slice in a :class:`CampaignGame`; summit's turn flow and the
    skirmish's bookkeeping are records of the campaign slice, which summit's and the
    skirmish's rules read as ``game.summit`` and ``game.skirmish`` and write there."""
    from gamefold.games.campaign.rules import CampaignGame

    rules = campaign().rules
    assert rules.names == ("diplomacy", "map", "skills", "combat", "campaign")
    assert rules.state is CampaignGame
    game, _ = to_attack(campaign())
    own = game["campaign"]
    assert (game.summit, game.skirmish) == (own.summit, own.skirmish)
    for name in ("summit", "skirmish"):
        with pytest.raises(KeyError):
            game[name]
    flow = replace(game.summit, proposals=1)
    assert game.with_summit(flow)["campaign"] == replace(own, summit=flow)
    kept = replace(game.skirmish, chosen=("p1",))
    assert game.with_skirmish(kept)["campaign"] == replace(own, skirmish=kept)


@pytest.mark.parametrize(
    ("action", "code", "rule"),
    [
        (Pass("p1"), "summit/not-your-turn", "SM-9"),
        (Defer("p1", 3), "summit/not-asked", "SM-9"),
        (StartRound(), "summit/not-now", "SM-9"),
        (EndRound(), "summit/not-now", "SM-9"),
    ],
)
def test_sm9_summits_flow_refusals_keep_their_codes_and_rules_in_a_campaign(
    action: Action, code: str, rule: str
) -> None:
    """SM-9, EN-4: the campaign slice decides summit's flow with summit's own functions, so
    a flow action refused in a campaign's turn is refused as summit refuses it, code, rule
    and sentence."""
    game = campaign()
    state, _ = to_attack(game)
    problem = game.rules.check(state, action)
    assert problem is not None
    assert (problem.code, problem.rule) == (code, rule)
    alone = Summit(game.config.summit)
    flow = SummitGame(state.diplomacy, state.map, state.summit, clock=state.clock)
    theirs = alone.rules.check(flow, action)
    assert theirs is not None
    assert (problem.code, problem.rule, problem.message) == (
        theirs.code,
        theirs.rule,
        theirs.message,
    )
    with pytest.raises(IllegalAction) as raised:
        game.rules.step(state, action)
    assert (raised.value.code, raised.value.rule) == (code, rule)

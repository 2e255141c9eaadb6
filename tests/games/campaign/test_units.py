"""The campaign's rules one function at a time (CP-1 … CP-12): quick tests that pin each
rule's refusals (code, rule, sentence, action), its arithmetic and its sentences from a
battle begun once, without playing whole games."""

from __future__ import annotations

import attrs
import pytest

from gamefold.combat import Declared, Ending, Hand, Retreat, Side, Zone, find
from gamefold.combat.narration import declaration_rules
from gamefold.core import Action, EndRound, EndTurn, replace
from gamefold.diplomacy import CardEarned, Counter, Kind, Pact, Propose
from gamefold.diplomacy import initial_state as diplomacy_state
from gamefold.errors import ConfigError, IllegalAction, Refusal
from gamefold.games import random_policy
from gamefold.games.campaign import BattleBegan, BattleEnded, Campaign, CampaignConfig, EndBattle
from gamefold.games.campaign.account import own_rules
from gamefold.games.campaign.battle import (
    FACTION_ACTIONS,
    FIELD_REFUSED,
    EndBattleRound,
    StartBattleRound,
    allies,
    attack_options,
    fighting,
    rounds_fought,
)
from gamefold.games.campaign.command import commanded_by
from gamefold.games.campaign.config import (
    MAX_FIGURE,
    SCENARIOS,
    default_battle,
    default_summit,
    long_war,
)
from gamefold.games.campaign.invariants import battle_matches_fight, no_round_between_battles
from gamefold.games.campaign.policies import _ceasefire
from gamefold.games.campaign.policies import _defending as _defending_choices
from gamefold.games.campaign.state import (
    Battle,
    CampaignState,
    Record,
    determinize,
    initial_state,
    record_of,
    records_sound,
    subsystem,
    view,
)
from gamefold.games.skirmish import MAX_SEATS, Held, Skirmish, SkirmishConfig, UseAbility
from gamefold.games.skirmish import determinize as skirmish_determinize
from gamefold.games.skirmish import initial_state as skirmish_state
from gamefold.games.skirmish import view as skirmish_view
from gamefold.games.summit import (
    AGREEMENT_EFFECTS,
    Pass,
    Phase,
    Summit,
    initial_flow,
    legal_actions,
    random_kinds,
)
from gamefold.games.summit import determinize as summit_determinize
from gamefold.games.summit import greedy as summit_greedy
from gamefold.games.summit import initial_state as map_state
from gamefold.games.summit import subsystem as summit_flow
from gamefold.games.summit import view as summit_view
from gamefold.registry import Clock, Game, Rules
from gamefold.rng import Rng
from gamefold.skills import (
    DEFEATED,
    GM,
    PLAYERS,
    SETUP_RULES,
    Activate,
    CharacterDied,
    EndActivation,
    FieldUnits,
    UnitsFielded,
    owner_of,
)
from gamefold.territory import Attack, Deploy, TerritoryTaken, Truce

from .support import campaign, fought, next_action, run, to_attack, with_garrisons

GAME = Campaign()
ONE_ROUND = campaign(max_battle_rounds=1)


def _begun(game: Campaign, troops: int = 3, defenders: int = 2) -> tuple[Game, Attack, Game]:
    """The state before an attack, the attack, and the state once its battle began."""
    before, attack = to_attack(game)
    before = with_garrisons(before, attack, troops, defenders)
    return before, attack, run(game, before, attack)[0]


BEFORE, ATTACK, BEGUN = _begun(GAME)
_, _, BEGUN_ONE = _begun(ONE_ROUND)


def _refusal(problem: IllegalAction | None) -> tuple[str, str, str, object]:
    assert problem is not None
    return problem.code, problem.rule, problem.message, problem.action


def _refused(game: Campaign, state: Game, action: Action) -> tuple[str, str, str, object]:
    """The refusal of ``action`` from ``check``, which ``step`` raises too, state untouched."""
    found = _refusal(game.rules.check(state, action))
    with pytest.raises(IllegalAction) as raised:
        game.rules.step(state, action)
    assert _refusal(raised.value) == found
    return found


def _rounds(state: Game, fought_: int) -> Game:
    """``state`` as if ``fought_`` Rounds of its battle had been begun (a fixture)."""
    deck = state["skills"]
    first = state["campaign"].battle.first_round
    return state.with_slice("skills", replace(deck, round=first + fought_))


@pytest.mark.parametrize("action", [StartBattleRound(), EndBattleRound(), EndBattle()])
def test_cp1_the_battle_clock_is_refused_without_a_battle(action: Action) -> None:
    """CP-1: a battle's Rounds and end come only while a battle is under way."""
    game = Campaign()  # built here: its rules are what the test checks
    assert _refused(game, BEFORE, action) == (
        "campaign/no-battle",
        "CP-1",
        "No battle is under way.",
        action,
    )


def test_cp1_a_battle_round_begins_between_rounds_of_a_fight_going_on() -> None:
    """CP-1, SD-13: once the battle began its first Round is legal; ending a Round that has
    not begun is the skill decks' refusal; the battle goes on."""
    game = Campaign()  # built here: its rules are what the test checks
    assert game.rules.check(BEGUN, StartBattleRound()) is None
    code, rule, _, action = _refused(game, BEGUN, EndBattleRound())
    assert (code, rule, action) == ("skills/no-round", "SD-13", EndRound())
    assert _refused(game, BEGUN, EndBattle()) == (
        "campaign/not-yet",
        "CP-1",
        "The battle goes on.",
        EndBattle(),
    )


@pytest.mark.parametrize("ending", [Ending.PARTY_WON, Ending.ENEMIES_WON, Ending.FLED])
def test_cp1_cp5_a_fight_over_ends_the_battle_and_begins_no_round(ending: Ending) -> None:
    """CP-1, CP-5: once the fight is over, no Round begins; the battle ends."""
    game = Campaign()  # built here: its rules are what the test checks
    state = fought(BEGUN, 5, 0, ending)
    assert _refused(game, state, StartBattleRound()) == (
        "campaign/not-yet",
        "CP-1",
        "The battle is over: it ends now.",
        StartBattleRound(),
    )
    assert game.rules.check(state, EndBattle()) is None


@pytest.mark.parametrize(("rounds", "first"), [(1, 0), (4, 0), (4, 3)])
def test_cp7_the_battle_ends_after_exactly_max_battle_rounds(rounds: int, first: int) -> None:
    """CP-7: with ``max_battle_rounds`` Rounds begun since the battle began (whatever Round
    the skill decks were at), no other begins and the battle ends; one Round fewer, the
    next begins and the battle goes on."""
    game = campaign(max_battle_rounds=1) if rounds == 1 else Campaign()
    begun = BEGUN_ONE if rounds == 1 else BEGUN
    battle = replace(begun["campaign"].battle, first_round=first)
    begun = begun.with_slice("campaign", replace(begun["campaign"], battle=battle))
    short = _rounds(begun, rounds - 1)
    assert rounds_fought(short) == rounds - 1
    assert game.rules.check(short, StartBattleRound()) is None
    assert _refusal(game.rules.check(short, EndBattle()))[0] == "campaign/not-yet"
    done = _rounds(begun, rounds)
    assert _refused(game, done, StartBattleRound())[:3] == (
        "campaign/not-yet",
        "CP-1",
        "The battle is over: it ends now.",
    )
    assert game.rules.check(done, EndBattle()) is None


def test_cp7_no_battle_ends_in_the_middle_of_a_round() -> None:
    """CP-7, SD-13: a fight over or Rounds run out, the battle still ends between Rounds."""
    game = Campaign()  # built here: its rules are what the test checks
    state = game.rules.reduce(BEGUN, StartBattleRound())
    state = fought(state, 5, 0, Ending.PARTY_WON)
    assert _refused(game, state, EndBattle())[:3] == (
        "campaign/not-yet",
        "CP-1",
        "The battle goes on.",
    )
    assert rounds_fought(BEFORE) == 0


def test_cp4_the_campaign_fields_the_guards_itself() -> None:
    """CP-4: a bare FieldUnits is refused, whether checked or stepped, with or without a
    battle under way."""
    game = Campaign()  # built here: its rules are what the test checks
    action = FieldUnits(("guard9",))
    expected = (
        "campaign/host-only",
        "CP-4",
        "The campaign fields the guards itself when a battle begins.",
        action,
    )
    for state in (BEFORE, BEGUN):
        assert _refused(game, state, action) == expected
        code, rule, message, _ = expected
        assert FIELD_REFUSED.step(state, action) == Refusal(code, message, rule)
        with pytest.raises(IllegalAction) as raised:
            game.rules.step(state, action)
        assert _refusal(raised.value) == expected


@pytest.mark.parametrize(("hp", "stands"), [(1, True), (0, False), (-2, False)])
def test_cp9_a_unit_fights_while_it_stands_in_a_fight_going_on(hp: int, stands: bool) -> None:
    """CP-9: a unit stands in the fight while its hit points are above 0 and the fight goes
    on; a unit not in the fight, or any unit once it is over, passes its activations."""
    fight = BEGUN["combat"]
    guard = find(fight, "guard1")
    assert guard is not None
    combatants = tuple(replace(c, hp=hp) if c.id == "guard1" else c for c in fight.combatants)
    fight = replace(fight, combatants=combatants)
    assert fighting(fight, "guard1") is stands
    assert not fighting(fight, "nobody")
    assert not fighting(replace(fight, ending=Ending.FLED), ATTACK.player)
    assert fighting(fight, ATTACK.player)


# -- the config (CP-3 … CP-12, EN-4) ----------------------------------------------------------

COUNTS = [
    ("garrison_slots", 1, "CP-4"),
    ("troop_hp", 1, "CP-4"),
    ("fort_hp", 0, "CP-4"),
    ("rearward_guards", 0, "CP-4"),
    ("champion_hp", 1, "CP-3"),
    ("hp_per_troop", 1, "CP-3"),
    ("max_battle_rounds", 1, "CP-7"),
    ("defender_hp", 1, "CP-11"),
]


def _config_error(**changes: object) -> tuple[str, str, str]:
    with pytest.raises(ConfigError) as raised:
        CampaignConfig(**changes)  # type: ignore[arg-type]
    return raised.value.field, raised.value.rule, str(raised.value.args[0])


@pytest.mark.parametrize(("field", "low", "rule"), COUNTS)
def test_en4_a_figure_is_an_integer_from_its_low_end_to_max_figure(
    field: str, low: int, rule: str
) -> None:
    """EN-4, EN-8 and each figure's rule: ``low`` and ``MAX_FIGURE`` (``MAX_SEATS`` for the
    guards, who are the battle's enemies) are accepted; one
    below, one above, a bool or a float is a ConfigError naming the field and the rule."""
    high = MAX_SEATS if field == "garrison_slots" else MAX_FIGURE  # guards are enemies
    assert getattr(CampaignConfig(**{field: low}), field) == low  # type: ignore[arg-type]
    top = CampaignConfig(**{field: high})  # type: ignore[arg-type]
    assert getattr(top, field) == high
    for bad in (low - 1, high + 1, True, float(low)):
        message = f"{field} is an integer {low} to {high}, not {bad!r}"
        assert _config_error(**{field: bad}) == (field, rule, message)


@pytest.mark.parametrize("field", ["summit", "battle"])
def test_en4_the_summit_and_the_battle_are_configs_of_their_games(field: str) -> None:
    """EN-4: ``summit`` is a SummitConfig, ``battle`` a SkirmishConfig."""
    kind = "SummitConfig" if field == "summit" else "SkirmishConfig"
    assert _config_error(**{field: None}) == (field, "EN-4", f"is a {kind}")


@pytest.mark.parametrize("value", [["truce"], ("truce", "siege"), ("war",), ("truce", "truce")])
def test_cp10_ally_effects_is_a_tuple_of_pact_effects(value: object) -> None:
    """CP-10, EN-8: ``ally_effects`` is a tuple of summit's pact effects, each named once."""
    message = f"ally_effects names pact effects of {AGREEMENT_EFFECTS}, each once"
    assert _config_error(ally_effects=value) == ("ally_effects", "CP-10", message)
    assert CampaignConfig(ally_effects=("transfer",)).ally_effects == ("transfer",)


@pytest.mark.parametrize(
    ("field", "rule"),
    [("flee_keeps_troops", "CP-8"), ("defender_joins", "CP-11"), ("defender_commands", "CP-12")],
)
def test_cp8_cp11_cp12_the_switches_are_bools(field: str, rule: str) -> None:
    """CP-8, CP-11, CP-12: a switch is a bool; ``0`` is refused naming the field."""
    assert _config_error(**{field: 0}) == (field, rule, f"{field} is a bool")
    assert getattr(CampaignConfig(**{field: False}), field) is False  # type: ignore[arg-type]


@pytest.mark.parametrize(("slots", "rear"), [(3, 1), (3, 0), (4, 2), (2, 5), (1, 1)])
def test_cp4_the_last_rearward_guards_hold_rearward_never_all_of_them(
    slots: int, rear: int
) -> None:
    """CP-4: guards ``guard1`` … ``guardN``; of the fielded ones the last
    ``rearward_guards`` hold Rearward, but at least one stands in Forward."""
    config = CampaignConfig(garrison_slots=slots, rearward_guards=rear)
    assert config.guards == tuple(f"guard{i}" for i in range(1, slots + 1))
    for fielded in range(1, slots + 1):
        zones = [config.guard_zone(i, fielded) for i in range(fielded)]
        back = min(rear, fielded - 1)
        assert zones == [Zone.FORWARD] * (fielded - back) + [Zone.REARWARD] * back
    enemies = config.skirmish_config().enemies
    assert [e.id for e in enemies] == list(config.guards)
    assert [e.zone for e in enemies] == [config.guard_zone(i, slots) for i in range(slots)]


def test_cp2_cp4_the_battles_skirmish_is_the_champions_against_the_guards() -> None:
    """CP-2, CP-4: the party is the factions' champions, each in seat order and in Forward
    (no leader's choice, no side choice); the enemies are the guards, at ``troop_hp`` with
    the party's abilities."""
    config = CampaignConfig(troop_hp=7)
    sk = config.skirmish_config()
    assert sk.names == config.factions == ("p1", "p2", "p3")
    four = CampaignConfig(
        summit=attrs.evolve(default_summit(), players=4),
        battle=attrs.evolve(default_battle(), leader=1),
    )
    assert (four.skirmish_config().party_size, four.skirmish_config().leader) == (4, 0)
    assert (sk.party_size, sk.leader, sk.side_choice, sk.rearward) == (3, 0, False, ())
    for guard in sk.enemies:
        assert (guard.side, guard.max_hp) == (Side.ENEMIES, 7)
        assert guard.abilities == config.battle.party_abilities


def test_cp9_the_default_and_long_scenarios() -> None:
    """CP-9, DP-13, SD-1: three factions on the Summit's map for 6 Rounds (``long``: 12),
    a hand limit of 10 cards, 20-card Skill decks; every other default the games'."""
    assert {"default": CampaignConfig(), "long": long_war()} == SCENARIOS
    config = CampaignConfig()
    assert config.summit == default_summit()
    assert (config.summit.players, config.summit.scenario.max_rounds) == (3, 6)
    assert config.summit.diplomacy.hand_limit == 10
    assert config.battle.skills.deck_size == 20
    assert default_battle() == attrs.evolve(
        SkirmishConfig(), skills=attrs.evolve(SkirmishConfig().skills, deck_size=20)
    )
    long = long_war()
    assert long.summit.scenario.max_rounds == 12
    assert attrs.evolve(long.summit, scenario=config.summit.scenario) == config.summit
    assert sorted(Campaign.scenarios()) == ["default", "long"]


# -- the campaign slice, the outcome (CP-2, CP-5, EN-4, EN-9) --------------------------------


def test_cp5_a_battles_end_tallies_the_attackers_and_the_defenders_records() -> None:
    """CP-5: a held battle counts an attack for the attacker and a defence for the defender;
    a won one a conquest and no defence; the outcome reports them per faction."""
    game = Campaign()  # built here: its rules are what the test checks
    state, attack, defender = _defended(game)
    held, events = run(game, fought(state, 10, 4, Ending.ENEMIES_WON), EndBattle())
    assert isinstance(events[0], BattleEnded)
    records = held["campaign"].records
    assert record_of(held["campaign"], attack.player) == Record(attack.player, 1, 0, 0)
    assert record_of(held["campaign"], defender) == Record(defender, 0, 0, 1)
    assert len(records) == 3
    assert held["campaign"].battles == 1
    hp = state["campaign"].battle.hp
    won, _ = run(game, fought(state, hp, 0, Ending.PARTY_WON), EndBattle())
    assert record_of(won["campaign"], attack.player) == Record(attack.player, 1, 1, 0)
    assert record_of(won["campaign"], defender) == Record(defender, 0, 0, 0)
    rows = game.outcome(held)
    champion = owner_of(held["skills"], attack.player)
    assert {k: rows[attack.player][k] for k in _WAR} == {
        "champion_alive": True,
        "fatigue": champion.fatigue,
        "exhausted": len(champion.exhausted),
        "attacks": 1,
        "battles_won": 0,
        "defences": 0,
    }
    assert rows[defender]["defences"] == 1
    assert rows[attack.player]["winner"] in (True, False)


_WAR = ("champion_alive", "fatigue", "exhausted", "attacks", "battles_won", "defences")


def test_cp2_the_war_master_never_wins_and_scores_nothing() -> None:
    """CP-2, SM-11: the outcome has a row for ``"gm"`` with every figure of a faction's row
    at zero: ``False``, ``0.0`` or ``0``, each of its faction's type."""
    game = Campaign()  # built here: its rules are what the test checks
    rows = game.outcome(BEFORE)
    template = rows["p1"]
    assert list(rows) == ["p1", "p2", "p3", GM]
    assert rows[GM].keys() == template.keys()
    for key, value in template.items():
        zero = rows[GM][key]
        assert type(zero) is type(value), key
        assert zero == (False if isinstance(value, bool) else 0), key
    assert any(type(v) is float for v in template.values())
    assert any(type(v) is bool for v in template.values())


def test_en4_the_campaign_slice_holds_the_turn_flow_and_the_bookkeeping() -> None:
    """EN-4: a record of an unknown faction is a ``KeyError``; the slice holds summit's turn
    flow and the skirmish's bookkeeping, lists summit's flow actions and shows everything but
    its RNG, the flow as summit shows it and the bookkeeping as the skirmish does (EN-9)."""
    slice_ = BEGUN["campaign"]
    with pytest.raises(KeyError) as raised:
        record_of(slice_, "p9")
    assert raised.value.args == ("p9",)
    assert (slice_.summit, slice_.skirmish) == (BEGUN.summit, BEGUN.skirmish)
    shown = view(slice_, "p2")
    assert (shown.records, shown.summit, shown.skirmish, shown.battle, shown.battles) == (
        slice_.records,
        summit_view(slice_.summit, "p2"),
        skirmish_view(slice_.skirmish, "p2"),
        slice_.battle,
        slice_.battles,
    )
    assert subsystem.legal_actions(slice_, "p1") == legal_actions(slice_.summit, "p1")
    flow, bookkeeping = BEFORE.summit, BEFORE.skirmish
    assert initial_state(("a",), flow, bookkeeping) == initial_state(("a",), flow, bookkeeping, 0)
    assert initial_state(("a", "b"), flow, bookkeeping, 5) == CampaignState(
        (Record("a"), Record("b")), Rng.from_seed(5).split("campaign"), flow, bookkeeping
    )


def test_sm9_the_campaign_slice_decides_summits_flow_on_the_flow_it_holds() -> None:
    """SM-9: a flow action taken on the campaign slice is summit's own decision on the flow
    the slice holds: summit's new flow and events, the rest of the slice as it was."""
    slice_ = BEGUN["campaign"]
    player = slice_.summit.current
    window = replace(slice_.summit, phase=Phase.WINDOW)
    held = replace(slice_, summit=window)
    after, events = subsystem.step(held, Pass(player))
    assert (after.summit, events) == summit_flow.step(window, Pass(player))
    assert after.summit.phase is not Phase.WINDOW
    assert events
    assert replace(after, summit=window) == held


def test_en9_the_campaign_slice_draws_its_flow_and_bookkeeping_as_their_games_do() -> None:
    """EN-9: the slice a view could have come from keeps the records and the battle, draws
    its stream afresh, and has summit's and the skirmish's own draws of what they hold."""
    slice_ = BEGUN["campaign"]
    shown = view(slice_, "p2")
    rng = Rng.from_seed(9)
    drawn = determinize(shown, "p2", rng)
    assert (drawn.records, drawn.battle, drawn.battles) == (
        slice_.records,
        slice_.battle,
        slice_.battles,
    )
    assert drawn.rng == rng.split("stream")
    assert drawn.summit == summit_determinize(shown.summit, "p2", rng.split("summit"))
    assert drawn.skirmish == skirmish_determinize(shown.skirmish, "p2", rng.split("skirmish"))
    assert view(drawn, "p2") == shown


@pytest.mark.parametrize("viewer", ["p1", "p2", "p3"])
def test_en9_a_determinized_campaign_draws_the_bookkeeping_as_a_skirmish_does(viewer: str) -> None:
    """EN-9: a whole campaign a search bot plays out instead of a battle it may not see shows
    the viewer the same view and is sound; the battles' bookkeeping is the skirmish's own
    draw on the game's ``"skirmish"`` stream, so a playout's Dodge rolls follow a
    skirmish's; the same stream gives the same game."""
    shown = GAME.rules.view(BEGUN, viewer)
    rng = Rng.from_seed(9)
    drawn = GAME.determinize(shown, viewer, rng)
    assert GAME.rules.view(drawn, viewer) == shown
    assert GAME.rules.invariants(drawn) == {}
    expected = skirmish_determinize(shown.skirmish, viewer, rng.split("skirmish"))
    assert drawn.skirmish == expected
    assert drawn.skirmish.rng != BEGUN.skirmish.rng
    assert GAME.determinize(shown, viewer, rng) == drawn


def _held_and_hidden() -> tuple[Game, str]:
    """A state of a random campaign whose active unit holds its declaration (SK-4), and a
    player the view hides it from."""
    state, rng = GAME.setup(0), Rng.from_seed(0)
    while not GAME.is_over(state):
        if state.skirmish.held is not None:
            for viewer in GAME.players(state):
                if GAME.rules.view(state, viewer).skirmish.held is None:
                    return state, viewer
        action, rng = next_action(GAME, state, random_policy, rng)
        state = GAME.rules.reduce(state, action)
    raise AssertionError("no declaration was held from anyone in a whole campaign")


def test_en9_sk4_a_determinized_campaign_draws_the_held_declaration_the_view_hides() -> None:
    """EN-9, SK-4: a declaration held out of the viewer's sight is drawn again, so the
    game a bot plays out has one, and it shows the viewer the same view."""
    state, viewer = _held_and_hidden()
    shown = GAME.rules.view(state, viewer)
    for seed in range(3):
        drawn = GAME.determinize(shown, viewer, Rng.from_seed(seed))
        assert drawn.skirmish.held is not None
        assert GAME.rules.view(drawn, viewer) == shown
        assert GAME.rules.invariants(drawn) == {}


@pytest.mark.parametrize(
    ("records", "battles", "under_way", "problems"),
    [
        ((Record("p1", 1, 1, 0), Record("p2", 0, 0, 1)), 1, False, 0),
        ((Record("p1", 1, 1, 0),), 2, True, 0),
        ((Record("p1", 1, 2, 0),), 1, False, 1),
        ((Record("p1", 1, 0, -1),), 1, False, 1),
        ((Record("p1", -1, -1, 0),), 1, False, 1),
        ((Record("p1", 0, -1, 0),), 1, False, 1),
        ((Record("p1", 2, 0, 0),), 1, False, 1),
        ((Record("p1", 1, 0, 0),), 1, True, 1),
    ],
)
def test_cp5_records_are_sound(
    records: tuple[Record, ...], battles: int, under_way: bool, problems: int
) -> None:
    """CP-5: no record is negative, no faction won more attacks than it fought, and no more
    battles are recorded (with the one under way) than were begun."""
    battle = BEGUN["campaign"].battle if under_way else None
    flow, bookkeeping = BEFORE.summit, BEFORE.skirmish
    state = CampaignState(records, Rng.from_seed(0), flow, bookkeeping, battle, battles)
    found = list(records_sound(state))
    assert len(found) == problems
    for message in found:
        assert "p1 has an impossible record: Record(" in message or message == (
            f"{sum(r.attacks for r in records)} battles recorded, but only {battles} begun"
        )


def _defended(game: Campaign) -> tuple[Game, Attack, str]:
    """A battle begun for a faction's territory: the state, the Attack and the defender."""
    state, attack = to_attack(game)
    board = state["map"]
    defender = board.owners[board.scenario.territories.index(attack.territory)]
    assert defender in game.config.factions
    state, _ = run(game, with_garrisons(state, attack, 2, 2), attack)
    return state, attack, defender


# -- the guards' seat (CP-12, EN-5, EN-9) ------------------------------------------------------


def _to_seat(game: Campaign, state: Game) -> Game:
    """Play the battle greedily (the clock's actions included) until the guards' seat acts."""
    for _ in range(400):
        if game.clock_action(state) is None and _seat_listing(game, state):
            return state
        action = game.clock_action(state)
        if action is None:
            actor = game.actor(state)
            assert actor is not None
            action = game.rules.legal_actions(state, actor)[0]
        state = game.rules.reduce(state, action)
    raise AssertionError("the guards' seat never acted")


def _seat_listing(game: Campaign, state: Game) -> tuple[Action, ...]:
    """What the skirmish alone lists for ``"gm"`` (the seat's own actions): the campaign's
    registry without its seat."""
    return _unseated(game).legal_actions(state, GM)


def _unseated(game: Campaign) -> Rules:
    """The campaign's registry without the guards' seat: each player's own listing and view."""
    return game.rules._rebuild(seats=())


@pytest.mark.parametrize("commands", [True, False])
def test_cp12_the_commander_lists_the_seats_actions_and_gm_none(commands: bool) -> None:
    """CP-12, EN-5: while the defender commands, it lists its own actions and the seat's,
    ``"gm"`` lists none and the attacker only its own; without ``defender_commands``, ``"gm"``
    lists the seat's actions itself."""
    game = campaign(defender_commands=commands)
    state, attack, defender = _defended(game)
    assert commanded_by(BEFORE) == GM
    assert commanded_by(state) == (defender if commands else GM)
    state = _to_seat(game, state)
    seat = _seat_listing(game, state)
    assert seat
    own = _unseated(game).legal_actions(state, defender)
    if commands:
        assert game.rules.legal_actions(state, GM) == ()
        assert game.rules.legal_actions(state, defender) == (*own, *seat)
    else:
        assert game.rules.legal_actions(state, GM) == seat
        assert game.rules.legal_actions(state, defender) == own
    assert game.rules.legal_actions(state, attack.player) == _unseated(game).legal_actions(
        state, attack.player
    )


def test_cp12_en9_the_commanders_view_holds_the_seats_hand_and_its_own() -> None:
    """CP-12, EN-9: the commanding defender's view shows its own Skill hand and the GM's,
    the fight as the enemies' side sees it, and every other slice as its own view; the
    attacker's view and ``"gm"``'s are the plain ones."""
    game = Campaign()  # built here: its rules are what the test checks
    state, attack, defender = _defended(game)
    state = _to_seat(game, state)
    mine = _unseated(game).view(state, defender)
    seat = _unseated(game).view(state, GM)
    seen = game.rules.view(state, defender)
    hands = [o.hand for o in seen["skills"].owners]
    expected = [
        theirs.hand if own.player == GM else own.hand
        for own, theirs in zip(mine["skills"].owners, seat["skills"].owners, strict=True)
    ]
    assert hands == expected
    assert hands[-1] is not None
    assert hands[game.config.factions.index(defender)] is not None
    assert seen["skills"].viewer == defender
    assert seen["combat"] == seat["combat"]
    for name in ("diplomacy", "map"):
        assert seen[name] == mine[name]
    assert attrs.evolve(seen["campaign"], skirmish=None) == attrs.evolve(
        mine["campaign"], skirmish=None
    )
    assert seen.skirmish.tallies == mine.skirmish.tallies
    assert game.rules.view(state, attack.player) == _unseated(game).view(state, attack.player)
    assert game.rules.view(state, GM) == seat
    timed = replace(state, clock=Clock(round=3, turn=7, player=defender))
    assert game.rules.view(timed, defender).clock == timed.clock  # the clock is public


# -- the account and the rule attributions (CP-1 … CP-12, EN-7) -------------------------------

BEGAN = BattleBegan("p1", "A", "B", "p2", 3, 16, ("guard1", "guard2"), ("p3",), "p2", "p2")


def test_cp1_cp10_cp11_cp12_a_battle_begins_in_one_sentence() -> None:
    """CP-1, CP-3, CP-4, CP-10, CP-11, CP-12: who attacks where, with whom, how strong,
    against whom, commanded by whom; a neutral territory's guards fight for "neutral"."""
    game = Campaign()  # built here: its rules are what the test checks
    assert game.describe(BEGAN) == (
        "Battle for B (p2): p1's champion with p3's, 3 troops strong (16 hit points), "
        "against p2's champion and 2 guard(s) commanded by p2."
    )
    alone = BattleBegan("p1", "A", "C", "", 1, 12, ("guard1",), (), "", GM)
    assert game.describe(alone) == (
        "Battle for C (neutral): p1's champion, 1 troops strong (12 hit points), "
        "against 1 guard(s) commanded by gm."
    )
    two = BattleBegan("p1", "A", "C", "", 1, 12, ("guard1",), ("p2", "p3"))
    assert "p1's champion with p2, p3's, 1 troops" in game.describe(two)


@pytest.mark.parametrize(
    ("result", "words"),
    [
        ("won", "takes it"),
        ("held", "the defenders hold it"),
        ("fled", "the champion flees"),
        ("fell", "the champion falls"),
        ("stalemate", "the Rounds run out and the attackers fall back"),
    ],
)
def test_cp5_cp7_cp8_a_battle_ends_in_one_sentence(result: str, words: str) -> None:
    """CP-5, CP-7, CP-8, CP-2: the result, the troops lost and the defenders killed."""
    game = Campaign()  # built here: its rules are what the test checks
    ended = BattleEnded("p1", "B", result, 2, 1)
    assert game.describe(ended) == (
        f"The battle for B ends: p1 {words} (2 troops lost, 1 defenders killed)."
    )


def test_en7_other_events_are_told_by_summit_and_the_skirmish() -> None:
    """The map's and the skills' events keep their games' sentences."""
    game = Campaign()  # built here: its rules are what the test checks
    taken = TerritoryTaken("p1", "B", "p2", "attack", 2)
    assert game.describe(taken) == Summit(game.config.summit).describe(taken)
    died = CharacterDied("p1", DEFEATED)
    assert game.describe(died) == Skirmish(game.config.skirmish_config()).describe(died)
    assert game.describe(taken) != game.describe(died)
    earned = CardEarned("p1", Counter.RANDOM, 0)
    card = game.config.summit.diplomacy.cards[0].name
    assert game.describe(earned) == Summit(game.config.summit).describe(earned)
    assert card in game.describe(earned)


@pytest.mark.parametrize(
    ("result", "rules"),
    [
        ("won", ("CP-5",)),
        ("held", ("CP-5",)),
        ("stalemate", ("CP-5", "CP-7")),
        ("fled", ("CP-5", "CP-8")),
        ("fell", ("CP-5", "CP-2")),
    ],
)
def test_en7_a_battles_end_attests_cp5_and_how_it_ended(result: str, rules: tuple) -> None:
    """EN-7: CP-5, with CP-7 at the Round cap, CP-8 for a flight, CP-2 for a fall."""
    game = Campaign()  # built here: its rules are what the test checks
    table = game.event_rules()
    assert table[BattleEnded](BattleEnded("p1", "B", result, 0, 0)) == rules


def test_en7_a_battles_start_attests_who_fights_it() -> None:
    """EN-7: CP-1, CP-3, CP-4 always; CP-10 with allies, CP-11 with the defender's champion,
    CP-12 when a faction commands the guards; a guard fielded CP-4; a champion defeated
    CP-2 (besides its skirmish rules)."""
    game = Campaign()  # built here: its rules are what the test checks
    table = game.event_rules()
    assert table[BattleBegan](BEGAN) == ("CP-1", "CP-3", "CP-4", "CP-10", "CP-11", "CP-12")
    plain = BattleBegan("p1", "A", "C", "", 1, 12, ("guard1",))
    assert table[BattleBegan](plain) == ("CP-1", "CP-3", "CP-4")
    assert own_rules()[UnitsFielded](UnitsFielded(("guard1",), ())) == ("CP-4",)
    assert own_rules()[CharacterDied](CharacterDied("p1", DEFEATED)) == ("CP-2",)
    assert own_rules()[CharacterDied](CharacterDied("p1", "exhaustion")) == ()
    assert "CP-2" in game.attested(BEFORE, (CharacterDied("p1", DEFEATED),))
    assert "CP-2" not in game.attested(BEFORE, (CharacterDied("p1", "exhaustion"),))
    assert game.rule_ids()[-12:] == tuple(f"CP-{n}" for n in range(1, 13))
    assert len(game.rule_ids()) == 15 + 15 + 14 + 12


def test_cp9_a_champion_bearing_an_earlier_battles_wear_attests_cp9() -> None:
    """CP-9: a battle begun with an attacker whose deck has Fatigue or exhausted cards."""
    game = Campaign()  # built here: its rules are what the test checks
    began = BattleBegan(ATTACK.player, ATTACK.source, ATTACK.territory, "", 1, 12, ())
    assert "CP-9" not in game.attested(BEGUN, (began,))
    deck = BEGUN["skills"]
    for wear in ({"fatigue": 1}, {"exhausted": (0,)}):
        owners = tuple(replace(o, **wear) if o.player == ATTACK.player else o for o in deck.owners)
        worn = BEGUN.with_slice("skills", replace(deck, owners=owners))
        found = game.attested(worn, (began,))
        assert found.count("CP-9") == 1
        assert "CP-1" in found
        assert "CP-9" not in game.attested(worn, ())


def test_cp6_probes_are_the_attacks_across_a_truce_in_the_actors_turn() -> None:
    """CP-6: coverage probes the attacks the actor would make on a truce partner, in its
    own turn and with no battle under way: none for anyone else."""
    game = Campaign()  # built here: its rules are what the test checks
    board = BEFORE["map"]
    index = board.scenario.territories.index(ATTACK.territory)
    owner = board.owners[index]
    if not owner:
        owner = next(f for f in game.config.factions if f != ATTACK.player)
        owners = (*board.owners[:index], owner, *board.owners[index + 1 :])
        board = replace(board, owners=owners)
    for first, second in ((ATTACK.player, owner), (owner, ATTACK.player)):
        truce = replace(board, truces=(Truce(0, first, second),))
        state = BEFORE.with_slice("map", truce)
        probes = game.probe_actions(state, ATTACK.player)
        assert ATTACK in probes
        assert all(a.player == ATTACK.player for a in probes)
        names = truce.scenario.territories
        assert all(truce.owners[names.index(a.territory)] == owner for a in probes)
        assert all(truce.owners[names.index(a.source)] == ATTACK.player for a in probes)
        assert game.probe_actions(state, owner) == ()
    assert game.probe_actions(BEFORE.with_slice("map", board), ATTACK.player) == ()
    truce = replace(board, truces=(Truce(0, ATTACK.player, owner),))
    assert game.probe_actions(BEGUN.with_slice("map", truce), ATTACK.player) == ()


# -- the cross invariants (CP-1, CP-3, CP-4, CP-10, CP-11) ------------------------------------


def test_cp1_no_skill_round_is_under_way_between_battles() -> None:
    """CP-1: the skill decks have Rounds only during a battle."""
    game = Campaign()  # built here: its rules are what the test checks
    assert list(no_round_between_battles(BEFORE)) == []
    started = game.rules.reduce(BEGUN, StartBattleRound())
    assert list(no_round_between_battles(started)) == []
    stray = started.with_slice("campaign", BEFORE["campaign"])
    assert list(no_round_between_battles(stray)) == [
        "a skill-deck Round is under way with no battle"
    ]
    found = [m for messages in game.rules.invariants(stray).values() for m in messages]
    assert "a skill-deck Round is under way with no battle" in found
    assert not any(game.rules.invariants(started).values())


def test_cp4_cp11_the_fight_holds_exactly_the_battles_sides() -> None:
    """CP-3, CP-4, CP-10, CP-11: during a battle the party is the attacker and its allies,
    the enemies the guards and the defender's champion if it joined."""
    game = Campaign()  # built here: its rules are what the test checks
    state, _, defender = _defended(game)
    battle = state["campaign"].battle
    assert battle.champion == defender
    assert list(battle_matches_fight(state)) == []
    assert list(battle_matches_fight(BEFORE)) == []
    alone, _, _ = _defended(campaign(defender_joins=False))
    assert alone["campaign"].battle.champion == ""
    assert list(battle_matches_fight(alone)) == []
    for changes in (
        {"champion": ""},
        {"allies": ("p9",)},
        {"guards": battle.guards[:1]},
        {"attack": replace(battle.attack, player="p9")},
    ):
        wrong = replace(battle, **changes)
        broken = state.with_slice("campaign", replace(state["campaign"], battle=wrong))
        fight = state["combat"]
        party = tuple(c.id for c in fight.combatants if c.side is Side.PARTY)
        enemies = tuple(c.id for c in fight.combatants if c.side is Side.ENEMIES)
        assert list(battle_matches_fight(broken)) == [
            f"the fight holds {party} against {enemies}, not the battle's {wrong}"
        ]


# -- the policies (CB-9, CB-13, CP-6, CP-8) ---------------------------------------------------


def _active(state: Game, unit: str, hp: int) -> Game:
    """``state`` with ``unit`` active at ``hp`` hit points (a fixture)."""
    fight = state["combat"]
    combatants = tuple(replace(c, hp=hp) if c.id == unit else c for c in fight.combatants)
    deck = replace(state["skills"], active=unit)
    return state.with_slice("combat", replace(fight, combatants=combatants)).with_slice(
        "skills", deck
    )


@pytest.mark.parametrize(
    ("hp", "expected"),
    [(40, "all"), (21, "all"), (20, "defends"), (11, "defends"), (10, "retreats"), (1, "retreats")],
)
def test_cb9_cb13_a_wounded_champion_defends_and_a_badly_wounded_one_flees(
    hp: int, expected: str
) -> None:
    """CB-9, CB-13, CP-8: the greedy policy keeps every action above half the hit points,
    Defends at half or less, and flees at a quarter or less (a champion, when it can)."""
    game = Campaign()  # built here: its rules are what the test checks
    state = _active(BEGUN, ATTACK.player, hp)
    state = state.with_slice(
        "combat",
        replace(
            state["combat"],
            combatants=tuple(
                replace(c, max_hp=40) if c.id == ATTACK.player else c
                for c in state["combat"].combatants
            ),
        ),
    )
    retreat = Retreat(ATTACK.player)
    defend = UseAbility(ATTACK.player, "Defend", Hand.ROCK, "guard1")
    attack = UseAbility(ATTACK.player, "Attack", Hand.ROCK, "guard1")
    legal = (attack, defend, retreat)
    view = game.rules.view(state, ATTACK.player)
    chosen = set(_defending_choices(view, legal))
    assert chosen == {"all": set(legal), "defends": {defend}, "retreats": {retreat}}[expected]
    assert _defending_choices(view, (attack,)) == (attack,)
    if expected == "retreats":
        assert _defending_choices(view, (attack, defend)) == (defend,)


def test_cb13_a_guard_never_flees_and_an_unknown_unit_keeps_every_action() -> None:
    """CB-13: only the party flees; with no active unit in the fight, nothing is filtered."""
    game = Campaign()  # built here: its rules are what the test checks
    state = _active(BEGUN, "guard1", 1)
    retreat = Retreat("guard1")
    defend = UseAbility("guard1", "Defend", Hand.ROCK, ATTACK.player)
    view = game.rules.view(state, GM)
    assert _defending_choices(view, (retreat, defend)) == (defend,)
    nobody = game.rules.view(_active(BEGUN, "nobody", 1), GM)
    assert _defending_choices(nobody, (retreat, defend)) == (retreat, defend)


def test_cp6_the_greedy_policy_offers_a_ceasefire_to_the_strongest_faction() -> None:
    """CP-6: between battles, greedy first offers a Ceasefire it holds to the faction with
    the most territories it has no truce with, with the fewest Value cards."""
    game = Campaign()  # built here: its rules are what the test checks
    board = BEFORE["map"]
    cards = BEFORE["diplomacy"].config.cards
    ceasefire = next(i for i, c in enumerate(cards) if c.subtype == "Ceasefire")
    other = next(
        i for i, c in enumerate(cards) if c.kind is Kind.AGREEMENT and c.subtype != "Ceasefire"
    )
    me = ATTACK.player
    rivals = [f for f in game.config.factions if f != me]
    strong = max(rivals, key=board.owners.count)
    weak = next(f for f in rivals if f != strong)
    owners = list(board.owners)
    for i, owner in enumerate(owners):
        if owner == weak:
            owners[i] = strong
            break
    board = replace(board, owners=tuple(owners))
    state = BEFORE.with_slice("map", board)
    offers = (
        Propose(me, weak, ceasefire, ()),
        Propose(me, strong, ceasefire, (1, 2)),
        Propose(me, strong, ceasefire, (3,)),
        Propose(me, strong, other, ()),
    )
    greedy = game.policies()["greedy"]
    view = game.rules.view(state, me)
    rng = Rng.from_seed(1)
    assert greedy(view, offers, rng) == (offers[2], rng)
    truce = state.with_slice("map", replace(board, truces=(Truce(0, strong, me),)))
    assert greedy(game.rules.view(truce, me), offers, rng) == (offers[0], rng)
    assert _ceasefire(view, offers[3:]) is None
    assert greedy(view, offers[3:], rng) == summit_greedy(view, offers[3:], rng)


# -- how a battle ends (CP-2, CP-5, CP-7, SM-13) ----------------------------------------------


def test_cp5_cp7_one_hit_point_stands_a_champion_or_a_guard() -> None:
    """CP-5, CP-7, CP-2: a champion at 1 hit point has not fallen, a guard at 1 still holds:
    at the Round cap the battle is a stalemate, each ``hp_per_troop`` of damage a troop."""
    game = Campaign()  # built here: its rules are what the test checks
    battle = BEGUN["campaign"].battle
    state = _rounds(fought(BEGUN, 1, 1, None), game.config.max_battle_rounds)
    _, events = run(game, state, EndBattle())
    lost = min(battle.troops, (battle.hp - 1) // game.config.hp_per_troop)
    assert events[0] == BattleEnded(ATTACK.player, ATTACK.territory, "stalemate", lost, 0)
    state = _rounds(fought(BEGUN, 0, 1, None), game.config.max_battle_rounds)
    _, events = run(game, state, EndBattle())
    assert events[0] == BattleEnded(ATTACK.player, ATTACK.territory, "fell", battle.troops, 0)


def test_cp5_reserves_hold_and_the_unhurt_attackers_fall_back() -> None:
    """CP-5, CP-4: every guard fell but reserves stand behind them: the defenders keep the
    territory, the attacking troops who survived go back to the source."""
    game = campaign(garrison_slots=1)
    _, attack, state = _begun(game, troops=3, defenders=2)
    battle = state["campaign"].battle
    state, events = run(game, fought(state, battle.hp, 0, Ending.PARTY_WON), EndBattle())
    assert events[0] == BattleEnded(attack.player, attack.territory, "held", 0, 1)
    board = state["map"]
    names = board.scenario.territories
    assert board.garrisons[names.index(attack.source)] == 1 + 3
    assert board.garrisons[names.index(attack.territory)] == 1


def test_cp5_sm13_a_trap_that_kills_every_attacker_of_an_empty_territory_holds_it() -> None:
    """CP-5, SM-13: nobody defends, but a trap kills every attacking troop: no battle is
    fought and the territory is held; the attack counts, the conquest does not."""
    game = Campaign()  # built here: its rules are what the test checks
    before, attack = to_attack(game)
    before = with_garrisons(before, attack, 2, 0)
    board = before["map"]
    target = board.scenario.territories.index(attack.territory)
    traps = (*board.traps[:target], 5, *board.traps[target + 1 :])
    before = before.with_slice("map", replace(board, traps=traps))
    state, events = run(game, before, attack)
    ended = next(e for e in events if isinstance(e, BattleEnded))
    assert ended == BattleEnded(attack.player, attack.territory, "held", 0, 0)
    assert record_of(state["campaign"], attack.player) == Record(attack.player, 1, 0, 0)
    defender = board.owners[target]
    assert record_of(state["campaign"], defender) == Record(defender, 0, 0, 1)
    assert state["campaign"].battle is None
    assert state["map"].owners[target] == defender


# -- allies (CP-10) ----------------------------------------------------------------------------


def test_cp10_allies_are_the_attackers_public_pact_partners_either_way_round() -> None:
    """CP-10: a running public pact with an ally effect brings its other party, whether the
    attacker proposed it or was proposed to; a secret one or another pair's brings nobody;
    every pact is looked at, in seat order of the allies found."""
    game = Campaign()  # built here: its rules are what the test checks
    board = BEFORE["map"]
    defender = board.owners[board.scenario.territories.index(ATTACK.territory)]
    others = [f for f in game.config.factions if f not in (ATTACK.player, defender)]
    ally = others[0]
    third = next(f for f in game.config.factions if f not in (ATTACK.player, ally))
    dip = BEFORE["diplomacy"]

    def found(*pacts: Pact) -> tuple[str, ...]:
        state = BEFORE.with_slice("diplomacy", replace(dip, pacts=pacts))
        return allies(game.config, state, ATTACK.player, defender)

    mine = Pact(1, "Ceasefire T1", ATTACK.player, ally, (), 2)
    theirs = Pact(2, "Ceasefire T1", ally, ATTACK.player, (), 2)
    assert found(mine) == found(theirs) == (ally,)
    assert found(replace(mine, secret=True)) == ()
    stranger = Pact(3, "Ceasefire T1", ally, third, (), 2)
    assert found(stranger) == ()
    assert found(stranger, theirs) == (ally,)
    assert found(Pact(4, "Nonsense", ATTACK.player, ally, (), 2)) == ()


# -- the nested clock (CP-1, CP-7, CP-9, SD-13) -----------------------------------------------


def test_cp1_the_battles_clock_between_and_within_rounds() -> None:
    """CP-1, CP-7, SD-13: between Rounds the clock begins one, or ends the battle once the
    fight is over or its Rounds ran out; within one it ends the Round when every unit has
    activated, and leaves the choice to the players while a unit acts or reacts."""
    game = Campaign()  # built here: its rules are what the test checks
    assert game.clock_action(BEGUN) == StartBattleRound()
    assert game.clock_action(fought(BEGUN, 5, 0, Ending.PARTY_WON)) == EndBattle()
    assert game.clock_action(_rounds(BEGUN, game.config.max_battle_rounds)) == EndBattle()
    assert game.clock_action(_rounds(BEGUN, game.config.max_battle_rounds - 1)) == (
        StartBattleRound()
    )
    started = game.rules.reduce(BEGUN, StartBattleRound())
    deck = started["skills"]
    assert game.clock_action(started.with_slice("skills", replace(deck, pending=()))) == (
        EndBattleRound()
    )
    reacting = started.with_slice("skills", replace(deck, reacting=(GM,)))
    assert game.clock_action(reacting) is None
    assert game.actor(reacting) == reacting["campaign"].battle.commander
    acting = started.with_slice("skills", replace(deck, active=ATTACK.player))
    assert game.clock_action(acting) is None
    gone = fought(acting, 5, 0, Ending.PARTY_WON)
    assert game.clock_action(gone) == EndActivation(ATTACK.player)
    assert game.clock_action(BEFORE) == game._summit.clock_action(BEFORE)


def test_cp9_a_unit_out_of_the_fight_passes_in_its_sides_turn() -> None:
    """CP-9: when every unit due to activate stands out of the fight, the clock activates
    the first one (the party's in seat order); while one of them stands, the players choose."""
    game = Campaign()  # built here: its rules are what the test checks
    started = game.rules.reduce(BEGUN, StartBattleRound())
    deck = started["skills"]
    assert game.clock_action(started) is None or game.clock_action(started) == Activate(
        deck.pending[0]
    )
    over = fought(started, 5, 0, Ending.FLED)
    action = game.clock_action(over)
    assert isinstance(action, Activate)
    due = [u for u in deck.pending if (u in deck.gm_units) is (deck.side == GM)]
    assert action == Activate(due[0])


def test_cp2_sd14_a_campaign_begins_with_every_slice_and_no_battle() -> None:
    """CP-2, SD-14, DP-2: the slices of a new campaign, its champions alive and no battle;
    its setup attests summit's setup rules, the decks' and CP-2."""
    game = Campaign()  # built here: its rules are what the test checks
    state = game.setup(4)
    assert state.names == ("diplomacy", "map", "skills", "combat", "campaign")
    flow = initial_flow(game.config.summit.scenario, game.config.factions)
    tallies = skirmish_state((*game.config.factions, GM), 4)
    assert state["campaign"] == initial_state(game.config.factions, flow, tallies, 4)
    assert state.summit is state["campaign"].summit
    assert state["skills"].seats[:3] == game.config.factions
    assert all(owner_of(state["skills"], f).alive for f in game.config.factions)
    assert state["combat"].ending is not None
    assert state["combat"].rng == Rng.from_seed(4).split("combat")  # EN-3: the seed's
    config = game.config
    assert state["diplomacy"] == diplomacy_state(config.summit.diplomacy, config.factions, 4)
    assert state["map"] == map_state(config.summit.scenario, config.factions, 4)
    assert state.skirmish.rng == Rng.from_seed(4).split("skirmish")
    assert [t.player for t in state.skirmish.tallies] == [*game.config.factions, GM]
    assert game.setup(4) == state != game.setup(5)
    summit = Summit(game.config.summit)
    assert game.setup_rules(state) == (*summit.setup_rules(state), *SETUP_RULES, "CP-2")
    assert game.players(state) == (*game.config.factions, GM)
    assert game.actor(state) == summit.actor(state)
    assert not game.is_over(state)


# -- who enters the fight (CP-3, CP-4, CP-5, CP-10, CP-11, CB-14) -----------------------------


def test_cp4_cp11_cb14_the_fighters_abilities_items_and_zones() -> None:
    """CP-4, CP-11, CB-14: champions and guards have the party's own abilities (Shoot, Bash);
    only the attacking side carries the party's items (only the party flees); the last
    ``rearward_guards`` guards stand in Rearward, the champions in Forward."""
    game = Campaign()  # built here: its rules are what the test checks
    state, attack, defender = _defended(game)
    fight = state["combat"]
    sk = game.config.skirmish_config()
    champion, guard1, guard2, own = (
        find(fight, n) for n in (attack.player, "guard1", "guard2", defender)
    )
    for c in (champion, guard1, guard2, own):
        assert c.abilities == game.config.battle.party_abilities == ("Shoot", "Bash")
    assert champion.items == sk.party_items != ()
    assert own.items == guard1.items == ()
    assert (champion.zone, own.zone) == (Zone.FORWARD, Zone.FORWARD)
    assert (guard1.zone, guard2.zone) == (Zone.FORWARD, Zone.REARWARD)


def test_cp10_an_ally_enters_at_champion_hp_without_troops() -> None:
    """CP-10, CP-3: an allied champion fights at ``champion_hp`` (here 7), in Forward, with
    the party's items."""
    game = campaign(champion_hp=7)
    state, attack = to_attack(game)
    board = state["map"]
    defender = board.owners[board.scenario.territories.index(attack.territory)]
    ally = next(f for f in game.config.factions if f not in (attack.player, defender))
    dip = replace(state["diplomacy"], pacts=(Pact(9, "Ceasefire T1", attack.player, ally, (), 3),))
    state = with_garrisons(state.with_slice("diplomacy", dip), attack, 2, 2)
    state, _ = run(game, state, attack)
    c = find(state["combat"], ally)
    assert (c.max_hp, c.hp, c.zone, c.side) == (7, 7, Zone.FORWARD, Side.PARTY)
    assert state["campaign"].battle.allies == (ally,)
    assert c.items == game.config.skirmish_config().party_items


@pytest.mark.parametrize("troops", [1, 3])
def test_cp5_an_undefended_territory_is_taken_at_once(troops: int) -> None:
    """CP-5: with no troop to defend it, the attackers walk in: no fight, the territory and
    the troops move, the conquest counts."""
    game = Campaign()  # built here: its rules are what the test checks
    before, attack = to_attack(game)
    before = with_garrisons(before, attack, troops, 0)
    board = before["map"]
    names = board.scenario.territories
    target, source = names.index(attack.territory), names.index(attack.source)
    previous = board.owners[target]
    state, events = run(game, before, attack)
    ended = [e for e in events if isinstance(e, BattleEnded)]
    assert ended == [BattleEnded(attack.player, attack.territory, "won", 0, 0)]
    assert not any(isinstance(e, BattleBegan) for e in events)
    taken = [e for e in events if isinstance(e, TerritoryTaken)]
    assert [(e.player, e.territory, e.previous) for e in taken] == [
        (attack.player, attack.territory, previous)
    ]
    after = state["map"]
    assert (after.owners[target], after.garrisons[target]) == (attack.player, troops)
    assert after.garrisons[source] == 1
    assert state["campaign"].battle is None
    assert state["campaign"].battles == 1
    assert record_of(state["campaign"], attack.player) == Record(attack.player, 1, 1, 0)
    assert state["combat"] == before["combat"]
    assert game.clock_action(state) is None or not isinstance(
        game.clock_action(state), StartBattleRound
    )


@pytest.mark.parametrize("declarer", ["guard", "attacker", "defender"])
def test_cp12_en9_the_commander_sees_a_held_declaration_its_seat_or_it_made(
    declarer: str,
) -> None:
    """CP-12, EN-9, SK-4, SK-18: a guard's held declaration shows in full to the commander,
    as to the GM; one at a guard, its target only; the defender's own champion's, in full;
    the attacker sees none of the guard's or the defender's."""
    game = Campaign()  # built here: its rules are what the test checks
    state, attack, defender = _defended(game)
    unit, target = {
        "guard": ("guard1", attack.player),
        "attacker": (attack.player, "guard1"),
        "defender": (defender, attack.player),
    }[declarer]
    held = Held(unit, "Attack", Hand.ROCK, target)
    state = state.with_skirmish(replace(state.skirmish, held=held))
    seen = game.rules.view(state, defender).skirmish
    shown = held if declarer != "attacker" else None
    assert (seen.held, seen.held_target) == (shown, target)
    other = game.rules.view(state, attack.player).skirmish
    assert other.held == (held if declarer == "attacker" else None)


def test_cp1_cp4_the_campaigns_own_rules_handle_its_clock_the_attack_and_fielding() -> None:
    """CP-1, CP-4, CP-5: who handles what, by the names a registry error or a debugger
    shows: the battle clock's three rules, the Attack and FieldUnits overrides."""
    game = Campaign()
    assert [game.rules.handler_source(t) for t in (StartBattleRound, EndBattleRound)] == [
        "rule CP-1 battle Round begins",
        "rule CP-1 battle Round ends",
    ]
    assert game.rules.handler_source(EndBattle) == "rule CP-5 battle ends"
    assert game.rules.handler_source(Attack) == "override CP-1 attack as a battle"
    assert game.rules.handler_source(FieldUnits) == "override CP-4 guards are fielded"
    for kind in FACTION_ACTIONS:
        assert game.rules.handler_source(kind).endswith(" wrapped by CP-1 battle first"), kind


def test_cp1_en5_the_attacks_listed_are_the_maps_while_no_battle_is_fought() -> None:
    """CP-1, CP-2, EN-5: the attacker lists the map's Attacks between battles; none during
    a battle, none for a faction whose champion is dead; every one listed is legal."""
    game = Campaign()
    attacker = ATTACK.player
    listed = [a for a in game.rules.legal_actions(BEFORE, attacker) if isinstance(a, Attack)]
    assert ATTACK in listed
    assert all(game.rules.check(BEFORE, a) is None for a in listed)
    assert attack_options(BEFORE, attacker) == tuple(listed)
    assert attack_options(BEGUN, attacker) == ()
    assert attack_options(BEFORE, "nobody") == ()
    deck = BEFORE["skills"]
    owners = tuple(replace(o, alive=False) if o.player == attacker else o for o in deck.owners)
    dead = BEFORE.with_slice("skills", replace(deck, owners=owners))
    assert attack_options(dead, attacker) == ()
    assert not any(isinstance(a, Attack) for a in game.rules.legal_actions(dead, attacker))


def test_cp1_a_battle_begins_with_its_event_its_record_and_its_own_stream() -> None:
    """CP-1, CP-3, CP-4, CP-10, CP-11, CP-12, EN-3: the BattleBegan event and the battle
    record name every side (a pact with the defender brings nobody); the fight's stream is
    the campaign's split per battle, the campaign's own stream unmoved."""
    game = Campaign()
    before, attack = to_attack(game)
    board = before["map"]
    defender = board.owners[board.scenario.territories.index(attack.territory)]
    ally = next(f for f in game.config.factions if f not in (attack.player, defender))
    pacts = (
        Pact(8, "Ceasefire T1", defender, attack.player, (), 3),
        Pact(9, "Ceasefire T1", attack.player, ally, (), 3),
    )
    before = before.with_slice("diplomacy", replace(before["diplomacy"], pacts=pacts))
    before = with_garrisons(before, attack, 2, 4)
    state, events = run(game, before, attack)
    hp = game.config.champion_hp + 2 * game.config.hp_per_troop
    guards = ("guard1", "guard2", "guard3")
    began = BattleBegan(
        attack.player,
        attack.source,
        attack.territory,
        defender,
        2,
        hp,
        guards,
        (ally,),
        defender,
        defender,
    )
    assert began in events
    first = before["skills"].round
    assert state["campaign"].battle == Battle(
        attack, defender, 2, hp, guards, 1, first, (ally,), defender, defender
    )
    assert state["campaign"].rng == before["campaign"].rng
    assert state["combat"].rng == before["campaign"].rng.split("battle-1")
    assert state["skills"].gm_units == guards


def test_cp1_cp2_cp6_the_attack_and_faction_refusals_carry_their_sentence_and_action() -> None:
    """CP-1, CP-2, CP-6, EN-4: during a battle every faction action and the Attack are
    refused with the battle's sentence; a dead champion's Attack with its own; an Attack
    across a truce with the map's truce sentence under the campaign's code."""
    game = Campaign()
    under_way = "A battle is under way: it is fought to its end first."
    for action in (EndTurn(ATTACK.player), Deploy(ATTACK.player, ATTACK.source), ATTACK):
        expected = ("campaign/battle-under-way", "CP-1", under_way, action)
        assert _refused(game, BEGUN, action) == expected
    deck = BEFORE["skills"]
    owners = tuple(replace(o, alive=False) if o.player == ATTACK.player else o for o in deck.owners)
    dead = BEFORE.with_slice("skills", replace(deck, owners=owners))
    sentence = f"{ATTACK.player}'s champion is dead: {ATTACK.player} attacks no more."
    assert _refused(game, dead, ATTACK) == ("campaign/no-champion", "CP-2", sentence, ATTACK)
    board = BEFORE["map"]
    owner = board.owners[board.scenario.territories.index(ATTACK.territory)]
    truce = BEFORE.with_slice("map", replace(board, truces=(Truce(0, ATTACK.player, owner),)))
    map_refusal = Summit(game.config.summit).rules.check(truce, ATTACK)
    assert map_refusal is not None
    assert _refused(game, truce, ATTACK) == (
        "campaign/ceasefire",
        "CP-6",
        map_refusal.message,
        ATTACK,
    )


def test_cp1_the_campaigns_policies_and_its_end() -> None:
    """CP-1, SM-10: ``random`` (summit's random kinds) and ``greedy``; the campaign ends
    when summit's turn flow does, and then nobody acts."""
    game = Campaign()
    policies = game.policies()
    assert sorted(policies) == ["greedy", "ismcts", "random"]
    assert policies["random"] is random_kinds
    over = BEFORE.with_summit(replace(BEFORE.summit, phase=Phase.OVER))
    assert game.is_over(over)
    assert game.actor(over) is None
    assert not game.is_over(BEFORE)
    assert game.actor(BEFORE) == ATTACK.player


def test_cp9_sk1_the_clock_passes_for_idle_units_only_when_every_unit_due_is_idle() -> None:
    """CP-9, SK-1: the party's units go in seat order: an idle unit behind one that fights
    does not pass; on the GM's side, the clock passes only if no guard due still stands; a
    reacting player acts before anyone."""
    game = Campaign()
    started = game.rules.reduce(BEGUN, StartBattleRound())
    deck = started["skills"]
    idle = next(f for f in game.config.factions if find(started["combat"], f) is None)
    party = replace(deck, side=PLAYERS, pending=(ATTACK.player, idle), active=None)
    assert game.clock_action(started.with_slice("skills", party)) is None
    guards = replace(deck, side=GM, pending=("guard1", "guard2"), active=None)
    fight = started["combat"]
    down = tuple(replace(c, hp=0) if c.id == "guard1" else c for c in fight.combatants)
    state = started.with_slice("skills", guards).with_slice(
        "combat", replace(fight, combatants=down)
    )
    assert game.clock_action(state) is None
    reacting = started.with_slice("skills", replace(deck, reacting=(idle,)))
    assert game.actor(reacting) == idle


def test_en7_a_declaration_in_battle_attests_the_zone_rules_the_fight_shows() -> None:
    """EN-7, CB-4 … CB-7: a champion's declaration attests, besides its own rules, the zone
    rules the battle's fight shows for it, as the skirmish's does."""
    game = Campaign()
    declared = Declared(ATTACK.player, "Attack", Hand.ROCK, "guard1", 0)
    fight = Skirmish(game.config.skirmish_config())
    zones = declaration_rules(BEGUN["combat"], declared)
    found = game.attested(BEGUN, (declared,))
    assert found[: len(fight.attested(BEGUN, (declared,)))] == fight.attested(BEGUN, (declared,))
    assert all(rule in found for rule in zones)


def test_en7_the_campaign_attributes_every_event_of_summit_and_the_skirmish() -> None:
    """EN-7: the campaign's table holds every event type of summit's and of the skirmish's
    tables, attesting what they attest (and more, for the campaign's own, CP-2, CP-4)."""
    game = Campaign()
    table = game.event_rules()
    skirmish = Skirmish(game.config.skirmish_config()).event_rules()
    summit = Summit(game.config.summit).event_rules()
    assert set(table) >= set(skirmish) | set(summit) | {BattleBegan, BattleEnded}
    taken = TerritoryTaken("p1", "B", "p2", "attack", 2)
    assert table[TerritoryTaken](taken) == summit[TerritoryTaken](taken) != ()
    declared = Declared("p1", "Attack", Hand.ROCK, "guard1", 0)
    assert table[Declared](declared) == skirmish[Declared](declared)


def _round_states(game: Campaign, state: Game) -> list[Game]:
    """Every state of a battle played greedily where a unit is due to activate."""
    policy = game.policies()["greedy"]
    rng = Rng.from_seed("round")
    found = []
    for _ in range(200):
        deck = state["skills"]
        if state["campaign"].battle is None:
            break
        if deck.in_round and not deck.reacting and deck.active is None and deck.pending:
            found.append(state)
        action, rng = next_action(game, state, policy, rng)
        state = game.rules.reduce(state, action)
    return found


def test_cp9_an_idle_champion_passes_only_when_first_in_seat_order() -> None:
    """CP-9, SK-1: on the party's side only the first unit due (seat order) may pass: an
    idle champion first passes, behind a fighting one it waits; a fighting unit never
    passes; on the GM's side, one fallen guard does not pass while another stands."""
    game = Campaign()
    states = _round_states(game, BEGUN)
    party = next(
        s
        for s in states
        if s["skills"].side == PLAYERS
        and len(s["skills"].pending) > 2
        and fighting(s["combat"], s["skills"].pending[0])
        and not fighting(s["combat"], s["skills"].pending[1])
    )
    deck = party["skills"]
    fighter, idle, *rest = deck.pending
    assert game.clock_action(party) is None
    swapped = party.with_slice("skills", replace(deck, pending=(idle, fighter, *rest)))
    assert game.clock_action(swapped) == Activate(idle)
    guards = next(s for s in states if s["skills"].side == GM and len(s["skills"].pending) > 3)
    fight = guards["combat"]
    first = next(u for u in guards["skills"].pending if u in guards["skills"].gm_units)
    down = tuple(replace(c, hp=0) if c.id == first else c for c in fight.combatants)
    one_down = guards.with_slice("combat", replace(fight, combatants=down))
    assert game.clock_action(one_down) is None

"""Battles: an Attack fought as a skirmish inside the attacker's turn (CP-1 … CP-12).

The campaign's game-level rules and wrappers that open a battle: the Attack that begins one,
the fighters it fields, and the refusal of every faction action while one is under way. Its
Rounds and its end are the clock's (:mod:`gamefold.games.campaign.settling`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

import attrs

from gamefold import combat, diplomacy, skills, territory
from gamefold.combat import CombatState, Fighter, Side, Withdraw, Zone, find
from gamefold.core import Action, EndTurn, Event, Events, replace
from gamefold.diplomacy import DiplomacyState
from gamefold.errors import IllegalAction, Refusal
from gamefold.games.campaign import codes
from gamefold.games.campaign.config import CampaignConfig
from gamefold.games.campaign.state import (
    Battle,
    BattleBegan,
    BattleEnded,
    CampaignState,
    tallied,
)
from gamefold.games.skirmish import SkirmishConfig
from gamefold.games.summit import MAP, Defer, MapState, Pass
from gamefold.registry import Game, Rule, Wrapper
from gamefold.skills import GM, FieldUnits, SkillsState, owner_of
from gamefold.territory import Attack, BattleOpened, CloseBattle, Deploy, OpenBattle

__all__ = [
    "CLOCK_ACTIONS",
    "EndBattle",
    "EndBattleRound",
    "FACTION_ACTIONS",
    "StartBattleRound",
    "allies",
    "attack_options",
    "battle_over",
    "commander",
    "defending_champion",
    "faction_wrappers",
    "fighting",
    "muster",
    "rounds_fought",
    "step_attack",
]


@attrs.frozen
class StartBattleRound(Action):
    """The clock begins the battle's next Round: the skill decks refill (SD-3, CP-1)."""


@attrs.frozen
class EndBattleRound(Action):
    """The clock ends the battle's Round once every unit has activated (SD-13, CP-1)."""


@attrs.frozen
class EndBattle(Action):
    """The clock ends the battle: the fight is over, or its Rounds ran out (CP-5, CP-7)."""


CLOCK_ACTIONS: tuple[type[Action], ...] = (StartBattleRound, EndBattleRound, EndBattle)
"""The campaign's clock actions: never a player's choice, never listed (EN-5)."""


FACTION_ACTIONS: tuple[type[Action], ...] = (
    *diplomacy.ACTIONS,
    Deploy,
    Pass,
    Defer,
    EndTurn,
)
"""The factions' actions besides Attack, refused while a battle is under way (CP-1)."""


def rounds_fought(game: Game) -> int:
    """The Rounds of the battle under way begun so far (0 without a battle)."""
    battle = game.campaign.battle
    return 0 if battle is None else game.skills.round - battle.first_round


def battle_over(game: Game, max_rounds: int) -> bool:
    """Whether the battle's fight ended or ``max_rounds`` of its Rounds were begun (CP-5, CP-7)."""
    return game.combat.ending is not None or rounds_fought(game) >= max_rounds


def fighting(fight: CombatState, unit: str) -> bool:
    """Whether ``unit`` stands in a fight still going on (else its activations pass, CP-9)."""
    c = find(fight, unit)
    return fight.ending is None and c is not None and c.hp > 0


def muster(config: CampaignConfig, sk: SkirmishConfig, seed: int | str) -> CombatState:
    """The fight slice before any battle: the champions, and the one guard who left it, so
    the fight is over and no unit stands on the GM's side (CP-4); ``sk`` is the battles'
    skirmish config (``config.skirmish_config()``)."""
    entries = (*(Fighter(f, Side.PARTY) for f in config.factions), sk.enemies[0])
    fight = combat.initial_state(sk.combat_config(), entries, seed)
    # The cause is told only in the step's events, which the muster drops.
    return combat.step(fight, Withdraw((sk.enemies[0].id,), "muster"))[0]


_BATTLE_FIRST = codes.refusal(
    codes.BATTLE_UNDER_WAY, "A battle is under way: it is fought to its end first."
)


def _battle_problem(game: Game, action: Action) -> Refusal | None:
    return None if game.campaign.battle is None else _BATTLE_FIRST


def _no_battle(game: Game, actor: str) -> bool:
    """:func:`_battle_problem` for a whole listing: every faction action, or none while a
    battle is under way (CP-1)."""
    return game.campaign.battle is None


def allies(config: CampaignConfig, game: Game, attacker: str, defender: str) -> tuple[str, ...]:
    """CP-10: the factions whose living champions join ``attacker``'s battle, in seat order:
    partners of a running public pact whose effect is one of ``ally_effects``, never the
    ``defender``."""
    dip: DiplomacyState = game.diplomacy
    effects = game.map.scenario.effects
    subtypes = {card.name: card.subtype for card in dip.config.catalogue}
    found = set()
    for pact in dip.pacts:
        if pact.secret or attacker not in (pact.proposer, pact.partner):
            continue
        if effects.get(subtypes.get(pact.agreement, ""), "") in config.ally_effects:
            found.add(pact.partner if pact.proposer == attacker else pact.proposer)
    deck: SkillsState = game.skills
    return tuple(
        f
        for f in config.factions
        if f in found and f != defender and f != attacker and owner_of(deck, f).alive
    )


def defending_champion(config: CampaignConfig, game: Game, defender: str) -> str:
    """CP-11: the defending faction's champion who fights beside the guards, or ``""``: none
    for a neutral territory, a dead champion, or without ``defender_joins``."""
    deck: SkillsState = game.skills
    joins = config.defender_joins and defender in config.factions
    return defender if joins and owner_of(deck, defender).alive else ""


def _champion(sk: SkirmishConfig, name: str, hp: int, side: Side = Side.PARTY) -> Fighter:
    return Fighter(
        name,
        side,
        Zone.FORWARD,
        max_hp=hp,
        items=sk.party_items if side is Side.PARTY else (),  # only the party flees (CB-14)
        abilities=sk.party_abilities,
    )


def _fighters(
    config: CampaignConfig, sk: SkirmishConfig, battle: Battle, forts: int
) -> tuple[Fighter, ...]:
    champion = _champion(sk, battle.attack.player, battle.hp)
    helpers = tuple(_champion(sk, ally, config.champion_hp) for ally in battle.allies)  # CP-10
    guard_hp = config.troop_hp + config.fort_hp * forts  # CP-4
    fielded = config.guard_fighters(len(battle.guards), guard_hp)
    defending = battle.champion
    own = (_champion(sk, defending, config.defender_hp, Side.ENEMIES),) if defending else ()
    # CP-11: the defender's own champion stands after its guards, so the fight lists the
    # enemies' pairings in the order of their names, as it does a skirmish's.
    return (champion, *helpers, *fielded, *own)


def _opened(game: Game, action: Attack) -> tuple[MapState, BattleOpened, Events] | Refusal:
    """The map's battle of ``action``, opened once: the map decides the attack (SM-6; a
    truce's refusal as CP-6) and gives back the board, its ``BattleOpened`` and the trap's
    events (SM-13); else the refusal, a battle under way's first (CP-1)."""
    refusal = _battle_problem(game, action)
    if refusal is not None:
        return refusal
    try:
        board, events = territory.step(
            game.map, OpenBattle(action.player, action.source, action.territory)
        )
    except IllegalAction as problem:  # told of the player's Attack, as the map tells it
        if problem.code == territory.codes.TRUCE:
            return codes.refusal(codes.CEASEFIRE, problem.message)
        return Refusal.of(problem)
    *sprung, opened = events
    assert isinstance(opened, BattleOpened)  # the map's last word on an open battle
    return board, opened, tuple(sprung)


def _dead(game: Game, action: Attack) -> Refusal | None:
    """CP-2: why ``action``'s champion may not attack, or ``None``."""
    if not _champion_alive(game, action.player):
        message = f"{action.player}'s champion is dead: {action.player} attacks no more."
        return codes.refusal(codes.NO_CHAMPION, message)
    return None


def _champion_alive(game: Game, player: str) -> bool:
    """CP-2: whether ``player``'s champion lives, so that it may attack."""
    deck: SkillsState = game.skills
    return owner_of(deck, player).alive


def step_attack(
    config: CampaignConfig, sk: SkirmishConfig, game: Game, action: Attack
) -> tuple[Game, Events] | Refusal:
    """The battle begins (CP-1), or an undefended territory is taken (CP-5); ``sk`` is the
    battles' skirmish config (``config.skirmish_config()``), built once. The map opens the
    battle (its ``OpenBattle``): the attacking troops leave the source and a trap springs
    (SM-13); the champion, its troops as hit points (CP-3), and its allies (CP-10) fight up
    to ``garrison_slots`` guards, fielded as the GM's units (CP-4), beside the defending
    champion (CP-11), under the command of :func:`commander` (CP-12).

    Refused for, in this order: a battle under way (CP-1), the map's reasons (SM-6; a
    truce's as CP-6), a dead champion (CP-2)."""
    made = _opened(game, action)
    if isinstance(made, Refusal):
        return made
    board, opened, sprung = made
    refusal = _dead(game, action)
    if refusal is not None:
        return refusal
    troops, defenders = opened.attackers, opened.defenders
    state: CampaignState = game.campaign
    target = board.scenario.territories.index(action.territory)
    defender = board.owners[target]
    state = replace(state, battles=state.battles + 1)
    if defenders == 0:  # nobody to fight: the troops walk in (CP-5)
        close = CloseBattle(action.player, action.source, action.territory, troops, troops, 0)
        board, closed = territory.step(board, close)
        state = _tally(state, action.player, defender, closed)
        ended = BattleEnded(action.player, action.territory, _result(closed), 0, 0)
        game = replace(game, campaign=state).with_slice(MAP, board)
        return game, (*sprung, ended, *closed)
    guards = min(defenders, config.garrison_slots)
    names = config.guards[:guards]
    deck, fielded = skills.step(game.skills, FieldUnits(names))
    hp = config.champion_hp + config.hp_per_troop * troops  # CP-3
    battle = Battle(
        action,
        defender,
        troops,
        hp,
        names,
        defenders - guards,
        deck.round,
        allies(config, game, action.player, defender),
        defending_champion(config, game, defender),
        commander(config, defender),
    )
    entries = _fighters(config, sk, battle, board.forts[target])
    seed = state.rng.split(f"battle-{state.battles}")
    fight = combat.initial_state(sk.combat_config(), entries, seed)
    began = BattleBegan(
        action.player,
        action.source,
        action.territory,
        defender,
        troops,
        hp,
        names,
        battle.allies,
        battle.champion,
        battle.commander,
    )
    state = replace(state, battle=battle)
    game = replace(game, combat=fight, skills=deck, campaign=state).with_slice(MAP, board)
    return game, (*sprung, began, *fielded)


def commander(config: CampaignConfig, defender: str) -> str:
    """CP-12: who commands a battle's guards: the defending faction (with
    ``defender_commands``), else (or for a neutral territory) the war-master ``"gm"``."""
    return defender if config.defender_commands and defender in config.factions else GM


def attack_options(game: Game, actor: str) -> tuple[Action, ...]:
    """Every Attack the map lists for ``actor``, if no battle is under way and its champion
    lives (EN-5); the map lists no Attack across a truce (SM-7, CP-6)."""
    # _opened's reasons and _dead's before the map's, which lists only what it allows.
    if game.campaign.battle is not None or actor not in game.skills.seats:
        return ()
    if not _champion_alive(game, actor):
        return ()
    return territory.attacks(game.map, actor)


def _result(closed: Iterable[Event]) -> str:
    return "won" if any(isinstance(e, territory.TerritoryTaken) for e in closed) else "held"


def _tally(state: CampaignState, attacker: str, defender: str, closed: Events) -> CampaignState:
    won = _result(closed) == "won"
    state = tallied(state, attacker, attacks=1, conquests=int(won))
    if defender and not won:
        state = tallied(state, defender, defences=1)
    return state


_HOST_ONLY = codes.refusal(
    codes.HOST_ONLY, "The campaign fields the guards itself when a battle begins."
)


def _refuse_field(game: Game, action: Action) -> Refusal:
    return _HOST_ONLY


def attack_override(config: CampaignConfig, sk: SkirmishConfig) -> Rule:
    """Summit's Attack, fought as a battle (CP-1 … CP-6); ``sk`` is the battles' skirmish
    config (``config.skirmish_config()``)."""
    return Rule(
        Attack,
        partial(step_attack, config, sk),
        legal_actions=attack_options,
        name="CP-1 attack as a battle",
    )


FIELD_REFUSED = Rule(FieldUnits, _refuse_field, name="CP-4 guards are fielded")
"""The override refusing a bare FieldUnits: the campaign fields the guards (CP-4)."""


def faction_wrappers() -> tuple[Wrapper, ...]:
    """One wrapper per faction action type: refused while a battle is under way (CP-1)."""
    return tuple(
        Wrapper(kind, refuse=_battle_problem, narrow=_no_battle, name="CP-1 battle first")
        for kind in FACTION_ACTIONS
    )

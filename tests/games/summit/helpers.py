"""Small builders for the summit tests: games, the clock, arranged maps and hands."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from gamefold import Action, Event, replace
from gamefold.diplomacy import DiplomacyState, Pool
from gamefold.diplomacy.invariants import violations
from gamefold.games.summit import (
    DIPLOMACY,
    MAP,
    NAME,
    MapState,
    Scenario,
    Summit,
    SummitConfig,
    SummitState,
)
from gamefold.registry import Game
from gamefold.testing import check_invariants


def summit(players: int = 4, **scenario: Any) -> Summit:
    """A summit game of ``players`` with the scenario's fields changed as given."""
    return Summit(SummitConfig(players=players, scenario=Scenario(**scenario)))


def clock(game_def: Summit, game: Game) -> tuple[Game, list[Event]]:
    """Apply clock actions until a choice is due or the game is over."""
    events: list[Event] = []
    action = game_def.clock_action(game)
    while action is not None and not game_def.is_over(game):
        game, more = game_def.rules.step(game, action)
        events += more
        action = game_def.clock_action(game)
    return game, events


def act(game_def: Summit, game: Game, action: Action) -> tuple[Game, list[Event]]:
    """Apply a player's ``action``, then any clock actions that follow; check invariants."""
    game, events = game_def.rules.step(game, action)
    game, more = clock(game_def, game)
    assert check_invariants(game, game_def.rules) == {}
    return game, [*events, *more]


def first_turn(game_def: Summit, seed: int = 1) -> Game:
    """The game at p1's first turn: the Round and the turn have begun."""
    return clock(game_def, game_def.setup(seed))[0]


def board(game: Game) -> MapState:
    """The map slice."""
    state: MapState = game[MAP]
    return state


def flow(game: Game) -> SummitState:
    """Summit's own slice, the turn flow."""
    state: SummitState = game[NAME]
    return state


def with_flow(game: Game, **changes: Any) -> Game:
    """``game`` with fields of the turn flow changed."""
    return game.with_slice(NAME, replace(flow(game), **changes))


def dip(game: Game) -> DiplomacyState:
    """The diplomacy slice."""
    state: DiplomacyState = game[DIPLOMACY]
    return state


def with_map(game: Game, **changes: Any) -> Game:
    """``game`` with fields of the map slice changed."""
    return game.with_slice(MAP, replace(board(game), **changes))


def with_owners(game: Game, owners: Mapping[str, str]) -> Game:
    """``game`` with the named territories (territory -> owner) changing hands."""
    state = board(game)
    names = state.scenario.territories
    new = tuple(owners.get(name, owner) for name, owner in zip(names, state.owners, strict=True))
    return with_map(game, owners=new)


def owner(game: Game, territory: str) -> str:
    """Who holds ``territory``."""
    state = board(game)
    return state.owners[state.scenario.territories.index(territory)]


def forts(game: Game, territory: str) -> int:
    """The forts on ``territory``."""
    state = board(game)
    return state.forts[state.scenario.territories.index(territory)]


def with_forts(game: Game, territory: str, count: int) -> Game:
    """``game`` with ``count`` forts on ``territory``."""
    state = board(game)
    index = state.scenario.territories.index(territory)
    return with_map(game, forts=(*state.forts[:index], count, *state.forts[index + 1 :]))


def troops(game: Game, player: str) -> int:
    """``player``'s troops."""
    return next(r.troops for r in board(game).realms if r.player == player)


def with_troops(game: Game, player: str, count: int) -> Game:
    """``game`` with ``player`` holding ``count`` troops."""
    realms = tuple(
        replace(r, troops=count) if r.player == player else r for r in board(game).realms
    )
    return with_map(game, realms=realms)


def ids_of(state: DiplomacyState, name: str) -> list[int]:
    """The ids of every copy of the card type ``name``."""
    return [i for i, card in enumerate(state.config.cards) if card.name == name]


def give(game: Game, player: str, names: Iterable[str]) -> tuple[Game, list[int]]:
    """``game`` where ``player``'s hand is exactly one copy of each card type named.

    Cards move between the pool and the hand so that every card stays in one place (DP-1).
    """
    state = dip(game)
    hand: list[int] = []
    for name in names:
        hand.append(next(c for c in ids_of(state, name) if c not in hand and _free(state, c)))
    players = tuple(
        replace(p, hand=tuple(hand)) if p.player == player else p for p in state.players
    )
    held = {c for p in players for c in p.hand} | {c for q in state.proposals for c in q.cards}
    pool = Pool.of_cards(
        (c for c in range(len(state.config.cards)) if c not in held), state.config.cards
    )
    new = replace(state, players=players, pool=pool)
    assert violations(new) == [], violations(new)
    return game.with_slice(DIPLOMACY, new), hand


def _free(state: DiplomacyState, card: int) -> bool:
    """Whether ``card`` is in the pool (not in another hand or a proposal)."""
    return card in state.pool.of(state.config.cards[card].kind)


def of_type(events: Iterable[Event], kind: type) -> list[Any]:
    """The events of type ``kind``, in order."""
    return [e for e in events if type(e) is kind]


def until_turn(game_def: Summit, game: Game, player: str) -> tuple[Game, list[Event]]:
    """End turns (and Pass windows) until ``player``'s next turn is under way."""
    from gamefold import EndTurn
    from gamefold.games.summit import Pass, Phase

    events: list[Event] = []
    game, more = act(game_def, game, EndTurn(flow(game).current))
    events += more
    while not (flow(game).phase is Phase.TURN and flow(game).current == player):
        state = flow(game)
        if state.phase is Phase.WINDOW:
            action: Action = Pass(state.current)
        else:
            action = EndTurn(state.current)
        game, more = act(game_def, game, action)
        events += more
    return game, events


def garrison(game: Game, territory: str) -> int:
    """The troops on ``territory``."""
    state = board(game)
    return state.garrisons[state.scenario.territories.index(territory)]


def with_garrison(game: Game, territory: str, count: int) -> Game:
    """``game`` with ``count`` troops on ``territory``."""
    state = board(game)
    index = state.scenario.territories.index(territory)
    garrisons = (*state.garrisons[:index], count, *state.garrisons[index + 1 :])
    return with_map(game, garrisons=garrisons)


def with_trap(game: Game, territory: str, strength: int) -> Game:
    """``game`` with a trap of ``strength`` on ``territory``."""
    state = board(game)
    index = state.scenario.territories.index(territory)
    return with_map(game, traps=(*state.traps[:index], strength, *state.traps[index + 1 :]))

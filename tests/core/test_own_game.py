"""A game of your own is first-class: what its subsystems ship is its default (EN-6, EN-7).

Its account tells events with the subsystems' lines, its rule tables are theirs (rule
coverage, the viewer's rule chips), and a shipped game takes a slice of your own with
:meth:`Rules.with_subsystem`.
"""

from __future__ import annotations

import types
from typing import Any

import attrs
import pytest

from gamefold import Event, RegistryError, Rules, Subsystem, combat, skills
from gamefold.games import GameDef, play, register_game
from gamefold.games.skeleton import skeleton
from gamefold.games.skirmish import Skirmish
from gamefold.viewer import panel, state_tree


@pytest.fixture
def duel() -> GameDef[Any]:
    """The game ``gamefold new`` writes, loaded as a module of its own."""
    module = types.ModuleType("probe_duel")
    exec(compile(skeleton("probe_duel"), "probe_duel.py", "exec"), module.__dict__)
    game: GameDef[Any] = module.ProbeDuelGame()
    return game


def test_en7_a_composed_game_tells_its_events_with_its_subsystems_lines(
    duel: GameDef[Any],
) -> None:
    played = play(duel, seed=3, max_steps=40)
    events = [e for step in played.events for e in step]
    told = {type(e) for e in events if type(e) in skills.LINES}
    assert told  # the refill at least (SD-3)
    for event in events:
        assert duel.describe(event) == skills.describe(event)

    @attrs.frozen
    class Unknown(Event):
        what: int

    assert duel.describe(Unknown(1)) == repr(Unknown(1))


def test_en7_a_composed_games_rule_tables_are_its_subsystems(duel: GameDef[Any]) -> None:
    """event_rules() joins the subsystems' tables, rule_ids() lists their rules: rule
    coverage reports SD-1 … SD-15, and a refill attests SD-3."""
    assert duel.rule_ids() == skills.RULE_IDS
    assert set(duel.event_rules()) == set(skills.EVENT_RULES)
    played = play(duel, seed=3, max_steps=40)
    attested = {r for step in played.events for r in duel.attested(played.final, step)}
    assert "SD-3" in attested


class TwoSlices(Skirmish):
    """Skirmish's rules, asked for their defaults: what the subsystems would give."""

    name = "probe-two-slices"

    def rule_ids(self) -> tuple[str, ...]:
        return GameDef.rule_ids(self)

    def describe(self, event: Event) -> str:
        return GameDef.describe(self, event)


def test_en6_the_defaults_join_every_subsystem_in_the_registrys_order() -> None:
    game = TwoSlices()
    assert game.rule_ids() == (*skills.RULE_IDS, *combat.RULE_IDS)  # the tallies have none
    fell = combat.CombatantFell("ana")
    assert game.describe(fell) == combat.describe(fell)


def test_the_viewer_shows_each_slice_by_what_it_is_for_a_game_without_a_panel(
    duel: GameDef[Any],
) -> None:
    """The skill deck's slice as its hands, the rest of its fields as a table titled with
    the slice's name, its config folded away at the end."""
    tree = state_tree(duel.setup(3))
    sections = panel(duel.name, tree)
    assert [s["title"] for s in sections] == ["Hands", "skills", "skills config"]
    assert [s.get("folded", False) for s in sections] == [False, False, True]
    assert [row[0] for row in sections[0]["rows"]] == ["ann", "bo"]
    rows = {row[0]: row[1] for row in sections[1]["rows"]}
    assert rows["round"] == 0
    assert "owners" not in rows
    assert "config" not in rows


def test_the_viewer_shows_a_slice_of_your_own_a_row_a_field() -> None:
    @attrs.frozen
    class Podium:
        medals: tuple[Medals, ...] = (Medals(1), Medals(2))
        round: int = 4

    podium = attrs.evolve(medals, name="podium", state_type=Podium)
    game = Rules([podium]).new_game({"podium": Podium()})
    (table,) = panel("no-such-game", state_tree(game))
    rows = {row[0]: row[1] for row in table["rows"]}
    assert table["title"] == "podium"
    assert rows == {"medals[0]": "count=1", "medals[1]": "count=2", "round": 4}


@attrs.frozen
class Medals:
    count: int = 0


medals = Subsystem(
    name="medals",
    actions=(),
    lifecycle=(),
    step=lambda state, action: (state, ()),
    check=lambda state, action: None,
    legal_actions=lambda state, actor: (),
    state_type=Medals,
)


def test_en6_with_subsystem_adds_a_slice_and_keeps_every_rule() -> None:
    shipped = Skirmish().rules
    grown = shipped.with_subsystem(medals, initial=lambda slices: Medals(len(slices)))
    assert grown.names == (*shipped.names, "medals")
    for kind in (skills.Burn, combat.Declare, skills.Play):
        assert grown.handler_source(kind) == shipped.handler_source(kind)
    assert grown.reactions == shipped.reactions
    game = Skirmish().setup(5)
    made = grown.new_game({name: game[name] for name in shipped.names})
    assert made["medals"] == Medals(3)  # made from the three slices the setup gave
    assert made.skills is game.skills
    mine = grown.new_game({**{n: game[n] for n in shipped.names}, "medals": Medals(9)})
    assert mine.medals == Medals(9)  # a slice given is taken as given


def test_en6_with_subsystem_refuses_what_cannot_work() -> None:
    shipped = Skirmish().rules
    with pytest.raises(RegistryError, match="initial"):
        shipped.with_subsystem(medals, initial=Medals())  # type: ignore[arg-type]
    grown = shipped.with_subsystem(medals, initial=lambda slices: Medals())
    with pytest.raises(RegistryError, match="two subsystems are named 'medals'"):
        grown.with_subsystem(medals, initial=lambda slices: Medals())
    with pytest.raises(RegistryError, match="initials name"):
        Rules([skills.subsystem], initials={"nowhere": lambda slices: None})


def test_a_house_rule_variant_shows_the_panel_of_the_game_it_extends() -> None:
    @register_game
    class Variant(Skirmish):
        name = "probe-variant"

    tree = state_tree(Variant().setup(5))
    shipped = [s["title"] for s in panel("skirmish", tree)]
    assert [s["title"] for s in panel("probe-variant", tree)] == shipped
    assert shipped[0] == "Zones and units"


def test_en7_a_diplomacy_event_is_told_with_its_cards_by_id_by_default() -> None:
    """EN-7: a game composing diplomacy without telling its own events reads diplomacy's
    lines, each card named by its id (its name is in the game's config, which only the game
    knows); summit, which knows its config, names the card too."""
    from gamefold import diplomacy
    from gamefold.games.summit import Summit

    game = Summit()
    earned = diplomacy.CardEarned("p1", diplomacy.Counter.RANDOM, 12)
    told = GameDef.describe(game, earned)
    assert told == diplomacy.LINES[diplomacy.CardEarned](None, earned) != repr(earned)
    assert "card #12" in told
    assert "(#12)" in game.describe(earned)

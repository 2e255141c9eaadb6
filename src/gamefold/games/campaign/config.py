"""The campaign config: the factions' summit, the battles' skirmish, and the CP defaults."""

from __future__ import annotations

import attrs

from gamefold._fields import is_int, require
from gamefold.combat import Fighter, Side, Zone
from gamefold.games.skirmish import MAX_SEATS, SkirmishConfig
from gamefold.games.summit import AGREEMENT_EFFECTS, Scenario, SummitConfig, default_diplomacy

__all__ = [
    "GUARD",
    "MAX_FIGURE",
    "SCENARIOS",
    "CampaignConfig",
    "default_battle",
    "default_summit",
    "long_war",
]

GUARD = "guard"
"""The stem of the defending troops' combatant ids: ``guard1``, ``guard2`` … (CP-4)."""
MAX_FIGURE = 1_000
"""The largest hit points, slots or Rounds a config may name (EN-8)."""


def default_summit() -> SummitConfig:
    """Three factions on the Summit's map for 6 Rounds, with a hand limit of 10 cards (the
    low end of DP-13's range: a short war's hands fill up); every other summit default."""
    diplomacy = attrs.evolve(default_diplomacy(), hand_limit=10)
    return SummitConfig(players=3, diplomacy=diplomacy, scenario=Scenario(max_rounds=6))


def default_battle() -> SkirmishConfig:
    """The skirmish's defaults, with 20-card Skill decks (SD-1): a champion's deck wears out
    over a war of many battles (SD-5, SD-6, CP-9)."""
    base = SkirmishConfig()
    decks = attrs.evolve(base.skills, deck_size=20)
    return attrs.evolve(base, skills=decks)


@attrs.frozen(kw_only=True)
class CampaignConfig:
    """Everything a campaign is played with, validated when built. Keyword-only fields."""

    summit: SummitConfig = attrs.field(factory=default_summit)
    """The factions (``p1`` … ``pN``), the map, the diplomacy economy and the end (DP, SM)."""
    battle: SkirmishConfig = attrs.field(factory=default_battle)
    """The Skill decks, the combat and the rules between them in a battle (SD, CB, SK); its
    party and enemies are replaced by the factions' champions and the guards (CP-2, CP-4)."""
    garrison_slots: int = 3
    """CP-4: the most defending troops that fight a battle as combatants (1 or more)."""
    rearward_guards: int = 1
    """CP-4: how many of the fielded guards (the last ones) hold Rearward, as archers do
    (CB-4, CB-6); the others stand in Forward (0 or more)."""
    troop_hp: int = 4
    """CP-4: the hit points of a defending troop in battle (1 or more)."""
    fort_hp: int = 2
    """CP-4: hit points each fort on the territory adds to every defending troop (0 or more)."""
    champion_hp: int = 10
    """CP-3: a champion's own hit points in battle (1 or more)."""
    hp_per_troop: int = 2
    """CP-3, CP-5: the hit points each attacking troop adds to its champion, and the damage
    that costs one of them (1 or more)."""
    ally_effects: tuple[str, ...] = ("truce", "partnership", "support")
    """CP-10: the pact effects (summit's ``scenario.effects``: Manufacturing Partnership,
    Covert Support) whose running, public pacts bring the partner's living champion into
    the attacker's battles, unless the partner is the defender; ``()``: nobody joins."""
    max_battle_rounds: int = 4
    """CP-7: the Rounds a battle lasts at most; then the attacker falls back (1 or more)."""
    flee_keeps_troops: bool = True
    """CP-8: whether the surviving troops of a champion who fled fall back to the source
    (else they are lost with the battle)."""
    defender_joins: bool = True
    """CP-11: whether the defending faction's living champion fights beside its guards
    (on the enemies' side, with its own Skill deck); ``False``: the guards fight alone."""
    defender_hp: int = 10
    """CP-11: the defending champion's hit points in battle (1 or more)."""
    defender_commands: bool = True
    """CP-12: whether the defending faction commands its guards' seat (the GM's units and
    deck: its policy chooses, its view shows them); ``False``: the war-master ``"gm"`` does."""

    def __attrs_post_init__(self) -> None:
        require(isinstance(self.summit, SummitConfig), "summit", "is a SummitConfig", "EN-4")
        require(isinstance(self.battle, SkirmishConfig), "battle", "is a SkirmishConfig", "EN-4")
        for field, low, high, rule in (
            ("garrison_slots", 1, MAX_SEATS, "CP-4"),  # the guards are the battle's enemies
            ("troop_hp", 1, MAX_FIGURE, "CP-4"),
            ("fort_hp", 0, MAX_FIGURE, "CP-4"),
            ("rearward_guards", 0, MAX_FIGURE, "CP-4"),
            ("champion_hp", 1, MAX_FIGURE, "CP-3"),
            ("hp_per_troop", 1, MAX_FIGURE, "CP-3"),
            ("max_battle_rounds", 1, MAX_FIGURE, "CP-7"),
            ("defender_hp", 1, MAX_FIGURE, "CP-11"),
        ):
            value = getattr(self, field)
            message = f"{field} is an integer {low} to {high}, not {value!r}"
            require(is_int(value) and low <= value <= high, field, message, rule)
        allies = self.ally_effects
        ok = isinstance(allies, tuple) and all(e in AGREEMENT_EFFECTS for e in allies)
        ok = ok and len(set(allies)) == len(allies)  # so at most one entry per effect (EN-8)
        message = f"ally_effects names pact effects of {AGREEMENT_EFFECTS}, each once"
        require(ok, "ally_effects", message, "CP-10")
        for field, rule in (
            ("flee_keeps_troops", "CP-8"),
            ("defender_joins", "CP-11"),
            ("defender_commands", "CP-12"),
        ):
            require(isinstance(getattr(self, field), bool), field, f"{field} is a bool", rule)
        self.skirmish_config()  # the battle's own checks, with the champions and the guards

    @property
    def factions(self) -> tuple[str, ...]:
        """The factions in seat order; each faction's champion bears its name (CP-2)."""
        return self.summit.names

    @property
    def guards(self) -> tuple[str, ...]:
        """The ids of the defending troops' combatants, ``guard1`` … (CP-4)."""
        return tuple(f"{GUARD}{i}" for i in range(1, self.garrison_slots + 1))

    def guard_zone(self, index: int, fielded: int) -> Zone:
        """CP-4: the zone of guard ``index`` of ``fielded``: the last ``rearward_guards`` hold
        Rearward, unless that would leave nobody in Forward."""
        rear = min(self.rearward_guards, fielded - 1)
        return Zone.REARWARD if index >= fielded - rear else Zone.FORWARD

    def guard_fighters(self, fielded: int, hp: int) -> tuple[Fighter, ...]:
        """CP-4: the first ``fielded`` guards as the enemies' combatants, each of ``hp`` hit
        points, in its zone (:meth:`guard_zone`), with the party's abilities."""
        abilities = self.battle.party_abilities
        return tuple(
            Fighter(g, Side.ENEMIES, self.guard_zone(i, fielded), max_hp=hp, abilities=abilities)
            for i, g in enumerate(self.guards[:fielded])
        )

    def skirmish_config(self) -> SkirmishConfig:
        """The battle's skirmish config: the champions as the party, each activating in seat
        order (no leader's choice), all in Forward; the guards as the enemies (CP-2, CP-4)."""
        return attrs.evolve(
            self.battle,
            names=self.factions,
            party_size=len(self.factions),
            leader=0,
            side_choice=False,
            rearward=(),
            enemies=self.guard_fighters(self.garrison_slots, self.troop_hp),
        )


def long_war() -> CampaignConfig:
    """The ``long`` scenario: the defaults over 12 Rounds, where hands reach the limit
    (DP-13) and champions' decks wear out (SD-5, SD-6)."""
    summit = default_summit()
    scenario = attrs.evolve(summit.scenario, max_rounds=12)
    return CampaignConfig(summit=attrs.evolve(summit, scenario=scenario))


SCENARIOS: dict[str, CampaignConfig] = {"default": CampaignConfig(), "long": long_war()}
"""The campaign's named configs (``--scenario NAME``): ``default`` and ``long``."""

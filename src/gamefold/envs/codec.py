"""The action codec: every choice of a game's agents numbered in one fixed universe.

:class:`ActionCodec` reads the domains the action records declare on their fields
(:mod:`gamefold.domains`) and lays out, for any registered game, one block of indices per
player action type (sorted by name), each field a digit of a mixed-radix number: a
reference or listed field takes the smaller of its domain's cap and the bound the game's
config sets it (:meth:`GameDef.action_sizes <gamefold.games.GameDef.action_sizes>`). The
universe is the same for every agent and every seed: it depends on the declarations and the
game's config alone.
References (a card in hand, an open proposal) resolve against the actor's view, and
:class:`Listed` fields against the actor's legal actions, both gathered in a
:class:`Context` built once per decision. A codec writes one encoder per action type
when built.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from functools import cached_property
from operator import attrgetter
from typing import Any

import attrs

from gamefold.core import Action
from gamefold.domains import Choice, Domain, Listed, Maybe, Ref, declared
from gamefold.envs._context import Context, Kept
from gamefold.games.base import GameDef
from gamefold.registry import no_actions

__all__ = ["LAYOUT_VERSION", "ActionCodec", "Block", "Context", "action_types"]

LAYOUT_VERSION = 1
"""The version of the layout scheme; :attr:`ActionCodec.layout` also digests the blocks."""


@attrs.frozen
class Block:
    """One action type's indices: ``offset`` up to ``offset + size``, a digit a field, each
    field with its domain at the size the game gives it (a resized copy of the declared
    one when the game bounds it below its cap)."""

    kind: type[Action]
    fields: tuple[tuple[str, Domain], ...]
    offset: int
    size: int


def action_types(game: GameDef[Any]) -> tuple[type[Action], ...]:
    """The player action types of ``game``: those its registry routes whose every field
    declares a domain, sorted by name then module.

    An action type the game overrides with a rule that lists nothing
    (:func:`~gamefold.registry.no_actions`: a skirmish refuses a bare ``PayCost`` and pays
    through its own ``UseAbility``) is never a choice of its players, and is left out."""
    rules = game.rules
    found: set[type[Action]] = set()
    for sub in rules.subsystems:
        found.update(sub.actions)
        found.update(sub.lifecycle)
    found.update(rule.action for rule in (*rules.rules, *rules.overrides))
    found.difference_update(
        rule.action for rule in rules.overrides if rule.legal_actions is no_actions
    )
    chosen = (kind for kind in found if declared(kind) is not None)
    return tuple(sorted(chosen, key=lambda kind: (kind.__name__, kind.__module__)))


def _encoder(block: Block, depth: int | None = None) -> Callable[[Action, Context], int]:
    """``encode(action, ctx)`` for ``block``'s type, written out once: each field read
    inline, its digit looked up in the decision's table of its domain (a fixed domain's
    table built now; a listed field's found by the earlier fields' values).

    With ``depth``, the encoder numbers the first ``depth`` fields alone: the index of the
    first action of the block that starts so (the later fields' digits all 0)."""
    fields = block.fields if depth is None else block.fields[:depth]
    names: dict[str, Any] = {"kind": block.kind, "bad": _outside}
    values = [f"v{i}" for i in range(len(fields))]
    lines = ["tables = ctx._index"]
    lines += [f"{value} = action.{name}" for value, (name, _) in zip(values, fields, strict=True)]
    if not fields:
        lines.append("n = 0")  # a block of no field numbers its one action
    for i, (name, dom) in enumerate(fields):
        names[f"D{i}"] = dom
        lines += _digit(i, name, dom, values[:i], names)
        # A fixed domain's table holds only digits below its size; a resolved one may
        # hold more candidates than the field numbers.
        beyond = "" if _fixed(dom) is not None else f" or d >= {dom.size}"
        lines.append(f"if d is None{beyond}: bad(action, {name!r}, D{i})")
        lines.append(f"n = n * {dom.size} + d" if i else "n = d")
    scale = 1
    for _, dom in block.fields[len(fields) :]:
        scale *= dom.size
    lines.append(f"return {block.offset} + n * {scale}")
    body = "\n".join(f"    {line}" for line in lines)
    exec(
        compile(f"def encode(action, ctx):\n{body}\n", f"<encode {block.kind.__name__}>", "exec"),
        names,
    )
    encode: Callable[[Action, Context], int] = names["encode"]
    return encode


def _digit(i: int, name: str, dom: Domain, before: list[str], names: dict[str, Any]) -> list[str]:
    """The lines setting ``d``, the digit of field ``i`` (value ``v{i}``), or ``None``."""
    fixed = _fixed(dom)
    if fixed is not None:
        names[f"T{i}"] = {value: digit for digit, value in enumerate(fixed)}
        if all(value is None or isinstance(value, Enum) for value in fixed):
            # An enum member hashes by a Python-level method; members are singletons, so
            # their ids find them first, and an equal value of another kind falls back.
            names[f"I{i}"] = {id(value): digit for digit, value in enumerate(fixed)}
            return [f"d = I{i}.get(id(v{i}))", f"if d is None: d = T{i}.get(v{i})"]
        return [f"d = T{i}.get(v{i})"]
    if isinstance(dom, Listed):
        prefix = "".join(f"{value}, " for value in before)
        return [
            f"t = tables.get((kind, {name!r}, ({prefix})))",
            f"if t is None: t = ctx.index(D{i}, kind, {name!r}, ({prefix}))",
            f"d = t.get(v{i})",
        ]
    for j in range(i):  # an earlier field of the same domain found its table already
        if names[f"D{j}"] is dom and f"K{j}" in names:
            return [f"d = t{j}.get(v{i})"]
    names[f"K{i}"] = id(dom)
    resolve = (
        f"ctx._ref_index(D{i})" if isinstance(dom, Ref) else f"ctx.index(D{i}, kind, {name!r})"
    )
    return [f"t{i} = tables.get(K{i})", f"if t{i} is None: t{i} = {resolve}", f"d = t{i}.get(v{i})"]


@attrs.frozen
class _Plan:
    """How the legal actions of a block are numbered: ``encode`` gives an action's index;
    for a block whose last field is listed (and no other), ``encode`` numbers the fields
    before it and ``last`` reads it, ``name`` and ``listed`` its name and domain, ``cap``
    its size."""

    encode: Callable[[Action, Context], int]
    last: Callable[[Any], Any] | None = None
    name: str = ""
    listed: Domain = attrs.field(factory=Domain)
    cap: int = 0


def _plan(block: Block, encode: Callable[[Action, Context], int]) -> _Plan:
    """The plan of ``block``, whose whole encoder is ``encode``."""
    listed = [i for i, (_, dom) in enumerate(block.fields) if isinstance(dom, Listed)]
    if listed != [len(block.fields) - 1]:
        return _Plan(encode)
    name, dom = block.fields[-1]
    return _Plan(_encoder(block, listed[0]), attrgetter(name), name, dom, dom.size)


def _fixed(dom: Domain) -> tuple[Any, ...] | None:
    """The values of ``dom`` when no decision changes them (a choice, or maybe one), by
    index; else ``None``."""
    if isinstance(dom, Choice):
        return dom.values
    if isinstance(dom, Maybe):
        inner = _fixed(dom.inner)
        return None if inner is None else (None, *inner)
    return None


def _outside(action: Action, name: str, dom: Domain) -> None:
    raise ValueError(
        f"{action!r}: its {name} is not among the {dom.size} values its domain numbers here"
    )


class _Sizing:
    """Each field's domain at the size its game gives it (:meth:`GameDef.action_sizes
    <gamefold.games.GameDef.action_sizes>`): a reference or listed domain takes the
    smaller of its cap and the game's bound, and a maybe one its inner domain's."""

    def __init__(self, sizes: Mapping[Any, int]) -> None:
        self._sizes = sizes
        # One resized copy a domain and size: the decision context keys a reference's
        # values by the domain's identity, so every field declaring it shares them.
        self._made: dict[tuple[int, int], Domain] = {}

    def __call__(self, kind: type, name: str, dom: Domain) -> Domain:
        if isinstance(dom, Maybe):
            inner = self(kind, name, dom.inner)
            if inner is dom.inner:
                return dom
            return self._made.setdefault((id(dom), inner.size), Maybe(inner))
        if not isinstance(dom, Ref | Listed):
            return dom
        bound = self._sizes.get((kind, name))
        if bound is None and isinstance(dom, Ref):
            bound = self._sizes.get(dom)
        if bound is None or bound >= dom.cap:
            return dom
        size = max(int(bound), 1)  # a field takes one index even when it can take no value
        made = self._made.get((id(dom), size))
        if made is None:
            made = attrs.evolve(dom, cap=size)
            self._made[id(dom), size] = made
        return made


class ActionCodec:
    """Every player action of ``game`` as an index in ``range(size)``, the same for every
    agent and seed; see the module docstring."""

    def __init__(self, game: GameDef[Any]) -> None:
        blocks: list[Block] = []
        offset = 0
        sizing = _Sizing(game.action_sizes())
        for kind in action_types(game):
            fields = tuple((name, sizing(kind, name, dom)) for name, dom in declared(kind) or ())
            size = 1
            for _, dom in fields:
                size *= dom.size
            blocks.append(Block(kind, fields, offset, size))
            offset += size
        self.blocks: tuple[Block, ...] = tuple(blocks)
        """The action types' blocks, in index order."""
        self.size: int = offset
        """The number of indices: every action of any agent is one of ``range(size)``."""
        self._encoders = {block.kind: _encoder(block) for block in blocks}
        self._offsets = [block.offset for block in blocks]
        self.layout: str = f"{LAYOUT_VERSION}:{self._digest()}"
        """The layout version: the scheme's version and a digest of the blocks, so that a
        trained agent can refuse a game whose numbering changed."""

    def _digest(self) -> str:
        text = ";".join(
            f"{block.kind.__name__}@{block.offset}:"
            + ",".join(f"{name}/{dom.size}" for name, dom in block.fields)
            for block in self.blocks
        )
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def context(self, view: Any, actor: str, legal: Sequence[Action]) -> Context:
        """The decision of ``actor`` seeing ``view`` with ``legal`` actions."""
        return Context(view, actor, legal, self._kept)

    def encode(self, action: Action, ctx: Context) -> int:
        """The index of ``action``; ``ValueError`` when it is outside the universe."""
        encode = self._encoders.get(type(action))
        if encode is None:
            raise ValueError(f"{type(action).__name__} is not a player action of this game")
        return encode(action, ctx)

    def decode(self, index: int, ctx: Context) -> Action:
        """The action numbered ``index`` at this decision; ``ValueError`` when that index
        names no action here (a reference beyond what the view holds)."""
        if not 0 <= index < self.size:
            raise ValueError(f"action index {index} is outside range({self.size})")
        block = self.blocks[bisect_right(self._offsets, index) - 1]
        number = index - block.offset
        digits: list[int] = []
        for _, dom in reversed(block.fields):
            number, digit = divmod(number, dom.size)
            digits.append(digit)
        kwargs: dict[str, Any] = {}
        prefix: tuple[Any, ...] = ()
        for (name, dom), digit in zip(block.fields, reversed(digits), strict=True):
            values = ctx.values(dom, block.kind, name, prefix)
            if digit >= len(values):
                raise ValueError(f"action index {index}: no {name} number {digit} here")
            kwargs[name] = values[digit]
            prefix = (*prefix, values[digit])
        return block.kind(**kwargs)

    @cached_property
    def _plans(self) -> dict[type[Action], _Plan]:
        """How :meth:`legal_indices` numbers each action type (see :class:`_Plan`)."""
        return {block.kind: _plan(block, self._encoders[block.kind]) for block in self.blocks}

    @cached_property
    def _kept(self) -> Kept:
        """Each reference's last resolution for each actor (see :meth:`Context._ref`)."""
        return {}

    def legal_indices(self, ctx: Context) -> tuple[int, ...]:
        """The indices of the context's legal actions, sorted: the action mask's ones."""
        found = ctx._legal
        if found is None:
            plans, listed_at = self._plans, ctx._listed_at
            # A block whose last field is listed: its actions grouped by the index their
            # other fields give, then numbered within each group by the sorted distinct
            # values of that field (what Context._listed does, without the prefix tuples).
            groups: dict[int, tuple[dict[Any, Action], _Plan]] = {}
            for action in ctx.legal:
                plan = plans.get(type(action))
                if plan is None:
                    raise ValueError(f"{type(action).__name__} is not a player action of this game")
                if plan.last is None:
                    listed_at.setdefault(plan.encode(action, ctx), action)
                    continue
                start = plan.encode(action, ctx)
                group = groups.get(start)
                if group is None:
                    group = groups[start] = ({}, plan)
                group[0].setdefault(plan.last(action), action)
            for start, (chosen, plan) in groups.items():
                if len(chosen) == 1 and plan.cap:  # a group of one: its value ranks first
                    listed_at.setdefault(start, *chosen.values())
                    continue
                ranked = sorted(chosen, key=repr)
                if len(ranked) > plan.cap:
                    _outside(chosen[ranked[plan.cap]], plan.name, plan.listed)
                for rank, value in enumerate(ranked):
                    listed_at.setdefault(start + rank, chosen[value])
            found = ctx._legal = tuple(sorted(listed_at))
        return found

    def legal_action(self, index: int, ctx: Context) -> Action:
        """The legal action numbered ``index`` (the listed action itself, which decodes
        from it); ``ValueError`` when it names none."""
        self.legal_indices(ctx)
        found = ctx._listed_at.get(index)
        if found is None:
            raise ValueError(f"action {index} is not a legal action of {ctx.actor} now")
        return found

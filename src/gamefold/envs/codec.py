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
from operator import attrgetter
from typing import Any

import attrs

from gamefold.core import Action
from gamefold.domains import Actor, Choice, Domain, Listed, Maybe, Ref, declared
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


class Context:
    """One decision: the actor, its view and legal actions, each domain resolved once."""

    __slots__ = (
        "_groups",
        "_index",
        "_legal",
        "_listed_at",
        "_values",
        "actor",
        "legal",
        "view",
    )

    def __init__(self, view: Any, actor: str, legal: Sequence[Action]) -> None:
        self.view, self.actor, self.legal = view, actor, tuple(legal)
        self._values: dict[Any, tuple[Any, ...]] = {}
        self._index: dict[Any, dict[Any, int]] = {}
        self._groups: dict[Any, dict[tuple[Any, ...], tuple[Any, ...]]] = {}
        self._legal: tuple[int, ...] | None = None
        self._listed_at: dict[int, Action] = {}

    def values(
        self, dom: Domain, kind: type, name: str, prefix: tuple[Any, ...] = ()
    ) -> tuple[Any, ...]:
        """The values of ``dom`` for field ``name`` of ``kind``, by index; for a
        :class:`Listed` field, among the legal actions whose earlier fields are ``prefix``."""
        key = (kind, name, prefix) if isinstance(dom, Listed) else id(dom)
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = self._resolve(dom, kind, name, prefix)
        return found

    def index(
        self, dom: Domain, kind: type, name: str, prefix: tuple[Any, ...] = ()
    ) -> dict[Any, int]:
        """Value → index for field ``name`` of ``kind`` (after ``prefix``, when listed)."""
        key = (kind, name, prefix) if isinstance(dom, Listed) else id(dom)
        found = self._index.get(key)
        if found is None:
            values = self.values(dom, kind, name, prefix)
            found = self._index[key] = {value: i for i, value in enumerate(values)}
        return found

    def _resolve(
        self, dom: Domain, kind: type, name: str, prefix: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        if isinstance(dom, Actor):
            return (self.actor,)
        if isinstance(dom, Choice):
            return dom.values
        if isinstance(dom, Maybe):
            return (None, *self.values(dom.inner, kind, name, prefix))
        if isinstance(dom, Ref):
            return tuple(dom.resolve(self.view, self.actor))
        if isinstance(dom, Listed):
            return self._listed(kind, name, len(prefix)).get(prefix, ())
        raise TypeError(f"unknown domain {dom!r}")

    def _listed(self, kind: type, name: str, depth: int) -> dict[tuple[Any, ...], tuple[Any, ...]]:
        """For each prefix of the first ``depth`` fields, the distinct values of ``name``
        among the legal actions of ``kind`` starting so, sorted (EN-3: never set order)."""
        key = (kind, name, depth)
        found = self._groups.get(key)
        if found is None:
            names = [field.name for field in attrs.fields(kind)][:depth]
            start = _prefix_reader(names)
            read = attrgetter(name)
            seen: dict[tuple[Any, ...], set[Any]] = {}
            for action in self.legal:
                if type(action) is kind:
                    seen.setdefault(start(action), set()).add(read(action))
            found = self._groups[key] = {}
            # Every prefix's values and index at once: encoding the legal actions asks for
            # each prefix in turn, and each would otherwise come through index and values.
            for prefix, distinct in seen.items():
                values = found[prefix] = tuple(sorted(distinct, key=repr))
                self._values[kind, name, prefix] = values
                self._index[kind, name, prefix] = {value: i for i, value in enumerate(values)}
        return found


def _prefix_reader(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """``read(action)``: the tuple of ``action``'s fields ``names``, in one C call."""
    if not names:
        return lambda action: ()
    get = attrgetter(*names)
    if len(names) == 1:
        return lambda action: (get(action),)
    read: Callable[[Any], tuple[Any, ...]] = get
    return read


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


def _encoder(block: Block) -> Callable[[Action, Context], int]:
    """``encode(action, ctx)`` for ``block``'s type, written out once: each field read
    inline, its digit looked up in the decision's table of its domain (a fixed domain's
    table built now; a listed field's found by the earlier fields' values)."""
    names: dict[str, Any] = {"kind": block.kind, "bad": _outside}
    values = [f"v{i}" for i in range(len(block.fields))]
    lines = ["tables = ctx._index"]
    lines += [
        f"{value} = action.{name}" for value, (name, _) in zip(values, block.fields, strict=True)
    ]
    lines.append("n = 0")
    for i, (name, dom) in enumerate(block.fields):
        names[f"D{i}"] = dom
        fixed = _fixed(dom)
        if fixed is not None:
            names[f"T{i}"] = {value: digit for digit, value in enumerate(fixed)}
            lines.append(f"t = T{i}")
        elif isinstance(dom, Listed):
            prefix = "".join(f"{value}, " for value in values[:i])
            lines.append(f"t = tables.get((kind, {name!r}, ({prefix})))")
            lines.append(f"if t is None: t = ctx.index(D{i}, kind, {name!r}, ({prefix}))")
        else:
            names[f"K{i}"] = id(dom)
            lines.append(f"t = tables.get(K{i})")
            lines.append(f"if t is None: t = ctx.index(D{i}, kind, {name!r})")
        lines.append(f"d = t.get(v{i})")
        lines.append(f"if d is None or d >= {dom.size}: bad(action, {name!r}, D{i})")
        lines.append(f"n = n * {dom.size} + d")
    lines.append(f"return {block.offset} + n")
    body = "\n".join(f"    {line}" for line in lines)
    exec(
        compile(f"def encode(action, ctx):\n{body}\n", f"<encode {block.kind.__name__}>", "exec"),
        names,
    )
    encode: Callable[[Action, Context], int] = names["encode"]
    return encode


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
        return Context(view, actor, legal)

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

    def legal_indices(self, ctx: Context) -> tuple[int, ...]:
        """The indices of the context's legal actions, sorted: the action mask's ones."""
        found = ctx._legal
        if found is None:
            encoders, listed_at = self._encoders, ctx._listed_at
            for action in ctx.legal:
                encode = encoders.get(type(action))
                if encode is None:
                    raise ValueError(f"{type(action).__name__} is not a player action of this game")
                listed_at.setdefault(encode(action, ctx), action)
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

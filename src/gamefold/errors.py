"""The exceptions gamefold raises.

Every exception subclasses :class:`GamefoldError` and a builtin, so callers can catch
either. :class:`IllegalAction` is the one a game loop meets most: it carries a stable
machine-readable ``code`` (``"domain/reason"``), the ``rule`` ID it enforces (see the rules
catalogue) and a sentence a player understands (EN-4). A :class:`Refusal` is the same
three facts before anything is raised: what a decide function or a wrapper's ``refuse``
returns, and what the pipeline or the registry raises as an :class:`IllegalAction`.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ConfigError",
    "GamefoldError",
    "IllegalAction",
    "PolicyError",
    "RecordError",
    "Refusal",
    "RegistryError",
]


class GamefoldError(Exception):
    """Base class of every exception raised by gamefold."""


class IllegalAction(GamefoldError, ValueError):
    """An action that the rules forbid, or that is malformed, in the given state (EN-4).

    The state it was applied to is never modified. ``code`` is stable across releases and
    safe to match on; ``rule`` names the rule broken (``"SD-8"``); ``action`` is the
    offending action, when there is one.
    """

    code: str
    rule: str
    action: object

    def __init__(self, code: str, rule: str, message: str, action: object = None) -> None:
        super().__init__(message)
        self.code = code
        self.rule = rule
        self.action = action

    @property
    def message(self) -> str:
        """The sentence explaining why the action is illegal."""
        return str(self.args[0])

    def __str__(self) -> str:
        return f"{self.message} [{self.code}, {self.rule}]"

    def __repr__(self) -> str:
        return f"IllegalAction(code={self.code!r}, rule={self.rule!r}, message={self.message!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.code, self.rule, self.message, self.action))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, IllegalAction):
            return NotImplemented
        return (self.code, self.rule, self.message, self.action) == (
            other.code,
            other.rule,
            other.message,
            other.action,
        )

    def __hash__(self) -> int:
        return hash((self.code, self.rule, self.message))


class Refusal:
    """Why an action is refused, before anything is raised: a code (``"domain/reason"``),
    a sentence a player understands, and the rule it cites.

    A decide function returns one instead of raising, ``rule`` left out unless its code
    cites several rules: the pipeline builds the :class:`IllegalAction` from it, the rule
    from its catalogue, only when an action is refused, so a legal step builds nothing of
    the kind. A wrapper's ``refuse`` returns one naming its rule
    (``Catalogue.refusal`` builds it), which the registry raises the same way.
    """

    __slots__ = ("code", "detail", "rule")

    def __init__(self, code: str, detail: str, rule: str | None = None) -> None:
        self.code = code
        self.detail = detail
        self.rule = rule

    @classmethod
    def of(cls, problem: IllegalAction) -> Refusal:
        """The refusal a subsystem's :class:`IllegalAction` states, for a game-level rule
        that asked the subsystem and refuses for its reason (code, sentence and rule kept)."""
        return cls(problem.code, problem.message, problem.rule)

    def __repr__(self) -> str:
        rule = "" if self.rule is None else f", rule={self.rule!r}"
        return f"Refusal({self.code!r}, {self.detail!r}{rule})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Refusal):
            return NotImplemented
        return (self.code, self.detail, self.rule) == (other.code, other.detail, other.rule)

    __hash__ = None  # type: ignore[assignment]


class ConfigError(GamefoldError, ValueError):
    """A configuration that cannot describe a valid game, raised when the config is built.

    ``field`` names the offending field and ``rule`` the rule whose bounds it breaks,
    when there is one.
    """

    field: str
    rule: str

    def __init__(self, field: str, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.field = field
        self.rule = rule

    def __str__(self) -> str:
        where = f"{self.field}, {self.rule}" if self.rule else self.field
        return f"{self.args[0]} [{where}]"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.field, str(self.args[0]), self.rule))


class RegistryError(GamefoldError, TypeError):
    """A composition of subsystems and rules that cannot work (EN-6).

    Raised when a :class:`~gamefold.registry.Rules` is built with conflicting handlers, an
    override or wrapper of nothing, or a lifecycle order that cannot work. An action whose
    type the game does not handle is an :class:`IllegalAction` (``engine/unknown-action``,
    EN-4), not a composition mistake.
    """


class RecordError(GamefoldError, ValueError):
    """A game record or config file that gamefold refuses to load (EN-8).

    ``code`` is stable and safe to match on (``"record/too-deep"``, ``"record/malformed"``
    …, listed in the records guide); ``path`` names the offending place in the JSON
    (``"actions[3].cards[1]"``), empty when the trouble is the whole file. Loading stops at
    the first problem, so there is exactly one error per refusal.
    """

    code: str
    path: str

    def __init__(self, code: str, message: str, path: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.path = path

    @property
    def message(self) -> str:
        """The sentence saying what is wrong."""
        return str(self.args[0])

    def __str__(self) -> str:
        where = f"{self.path}: " if self.path else ""
        return f"{where}{self.message} [{self.code}]"

    def __repr__(self) -> str:
        return f"RecordError(code={self.code!r}, message={self.message!r}, path={self.path!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.code, self.message, self.path))


class PolicyError(GamefoldError, RuntimeError):
    """A policy that failed while :func:`~gamefold.games.play` asked it for a choice.

    One type for every way a policy fails; ``problem`` says which: ``"raised"`` (the policy
    raised; the error is the ``__cause__``), ``"illegal"`` (it returned an action the rules
    refuse; the :class:`IllegalAction` is the ``__cause__``) or ``"not-a-pair"`` (it did not
    return an ``(action, rng)`` pair). ``game`` is the game's name, ``seed`` its seed,
    ``index`` its index in a simulation (``None`` outside one), ``step`` the index of the
    action asked for in the game's record, ``player`` the actor on the move and ``policy``
    the policy's name.
    """

    PROBLEMS = ("raised", "illegal", "not-a-pair")
    """Every value of :attr:`problem`."""

    def __init__(
        self,
        problem: str,
        detail: str,
        *,
        game: str,
        seed: int | str,
        step: int,
        player: str,
        policy: str,
        index: int | None = None,
    ) -> None:
        number = "" if index is None else f" {index}"
        super().__init__(
            f"policy {policy} of player {player!r} failed at step {step} of {game} game"
            f"{number} (seed {seed!r}): {detail}"
        )
        self.problem = problem
        self.detail = detail
        self.game = game
        self.seed = seed
        self.index = index
        self.step = step
        self.player = player
        self.policy = policy

    def __reduce__(self) -> tuple[Any, ...]:
        keywords = {
            "game": self.game,
            "seed": self.seed,
            "step": self.step,
            "player": self.player,
            "policy": self.policy,
            "index": self.index,
        }
        return (_policy_error, (self.problem, self.detail, keywords))


def _policy_error(problem: str, detail: str, keywords: dict[str, Any]) -> PolicyError:
    """Rebuild a pickled :class:`PolicyError` (keyword-only fields)."""
    return PolicyError(problem, detail, **keywords)

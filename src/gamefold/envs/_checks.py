"""The checks of what the adapters are given (package-private).

Counts an adapter is built with are bounded whole numbers, refused with a
:class:`~gamefold.ConfigError` naming the option when the adapter is built, so a typo never
turns into an endless run or a failure many steps later. Seeds and action indices are
whole numbers: a Python ``int`` or a NumPy integer (what RL code passes), never a ``bool``,
a float or a string, which ``int()`` would silently truncate or parse.
"""

from __future__ import annotations

import math
import numbers
from typing import Any

from gamefold._fields import quoted
from gamefold.errors import ConfigError

__all__ = ["FORMS", "LIMIT", "MAX_CAP", "MAX_COUNT", "count", "finite_reward", "form", "whole_seed"]

MAX_COUNT = 1_000_000
"""The largest step or decision cap, and the most seeds a chance node draws from: the
command line's ``--max-steps`` bound, a cap no option can turn into an endless run."""

LIMIT = float(2**31)
"""The largest magnitude of an observation's number slot, and its largest length slot
(``gamefold.envs.observations.LIMIT``)."""

MAX_CAP = 1_000
"""The most items of one tuple, set or mapping an observation holds (no deck is larger)."""


def count(field: str, value: object, low: int, high: int = MAX_COUNT, label: str = "") -> int:
    """``value`` as an ``int`` from ``low`` to ``high``; else a ``ConfigError`` on ``field``
    (``label`` names the value in the message when it is a part of the field)."""
    whole = int(value) if isinstance(value, numbers.Integral) else None
    if whole is not None and not isinstance(value, bool) and low <= whole <= high:
        return whole
    message = f"{label or field} is a whole number from {low:,} to {high:,}, not {quoted(value)}"
    raise ConfigError(field, message)


FORMS = ("dict", "flat")
"""The observation forms: ``Dict(observation, action_mask)``, or the ``Box`` alone."""


def form(value: object) -> str:
    """``value`` as one of :data:`FORMS`; else a ``ConfigError`` on ``observation``."""
    if isinstance(value, str) and value in FORMS:
        return value
    message = f"observation is 'dict' or 'flat', not {quoted(value)}"
    raise ConfigError("observation", message)


def whole_seed(seed: object) -> int:
    """``seed`` as an ``int``; ``TypeError`` for anything but an ``int`` or NumPy integer."""
    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
        return int(seed)
    raise TypeError(f"a seed is an int or a NumPy integer, not {quoted(seed)}")


def finite_reward(value: object, reward: Any, agent: str) -> float:
    """What ``reward`` gave ``agent``, as a ``float``; ``ValueError`` unless it is a finite
    number (a NaN or an infinity would poison every return a learner averages)."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        number = float(value)
        if math.isfinite(number):
            return number
    name = getattr(reward, "__name__", repr(reward))
    raise ValueError(f"reward {name} gave {agent} {value!r}: a reward is a finite number")

"""The optional extras a feature needs, and one clear error when one is missing.

``pip install gamefold`` brings the rules engine alone; simulations need the ``sim`` extra
(pandas, NumPy, tqdm, Matplotlib, pyarrow, SciPy, statsmodels, openskill) and Dask
scale-out the ``dask`` extra. Every feature that needs one imports its libraries through
:func:`require`, so a missing library is reported as :class:`MissingExtra`, naming the
install line, before any game is played.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from gamefold.errors import GamefoldError

__all__ = ["EXTRAS", "MissingExtra", "require"]

EXTRAS = {
    "sim": "pandas, NumPy, tqdm, Matplotlib, pyarrow, SciPy, statsmodels, openskill",
    "dask": "Dask distributed",
    "envs": "PettingZoo, Gymnasium, NumPy",
    "openspiel": "OpenSpiel, NumPy",
    "serve": "Starlette, uvicorn",
}
"""Each optional extra and what it installs."""


class MissingExtra(GamefoldError, ImportError):
    """A feature was used without the optional extra it needs.

    ``extra`` names the extra (``"sim"``), ``module`` the library that is not installed, and
    the message gives the line that installs it: ``pip install 'gamefold[sim]'``. The
    command line prints it as one error line and exits with status 2.
    """

    extra: str
    module: str
    feature: str

    def __init__(self, extra: str, module: str, feature: str) -> None:
        super().__init__(
            f"{feature} needs the {extra!r} extra ({EXTRAS[extra]}), and {module} is not "
            f"installed: pip install 'gamefold[{extra}]'",
            name=module,
        )
        self.extra = extra
        self.module = module
        self.feature = feature

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.extra, self.module, self.feature))


def require(extra: str, module: str, feature: str) -> ModuleType:
    """Import ``module`` for ``feature``; :class:`MissingExtra` when it is not installed.

    Only the absence of ``module`` itself (or of its package) is translated: a library that
    is installed but fails to import raises its own error, which is a different problem.
    """
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as err:
        top = module.partition(".")[0]
        if err.name not in (module, top):
            raise
        raise MissingExtra(extra, top, feature) from None

"""The ``gamefold`` command line (also ``python -m gamefold``).

.. code-block:: text

    gamefold games                                   list the registered games
    gamefold simulate GAME --games 2000 --seed 1     many games; a summary per player
    gamefold compare GAME --set PATH=VALUE           an A/B of a variant, with its interval
    gamefold play GAME --seed 7 [--json FILE]        one game, told turn by turn
    gamefold replay FILE                             replay and verify a game record
    gamefold view FILE [--out PAGE.html]             a time-travel viewer of a game record
    gamefold coverage GAME --games 100               how often each rule was reached
    gamefold new NAME [--dir DIR]                    write NAME.py, a game of your own

``--import MODULE`` (before the command, repeatable) imports a module first, so the games it
registers are known. ``play``, ``simulate``, ``compare`` and ``coverage`` take ``--config
FILE.json`` and ``--set PATH=VALUE`` (one config field by path, after the file); every command that
reads a file takes ``--max-bytes``, ``--max-depth``, ``--max-actions``, ``--max-string`` and
``--max-collections`` (see :class:`~gamefold.record.Limits`). Bad arguments and bad files
print one error line on stderr and exit with status 2, as does a command that needs an extra
that is not installed (the error names the install line); a record that does not replay
exits with status 1. Output cut short by a closed pipe (``| head``) ends quietly, and the
files a command writes are still written. Every file is written whole or not at all (a
temporary file beside it, renamed once complete); a file or standard output that cannot be
written (a full disk) is one error line and exit status 1. Ctrl-C stops a command with
status 130; ``simulate`` first writes the first games, up to the first one unfinished, to
``--out``.
"""

from __future__ import annotations

from gamefold.cli.app import main
from gamefold.cli.options import DEFAULT_SEED, OutputError, UsageError

__all__ = ["DEFAULT_SEED", "OutputError", "UsageError", "main"]

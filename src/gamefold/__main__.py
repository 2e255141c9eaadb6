"""``python -m gamefold``: the same command line as the ``gamefold`` script."""

import sys

from gamefold.cli import main

if __name__ == "__main__":
    sys.exit(main())

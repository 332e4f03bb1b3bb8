"""``python -m game COMMAND``: see game.cli."""

import sys

from game.cli.main import main

sys.exit(main())

"""``python -m py_engine``: the command line (py_engine/tools/cli.py). Not shipped to the browser."""
import sys

from .tools.cli import main

sys.exit(main())

"""The real facade on a pipe, for the page's controllers under Node (tests/web/engine.mjs): each
line in is a request as the browser's worker passes it across its bridge (JSON, with its "op"),
each line out the facade's reply (py_engine.facade.handle_json), in order."""
import sys

from py_engine.facade import handle_json


def main() -> None:
    for line in sys.stdin:
        sys.stdout.write(handle_json(line) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

"""The engine's tools, for developers and never shipped to the browser: the command line
(:mod:`~py_engine.tools.cli`, run as ``python -m py_engine``), benchmarks
(:mod:`~py_engine.tools.bench`), engine matches (:mod:`~py_engine.tools.match`), the evaluation's
fitting (:mod:`~py_engine.tools.tune`), and the puzzles' generator and prover
(:mod:`~py_engine.tools.puzzlegen`)."""

"""tests/data holds data, not tests: the frozen baseline engine (baseline_engine/py_engine) is
run by `python -m py_engine match ... baseline` as a separate program and must never be
imported as part of the suite (its package name is the real engine's)."""
collect_ignore_glob = ["*"]

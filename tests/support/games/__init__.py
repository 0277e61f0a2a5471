"""Games written the way a new engineer adds one: one engine-style module and its rules page
beside it, registered with :func:`bazas.engine.rulesets.register`. Nothing else in the project
is edited for them (see tests/test_new_ruleset.py)."""

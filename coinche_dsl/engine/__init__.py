"""The generic engine: compile a Ruleset to int tables, then deal, bid, play and score."""

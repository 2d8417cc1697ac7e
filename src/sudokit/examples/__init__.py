"""Example puzzles bundled with sudokit (see README.md here for their origins)."""

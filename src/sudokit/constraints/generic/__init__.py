"""The core's own forms as constraints, for rules no named kind describes (JSON ``links``, ``sums``, ...)."""

"""What the editors of every game share: round-trip YAML text, checking, saving,
bars and screens."""

"""printables (not built yet)."""

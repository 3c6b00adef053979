"""printables/templates (not built yet)."""

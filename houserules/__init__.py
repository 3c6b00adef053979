"""houserules (not built yet)."""

"""lookup (not built yet)."""

"""The commands, one module per capability; each exposes register(app)."""

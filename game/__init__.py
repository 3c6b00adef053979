"""The live game: a journal of events in SQLite, the state derived by replaying them."""

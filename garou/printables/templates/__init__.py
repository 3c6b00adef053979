"""The printables' Jinja templates and print CSS: package data, read by PackageLoader."""

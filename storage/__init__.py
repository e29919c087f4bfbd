"""Persistence (SQLAlchemy 2 async): repositories and the unit of work."""

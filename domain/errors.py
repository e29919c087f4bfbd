class DomainError(Exception):
    """Base for errors a user caused; the entry point turns them into Turkish replies."""

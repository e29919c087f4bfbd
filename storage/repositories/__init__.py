"""Repositories: each takes an AsyncSession and speaks in domain values and records.

Each module holds one repository; `storage.uow.UnitOfWork` binds them to its session.
"""

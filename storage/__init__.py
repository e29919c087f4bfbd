"""Persistence (SQLAlchemy 2 async): repositories and the unit of work.

    db = Database.from_url()            # $TURNUVA_DB_URL or the SQLite file in the data dir
    await migrate.upgrade_async()       # at start-up; `turnuva db upgrade` -> migrate.upgrade
    async with db.unit_of_work() as uow:
        await uow.results.record_first(cmd)
        await uow.commit()

No SQL outside this package; domain values in, domain values and `storage.records` out.
"""

from storage.uow import Database, UnitOfWork

__all__ = ["Database", "UnitOfWork"]

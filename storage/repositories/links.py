"""Public links: the token of a tournament's page, and the pages' cheap revision read."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import bindparam, func, literal, select, update

from storage.player_rows import BanDecisionRow, MatchEventRow, PlayerRow
from storage.rows import LotRow, MatchRow, PublicLinkRow, TeamRow, TournamentRow
from storage.sql import Repository, insert_if_absent

TOKEN_BYTES = 24  # 192 random bits, 32 URL-safe characters


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class LinkRepository(Repository):
    async def live(self, tournament_id: int) -> str | None:
        """The tournament's current token, if it has one."""
        return (await self._session.execute(_LIVE, {"tid": tournament_id})).scalar_one_or_none()

    async def ensure(self, tournament_id: int, at: datetime) -> str:
        """The live token, made now if there is none (two racing callers get the same one:
        the partial unique index lets only one insert through)."""
        found = await self.live(tournament_id)
        if found is not None:
            return found
        values = {"token": new_token(), "tournament_id": tournament_id, "created_at": at}
        await insert_if_absent(self._session, _links, values, ["tournament_id"], where=_LIVE_ONLY)
        token = await self.live(tournament_id)
        assert token is not None
        return token

    async def renew(self, tournament_id: int, at: datetime) -> str:
        """Retire the live token (its addresses answer 404 from now on) and make a new one."""
        await self._session.execute(
            update(PublicLinkRow)
            .where(PublicLinkRow.tournament_id == tournament_id, PublicLinkRow.retired_at.is_(None))
            .values(retired_at=at)
            .execution_options(synchronize_session=False)
        )
        return await self.ensure(tournament_id, at)

    async def tournament_of(self, token: str) -> int | None:
        """The tournament a live token opens; None for a retired or unknown one."""
        return (await self._session.execute(_BY_TOKEN, {"token": token})).scalar_one_or_none()

    async def revisions(self, tournament_ids: Iterable[int]) -> dict[int, tuple[str, str]]:
        """{tournament id: (fingerprint, live token)}: the fingerprint changes whenever
        what a page shows may have changed (a result, an undo, a delay or postponement
        bump a match's version; a rename, a lot, the end of the tournament; a player's
        goal, card or ban), and is one indexed query for every watched tournament, so
        pages poll it instead of loading the tournament."""
        ids = sorted(set(tournament_ids))
        if not ids:
            return {}
        rows = await self._session.execute(_REVISIONS, {"ids": ids})
        found: dict[int, tuple[str, str]] = {}
        for row in rows:
            parts = "|".join(str(v) for v in row[1:-1])
            found[row[0]] = (hashlib.blake2b(parts.encode(), digest_size=12).hexdigest(), row[-1])
        return found


_links = PublicLinkRow.__table__
_LIVE_ONLY = _links.c.retired_at.is_(None)  # the partial index of one live token each
_LIVE = select(PublicLinkRow.token).where(
    PublicLinkRow.tournament_id == bindparam("tid"), PublicLinkRow.retired_at.is_(None)
)
_BY_TOKEN = select(PublicLinkRow.tournament_id).where(
    PublicLinkRow.token == bindparam("token"), PublicLinkRow.retired_at.is_(None)
)


def _of(table: type, what: object) -> object:
    return (
        select(what).where(table.tournament_id == TournamentRow.id).scalar_subquery()  # type: ignore[attr-defined]
    )


_REVISIONS = select(
    TournamentRow.id,
    TournamentRow.status,
    TournamentRow.name,
    TournamentRow.tie_break,
    _of(MatchRow, func.count()),
    _of(MatchRow, func.coalesce(func.sum(MatchRow.version), 0)),
    _of(MatchRow, func.coalesce(func.max(MatchRow.id), 0)),
    _of(
        TeamRow,
        func.aggregate_strings(
            TeamRow.name + literal(":") + func.coalesce(TeamRow.group_label, ""), ","
        ),
    ),
    _of(LotRow, func.count()),
    # The players' goals, cards and bans (issue 22): an event added or taken back, a
    # player added or taken off a squad, a /ceza decision.
    _of(MatchEventRow, func.count()),
    _of(MatchEventRow, func.count(MatchEventRow.deleted_at)),
    _of(PlayerRow, func.count()),
    _of(PlayerRow, func.count(PlayerRow.removed_at)),
    _of(BanDecisionRow, func.count()),
    select(PublicLinkRow.token)
    .where(PublicLinkRow.tournament_id == TournamentRow.id, PublicLinkRow.retired_at.is_(None))
    .scalar_subquery(),
).where(TournamentRow.id.in_(bindparam("ids", expanding=True)))

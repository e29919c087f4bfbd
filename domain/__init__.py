"""The tournament itself, in pure Python: no I/O, no Telegram, no SQL, deterministic.

Fixtures and draws, the planner (OR-Tools CP-SAT), standings and tie-breaks, season
leagues, forfeits, the running tournament's rules (`tournament`) and typed settings
(`settings`), and the parsing of what Turkish organisers and captains type.
"""

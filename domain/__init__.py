"""Pure tournament model: fixtures, planning, standings, Turkish texts parsing. No I/O."""

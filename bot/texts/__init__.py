"""Every sentence a user reads, in Turkish, in this one package.

`common` holds the vocabulary (months, stages, criteria), `plan` the fixture, `table` the
standings, `advice` the format advice and `errors` the refusals with what to type instead.
"""

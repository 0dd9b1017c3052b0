"""bragref: a referee and hand-history ledger for Three Card Brag."""

__version__ = "0.6.0"

"""bragref's version: what the package says it is, and what keys the files kept beside a ledger (a leaf every
layer may read, so that none imports the package above it for it)."""

__version__ = "0.27.0"

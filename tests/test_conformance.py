"""The conformance suite bragref ships (`bragref.testing`, issue 56), run here over every registered game: its
checks are this module's tests."""

from bragref.testing import conformance

globals().update({name: check for name, check in vars(conformance).items() if name.startswith("test_")})

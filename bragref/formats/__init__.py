"""File formats as pure text: bhh (hand histories) and the TOML it is written in."""

# Self-explosion typed at the terminal: an action no ask waits for.
ww-type-explode = type `explode` to self-explode, or `explode <seat>` as the white wolf king to take a seat with you

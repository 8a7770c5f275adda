"""The parts of the runtime that differ between the embedded default and the distributed setup, each behind a
small interface with two implementations: change notification (:mod:`.notify`), presence (:mod:`.presence`),
room leases (:mod:`.leases`) and bot decisions (:mod:`.decisions`); :mod:`.driver` runs the automatic part of
every room on top of them."""

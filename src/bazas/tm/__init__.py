"""Seats for outside programs: the Blue Chip Bridge table-manager protocol.

- :mod:`~bazas.tm.protocol`: the protocol's messages as values (parse and print);
- :mod:`~bazas.tm.seatview`: what a client knows of a board, as the bots' ``SeatView``;
- :mod:`~bazas.tm.manager`: ``bazas tm serve``, a table manager (a table or a team match) whose
  seats are outside programs over TCP or our bots;
- :mod:`~bazas.tm.client`: ``bazas tm connect``, our bot as a client of any table manager.
"""

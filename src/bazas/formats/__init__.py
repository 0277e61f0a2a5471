"""File formats over the engine: ``pbn`` (Portable Bridge Notation games) and ``records`` (the JSON
session record read by ``bazas score``). Formats import the engine, never the other way round."""

"""bazas: a bridge platform."""
__version__ = "0.1.0"

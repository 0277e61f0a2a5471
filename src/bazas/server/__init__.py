"""The table server: FastAPI app factory, settings, the WebSocket protocol, one actor per table."""

from .app import create_app
from .settings import Settings

__all__ = ["Settings", "create_app"]

"""Reading a file a command is given, with one kind of error for all that can be wrong with it."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from bazas.engine.errors import BazasError

T = TypeVar("T")


class FileInputError(Exception):
    """What is wrong with a file a command was given, naming the file."""


def parsed_file(path: str, parse: Callable[[str], T]) -> T:
    """``parse`` of the UTF-8 text of ``path`` ("-": standard input). A :class:`FileInputError`
    says what is wrong: the file cannot be read, it is not UTF-8, or what ``parse`` found wrong in
    it (a ``BazasError`` or ``ValueError``, e.g. the PBN line at fault)."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise FileInputError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise FileInputError(f"{path} is not UTF-8 text: {exc.reason}") from None
    try:
        return parse(text)
    except (BazasError, ValueError) as exc:
        raise FileInputError(f"{path}: {exc}") from None

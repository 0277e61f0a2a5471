"""Issue 12 point 8: the Spanish suit letters on the keyboard (static/js/parse.js, run by node, no
browser): T tréboles ♣, D diamantes ♦, C corazones ♥, P picas ♠ at a Spanish table; the English
letters stay as they were at an English one."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

PARSE = Path(__file__).resolve().parents[2] / "src" / "bazas" / "server" / "static" / "js" / "parse.js"
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="node is not installed (only used to check the UI's JavaScript)")
def test_issue12_8_spanish_suit_letters() -> None:
    cases = [["1c", "auction", "es"], ["1T", "auction", "es"], ["2d", "auction", "es"], ["3P", "auction", "es"],
             ["P", "auction", "es"], ["1SA", "auction", "es"], ["1S", "auction", "es"],
             ["CA", "play", "es"], ["pa", "play", "es"], ["T10", "play", "es"], ["10c", "play", "es"],
             ["DT", "play", "es"], ["1C", "auction", "en"], ["CA", "play", "en"], ["1P", "auction", "en"]]
    script = f"""
      import {{ parseInput }} from {json.dumps(PARSE.as_uri())};
      console.log(JSON.stringify({json.dumps(cases)}.map(([t, p, l]) => parseInput(t, p, l))));
    """
    run = subprocess.run([str(NODE), "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    got = [None if r is None else r["value"] for r in json.loads(run.stdout)]
    assert got == ["1H", "1C", "2D", "3S", "P", "1NT", "1S",
                   "HA", "SA", "CT", "HT", "DT", "1C", "CA", None]

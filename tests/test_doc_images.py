"""The script that draws the documentation's pictures still runs, and draws valid SVG."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

SCRIPT = Path(__file__).parents[1] / "docs" / "images" / "make_images.py"


def test_the_pictures_are_drawn(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    pictures = sorted(p.name for p in tmp_path.glob("*.svg"))
    assert pictures == sorted(p.name for p in SCRIPT.parent.glob("*.svg"))
    assert len(pictures) == 7
    for name in pictures:
        root = ET.fromstring((tmp_path / name).read_text(encoding="utf-8"))
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert (tmp_path / name).read_text(encoding="utf-8") == (SCRIPT.parent / name).read_text(
            encoding="utf-8"
        ), f"docs/images/{name} is out of date"
    assert ET.fromstring((tmp_path / "result.html").read_text(encoding="utf-8")).tag == "table"

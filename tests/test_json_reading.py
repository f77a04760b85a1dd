"""Logs read whole and logs whose actions are read one at a time give the same reports.

A document of at most ``json_io.EAGER_CHARACTERS`` characters is decoded whole; a longer one
keeps its actions undecoded and reads them one by one. Both readers must accept and reject
the same documents with the same problems.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tigris_rules as tr
from tigris_rules.records import json_io, validate_json

LOGS = sorted((Path(__file__).parent / "data" / "logs").glob("*.json"))
CLASSIC = Path(__file__).parent / "data" / "logs" / "game-2p-classic-seed1.json"


def _both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[tr.Report, tr.Report]:
    whole = validate_json(text)
    with monkeypatch.context() as patch:
        patch.setattr(json_io, "EAGER_CHARACTERS", 0)
        lazy = validate_json(text)
    return whole, lazy


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_golden_logs_read_alike(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole, lazy = _both(path.read_text(encoding="utf-8"), monkeypatch)
    assert whole.valid
    assert lazy == whole


def _mutations(text: str) -> list[str]:
    data = json.loads(text)
    out = []
    bad_square = json.loads(text)
    bad_square["actions"][3]["square"] = "z99"
    out.append(json.dumps(bad_square))
    not_an_array = json.loads(text)
    not_an_array["actions"] = {"0": data["actions"][0]}
    out.append(json.dumps(not_an_array))
    out.append(text.replace('"actions":[', '"actions":[1,', 1))
    out.append(text[: len(text) // 2])
    out.append(text.replace('"actions":', '"actions":[],"actions":', 1))
    out.append(text.rstrip().rstrip("}") + ',"extra":NaN}')
    return out


@pytest.mark.parametrize("index", range(6))
def test_malformed_logs_read_alike(index: int, monkeypatch: pytest.MonkeyPatch) -> None:
    text = json.dumps(json.loads(CLASSIC.read_text(encoding="utf-8")), separators=(",", ":"))
    whole, lazy = _both(_mutations(text)[index], monkeypatch)
    assert not whole.valid
    assert lazy == whole

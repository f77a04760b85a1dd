"""`validate` and `replay` on every kind of input: the size limit counts the bytes read (files,
pipes, devices, standard input), and no input ends in an internal error."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import tigris_rules as tr
from tigris_rules.tools import cli

LOGS = Path(__file__).parent / "data" / "logs"
TWO_PLAYERS = LOGS / "game-2p-classic-seed1.json"
LIMIT_MB = "0.01"  # 10485 bytes
LIMIT = 10485


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    status = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert "internal error" not in out + err
    assert "Traceback" not in out + err
    return status, out, err


class _Stdin:
    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


@pytest.fixture
def stdin(monkeypatch: pytest.MonkeyPatch) -> Any:
    def feed(data: bytes) -> None:
        monkeypatch.setattr(sys, "stdin", _Stdin(data))

    return feed


@pytest.mark.parametrize("command", ["validate", "replay"])
def test_dev_zero_is_refused_at_the_limit(capsys: pytest.CaptureFixture[str], command: str) -> None:
    status, out, err = run(capsys, command, "--max-size", LIMIT_MB, "/dev/zero")
    assert status == 2
    assert "more than 10485 bytes, larger than the limit of 10485 bytes" in out + err


@pytest.mark.parametrize("command", ["validate", "replay"])
def test_a_fifo(capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    data = TWO_PLAYERS.read_bytes()

    def writer() -> None:
        with fifo.open("wb") as f:
            f.write(data)

    thread = threading.Thread(target=writer)
    thread.start()
    status, out, _ = run(capsys, command, fifo)
    thread.join()
    assert status == 0
    assert "valid (215 actions" in out or "Position after 215 of 215 actions" in out


def test_a_fifo_over_the_limit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def writer() -> None:
        with fifo.open("wb") as f, contextlib.suppress(BrokenPipeError):
            f.write(b" " * (LIMIT * 3))

    thread = threading.Thread(target=writer)
    thread.start()
    status, out, _ = run(capsys, "validate", "--max-size", LIMIT_MB, fifo)
    thread.join()
    assert status == 2
    assert "larger than the limit" in out


def test_standard_input(capsys: pytest.CaptureFixture[str], stdin: Any) -> None:
    stdin(TWO_PLAYERS.read_bytes())
    status, out, _ = run(capsys, "validate", "-")
    assert (status, out) == (0, "-: valid (215 actions, game over; result checked)\n")
    stdin(TWO_PLAYERS.read_bytes())
    status, out, _ = run(capsys, "replay", "-", "--step", "12")
    assert status == 0
    assert "Position after 12 of 215 actions" in out
    stdin(b"{" * (LIMIT + 1))
    status, out, _ = run(capsys, "validate", "--max-size", LIMIT_MB, "-")
    assert status == 2
    assert "larger than the limit" in out


@pytest.mark.parametrize("command", ["validate", "replay"])
def test_over_the_limit_names_the_option_of_the_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    """The message names ``--max-size``, which both commands have, and no other command."""
    path = tmp_path / "over.json"
    path.write_bytes(b" " * (LIMIT + 1))
    status, out, err = run(capsys, command, "--max-size", LIMIT_MB, path)
    assert status == 2
    assert (
        "$: the file is 10486 bytes, larger than the limit of 10485 bytes; raise the limit to "
        "read it (--max-size MB)"
    ) in out + err
    other = "replay" if command == "validate" else "validate"
    assert other not in out + err


@pytest.mark.parametrize("command", ["validate", "replay"])
def test_standard_input_is_not_called_a_file(
    capsys: pytest.CaptureFixture[str], stdin: Any, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    stdin(b" " * (LIMIT + 1))
    status, out, err = run(capsys, command, "--max-size", LIMIT_MB, "-")
    assert status == 2
    assert "-: $: standard input is more than 10485 bytes, larger than the limit" in out + err
    assert "the file" not in out + err
    monkeypatch.setattr(sys, "stdin", None)  # closed
    status, out, err = run(capsys, command, "-")
    assert status == 2
    assert "-: $: cannot read standard input: Bad file descriptor" in out + err
    assert "the file" not in out + err


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("missing", None, "cannot read"),
        ("directory", "dir", "cannot read"),
        ("latin1.json", b'{"format": "tigris-rules-log\xe9"}', "not UTF-8"),
        ("empty.json", b"", "truncated"),
        ("over.json", b" " * (LIMIT + 1), "the file is 10486 bytes, larger than the limit"),
    ],
)
@pytest.mark.parametrize("command", ["validate", "replay"])
def test_unreadable_and_malformed_files(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    command: str,
    name: str,
    content: bytes | str | None,
    words: str,
) -> None:
    path = tmp_path / name
    if content == "dir":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    status, out, err = run(capsys, command, "--max-size", LIMIT_MB, path)
    assert status == 2
    assert words in out + err


def test_a_file_just_under_the_limit_is_read(capsys: pytest.CaptureFixture[str]) -> None:
    size = TWO_PLAYERS.stat().st_size
    status, _, _ = run(capsys, "validate", "--max-size", str(size / 1024 / 1024), TWO_PLAYERS)
    assert status == 0
    status, out, _ = run(
        capsys, "validate", "--max-size", str((size - 1) / 1024 / 1024), TWO_PLAYERS
    )
    assert status == 2
    assert "larger than the limit" in out


def test_a_str_is_measured_in_utf8_bytes() -> None:
    text = json.dumps({"k": "é" * 60}, ensure_ascii=False)  # 60 characters of 2 bytes
    assert len(text) < 100 < len(text.encode())
    with pytest.raises(tr.FormatError, match="larger than the limit of 100 bytes"):
        tr.loads(text, dict, max_bytes=100)
    assert tr.loads(text, dict, max_bytes=200) == {"k": "é" * 60}
    assert tr.validate_json("x" * 101, max_bytes=100).malformed


def test_a_huge_unknown_key_is_quoted_short(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = json.loads(TWO_PLAYERS.read_text())
    data["k" * 100_000] = 1
    data["actions"][3]["z" * 100_000] = 1
    data["config"]["variants"] = ["v" * 100_000]
    path = tmp_path / "log.json"
    path.write_text(json.dumps(data))
    status, out, _ = run(capsys, "validate", path)
    assert status == 2
    assert max(len(line) for line in out.splitlines()) < 600
    assert "k" * 77 + "..." in out or "v" * 70 in out

"""``validate`` and ``selfplay`` on several processes (``--jobs N``) print what one process
prints and exit with the same status; ``validate`` reads JSON Lines archives one line at a
time and names the line of every problem; ``selfplay --jsonl`` writes such an archive."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import tigris_rules as tr
from dying_workers import DeadlyPath, DeadlySeed
from tigris_rules.tools import _workers, bulk, cli, validate
from tigris_rules.tools._options import EXIT_NOT_DONE
from tigris_rules.tools.bulk import Summary, read_jsonl

LOGS = Path(__file__).parent / "data" / "logs"
GOLDEN = sorted(LOGS.glob("*.json"))
TWO_PLAYERS = LOGS / "game-2p-classic-seed1.json"


def columnless(out: str) -> str:
    """``out`` with the column after each line number left out."""
    return re.sub(r"(:[0-9]+):[0-9]+: ", r"\1: ", out)


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    status = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TWO_PLAYERS.read_text())
    return data


def broken() -> dict[str, Any]:
    """The 2-player golden log with a tile placed twice on one square at action 30."""
    data = golden()
    first = data["actions"][30]
    data["actions"].insert(30, {**first, "type": "place_tile", "color": "blue", "square": "a1"})
    return data


def one_line(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


@pytest.fixture
def mixed(tmp_path: Path) -> list[Path]:
    """Valid, rule-breaking, malformed and missing files, in that order and mixed up."""
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(broken()))
    malformed = tmp_path / "malformed.json"
    malformed.write_text('{"format": "tigris-rules-log", "version": 1, "actions": [')
    return [*GOLDEN[:3], bad, GOLDEN[3], malformed, tmp_path / "missing.json", *GOLDEN[4:]]


def same_with_jobs(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    """Run ``args`` with --jobs 1 and --jobs 2; both print and return the same."""
    one = run(capsys, *args, "--jobs", "1")
    two = run(capsys, *args, "--jobs", "2")
    assert two == one
    return one


# --- validate --jobs ------------------------------------------------------------------------


def test_valid_files_on_two_processes(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = same_with_jobs(capsys, "validate", *GOLDEN)
    assert status == 0
    assert not err
    assert out.splitlines()[-1].startswith(f"{len(GOLDEN)} files: {len(GOLDEN)} valid")


@pytest.mark.parametrize(
    ("pick", "status"),
    [
        (slice(0, 5), 1),  # a rule broken
        (slice(0, 8), 2),  # and a malformed file
        (slice(6, 9), 2),  # a missing file
    ],
)
def test_problems_on_two_processes(
    capsys: pytest.CaptureFixture[str], mixed: list[Path], pick: slice, status: int
) -> None:
    result = same_with_jobs(capsys, "validate", *mixed[pick])
    assert result[0] == status


def test_the_problems_are_listed_in_the_order_of_the_files(
    capsys: pytest.CaptureFixture[str], mixed: list[Path]
) -> None:
    _, out, _ = same_with_jobs(capsys, "validate", "--max-problems", "1", *mixed)
    names = [
        re.sub(r":[0-9]+:[0-9]+$", "", line.split(": ", 1)[0]) for line in out.splitlines()[:-1]
    ]
    assert names == [str(path) for path in mixed]
    assert out.splitlines()[-1] == (
        f"{len(mixed)} files: {len(mixed) - 3} valid, 1 invalid, 2 malformed; 3 problem(s)"
    )


def test_json_output_on_two_processes(
    capsys: pytest.CaptureFixture[str], mixed: list[Path]
) -> None:
    """The document is printed as it grows, laid out as ``json.dumps(indent=2)`` would."""
    status, out, _ = same_with_jobs(capsys, "validate", "--json", *mixed)
    assert status == 2
    document = json.loads(out)
    assert out == json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    assert [entry["file"] for entry in document["files"]] == [str(path) for path in mixed]
    statuses = [entry["status"] for entry in document["files"]]
    assert statuses.count("invalid") == 1
    assert document["summary"]["files"] == len(mixed)


def test_standard_input_among_files(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``-`` is read by the command itself, whatever the number of processes."""
    for jobs in ("1", "2"):
        stdin = io.TextIOWrapper(io.BytesIO(json.dumps(broken()).encode()))
        monkeypatch.setattr(sys, "stdin", stdin)
        status, out, _ = run(capsys, "validate", GOLDEN[0], "-", GOLDEN[1], "--jobs", jobs)
        assert status == 1
        assert [
            re.sub(r":[0-9]+:[0-9]+$", "", line.split(": ")[0]) for line in out.splitlines()
        ] == [
            str(GOLDEN[0]),
            "-",
            str(GOLDEN[1]),
            "3 files",
        ]


@pytest.mark.parametrize("jobs", ["0", "-1", "two"])
def test_a_bad_number_of_jobs(capsys: pytest.CaptureFixture[str], jobs: str) -> None:
    status, out, err = run(capsys, "validate", TWO_PLAYERS, "--jobs", jobs)
    assert status == 2
    assert not out
    assert "--jobs: expected a positive integer" in err


# --- validate an archive --------------------------------------------------------------------


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """Line 1 valid, 2 blank, 3 a rule broken, 4 not JSON, 5 not a log, 6 valid."""
    lines = [one_line(golden()), "", one_line(broken()), "{", "[]", one_line(golden())]
    path = tmp_path / "archive.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_an_archive_names_the_line_of_each_problem(
    capsys: pytest.CaptureFixture[str], archive: Path
) -> None:
    status, out, err = same_with_jobs(capsys, "validate", archive)
    assert status == 2
    assert not err
    lines = columnless(out).splitlines()
    assert lines[0] == f"{archive}:1: valid (215 actions, game over; result checked)"
    assert lines[1].startswith(f"{archive}:3: action 30 (player ")
    assert lines[2].startswith(f"{archive}:4: $: not valid JSON")
    assert lines[3].startswith(f"{archive}:5: $: ")
    assert lines[4] == f"{archive}:6: valid (215 actions, game over; result checked)"
    assert lines[5] == "5 logs: 2 valid, 1 invalid, 2 malformed; 3 problem(s)"


def test_an_archive_as_json(capsys: pytest.CaptureFixture[str], archive: Path) -> None:
    status, out, _ = same_with_jobs(capsys, "validate", "--json", archive)
    assert status == 2
    document = json.loads(out)
    assert [(e["file"], e["line"]) for e in document["files"]] == [
        (str(archive), line) for line in (1, 3, 4, 5, 6)
    ]
    assert document["summary"] == {
        "files": 5,
        "valid": 2,
        "invalid": 1,
        "malformed": 2,
        "not_done": 0,
        "problems": 3,
    }


def test_an_archive_from_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, archive: Path
) -> None:
    """``--jsonl`` reads any file, ``-`` too, as an archive."""
    for jobs in ("1", "2"):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(archive.read_bytes())))
        status, out, _ = run(capsys, "validate", "--jsonl", "-", "--jobs", jobs)
        assert status == 2
        assert columnless(out).splitlines()[0].startswith("-:1: valid")
        assert columnless(out).splitlines()[1].startswith("-:3: action 30")


def test_a_line_over_the_size_limit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Each line is held to --max-size; a longer one is refused, the next lines are read."""
    path = tmp_path / "archive.jsonl"
    path.write_text("[]\n" + " " * 20_000 + "{}\n{}")
    status, out, _ = same_with_jobs(capsys, "validate", "--max-size", "0.01", path)
    assert status == 2
    lines = columnless(out).splitlines()
    assert lines[0].startswith(f"{path}:1: $: ")
    assert lines[1].startswith(f"{path}:2: $: line 2 is 20002 bytes, larger than the limit")
    assert lines[2].startswith(f"{path}:3: $.format: ")


def test_an_archive_that_cannot_be_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "missing.jsonl"
    status, out, _ = same_with_jobs(capsys, "validate", path)
    assert status == 2
    assert out == f"{path}: $: cannot read the file: No such file or directory\n"


def test_standard_input_is_named_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What cannot be read from standard input is called standard input, not a file."""
    monkeypatch.setattr(sys, "stdin", None)  # closed
    for args in (["-"], ["--jsonl", "-"]):
        status, out, _ = run(capsys, "validate", *args)
        assert status == 2
        assert out == "-: $: cannot read standard input: Bad file descriptor\n"


class _Lines(io.BytesIO):
    """A stream that counts the lines asked of it."""

    asked = 0

    def readline(self, size: int | None = -1) -> bytes:
        self.asked += 1
        return super().readline(size)


def test_an_archive_is_read_one_line_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = _Lines(b"[]\n" * 1000)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(stream))
    lines: Iterator[tuple[int, bytes | Summary]] = read_jsonl("-", max_bytes=10)
    assert next(lines) == (1, b"[]")
    assert next(lines) == (2, b"[]")
    assert stream.asked == 2


def test_a_long_line_is_passed_over(tmp_path: Path) -> None:
    """In a regular file, a line over the limit is read in chunks and not kept; its size is
    told, and the next lines are read."""
    path = tmp_path / "archive.jsonl"
    path.write_bytes(b"[]\n" + b"x" * 3_000_000 + b"\n[]")
    first, second, third = read_jsonl(path, max_bytes=100)
    assert first == (1, b"[]")
    assert second[0] == 2
    assert isinstance(second[1], Summary)
    assert (
        second[1]
        .problems[0]
        .reason.startswith("line 2 is 2.9 MB, larger than the limit of 100 bytes; raise the limit")
    )
    assert third == (3, b"[]")


class _Endless(io.RawIOBase):
    """A stream of ``b"x"`` that never ends, counting the bytes read from it."""

    given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        size = len(buffer)
        buffer[:size] = b"x" * size
        self.given += size
        return size


def test_an_endless_line_on_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line of standard input that never ends is refused at the limit, and the reading
    stops there: nothing after it can be reached."""
    endless = _Endless()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(endless)))
    (only,) = read_jsonl("-", max_bytes=100_000)
    assert only[0] == 1
    assert isinstance(only[1], Summary)
    assert (
        only[1]
        .problems[0]
        .reason.startswith(
            "line 1 is more than 100000 bytes, larger than the limit of 100000 bytes; "
            "the rest of standard input is not read; raise the limit"
        )
    )
    assert endless.given < 200_000


def test_a_stream_in_memory_stops_at_a_long_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Standard input that is not a regular file may never end a line: the lines after a
    line over the limit are not read."""
    stream = io.BytesIO(b"[]\n" + b"x" * 3_000 + b"\n[]\n")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(stream))
    first, second = read_jsonl("-", max_bytes=100)
    assert first == (1, b"[]")
    assert isinstance(second[1], Summary)
    assert "line 2 is more than 100 bytes" in second[1].problems[0].reason


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this platform")
@pytest.mark.parametrize("option", [["--jsonl"], []], ids=["jsonl", "extension"])
def test_dev_zero_as_an_archive(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: list[str]
) -> None:
    """``/dev/zero`` read as JSON Lines (``--jsonl``, or a link named ``.jsonl``) is refused
    at the limit, naming line 1 and the limit, and the command ends."""
    target = Path("/dev/zero")
    if not option:
        target = tmp_path / "zero.jsonl"
        target.symlink_to("/dev/zero")
    status, out, _ = run(capsys, "validate", *option, "--max-size", "0.01", target)
    assert status == 2
    assert out == (
        f"{target}:1: $: line 1 is more than 10485 bytes, larger than the limit of 10485 "
        "bytes; the rest of the file is not read; raise the limit to read it (--max-size MB)\n"
    )


def test_an_endless_line_from_a_pipe(tmp_path: Path) -> None:
    """``validate --jsonl -`` fed an endless line through a pipe ends by itself."""
    feeder = subprocess.Popen(
        [sys.executable, "-c", "import sys\nwhile True: sys.stdout.buffer.write(b'x' * 65536)"],
        stdout=subprocess.PIPE,
    )
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tigris_rules", "validate", "--jsonl", "--max-size", "1", "-"],
            stdin=feeder.stdout,
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        feeder.kill()
        feeder.wait()
    assert done.returncode == 2
    assert done.stdout.startswith("-:1: $: line 1 is more than 1.0 MB, larger than the limit")
    assert "the rest of standard input is not read" in done.stdout


# --- selfplay --jobs and --jsonl ------------------------------------------------------------


def test_selfplay_on_two_processes_writes_the_same_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    outputs = []
    for jobs in ("1", "2"):
        folder = tmp_path / jobs
        status, out, err = run(
            capsys, "selfplay", "--games", "5", "--players", "3", "--seed", "9", "--out", folder,
            "--jobs", jobs,
        )  # fmt: skip
        assert (status, err) == (0, "")
        files = sorted(folder.iterdir())
        outputs.append((out.replace(str(folder), "DIR"), [f.read_bytes() for f in files]))
    assert outputs[0] == outputs[1]
    assert len(outputs[0][1]) == 5


def test_selfplay_writes_an_archive(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Line i+1 of the archive holds the log that --out writes for game i."""
    run(capsys, "selfplay", "--games", "3", "--seed", "4", "--out", tmp_path / "logs")
    path = tmp_path / "games.jsonl"
    status, out, _ = same_with_jobs(
        capsys, "selfplay", "--games", "3", "--seed", "4", "--jsonl", path
    )
    assert status == 0
    assert out.splitlines()[0].startswith(f"{path}:1: ")
    assert out.splitlines()[-1].startswith(f"wrote 3 log(s) to {path} (players=2")
    logs = [tr.loads(line, tr.GameLog) for line in path.read_text().splitlines()]
    files = sorted((tmp_path / "logs").iterdir(), key=lambda f: int(f.stem.split("seed")[1]))
    assert logs == [tr.read_log(file) for file in files]
    status, out, _ = run(capsys, "validate", path)
    assert status == 0
    assert out.splitlines()[-1] == "3 logs: 3 valid, 0 invalid, 0 malformed; 0 problem(s)"


@pytest.mark.parametrize("args", [[], ["--out", "DIR", "--jsonl", "FILE"]], ids=["neither", "both"])
def test_selfplay_writes_to_a_folder_or_an_archive(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str]
) -> None:
    where = [str(tmp_path / a) if a.isupper() else a for a in args]
    status, out, err = run(capsys, "selfplay", *where)
    assert status == 2
    assert not out
    assert "--out" in err
    assert "--jsonl" in err
    assert not list(tmp_path.iterdir())


def test_selfplay_cannot_write_the_archive(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "missing" / "games.jsonl"
    status, _, err = run(capsys, "selfplay", "--jsonl", path, "--jobs", "2")
    assert status == 2
    assert f"cannot write {path}" in err


# --- how many processes, and a worker process that dies -------------------------------------


@pytest.fixture
def pools(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of every pool of worker processes started, in order."""
    sizes: list[int] = []
    real = ProcessPoolExecutor

    def counted(max_workers: int) -> ProcessPoolExecutor:
        sizes.append(max_workers)
        return real(max_workers=max_workers)

    monkeypatch.setattr(_workers, "ProcessPoolExecutor", counted)
    return sizes


def test_too_many_jobs_are_lowered_with_a_note(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, pools: list[int]
) -> None:
    monkeypatch.setattr(_workers, "default_jobs", lambda: 1)
    files = [*GOLDEN, *GOLDEN]
    alone = run(capsys, "validate", *files, "--jobs", "1")
    status, out, err = run(capsys, "validate", *files, "--jobs", "100000")
    assert (status, out) == alone[:2]
    assert err == (
        "tigris-rules: note: --jobs 100000 lowered to 4, the most worker processes here "
        "(4 per core)\n"
    )
    assert pools == [4]
    status, out, err = run(capsys, "validate", *GOLDEN[:2], "--jobs", "3")
    assert (status, err) == (0, "")
    assert pools == [4, 2]  # one per file


def deadly_files(monkeypatch: pytest.MonkeyPatch, deadly: dict[Path, DeadlyPath]) -> None:
    """``validate`` sends ``deadly[path]`` to its workers in the place of ``path``."""
    real = validate._logs

    def logs(args: Any) -> Iterator[tuple[Any, Path | bytes | Summary | DeadlyPath]]:
        for label, item in real(args):
            yield label, deadly.get(item, item) if isinstance(item, Path) else item

    monkeypatch.setattr(validate, "_logs", logs)


@pytest.mark.parametrize("json_output", [False, True], ids=["text", "json"])
def test_validate_survives_a_worker_killed_once(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    mixed: list[Path],
    tmp_path: Path,
    json_output: bool,
) -> None:
    """The files of the worker that died are validated again: the output and the status are
    those of one process."""
    args: list[str | Path] = ["validate", *(["--json"] if json_output else []), *mixed, *mixed]
    alone = run(capsys, *args, "--jobs", "1")
    marker = tmp_path / "killed"
    deadly_files(monkeypatch, {mixed[1]: DeadlyPath(mixed[1], marker)})
    assert run(capsys, *args, "--jobs", "2") == alone
    assert marker.exists()


def test_validate_names_a_file_whose_worker_died_twice(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, mixed: list[Path]
) -> None:
    """The file is listed as not done, in its place and on standard error; every other file
    is validated and printed as by one process; the summary counts it; the status is 3."""
    files = [*mixed, *mixed]
    _, alone, _ = run(capsys, "validate", *files, "--jobs", "1")
    deadly_files(monkeypatch, {GOLDEN[1]: DeadlyPath(GOLDEN[1])})
    status, out, err = run(capsys, "validate", *files, "--jobs", "2")
    assert status == EXIT_NOT_DONE == 3
    expected = [
        f"{GOLDEN[1]}: not done: worker died" if line.startswith(f"{GOLDEN[1]}: ") else line
        for line in alone.splitlines()[:-1]
    ]
    assert out.splitlines()[:-1] == expected
    count = len(files)
    assert out.splitlines()[-1] == (
        f"{count} files: {count - 8} valid, 2 invalid, 4 malformed, 2 not done; 6 problem(s)"
    )
    assert err == (
        f"tigris-rules: error: 2 of {count} files not done: worker died; {GOLDEN[1]}, {GOLDEN[1]}\n"
    )
    status, out, _ = run(capsys, "validate", "--json", *files, "--jobs", "2")
    assert status == 3
    document = json.loads(out)
    lost = [entry for entry in document["files"] if entry["status"] == "not done"]
    assert lost == [{"file": str(GOLDEN[1]), "status": "not done", "reason": "worker died"}] * 2
    assert document["summary"]["not_done"] == 2
    assert document["summary"]["files"] == count


def deadly_seeds(monkeypatch: pytest.MonkeyPatch, deadly: dict[int, DeadlySeed]) -> None:
    """``selfplay`` sends ``deadly[seed]`` to its workers in the place of ``seed``."""
    real = bulk.iter_games

    def games(config: tr.GameConfig, seeds: range, **kwargs: Any) -> Any:
        return real(config, [deadly.get(seed, seed) for seed in seeds], **kwargs)

    monkeypatch.setattr(cli, "iter_games", games)


@pytest.mark.parametrize("where", ["--out", "--jsonl"])
def test_selfplay_survives_a_worker_killed_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, where: str
) -> None:
    outputs = []
    for name in ("alone", "killed"):
        target = tmp_path / name / ("games.jsonl" if where == "--jsonl" else "logs")
        target.parent.mkdir()
        args: list[str | Path] = ["selfplay", "--games", "6", "--seed", "9", where, target]
        if name == "killed":
            deadly_seeds(monkeypatch, {11: DeadlySeed(11, tmp_path / "marker")})
        status, out, err = run(capsys, *args, "--jobs", "1" if name == "alone" else "2")
        files = sorted(target.parent.rglob("*.json*"))
        contents = [(f.relative_to(target.parent), f.read_bytes()) for f in files]
        outputs.append((status, out.replace(name, "X"), err, contents))
    assert outputs[0] == outputs[1]
    assert outputs[0][0] == 0
    assert (tmp_path / "marker").exists()


def test_selfplay_names_a_game_whose_worker_died_twice(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The game is listed as not done by its seed; the others are written as by one
    process, the archive keeps game i on line i+1 (the line of the game not done is blank),
    and the status is 3."""
    alone = tmp_path / "alone.jsonl"
    run(capsys, "selfplay", "--games", "5", "--seed", "9", "--jsonl", alone, "--jobs", "1")
    deadly_seeds(monkeypatch, {11: DeadlySeed(11)})
    path = tmp_path / "games.jsonl"
    status, out, err = run(
        capsys, "selfplay", "--games", "5", "--seed", "9", "--jsonl", path, "--jobs", "2"
    )
    assert status == 3
    assert out.splitlines()[2] == f"{path}:3: not done: worker died (seed 11)"
    assert out.splitlines()[-1].startswith(f"wrote 4 log(s) to {path} (")
    assert err == "tigris-rules: error: 1 of 5 game(s) not done: worker died; seed(s) 11\n"
    lines = path.read_text().splitlines()
    assert lines[2] == ""
    assert lines[:2] + lines[3:] == [
        line for number, line in enumerate(alone.read_text().splitlines()) if number != 2
    ]
    status, out, _ = run(capsys, "validate", path)
    assert status == 0
    assert out.splitlines()[-1] == "4 logs: 4 valid, 0 invalid, 0 malformed; 0 problem(s)"
    folder = tmp_path / "logs"
    status, out, err = run(
        capsys, "selfplay", "--games", "5", "--seed", "9", "--out", folder, "--jobs", "2"
    )
    assert status == 3
    lost = folder / "game-2p-classic-seed11.json"
    assert f"{lost}: not done: worker died" in out.splitlines()
    assert not lost.exists()
    assert len(list(folder.iterdir())) == 4

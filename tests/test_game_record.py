"""The text game record (TGN, docs/game-record.md): lossless both ways with the JSON log,
read as untrusted input, and the places (line, column) of the problems of every file."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tigris_rules as tr
from tigris_rules import records
from tigris_rules.cards import card_deal_from_seed
from tigris_rules.records.game_record import Lines, game_texts
from tigris_rules.rules.setup import deal_from_seed
from tigris_rules.testing.strategies import configs, game_logs
from tigris_rules.tools import cli

TAG_NAMES = st.sampled_from(["Event", "Site", "Date", "Seat0", "Seat1", "Round", "Annotator"])
TAG_VALUES = st.text(
    st.characters(blacklist_categories=("Cc", "Cs")), max_size=12
) | st.sampled_from(['a "quoted" name', "back\\slash", "", "2026.11.27", "{not a comment}"])

LOGS = st.one_of(
    game_logs(configs(), complete=True, max_drawn=10),
    game_logs(configs(game="cards"), complete=True, max_drawn=10),
    game_logs(configs(), complete=False, max_drawn=40),
    game_logs(configs(game="cards"), complete=False, max_drawn=40),
)


@st.composite
def varied_logs(draw: st.DrawFn) -> tr.GameLog:
    """Logs of every configuration: played to the end or not, from a seed or an explicit
    deal, with free tags, and some with actions out of place (invalid logs are recorded
    too)."""
    log: tr.GameLog = draw(LOGS)
    names = draw(st.lists(TAG_NAMES, unique=True, max_size=4))
    tags = tuple((name, draw(TAG_VALUES)) for name in names)
    log = attrs.evolve(log, tags=tags)
    if draw(st.booleans()):
        version = draw(st.text(st.characters(codec="utf-8"), max_size=8))
        log = attrs.evolve(log, library_version=version)
    if draw(st.booleans()) and log.seed is not None:
        deal: tr.Deal | tr.CardDeal = (
            deal_from_seed(log.config, log.seed)
            if log.config.game == "board"
            else card_deal_from_seed(log.config, log.seed)
        )
        log = attrs.evolve(log, seed=None, deal=deal)
    if draw(st.booleans()) and log.actions:
        actions = list(log.actions)
        index = draw(st.integers(0, len(actions) - 1))
        match draw(st.sampled_from(["drop", "reseat", "repeat"])):
            case "drop":
                del actions[index]
            case "reseat":
                entry = actions[index]
                actions[index] = attrs.evolve(entry, player=(entry.player + 1) % log.config.players)
            case _:
                actions.insert(index, actions[index])
        log = attrs.evolve(log, actions=tuple(actions))
    return log


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(varied_logs())
def test_json_to_text_to_json_is_identical(log: tr.GameLog) -> None:
    """json -> text -> json gives the same JSON text, and text -> json -> text the same
    record: the record holds everything the log holds."""
    json_text = tr.dumps(log, indent=2)
    record = tr.format_record(tr.loads(json_text, tr.GameLog))
    back = tr.parse_record(record)
    assert back == log
    assert tr.dumps(back, indent=2) == json_text
    assert tr.format_record(tr.loads(tr.dumps(back), tr.GameLog)) == record


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(LOGS, min_size=1, max_size=3))
def test_many_games_in_one_record(logs: list[tr.GameLog]) -> None:
    text = records.format_records(logs)
    assert tr.parse_records(text) == tuple(logs)
    assert "\n\n[" in text or len(logs) == 1
    starts = [line for line, _ in game_texts(text, None)]
    lines = text.split("\n")
    assert all(lines[n - 1].startswith("[") for n in starts)
    assert len(starts) == len(logs)


def _log() -> tr.GameLog:
    recorder = tr.Recorder(tr.GameConfig(players=3), seed=5)
    for action in ("tile red g4", "end", "end"):
        recorder.apply(tr.parse_action(action, tr.GameConfig(players=3)))
    return attrs.evolve(recorder.log(), tags=(("Event", "Club night"), ("Seat0", "Ann")))


def test_the_written_form() -> None:
    text = tr.format_record(_log())
    assert text.splitlines() == [
        '[Event "Club night"]',
        '[Seat0 "Ann"]',
        '[Format "tigris-rules-log 1"]',
        f'[LibraryVersion "{tr.__version__}"]',
        '[Game "board"]',
        '[Players "3"]',
        '[Board "classic"]',
        '[Variants ""]',
        '[OpenScoring "false"]',
        '[SingleActionOpeners "0"]',
        '[ColumnLimit "8"]',
        '[Seed "5"]',
        '[Result "*"]',
        "",
        "1. @0 tile red g4, end",
        "2. @1 end",
        "*",
    ]


def test_reading_is_lenient_about_layout_and_comments() -> None:
    text = tr.format_record(_log())
    relaid = text.replace(
        "1. @0 tile red g4, end\n2. @1 end",
        "{opening} 1.\n@0 TILE Red G4 ,\n{x} end 2. @1 end{done}",
    )
    assert tr.parse_record(relaid) == _log()


BAD: list[tuple[str, str, str, tuple[int, int]]] = [
    ("an empty record", "", "\n  ", (2, 3)),
    ("a tag without quotes", '[Seed "5"]', "[Seed 5]", (12, 1)),
    ("an unknown action", "tile red g4", "tile red z9", (15, 7)),
    ("no seat at a turn", "1. @0 tile", "1. tile", (15, 4)),
    ("no comma", "g4, end", "g4 @0 end", (15, 19)),
    ("a turn number going back", "2. @1", "1. @1", (16, 1)),
    ("an unclosed comment", "2. @1 end", "2. @1 {end", (16, 7)),
    ("no result", "\n*\n", "\n", (17, 1)),
    ("a result the Result tag does not say", "\n*\n", "\n1-2-3\n", (13, 1)),
    ("a seat out of range", "2. @1", "2. @5", (16, 7)),
    ("a bad configuration", '[Players "3"]', '[Players "9"]', (6, 1)),
    ("a bad seed", '[Seed "5"]', '[Seed "five"]', (12, 1)),
    ("a reserved free tag", '[Event "Club night"]', '[Score7 "x"]', (1, 1)),
    ("a tag given twice", '[Seat0 "Ann"]', '[Event "again"]', (2, 1)),
    ("no Format", '[Format "tigris-rules-log 1"]\n', "", (1, 1)),
    ("another format", '[Format "tigris-rules-log 1"]', '[Format "chess 1"]', (3, 1)),
]


@pytest.mark.parametrize(("old", "new", "where"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_every_problem_names_its_line_and_column(
    old: str, new: str, where: tuple[int, int]
) -> None:
    text = tr.format_record(_log())
    assert old in text
    bad = text.replace(old, new, 1) if old else new
    with pytest.raises(tr.FormatError) as info:
        tr.parse_record(bad)
    assert f"line {where[0]}, column {where[1]}: " in str(info.value), str(info.value)
    [problem, *_] = tr.validate_json(bad).problems
    assert (problem.line, problem.column) == where
    assert not problem.reason.startswith("line ")


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_damaged_records_raise_library_errors_only(data: st.DataObject) -> None:
    text = tr.format_record(_log())
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 8)))
    insert = data.draw(st.text(alphabet='[]{}",@.*-0123456789 \nabz\\', max_size=4))
    damaged = text[:start] + insert + text[end:]
    reasons: list[str] = []
    try:
        tr.parse_records(damaged)
    except tr.FormatError as exc:
        reasons = [why for _, why in exc.problems]
    assert all(re.match(r"line \d+, column \d+: ", why) for why in reasons), reasons
    report = tr.validate_json(damaged)
    assert all(p.line is not None for p in report.problems if p.kind == "format"), report


def test_the_size_limit_holds() -> None:
    text = tr.format_record(_log())
    with pytest.raises(tr.FormatError, match="larger than the limit"):
        tr.parse_record(text, max_bytes=100)
    assert tr.parse_record(text.encode(), max_bytes=len(text)) == _log()


def test_tags_in_json_logs() -> None:
    log = _log()
    data = json.loads(tr.dumps(log))
    assert data["tags"] == {"Event": "Club night", "Seat0": "Ann"}
    assert "tags" not in json.loads(tr.dumps(attrs.evolve(log, tags=())))
    for name, value, message in [
        ("Seed", "1", "reserved"),
        ("Players", "1", "reserved"),
        ("Score1", "1", "reserved"),
        ("9lives", "1", "not a tag name"),
        ("Event", "a\nb", "control character"),
    ]:
        data["tags"] = {name: value}
        with pytest.raises(tr.FormatError, match=message):
            tr.loads(json.dumps(data), tr.GameLog)
    with pytest.raises(tr.ArgumentValueError, match="control character"):
        tr.format_record(attrs.evolve(log, tags=(("Event", "a\tb"),)))
    with pytest.raises(tr.ArgumentValueError, match="reserved"):
        tr.format_record(attrs.evolve(log, tags=(("Result", "x"),)))
    with pytest.raises(tr.ArgumentTypeError, match=r"log\.tags"):
        tr.format_record(attrs.evolve(log, tags=(("Event",),)))  # type: ignore[arg-type]


def test_is_record_tells_the_forms_apart() -> None:
    assert records.is_record(tr.format_record(_log()))
    assert records.is_record(b"\xef\xbb\xbf\n [Event")
    assert not records.is_record(tr.dumps(_log()))
    assert not records.is_record("[1, 2]")


def test_lines_and_columns() -> None:
    lines = Lines("ab\ncd\n\nef")
    assert [lines.where(i) for i in (0, 1, 3, 6, 7, 8)] == [
        (1, 1),
        (1, 2),
        (2, 1),
        (3, 1),
        (4, 1),
        (4, 2),
    ]


# --- the places of the problems of JSON logs and records --------------------------------------


def _illegal(log: tr.GameLog, index: int) -> tr.GameLog:
    actions = list(log.actions)
    actions[index] = attrs.evolve(actions[index], action=tr.PlaceTile(tr.Color.BLUE, "a1"))
    return attrs.evolve(log, actions=tuple(actions))


def test_a_json_problem_names_the_line_of_its_action(tmp_path: Path) -> None:
    log = _illegal(_played(2), 7)
    path = tmp_path / "game.json"
    tr.write_log(log, path)
    [problem, *_] = tr.validate_file(path).problems
    assert problem.index == 7
    line = path.read_text().splitlines()[problem.line - 1]  # type: ignore[operator]
    assert line[problem.column - 1 :].startswith('{"player": ')  # type: ignore[operator]
    assert tr.dumps(log.actions[7]) in line.replace(", ", ",").replace(": ", ":")
    compact = tr.validate_json(tr.dumps(log)).problems[0]
    assert compact.line == 1
    assert tr.dumps(log)[compact.column - 1 :].startswith(tr.dumps(log.actions[7]))  # type: ignore[operator]
    assert problem.to_json()["line"] == problem.line


def test_a_record_problem_names_the_line_of_its_move(tmp_path: Path) -> None:
    log = _illegal(_played(2), 7)
    path = tmp_path / "game.tgn"
    tr.write_record(log, path)
    [problem, *_] = tr.validate_file(path).problems
    assert problem.index == 7
    line = path.read_text().splitlines()[problem.line - 1]  # type: ignore[operator]
    assert line[problem.column - 1 :].startswith("tile blue a1")  # type: ignore[operator]
    assert tr.read_log(path) == log


def _played(seed: int) -> tr.GameLog:
    rng = random.Random(seed)
    return tr.record_game(
        tr.GameConfig(players=2), lambda state: rng.choice(tr.legal_actions(state)), seed=seed
    )


# --- the command line ---------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    status = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def test_convert_both_ways(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = _log()
    source = tmp_path / "game.json"
    tr.write_log(log, source)
    assert run(capsys, "convert", source, tmp_path / "game.tgn")[0] == 0
    assert (tmp_path / "game.tgn").read_text() == tr.format_record(log)
    assert run(capsys, "convert", tmp_path / "game.tgn", tmp_path / "back.json")[0] == 0
    assert (tmp_path / "back.json").read_bytes() == source.read_bytes()
    status, out, _ = run(capsys, "convert", source, "-", "--to", "tgn")
    assert (status, out) == (0, tr.format_record(log))


def test_convert_an_archive_and_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    logs = [_log(), attrs.evolve(_log(), seed=9, tags=())]
    archive = tmp_path / "games.jsonl"
    archive.write_text("".join(tr.dumps(log) + "\n" for log in logs))
    assert run(capsys, "convert", archive, tmp_path / "games.tgn")[0] == 0
    assert tr.parse_records((tmp_path / "games.tgn").read_text()) == tuple(logs)
    assert run(capsys, "convert", tmp_path / "games.tgn", tmp_path / "back.jsonl")[0] == 0
    assert (tmp_path / "back.jsonl").read_bytes() == archive.read_bytes()
    status, _, err = run(capsys, "convert", tmp_path / "games.tgn", tmp_path / "one.json")
    assert status == 2
    assert "holds 2 games" in err


def test_convert_refuses_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.tgn"
    bad.write_text(tr.format_record(_log()).replace("tile red", "tile rud"))
    status, _, err = run(capsys, "convert", bad, tmp_path / "out.json")
    assert status == 2
    assert "line 15, column 7" in err
    assert not (tmp_path / "out.json").exists()
    status, _, err = run(capsys, "convert", tmp_path / "missing.json", tmp_path / "out.tgn")
    assert status == 2
    assert "cannot read" in err


def test_validate_prints_file_line_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = _illegal(_played(2), 7)
    path = tmp_path / "game.tgn"
    tr.write_record(log, path)
    status, out, _ = run(capsys, "validate", path, "--max-problems", "1")
    assert status == 1
    problem = tr.validate_file(path).problems[0]
    assert out.startswith(f"{path}:{problem.line}:{problem.column}: action 7 (player ")
    status, out, _ = run(capsys, "validate", path, "--json", "--max-problems", "1")
    entry = json.loads(out)["files"][0]["problems"][0]
    assert (entry["line"], entry["column"]) == (problem.line, problem.column)


def test_validate_a_record_of_many_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = _log()
    bad = attrs.evolve(good, actions=(*good.actions[:1], good.actions[0]))
    path = tmp_path / "games.tgn"
    path.write_text(records.format_records([good, bad, good]))
    status, out, _ = run(capsys, "validate", path, "--jobs", "1")
    assert status == 1
    lines = out.splitlines()
    text = path.read_text()
    first, second, third = (line for line, _ in game_texts(text, None))
    assert (first, second, third) == (1, 19, 36)
    assert text.split("\n")[second - 2 : second] == ["", '[Event "Club night"]']
    assert lines[0] == f"{path}:1: valid (3 actions, game not over)"
    move = text.split("\n").index("1. @0 tile red g4, tile red g4") + 1
    assert lines[1].startswith(f"{path}:{move}:20: action 1 (player 0: place_tile red g4)")
    assert lines[2] == f"{path}:{third}: valid (3 actions, game not over)"
    assert lines[3] == "3 logs: 2 valid, 1 invalid, 0 malformed; 1 problem(s)"


def test_replay_reads_a_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.tgn"
    tr.write_record(_log(), path)
    status, out, _ = run(capsys, "replay", path, "--step", "1")
    assert status == 0
    assert "Position after 1 of 3 actions" in out


def test_the_places_of_a_json_log_are_found_in_one_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    """However many problems a JSON log has, its text is scanned once more to place them."""
    from tigris_rules.records import game_record
    from tigris_rules.records.json_io import action_offsets as found

    scans: list[int] = []

    def counted(text: str) -> list[int]:
        scans.append(len(text))
        return found(text)

    monkeypatch.setattr(game_record, "action_offsets", counted)
    log = _played(2)
    wrong = tr.LogEntry(1, tr.PlaceTile(tr.Color.BLUE, "a1"))
    bad = attrs.evolve(log, actions=tuple(wrong for _ in log.actions))
    report = tr.validate_json(tr.dumps(bad, indent=2), max_problems=None)
    assert len(report.problems) == len(log.actions)
    assert all(p.line is not None for p in report.problems)
    assert len(scans) == 1
    assert tr.validate_json(tr.dumps(log)).valid
    assert len(scans) == 1  # a valid log is never scanned again

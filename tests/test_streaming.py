"""Reports written as the matches end: ``referee check`` drops each match once it is written
(text, github, json), and what it writes is what the whole reports render to."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli.app import OutputFormat, run_check
from referee.pipeline.checking import check_file, sorted_paths
from referee.replay.simulate import simulate
from referee.report.github import GithubLines, render_github
from referee.report.json import JsonStream, render_json
from referee.report.json import jsonable as _jsonable
from referee.report.model import Totals
from referee.report.text import FileLines, render_file

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = [ROOT / "samples", ROOT / "tests" / "golden"]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The samples, the golden records and a simulated file with an unreadable record."""
    folder = tmp_path_factory.mktemp("streaming")
    broken = folder / "broken.ttn"
    broken.write_text(simulate("twenty-eight", 8, 2) + '\n\n[Game "28"]\ndeal 1\nN: ??\n',
                      encoding="utf-8")
    return sorted_paths([*FOLDERS, str(broken)])


def test_json_stream_is_render_json(files: list[str]) -> None:
    reports = [check_file(path) for path in files]
    whole = json.dumps(render_json(reports), indent=2, ensure_ascii=False, default=_jsonable)
    pieces: list[str] = []
    stream = JsonStream(pieces.append, _jsonable)
    totals = Totals()
    for path in files:
        stream.start_file(path)

        def hand_over(match: object) -> None:
            totals.add_match(match)  # type: ignore[arg-type]
            stream.add_match(match)  # type: ignore[arg-type]

        report = check_file(path, on_match=hand_over)
        assert report.matches == []
        totals.add(report)
        stream.end_file(report)
    stream.end(totals)
    assert "".join(pieces) == whole + "\n"
    assert totals == Totals.of(reports)


@pytest.mark.parametrize("expect", [False, True])
@pytest.mark.parametrize("count", [0, 1, None])
def test_junit_stream_is_render_junit(files: list[str], expect: bool, count: int | None,
                                      tmp_path: Path) -> None:
    """Files with one match, several, none (an empty file), unreadable ones, and no file."""
    from referee.report.junit import JunitStream, render_junit

    empty = tmp_path / "empty.ttn"
    empty.write_text("", encoding="utf-8")
    paths = [*files, str(empty)][:count]
    reports = [check_file(path, expect) for path in paths]
    seconds = [index / 7 for index in range(len(paths))]
    stream = JunitStream(expect)
    for path, took in zip(paths, seconds, strict=True):
        stream.start_file(path)
        report = check_file(path, expect, on_match=stream.add_match)
        stream.end_file(report, took)
    pieces: list[str] = []
    stream.end(pieces.append)
    assert "".join(pieces) == render_junit(reports, expect, seconds) + "\n"
    assert pieces[-2].endswith("</testsuites>" if paths else " />")


@pytest.mark.parametrize("github", [False, True])
@pytest.mark.parametrize("held", [FileLines.HELD, 1])
def test_lines_gathered_match_by_match_are_the_file_rendered_whole(
    files: list[str], github: bool, held: int, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(FileLines, "HELD", held)  # 1: every match line through the file
    for path in files:
        whole = check_file(path)
        lines = GithubLines(path) if github else FileLines(path)
        streamed = check_file(path, on_match=lines.add)
        if github:
            assert render_github(streamed, lines=lines) == render_github(whole)
        else:
            assert render_file(streamed, lines=lines) == render_file(whole)


@pytest.mark.parametrize("fmt", list(OutputFormat))
def test_command_output_is_unchanged(capsys: pytest.CaptureFixture[str], files: list[str],
                                     fmt: OutputFormat) -> None:
    code = run_check(files, fmt, False, clock=lambda: 0.0)
    out = capsys.readouterr().out
    reports = [check_file(path) for path in files]
    assert code == Totals.of(reports).exit_code() == 2
    if fmt is OutputFormat.json:
        assert out == json.dumps(render_json(reports), indent=2, ensure_ascii=False,
                                 default=_jsonable) + "\n"
    elif fmt is OutputFormat.text:
        for report in reports:
            assert render_file(report) in out
    elif fmt is OutputFormat.junit:
        from referee.report.junit import render_junit

        assert out == render_junit(reports, False, [0.0] * len(reports)) + "\n"
    elif fmt is OutputFormat.sarif:
        from referee.cli.app import version
        from referee.report.sarif import render_sarif

        assert out == json.dumps(render_sarif(reports, False, version()), indent=2,
                                 ensure_ascii=False) + "\n"
    else:
        assert out.startswith("\n".join(render_github(r) for r in reports if render_github(r)))


@pytest.mark.parametrize("fmt", [OutputFormat.text, OutputFormat.json, OutputFormat.junit,
                                 OutputFormat.sarif])
def test_memory_does_not_grow_with_the_deals(tmp_path: Path, fmt: OutputFormat) -> None:
    """The same record written 2 and 16 times: the peak of traced memory barely moves (before
    reports were streamed, it grew by about 1.4 KB a deal, over 1 MB here). The report goes
    to a file, so that what is written is not held either."""
    import contextlib
    import gc
    import tracemalloc

    record = simulate("twenty-eight", 60, 4) + "\n\n"
    peaks = []
    for copies in (2, 2, 16):  # the first run warms up (imports, caches)
        path = tmp_path / f"x{copies}.ttn"
        path.write_text(record * copies, encoding="utf-8")
        out = tmp_path / f"x{copies}.out"
        with out.open("w", encoding="utf-8") as sink, contextlib.redirect_stdout(sink):
            gc.collect()
            tracemalloc.start()
            run_check([str(path)], fmt, False, clock=lambda: 0.0)
            peaks.append(tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
        # SARIF has a result per finding only (legal deals have none)
        assert out.stat().st_size > (100 if fmt is OutputFormat.sarif else 400 * copies)
    # 840 more deals: kept reports would take over 1 MB (text) or 7 MB (json) more
    assert peaks[2] - peaks[1] < 500_000, peaks

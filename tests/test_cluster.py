"""``referee check --dask``: the same report, byte for byte and in the same order, as one
process, on a real two-worker ``LocalCluster``: simulated records of every game cut into
parts, the samples, a file that cannot be read, a broken later record, a worker that dies in
the middle; and ``referee.check_many`` with a user's own client."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from simulated_files import write_simulated

from referee.cli.app import OutputFormat, run_check
from referee.pipeline import cluster, parallel
from referee.replay.simulate import simulate

distributed = pytest.importorskip(
    "distributed", reason="the dask extra is not installed (pip install 'referee[dask]')")

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
DIES = "dies.ttn"
"""The file whose first unit makes its worker exit (referee.pipeline.cluster.EXIT_HOOK)."""


@pytest.fixture(scope="module")
def marker(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("marker") / "a-worker-died"


@pytest.fixture(scope="module")
def client(marker: Path) -> Iterator[object]:
    """Two worker processes on 127.0.0.1; a worker given the first unit of dies.ttn exits
    (the hook is read from the environment the workers start with)."""
    before = os.environ.get(cluster.EXIT_HOOK)
    os.environ[cluster.EXIT_HOOK] = f"{DIES}:{marker}"
    try:
        found = cluster.connect(cluster.LOCAL, 2)
    finally:
        if before is None:
            del os.environ[cluster.EXIT_HOOK]
        else:
            os.environ[cluster.EXIT_HOOK] = before
    yield found
    cluster.close(found)


@pytest.fixture()
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cut files of a few hundred lines too, so that files are sent in several units."""
    monkeypatch.setattr(parallel, "PART_LINES", 40)


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return write_simulated(tmp_path_factory.mktemp("simulated"), 8, 11)


def _output(capsys: pytest.CaptureFixture[str], files: list[str], fmt: OutputFormat,
            expect: bool, client: object | None) -> tuple[int, str, str]:
    capsys.readouterr()
    if client is None:
        code = run_check(files, fmt, expect, clock=lambda: 0.0)
    else:
        code = run_check(files, fmt, expect, clock=lambda: 0.0,
                         jobs=max(2, cluster.threads(client)), runner=cluster.runner(client))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_cluster_has_two_workers(client: object) -> None:
    assert cluster.threads(client) == 2


@pytest.mark.parametrize("fmt", list(OutputFormat))
def test_every_format_is_the_same_bytes(capsys: pytest.CaptureFixture[str], client: object,
                                        simulated: list[str], small_parts: None,
                                        fmt: OutputFormat) -> None:
    assert len(parallel.plan(simulated, 2)) > 2 * len(simulated)  # files go in several units
    one = _output(capsys, simulated, fmt, False, None)
    assert one[1]
    assert _output(capsys, simulated, fmt, False, client) == one


def test_samples_with_expect(capsys: pytest.CaptureFixture[str], client: object) -> None:
    one = _output(capsys, [str(SAMPLES)], OutputFormat.text, True, None)
    assert one[0] == 0
    assert _output(capsys, [str(SAMPLES)], OutputFormat.text, True, client) == one


@pytest.mark.parametrize("fmt", [OutputFormat.text, OutputFormat.json])
def test_unreadable_files_are_reported_as_on_one_machine(
    capsys: pytest.CaptureFixture[str], client: object, tmp_path: Path, small_parts: None,
    fmt: OutputFormat,
) -> None:
    """A broken later record (its unit is unreadable on the worker), bytes that are not
    UTF-8, a file that is gone and a folder that cannot be read: the errors, their lines and
    carets are those of one process."""
    good = simulate("twenty-eight", 20, 3)
    broken = tmp_path / "broken.ttn"
    broken.write_text(good + '\n\n[Game "twenty-eight"]\ndeal 1 dealer N\nN: XX\n' + good + "\n",
                      encoding="utf-8")
    assert len(parallel.plan([str(broken)], 2)) > 2
    latin = tmp_path / "latin.ttn"
    latin.write_bytes('[Game "28"]\n; caf\xe9\n'.encode("latin-1"))
    files = [str(broken), str(latin), str(tmp_path / "gone.ttn")]
    one = _output(capsys, files, fmt, False, None)
    assert one[0] == 2 and "broken.ttn" in one[1]
    assert _output(capsys, files, fmt, False, client) == one


def test_a_worker_that_dies_has_its_unit_run_again(
    capsys: pytest.CaptureFixture[str], client: object, marker: Path, tmp_path: Path,
    simulated: list[str],
) -> None:
    dies = tmp_path / DIES
    dies.write_text(simulate("twenty-nine", 6, 4) + "\n", encoding="utf-8")
    files = [*simulated, str(dies)]
    one = _output(capsys, files, OutputFormat.json, False, None)
    assert not marker.exists()
    assert _output(capsys, files, OutputFormat.json, False, client) == one
    assert marker.exists()  # a worker did exit on that unit
    client.wait_for_workers(2, timeout=60)  # type: ignore[attr-defined]


def test_check_many_with_a_client_gives_the_reports_of_check(client: object,
                                                            simulated: list[str]) -> None:
    import referee
    from referee.report.json import jsonable

    mine = [jsonable(report) for report in referee.check_many(simulated, client=client)]
    assert [jsonable(report) for report in referee.check_many(simulated)] == mine
    assert [jsonable(report) for report in referee.check_many(simulated, jobs=2)] == mine


def _referee(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True,
                          text=True, env={**os.environ, **env}, timeout=300)


def test_dask_local_on_the_command_line(tmp_path: Path) -> None:
    """``--dask local`` starts and stops its own cluster; the report is that of one process,
    the summary's time aside."""
    one = _referee("check", "--expect", "-q", str(SAMPLES / "twenty-two"))
    done = _referee("check", "--expect", "-q", "--dask", "local", "--jobs", "2",
                    str(SAMPLES / "twenty-two"))
    assert done.returncode == one.returncode == 0, done.stderr

    def timeless(text: str) -> str:
        return text.rsplit("(", 1)[0]

    assert timeless(done.stdout) == timeless(one.stdout)


def test_unreachable_scheduler_and_jobs_are_usage_errors() -> None:
    done = _referee("check", "--dask", "tcp://127.0.0.1:9", str(SAMPLES),
                    DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="1s")
    assert done.returncode == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in done.stderr
    assert "Traceback" not in done.stderr
    done = _referee("check", "--dask", "tcp://127.0.0.1:9", "--jobs", "4", str(SAMPLES))
    assert done.returncode == 2 and "--jobs sets the workers of '--dask local' only" in done.stderr


def test_without_the_extra_dask_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from referee.cli.app import app

    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    result = CliRunner().invoke(app, ["check", "--dask", "local", str(SAMPLES)])
    assert result.exit_code == 2
    assert "pip install 'referee[dask]'" in result.output

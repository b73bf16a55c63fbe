"""No mockapi outlives pytest: a SIGKILLed pytest leaves no `mockapi serve` or `mockapi record` running (each is
started with --exit-with pytest's PID), and a recorder that cannot start leaves the folder as it was."""

import os
import select
import signal
import socket
import subprocess
import sys
import time

from pytest_mockapi.process import find_binary

WAITING_TEST = '''
import os
import pytest


@pytest.mark.mockapi("sample/waiting", upstream=os.environ["STAND_IN"])
def test_waits_to_be_killed(mockapi_cassette, mockapi_session):
    mockapi_session.server()  # the session's replay server runs too, besides this test's recorder
    with open(os.environ["STARTED"], "w") as file:
        file.write(str(os.getpid()))
    read_end, _ = os.pipe()
    os.read(read_end, 1)  # nothing is ever written: it waits here until it is killed
'''


def children_named(parent, name):
    """The PIDs of `parent`'s children whose command is `name`, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as file:
                fields = file.read().rsplit(")", 1)
            command = fields[0].split("(", 1)[1]
            ppid = int(fields[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        if ppid == parent and command == name:
            found.append(int(entry))
    return found


def ends_within(pid, seconds):
    """Whether process `pid` ends within `seconds`, waited for on its pidfd (not polled)."""
    try:
        descriptor = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        readable, _, _ = select.select([descriptor], [], [], seconds)
        return bool(readable)
    finally:
        os.close(descriptor)


def test_aSIGKILLedPytest_leavesNoMockapiRunning(pytester, stand_in, monkeypatch):
    started = pytester.path / "started"
    monkeypatch.setenv("STAND_IN", stand_in.url)
    monkeypatch.setenv("STARTED", str(started))
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("MOCKAPI_RECORD", raising=False)
    (pytester.path / "Fixtures").mkdir()
    (pytester.path / "Fixtures" / "other.json").write_text('{"mockapi": 1, "interactions": []}')  # for the session's server
    pytester.makepyfile(test_waiting=WAITING_TEST)
    runner = subprocess.Popen([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q"], cwd=pytester.path,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not started.exists() and runner.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)  # the runner writes the file once its servers answer: a file to wait for
        assert started.exists(), "the test did not start"
        servers = children_named(runner.pid, "mockapi")
        assert len(servers) == 2, f"a serve and a record run under pytest: {servers}"
        runner.send_signal(signal.SIGKILL)
        runner.wait()
        assert all(ends_within(pid, 20) for pid in servers), "mockapi outlived the SIGKILLed pytest"
    finally:
        if runner.poll() is None:
            runner.kill()
            runner.wait()


def test_aRecorderThatCannotStart_leavesTheFolderAsItWas(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        cassette = tmp_path / "Fixtures" / "api" / "new.json"
        finished = subprocess.run(
            [find_binary(), "record", "--upstream", "http://127.0.0.1:9", "--cassette", str(cassette),
             "--port", str(port)], capture_output=True, text=True, timeout=60)
    assert finished.returncode == 2, finished.stderr
    assert "in use" in finished.stderr
    assert os.listdir(tmp_path) == [], "no cassette, folder or .gitignore is left"

"""Starting and stopping `mockapi` processes: found through MOCKAPI_BIN, the platform wheel's own binary or PATH, on
127.0.0.1 port 0, their URL read from the --ready-file, stopped by PID, and tied to this process with --exit-with so
that none outlives pytest, however pytest ends."""

import os
import shutil
import signal
import subprocess
import tempfile
import time

from .control import MockapiError

# The platform wheel (pytest_mockapi-…-manylinux_…_x86_64.whl) carries the binary here, with the shared libraries it
# links in ../../pytest_mockapi.libs, found through its RPATH. The pure wheel has no bin/ folder.
BUNDLED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "mockapi")

REINSTALL = "reinstall it (pip install --force-reinstall pytest-mockapi), or set MOCKAPI_BIN to a mockapi binary"


def find_binary(environment=None):
    """MOCKAPI_BIN when set, else the binary of the platform wheel, else `mockapi` on PATH."""
    environment = os.environ if environment is None else environment
    named = environment.get("MOCKAPI_BIN")
    if named:
        if not os.path.isfile(named):
            raise MockapiError(f"mockapi: MOCKAPI_BIN={named}: no such file; set it to the mockapi binary, or unset it")
        if not os.access(named, os.X_OK):
            raise MockapiError(f"mockapi: MOCKAPI_BIN={named} is not executable: chmod +x {named}, or unset it")
        return named
    bundled = bundled_binary()
    if bundled:
        return bundled
    found = shutil.which("mockapi")
    if not found:
        raise MockapiError(
            "mockapi: no mockapi command: pip install the platform wheel of pytest-mockapi (Linux x86_64), which "
            "carries it; or set MOCKAPI_BIN to the binary, or put mockapi on PATH (the .deb or the tarball)")
    return found


def bundled_binary():
    """The platform wheel's binary; None for the pure wheel. A platform install whose binary is missing or not
    executable raises MockapiError naming the path and the fix."""
    if not os.path.isdir(os.path.dirname(BUNDLED)):
        return None
    if not os.path.isfile(BUNDLED):
        raise MockapiError(f"mockapi: the binary of pytest-mockapi's wheel is missing ({BUNDLED}): {REINSTALL}")
    if not os.access(BUNDLED, os.X_OK):
        raise MockapiError(f"mockapi: the binary of pytest-mockapi's wheel is not executable ({BUNDLED}): {REINSTALL}")
    return BUNDLED


class MockapiProcess:
    """One running `mockapi serve` or `mockapi record`; `url` is its base URL. It stops by itself when this process
    ends, even by SIGKILL (`--exit-with` this PID)."""

    def __init__(self, binary, arguments, workdir, ready_timeout=60.0):
        self.command = [binary] + list(arguments)
        self.folder = tempfile.mkdtemp(prefix="mockapi-", dir=workdir)
        ready = os.path.join(self.folder, "url")
        self.log_path = os.path.join(self.folder, "log")
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                self.command + ["--port", "0", "--ready-file", ready, "--exit-with", str(os.getpid())],
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        self.pid = self.process.pid
        self.final_log = ""
        deadline = time.monotonic() + ready_timeout
        # The server writes the file once it answers; until then there is nothing to wait on but the file and the
        # process.
        while not (os.path.exists(ready) and os.path.getsize(ready) > 0):
            if self.process.poll() is not None:
                raise MockapiError(
                    f"mockapi: {' '.join(self.command)} stopped before it answered (exit {self.process.returncode}):\n"
                    + self.log())
            if time.monotonic() > deadline:
                self.stop()
                raise MockapiError(f"mockapi: {' '.join(self.command)} did not answer in {ready_timeout:.0f} s:\n" + self.log())
            time.sleep(0.02)
        with open(ready, encoding="utf-8") as file:
            self.url = file.read().strip().rstrip("/")

    def log(self):
        with open(self.log_path, encoding="utf-8", errors="replace") as file:
            return file.read()[-4000:]

    def stop(self):
        """SIGTERM to this PID (a recorder folds its log into the cassette then), SIGKILL after 30 s; the exit status.
        What it printed last stays in `final_log`."""
        if self.process.poll() is None:
            os.kill(self.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.kill(self.pid, signal.SIGKILL)
                self.process.wait()
        self.final_log = self.log()
        shutil.rmtree(self.folder, ignore_errors=True)
        return self.process.returncode

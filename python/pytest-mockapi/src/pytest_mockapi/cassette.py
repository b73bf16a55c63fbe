"""One test's cassette: replayed through the session's server, recorded through `mockapi record`, or both
(`mockapi serve --record-missing`), by record mode."""

import json
import os
import shutil
import tempfile

from .control import ControlClient, MockapiError, NotLoaded, describe_misses
from .modes import is_ci
from .process import MockapiProcess
from .rules import combined, serve_arguments


class CassetteUse:
    """What a test gets from the `mockapi_cassette` fixture. `base_url` is where its client sends requests; `mode` is
    the record mode it runs in; `file` is the cassette. `rules` are the test's own match rules (marker keywords); with
    any, the test replays through a `mockapi serve` of its own, since the session's server applies its rules to every
    cassette it serves."""

    def __init__(self, name, *, upstream, mode, strict, fixtures, binary, session, workdir, nodeid, redact_env,
                 rules=None):
        self.name = name
        self.file = os.path.join(fixtures, name + ".json")
        self.upstream = upstream
        self.mode = mode
        self.strict = strict
        self.binary = binary
        self.session = session
        self.workdir = workdir
        self.nodeid = nodeid
        self.redact_env = [variable for variable in redact_env if os.environ.get(variable)]
        self.rules = rules or {}
        self.base_url = None
        self.passed = False
        # Why the cassette cannot be replayed (a broken file): the test fails with it before its own code runs.
        self.failure = None
        self._control = None
        self._since = 0
        self._scope = None
        self._process = None
        self._staging = None
        self.review = []

    def __str__(self):
        return self.base_url or ""

    @property
    def ws_url(self):
        """`base_url` as a WebSocket URL (`ws://127.0.0.1:PORT/@name`), for a client that connects to a realtime API."""
        base = self.base_url or ""
        return "ws" + base[len("http"):] if base.startswith("http") else base

    @property
    def recording(self):
        """Whether requests go to the upstream (and are written) rather than answered from the cassette alone."""
        return self._staging is not None

    def start(self):
        exists = os.path.exists(self.file)
        if self.mode == "none" and not exists:
            ci = " (CI is set)" if is_ci(os.environ) else ""
            raise MockapiError(
                f"mockapi: no cassette {self.name} ({self.file}), and the record mode is none{ci}. "
                f"Record it where the upstream is reachable:\n  MOCKAPI_RECORD=once pytest '{self.nodeid}'\n"
                f"then commit {self.file}.")
        if self.mode in ("none", "once") and exists and not self.rules:
            self._replay()
        elif self.mode in ("none", "once") and exists:
            self._serve_alone([])
        elif self.mode == "new" and exists:
            self._serve_alone(["--record-missing", "--cassette", self.file]
                              + self._upstream_arguments() + self._redaction_arguments())
        else:
            self._record()
        return self

    def _replay(self):
        server = self.session.server()
        self._control = ControlClient(server.url)
        self._scope = self.name
        self.base_url = f"{server.url}/@{self.name}"
        try:
            answer = self._control.reset(cassette=self.name, scope="positions")
        except NotLoaded:  # recorded, or mended, after the server started: read the folder again
            self._control.reload()
            try:
                answer = self._control.reset(cassette=self.name, scope="positions")
            except NotLoaded as error:  # the server serves the others (--skip-broken) and says why not this one
                self.failure = f"mockapi: cannot replay {self.file}: {error}"
                return
        self._since = answer["next"]

    def _serve_alone(self, arguments):
        """`mockapi serve` of this cassette alone, with the project's and the test's match rules."""
        rules = serve_arguments(combined(self.session.rules, self.rules))
        self._process = MockapiProcess(self.binary, ["serve", self.file] + arguments + rules, self.workdir)
        self._control = ControlClient(self._process.url)
        self.base_url = self._process.url

    def _record(self):
        folder = tempfile.mkdtemp(prefix="recording-", dir=self.workdir)
        self._staging = os.path.join(folder, os.path.basename(self.file))
        arguments = ["record", "--cassette", self._staging]
        if os.path.exists(self.file):
            # Recorded afresh over a copy: mockapi writes an answer that did not change back exactly as it was.
            shutil.copyfile(self.file, self._staging)
            arguments += ["--mode", "all"]
        self._process = MockapiProcess(
            self.binary, arguments + self._upstream_arguments() + self._redaction_arguments(), self.workdir)
        self.base_url = self._process.url

    def _upstream_arguments(self):
        upstreams = [self.upstream] if isinstance(self.upstream, str) else list(self.upstream or [])
        if not upstreams and os.path.exists(self.file):
            upstreams = self._recorded_upstreams()
        if not upstreams:
            raise MockapiError(
                f"mockapi: cassette {self.name} is to be recorded (record mode {self.mode}), but no upstream is known: "
                "pass upstream=\"https://api.example.com\" to @pytest.mark.mockapi, or set mockapi_upstream in the ini "
                "file or --mockapi-upstream (a cassette that exists remembers its own)")
        return [argument for upstream in upstreams for argument in ("--upstream", upstream)]

    def _recorded_upstreams(self):
        with open(self.file, encoding="utf-8") as file:
            interactions = json.load(file).get("interactions", [])
        upstreams = []
        for interaction in interactions:
            upstream, mount = interaction.get("upstream"), interaction.get("mount")
            if upstream:
                route = f"{mount}={upstream}" if mount and mount != "/" else upstream
                if route not in upstreams:
                    upstreams.append(route)
        return upstreams

    def _redaction_arguments(self):
        return [argument for variable in self.redact_env for argument in ("--redact-env", variable)]

    def problems(self):
        """Why the test fails although its own code passed: requests that matched no recording (with their near
        misses and the command that records them) and, strict, recordings no request used."""
        if self._control is None or self.failure:
            return []
        lines = []
        try:
            misses = self._control.unmatched(self._since, cassette=self._scope)["requests"]
        except NotLoaded:
            misses = []
        if misses:
            lines.append(f"mockapi: {len(misses)} request(s) matched no recording in cassette {self.name} "
                         f"({self.file}):")
            lines += ["  " + line for line in describe_misses(misses)]
            lines.append("  " + self.record_advice(misses))
        if self.strict:
            try:
                unused = self._control.unused(self._scope)
            except NotLoaded:
                unused = {"interactions": []}
            if unused["interactions"]:
                lines.append(f"mockapi: strict: {len(unused['interactions'])} recording(s) of {self.name} were not used:")
                lines += [f"  {item['cassette']}[{item['index']}] {item['request']}" for item in unused["interactions"]]
        return lines

    def record_advice(self, misses):
        """The command that records what missed: a changed request (``near_miss``) is recorded afresh, so that the
        stale recording goes (`all`); requests with nothing near are added (`new`)."""
        changed = any(near_miss(entry) for entry in misses)
        if changed:
            return (f"A request changed: record this test afresh (the upstream must be reachable):\n"
                    f"    pytest '{self.nodeid}' --mockapi-record=all")
        return f"Add the new request(s) to the cassette:\n    pytest '{self.nodeid}' --mockapi-record=new"

    def finish(self):
        """Stops this test's own process; a recording replaces the cassette only when the test passed."""
        if self._process is None:
            return
        status = self._process.stop()
        log = self._process.final_log
        self._process = None
        if self._staging is None:
            return
        staging, self._staging = self._staging, None
        # What mockapi said about the re-recording (answers kept, the first lines of `mockapi diff`), for the summary.
        prefix = f"mockapi: {staging}: "
        self.review = [f"mockapi: {self.file}: " + line[len(prefix):] for line in log.splitlines()
                       if line.startswith(prefix) and ("unchanged in meaning" in line or line[len(prefix):].startswith(
                           ("changes:", "  ")))]
        if self.passed and status == 0 and os.path.exists(staging):
            os.makedirs(os.path.dirname(os.path.abspath(self.file)), exist_ok=True)
            shutil.move(staging, self.file)
        shutil.rmtree(os.path.dirname(staging), ignore_errors=True)


def near_miss(entry):
    """Whether an unmatched request changed rather than being new: one of its nearest recordings has its method and a
    path of as many segments (`GET /repos/hello` for `GET /repos/goodbye`: the same call with another name, query,
    body or header)."""
    method, segments = entry.get("method"), path_segments(entry.get("path", ""))
    for miss in entry.get("unmatched", {}).get("nearest", []):
        recorded_method, _, target = miss.get("request", "").partition(" ")
        if recorded_method == method and path_segments(target.split("?")[0]) == segments:
            return True
    return False


def path_segments(path):
    return len([segment for segment in path.split("/") if segment])

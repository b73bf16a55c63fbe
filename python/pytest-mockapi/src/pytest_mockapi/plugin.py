"""The pytest plugin: options, the `mockapi` marker, the session's replay server and the `mockapi_cassette` fixture."""

import os
import re
import traceback

import pytest

from . import upstreams
from .cassette import CassetteUse
from .control import MockapiError
from .modes import resolve_mode
from .process import MockapiProcess, find_binary
from .rules import add_ini_options, from_ini, serve_arguments, take_from_marker

# The test's cassette, for the hook that checks its requests after the test's own code.
CASSETTE = pytest.StashKey[CassetteUse]()


def pytest_addoption(parser):
    group = parser.getgroup("mockapi", "record and replay HTTP with mockapi")
    group.addoption("--mockapi-record", metavar="MODE", default=None,
                    help="record mode for every test: none, once, new or all (overrides MOCKAPI_RECORD)")
    group.addoption("--mockapi-fixtures", metavar="FOLDER", default=None,
                    help="the cassettes' folder (default: the mockapi_fixtures ini value, Fixtures)")
    group.addoption("--mockapi-upstream", metavar="URL", default=None,
                    help="the upstream of cassettes whose marker names none (overrides the ini's plain URL line)")
    parser.addini("mockapi_fixtures", "the cassettes' folder, relative to the rootdir", default="Fixtures")
    parser.addini("mockapi_upstream", "the upstream of cassettes whose marker names none: a URL, and FOLDER/ = URL "
                  "lines for the cassettes under a folder (github/ = https://api.github.com)", type="linelist",
                  default=[])
    add_ini_options(parser)


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "mockapi(name, upstream=None, record='once', strict=False, redact_env=(), ignore_body=False, "
        "ignore_json_fields=(), null_matches_absent=False, ignore_query=(), match_headers=()): the test's cassette "
        "(Fixtures/NAME.json), the real API to record from (default: the mockapi_upstream ini value), its record "
        "mode, whether unused recordings fail it, variables whose values are scrubbed while recording (besides "
        "MOCKAPI_REDACT_ENV's), and match rules as mockapi serve's flags (--ignore-body, --ignore-json-field, …) "
        "that add to the mockapi_* ini values")


class SessionServer:
    """One `mockapi serve` of the fixtures folder per session (per xdist worker), started when a test first replays,
    with the match rules of the project's ini values. It serves every cassette that loads (`--skip-broken`): a
    broken one fails only the tests that use it."""

    def __init__(self, binary, fixtures, workdir, rules=None, upstream=(None, {})):
        self.binary, self.fixtures, self.workdir = binary, fixtures, workdir
        self.rules = rules or {}
        self.default_upstream, self.upstreams = upstream
        self._process = None

    def server(self):
        if self._process is None:
            self._process = MockapiProcess(
                self.binary, ["serve", self.fixtures, "--skip-broken"] + serve_arguments(self.rules), self.workdir)
        return self._process

    def upstream_for(self, name):
        """The ini's upstream for cassette `name`, when its marker names none."""
        return upstreams.for_cassette(name, self.default_upstream, self.upstreams)

    def stop(self):
        if self._process is not None:
            self._process.stop()
            self._process = None


def fixtures_folder(config):
    folder = config.getoption("--mockapi-fixtures") or config.getini("mockapi_fixtures")
    return str(config.rootpath / folder)


def configured_upstreams(config):
    default, by_folder = upstreams.parse(config.getini("mockapi_upstream"), "the mockapi_upstream ini value")
    option = config.getoption("--mockapi-upstream")
    if option:
        default = upstreams.parse([option], "--mockapi-upstream")[0]
    return default, by_folder


@pytest.fixture(scope="session")
def mockapi_session(request, tmp_path_factory):
    """The session's replay server (started on first use) and where its processes keep their files."""
    try:
        binary = find_binary()
        session = SessionServer(binary, fixtures_folder(request.config), str(tmp_path_factory.mktemp("mockapi")),
                                rules=from_ini(request.config), upstream=configured_upstreams(request.config))
    except MockapiError as error:
        pytest.fail(str(error), pytrace=False)
    yield session
    session.stop()


@pytest.fixture
def mockapi_cassette(request, mockapi_session):
    """The test's cassette, by its `mockapi` marker (or named after the test's module and function): `base_url` is the
    URL to give the client."""
    marker = request.node.get_closest_marker("mockapi")
    arguments = dict(marker.kwargs) if marker else {}
    name = marker.args[0] if marker and marker.args else default_name(request.node)
    redact_env = list(arguments.pop("redact_env", ()))
    redact_env += [variable for variable in re.split(r"[,\s]+", os.environ.get("MOCKAPI_REDACT_ENV", "")) if variable]
    try:
        rules = take_from_marker(arguments, f"@pytest.mark.mockapi of {request.node.nodeid}")
        mode = resolve_mode(arguments.get("record"), request.config.getoption("--mockapi-record"), os.environ)
        use = CassetteUse(
            name, upstream=arguments.get("upstream") or mockapi_session.upstream_for(name), mode=mode,
            strict=arguments.get("strict", False), fixtures=mockapi_session.fixtures, binary=mockapi_session.binary,
            session=mockapi_session, workdir=mockapi_session.workdir, nodeid=request.node.nodeid,
            redact_env=redact_env, rules=rules).start()
    except (MockapiError, ValueError) as error:
        pytest.fail(str(error), pytrace=False)
    request.node.stash[CASSETTE] = use
    yield use
    use.finish()
    request.config.stash.setdefault(REVIEWS, []).extend(use.review)


REVIEWS = pytest.StashKey[list]()


def pytest_terminal_summary(terminalreporter, config):
    """What each re-recording changed, as mockapi said it, so it is seen before the cassettes are committed."""
    lines = config.stash.get(REVIEWS, [])
    if lines:
        terminalreporter.section("mockapi re-recordings")
        for line in lines:
            terminalreporter.write_line(line)


def default_name(item):
    """`module/test_function`, for a test that names no cassette."""
    module = os.path.splitext(os.path.basename(str(item.path)))[0]
    return module + "/" + re.sub(r"[^A-Za-z0-9._-]+", "_", item.name).strip("_")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """Around the test's own code: a cassette that cannot be replayed fails the test before it runs; after it, its
    unmatched requests (and, strict, unused recordings) fail it, once, with the near misses, even when the client
    swallowed the 404."""
    use = item.stash.get(CASSETTE, None)
    if use is not None and use.failure:
        pytest.fail(use.failure, pytrace=False)
    raised = None
    try:
        result = yield
    except Exception as error:  # pytest's own outcomes (skip, xfail) are BaseExceptions and pass through
        raised = error
    use = item.stash.get(CASSETTE, None)  # also a cassette the test asked for as it ran (request.getfixturevalue)
    problems = use.problems() if use is not None else []
    if problems:
        path, line, _ = item.location
        problems[0] = f"{path}:{line + 1}: {problems[0]}"
        if raised is not None:
            problems.append(f"  (and then the test raised {raised_at(raised, item)})")
        pytest.fail("\n".join(problems), pytrace=False)
    if raised is not None:
        raise raised
    if use is not None:
        use.passed = True
    return result


def raised_at(error, item):
    """`HTTPError at test_api.py:14: 404 Client Error…`: the exception, where in the test's file it came from (its
    last frame there), and its first line."""
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename == str(item.path)]
    where = f" at {os.path.basename(frames[-1].filename)}:{frames[-1].lineno}" if frames else ""
    first_line = (str(error).splitlines() or [""])[0][:200]
    return f"{type(error).__name__}{where}: {first_line}"

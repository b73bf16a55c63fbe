"""Finding the binary (MOCKAPI_BIN, the platform wheel's own, PATH), with one clear error for a broken install, and
the plugin's own packaging."""

import importlib.metadata
import os
import stat

import pytest

from pytest_mockapi import process
from pytest_mockapi.control import MockapiError


def executable(path):
    path.write_text("#!/bin/sh\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


@pytest.fixture
def bundled(tmp_path, monkeypatch):
    """Where the platform wheel keeps its binary, in a temporary folder (bin/ made, the binary not yet)."""
    (tmp_path / "bin").mkdir()
    path = tmp_path / "bin" / "mockapi"
    monkeypatch.setattr(process, "BUNDLED", str(path))
    return path


def test_MOCKAPI_BIN_comesFirst_thenTheWheelsOwn_thenPATH(tmp_path, bundled, monkeypatch):
    named = executable(tmp_path / "named")
    executable(bundled)
    on_path = tmp_path / "path"
    on_path.mkdir()
    executable(on_path / "mockapi")
    monkeypatch.setenv("PATH", str(on_path))
    assert process.find_binary({"MOCKAPI_BIN": named}) == named
    assert process.find_binary({}) == str(bundled)
    os.unlink(bundled)
    os.rmdir(bundled.parent)  # the pure wheel: no bin/ folder
    assert process.find_binary({}) == str(on_path / "mockapi")


def test_aPlatformInstallWithoutItsBinary_namesThePathAndTheFix(bundled):
    with pytest.raises(MockapiError) as missing:
        process.find_binary({})
    assert str(bundled) in str(missing.value) and "pip install --force-reinstall pytest-mockapi" in str(missing.value)
    bundled.write_text("not executable")
    with pytest.raises(MockapiError) as not_executable:
        process.find_binary({})
    assert f"is not executable ({bundled})" in str(not_executable.value)


def test_aMOCKAPI_BINThatIsNotExecutable_namesThePathAndTheFix(tmp_path):
    plain = tmp_path / "mockapi"
    plain.write_text("")
    with pytest.raises(MockapiError, match=f"MOCKAPI_BIN={plain} is not executable: chmod \\+x {plain}, or unset it"):
        process.find_binary({"MOCKAPI_BIN": str(plain)})
    with pytest.raises(MockapiError, match="no such file"):
        process.find_binary({"MOCKAPI_BIN": str(tmp_path / "gone")})


def test_thePackage_needsPytest8_andItsTestExtraNamesWhatTheTestsImport():
    requires = importlib.metadata.requires("pytest-mockapi")
    assert "pytest>=8" in requires
    extra = [line.split(";")[0].strip() for line in requires if 'extra == "test"' in line]
    assert {"requests", "httpx", "pytest-xdist", "jsonschema", "openapi-spec-validator"} <= set(extra)

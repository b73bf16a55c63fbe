"""The README's "Python (pytest)" block, run as a user's test against the repository's committed cassette."""

import pathlib
import re
import shutil

REPOSITORY = pathlib.Path(__file__).resolve().parents[3]


def readme_block():
    text = (REPOSITORY / "README.md").read_text(encoding="utf-8")
    section = text.split("## Python (pytest)\n", 1)[1].split("\n## ", 1)[0]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_theReadmeBlock_replaysTheCommittedCassette_inCI(pytester, monkeypatch):
    for variable in ("MOCKAPI_RECORD", "GITHUB_TOKEN", "MOCKAPI_REDACT_ENV"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("CI", "true")  # replay only: nothing reaches api.github.com
    (pytester.path / "Fixtures" / "github").mkdir(parents=True)
    shutil.copy(REPOSITORY / "Fixtures" / "github" / "get-repository.json", pytester.path / "Fixtures" / "github")
    pytester.makepyfile(test_readme=readme_block())
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)

"""pytest-mockapi: record and replay a test's HTTP traffic with mockapi.

Give a test a cassette with ``@pytest.mark.mockapi("github/issues", upstream="https://api.github.com")`` and point its
client at the ``mockapi_cassette`` fixture's ``base_url``. See the project README.
"""

from .cassette import CassetteUse
from .control import ControlClient, MockapiError
from .modes import MODES, resolve_mode

__all__ = ["CassetteUse", "ControlClient", "MockapiError", "MODES", "resolve_mode"]
__version__ = "0.1.0"

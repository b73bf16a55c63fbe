"""The `mockapi` command of the platform wheel: runs the binary the wheel carries, with the same arguments, in place
of this Python process (so signals and the exit status are the binary's own)."""

import os
import sys

from .control import MockapiError
from .process import bundled_binary


def main():
    try:
        binary = bundled_binary()
    except MockapiError as error:
        sys.exit(str(error))
    if binary is None:
        sys.exit("mockapi: this install of pytest-mockapi carries no binary (the pure wheel): install the platform "
                 "wheel, or the .deb or the tarball")
    os.execv(binary, [binary] + sys.argv[1:])

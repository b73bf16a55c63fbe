"""Which upstream a cassette records from when its marker names none: the `mockapi_upstream` ini value (or
`--mockapi-upstream`), one line each, either a URL for every cassette or `FOLDER/ = URL` for the cassettes under a
folder of the fixtures (the longest folder that holds the cassette wins)."""

from .control import MockapiError


def parse(lines, where):
    """`(default, {folder: url})` from the ini value's lines; a line that is neither form raises MockapiError."""
    default, by_folder = None, {}
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        folder, equals, url = line.partition("=")
        if not equals or "://" in folder:  # a URL alone (whose query may hold an =)
            folder, url = "", line
        folder, url = folder.strip().strip("/"), url.strip()
        if "://" not in url:
            raise MockapiError(f"mockapi: {where}: {line!r} is not a URL or FOLDER/ = URL (https://api.example.com)")
        if folder:
            by_folder[folder] = url
        else:
            default = url
    return default, by_folder


def for_cassette(name, default, by_folder):
    """The upstream of cassette `name` (`github/get-repo`): the longest folder of `by_folder` that holds it, else
    `default` (which may be None)."""
    parts = name.split("/")[:-1]
    for end in range(len(parts), 0, -1):
        folder = "/".join(parts[:end])
        if folder in by_folder:
            return by_folder[folder]
    return default

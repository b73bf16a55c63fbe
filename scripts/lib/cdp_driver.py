#!/usr/bin/env python3
"""Drives a headless Chromium over the DevTools protocol, for the admin page test.

Chromium is started with --remote-debugging-pipe: it reads protocol messages (JSON, each ended by a NUL byte) on its
file descriptor 3 and writes answers and events on descriptor 4. No port, no websocket library: the standard library
is enough.

Commands come on stdin, one JSON object a line; each gets one JSON line on stdout:
  {"cmd": "open", "url": U}                      -> {"ok": true}
  {"cmd": "eval", "js": E}                       -> {"ok": true, "value": V}   (promises are awaited)
  {"cmd": "wait", "js": E, "timeout": S}         -> {"ok": true, "value": V} once E is truthy, else ok false
  {"cmd": "screenshot", "path": P}               -> {"ok": true, "bytes": N}
  {"cmd": "quit"}                                -> {"ok": true}, and the browser is stopped
Everything is bounded: a command that does not finish within its time fails, and the whole run ends after --limit
seconds whatever happens.

usage: cdp_driver.py CHROMIUM [--limit SECONDS]
"""
import base64, fcntl, json, os, select, signal, subprocess, sys, tempfile, time, shutil

chromium = sys.argv[1]
limit = float(sys.argv[sys.argv.index("--limit") + 1]) if "--limit" in sys.argv else 90.0
deadline = time.monotonic() + limit
profile = tempfile.mkdtemp(prefix="mockapi-chromium-")

to_browser_read, to_browser_write = os.pipe()
from_browser_read, from_browser_write = os.pipe()


def child_setup():
    # Copies above 10 first, so that placing them on 3 and 4 cannot overwrite one with the other.
    commands, answers = fcntl.fcntl(to_browser_read, fcntl.F_DUPFD, 10), fcntl.fcntl(from_browser_write, fcntl.F_DUPFD, 10)
    os.dup2(commands, 3)
    os.dup2(answers, 4)
    os.setsid()


browser = subprocess.Popen(
    [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
     "--no-default-browser-check", "--disable-extensions", "--disable-background-networking", "--mute-audio",
     "--hide-scrollbars", "--window-size=1280,900", "--remote-debugging-pipe", "--user-data-dir=" + profile,
     "about:blank"],
    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(os.path.join(profile, "stderr.log"), "wb"),
    pass_fds=(3, 4), preexec_fn=child_setup)
os.close(to_browser_read)
os.close(from_browser_write)

next_id = 0
pending = b""
session = None


def stop():
    try:
        os.killpg(browser.pid, signal.SIGTERM)
        browser.wait(timeout=5)
    except Exception:
        try:
            os.killpg(browser.pid, signal.SIGKILL)
        except Exception:
            pass
    shutil.rmtree(profile, ignore_errors=True)


def remaining(seconds):
    return max(0.0, min(seconds, deadline - time.monotonic()))


def send(method, params=None, timeout=15.0, use_session=True):
    """Sends one command and waits for its answer, skipping events."""
    global next_id, pending
    next_id += 1
    message = {"id": next_id, "method": method, "params": params or {}}
    if use_session and session:
        message["sessionId"] = session
    os.write(to_browser_write, json.dumps(message).encode() + b"\0")
    until = time.monotonic() + remaining(timeout)
    while True:
        while b"\0" in pending:
            raw, pending = pending.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == next_id:
                if "error" in answer:
                    raise RuntimeError("%s: %s" % (method, answer["error"]))
                return answer.get("result", {})
        left = until - time.monotonic()
        if left <= 0:
            raise TimeoutError("%s: no answer from Chromium in time" % method)
        ready, _, _ = select.select([from_browser_read], [], [], left)
        if ready:
            chunk = os.read(from_browser_read, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed its pipe (exit status %s)" % browser.poll())
            pending += chunk


def evaluate(expression, timeout=10.0):
    result = send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                  timeout=timeout)
    if "exceptionDetails" in result:
        raise RuntimeError("script failed: %s" % json.dumps(result["exceptionDetails"])[:500])
    return result.get("result", {}).get("value")


def run(command):
    global session
    name = command["cmd"]
    if name == "open":
        if session is None:
            target = send("Target.createTarget", {"url": "about:blank"}, use_session=False)["targetId"]
            session = send("Target.attachToTarget", {"targetId": target, "flatten": True}, use_session=False)["sessionId"]
            send("Page.enable")
            send("Runtime.enable")
        send("Page.navigate", {"url": command["url"]})
        return {"ok": True}
    if name == "eval":
        return {"ok": True, "value": evaluate(command["js"])}
    if name == "wait":
        until = time.monotonic() + remaining(float(command.get("timeout", 10)))
        value = None
        while time.monotonic() < until:
            try:
                value = evaluate(command["js"], timeout=max(0.5, until - time.monotonic()))
            except RuntimeError as error:
                value = str(error)
            if value and not (isinstance(value, str) and value.startswith("script failed")):
                return {"ok": True, "value": value}
            time.sleep(0.05)
        return {"ok": False, "error": "timed out waiting for: " + command["js"], "last": value}
    if name == "screenshot":
        data = base64.b64decode(send("Page.captureScreenshot", {"format": "png"})["data"])
        os.makedirs(os.path.dirname(command["path"]), exist_ok=True)
        with open(command["path"], "wb") as file:
            file.write(data)
        return {"ok": True, "bytes": len(data)}
    if name == "quit":
        return {"ok": True}
    return {"ok": False, "error": "unknown command " + name}


try:
    for line in sys.stdin:
        if not line.strip():
            continue
        command = json.loads(line)
        try:
            answer = run(command)
        except Exception as error:
            answer = {"ok": False, "error": str(error)}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
        if command.get("cmd") == "quit" or time.monotonic() > deadline:
            break
finally:
    stop()

"""Shared pieces of the hardening checks (tools/corrupt-check, fault-check, full-disk-check,
soak): start a spotlightd, talk JSON-RPC to it, read back everything it stores.

Python 3 standard library only. Not a tool by itself: the checks import it.
"""
import json, os, signal, socket, subprocess, time

TOOLS = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BIN = os.path.join(TOOLS, "..", ".build", "debug")


def binary(bin_dir, name="spotlightd"):
    path = os.path.join(bin_dir, name)
    if not os.path.exists(path):
        raise SystemExit(f"{path} not found; build first (swift build, or tools/setup)")
    return path


class Connection:
    """One blocking JSON-RPC connection; `call` sends a request and returns its reply."""

    def __init__(self, path, timeout=60):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(path)
        self.file = self.sock.makefile("rwb")
        self.next_id = 0

    def call(self, method, params=None):
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params or {}}
        self.file.write((json.dumps(message) + "\n").encode())
        self.file.flush()
        line = self.file.readline()
        if not line:
            raise ConnectionError("the daemon closed the connection")
        return json.loads(line)

    def result(self, method, params=None):
        reply = self.call(method, params)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply["result"]

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Daemon:
    """A spotlightd on `data` and `sock`, its log appended to `log_path`."""

    def __init__(self, bin_dir, data, sock, log_path, grants=(), extra=(), prefix=()):
        self.command = list(prefix) + [binary(bin_dir), "--data-dir", data, "--socket", sock]
        for g in grants:
            self.command += ["--grant", g]
        self.command += list(extra)
        self.sock, self.log_path, self.proc = sock, log_path, None

    def start(self, timeout=60):
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(self.command, stdout=log, stderr=log, start_new_session=True)
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                Connection(self.sock, timeout=5).close()
                return True
            except OSError:
                time.sleep(0.05)
        return False

    def connect(self):
        return Connection(self.sock)

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self, sig=signal.SIGTERM, timeout=60):
        if not self.alive():
            return self.proc.returncode if self.proc else None
        os.killpg(self.proc.pid, sig)
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            return self.proc.wait()

    def log(self):
        with open(self.log_path, "rb") as f:
            return f.read().decode("utf-8", "replace")

    def rss_kib(self):
        try:
            with open(f"/proc/{self.proc.pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return 0


def export_all(conn, bundle=None):
    """Every stored record, keyed by (bundle, type, id)."""
    records, after = {}, None
    while True:
        params = {"limit": 5000}
        if bundle:
            params["bundle"] = bundle
        if after:
            params["after"] = after
        page = conn.result("export", params)
        for r in page["records"]:
            records[(r["bundle"], r["type"], r["id"])] = r
        after = page.get("next")
        if not after:
            return records


def wait_index_ok(conn, timeout=120, allow_degraded=False):
    """Waits until status says the index is ok (or degraded, when allowed) and caught up;
    returns the last status."""
    deadline = time.time() + timeout
    while True:
        status = conn.result("status")["index"]
        settled = status["storeSequence"] == status["lastAppliedSequence"]
        state_ok = status["indexState"] == "ok" or (allow_degraded and status["indexState"] == "degraded")
        if (state_ok and settled) or time.time() > deadline:
            return status
        time.sleep(0.1)


def query_ids(conn, text, bundles=None, limit=10000):
    params = {"text": text, "limit": limit}
    if bundles:
        params["bundles"] = bundles
    return {(h["record"]["bundle"], h["record"]["type"], h["record"]["id"])
            for h in conn.result("query", params)["hits"]}

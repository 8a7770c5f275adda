"""The distributed setup on one machine, on loopback: PostgreSQL, Redis, nginx as the single entry point, web
processes and worker processes — started by ``scripts/cluster`` (and by the fault tests, which kill its parts).

Every service runs from Debian's packages in a folder of its own (data, configuration, logs), on ports given or
found free, and is stopped, by its process id, when the cluster stops.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_BIN = next(iter(sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)), Path("/usr/lib/postgresql/15/bin"))
STARTUP_SECONDS = 60

NGINX_CONF = """\
worker_processes 1;
{user}
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log warn;
events {{ worker_connections 16384; }}
http {{
    access_log off;
    client_body_temp_path {dir}/nginx-body;
    proxy_temp_path {dir}/nginx-proxy;
    fastcgi_temp_path {dir}/nginx-fastcgi;
    uwsgi_temp_path {dir}/nginx-uwsgi;
    scgi_temp_path {dir}/nginx-scgi;
    # Slow or half-sent requests are nginx's to bear: they never reach a web process.
    client_header_timeout 10s;
    client_body_timeout 10s;
    send_timeout 30s;
    keepalive_timeout 15s;
    client_max_body_size 1m;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    upstream web {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://web;
            proxy_http_version 1.1;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            # A WebSocket stays open for as long as the page does (the server pings it every 25 s).
            proxy_read_timeout 1h;
            proxy_send_timeout 1h;
            # A web process that died: the request goes to another (no sticky sessions are needed).
            proxy_next_upstream error timeout http_502;
            error_page 502 504 = @restarting;
        }}
        # No web process answered: the message region the page expects, so the page goes on (nothing changed).
        location @restarting {{
            default_type text/html;
            return 503 '<div id="message" class="message error" role="alert" aria-live="polite">服务器正在重启，请稍后再试。 The game server is restarting: nothing was changed, please try again in a moment.</div>';
        }}
    }}
}}
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Part:
    name: str
    command: list[str]
    env: dict[str, str]
    log: Path
    process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(self.command, cwd=ROOT, env=self.env, stdout=self.log.open("ab"),
                                        stderr=subprocess.STDOUT, start_new_session=True)

    @property
    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def signal(self, signum: int) -> None:
        if self.alive():
            os.killpg(self.process.pid, signum)

    def stop(self, wait: float = 10.0) -> None:
        if not self.alive():
            return
        self.signal(signal.SIGTERM)
        try:
            self.process.wait(wait)
        except subprocess.TimeoutExpired:
            self.signal(signal.SIGKILL)
            self.process.wait()


@dataclass
class Cluster:
    folder: Path
    port: int = field(default_factory=free_port)
    webs: int = 2
    workers: int = 2
    extra_env: dict[str, str] = field(default_factory=dict)
    parts: dict[str, Part] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.folder = Path(self.folder).resolve()
        self.pg_port, self.redis_port = free_port(), free_port()
        self.web_ports = [free_port() for _ in range(self.webs)]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def database_url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.pg_port}/shuangsheng"

    @property
    def redis_url(self) -> str:
        return f"redis://127.0.0.1:{self.redis_port}/0"

    # ------------------------------------------------------------------ the whole cluster

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.start_postgres()
        self.start_redis()
        env = self.app_env()
        for index, port in enumerate(self.web_ports):
            self._add(f"web{index}", [sys.executable, "-m", "gunicorn", "-c", "python:webapp.gunicorn_config",
                                      "--bind", f"127.0.0.1:{port}", "webapp:create_app()"], env)
        for index in range(self.workers):
            self._add(f"worker{index}", [sys.executable, "-m", "webapp.worker"], env)
        for name in self.names("web"):
            self.parts[name].start()
        for port in self.web_ports:
            self._wait_http(f"http://127.0.0.1:{port}/ping")
        for name in self.names("worker"):
            self.parts[name].start()
        self.start_nginx()
        self._wait_http(self.url + "/ping")

    def stop(self) -> None:
        for name in reversed(list(self.parts)):
            if name != "postgres":
                self.parts[name].stop()
        self.stop_postgres()

    def names(self, prefix: str) -> list[str]:
        return [name for name in self.parts if name.startswith(prefix)]

    def app_env(self) -> dict[str, str]:
        secret = self.folder / "secret_key"
        if not secret.exists():
            secret.write_text(os.urandom(24).hex())
            secret.chmod(0o600)
        return {**os.environ, "DATABASE_URL": self.database_url, "REDIS_URL": self.redis_url,
                "SECRET_KEY": secret.read_text(), "PYTHONUNBUFFERED": "1", **self.extra_env}

    # ------------------------------------------------------------------ one part at a time (the fault tests)

    def kill(self, name: str) -> int:
        """SIGKILL a part (its whole process group); returns the pid it had."""
        part = self.parts[name]
        pid = part.pid
        part.signal(signal.SIGKILL)
        part.process.wait()
        return pid

    def restart(self, name: str) -> None:
        part = self.parts[name]
        if part.alive():
            part.stop()
        part.start()
        if name.startswith("web"):
            self._wait_http(f"http://127.0.0.1:{self.web_ports[int(name[3:])]}/ping")

    # ------------------------------------------------------------------ services

    @property
    def pg_data(self) -> Path:
        """PostgreSQL's data folder. It refuses to run as root, so as root it runs as ``postgres``, whose data must
        be in a folder it can reach (not below root's own, often private, folders)."""
        if os.geteuid() != 0:
            return self.folder / "pg"
        digest = hashlib.sha256(str(self.folder).encode()).hexdigest()[:12]
        return Path(tempfile.gettempdir()) / f"shuangsheng-pg-{digest}"

    def start_postgres(self) -> None:
        data = self.pg_data
        as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if not (data / "PG_VERSION").exists():
            data.mkdir(parents=True, exist_ok=True)
            if as_postgres:
                shutil.chown(data, "postgres", "postgres")
            subprocess.run([*as_postgres, str(PG_BIN / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"],
                           check=True, stdout=subprocess.DEVNULL)
        self._pg_ctl = [*as_postgres, str(PG_BIN / "pg_ctl"), "-D", str(data)]
        options = f"-p {self.pg_port} -k {data} -c listen_addresses=127.0.0.1 -c max_connections=300"
        subprocess.run([*self._pg_ctl, "-o", options, "-l", str(data / "log"), "-w", "start"], check=True,
                       stdout=subprocess.DEVNULL)
        self.parts["postgres"] = Part("postgres", [], {}, data / "log")
        created = subprocess.run([*as_postgres, str(PG_BIN / "createdb"), "-h", "127.0.0.1", "-p",
                                  str(self.pg_port), "-U", "postgres", "shuangsheng"], capture_output=True, text=True,
                                 check=False)
        if created.returncode != 0 and "already exists" not in created.stderr:
            raise RuntimeError(created.stderr)

    def stop_postgres(self, mode: str = "fast") -> None:
        if "postgres" in self.parts:
            subprocess.run([*self._pg_ctl, "-m", mode, "-w", "stop"], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)

    def resume_postgres(self) -> None:
        data = self.pg_data
        options = f"-p {self.pg_port} -k {data} -c listen_addresses=127.0.0.1 -c max_connections=300"
        subprocess.run([*self._pg_ctl, "-o", options, "-l", str(data / "log"), "-w", "start"], check=True,
                       stdout=subprocess.DEVNULL)

    def start_redis(self) -> None:
        self._add("redis", ["redis-server", "--port", str(self.redis_port), "--bind", "127.0.0.1", "--save", "",
                            "--appendonly", "no", "--dir", str(self.folder)], {**os.environ})
        self.parts["redis"].start()
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.redis_port), timeout=1) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.05)  # poll interval of the readiness wait, bounded by the deadline
        raise RuntimeError("redis did not start")

    def start_nginx(self) -> None:
        for temp in ("nginx-body", "nginx-proxy", "nginx-fastcgi", "nginx-uwsgi", "nginx-scgi"):
            (self.folder / temp).mkdir(exist_ok=True)
        servers = "\n".join(f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=2s;" for port in self.web_ports)
        conf = self.folder / "nginx.conf"
        # As root nginx would hand its worker to "nobody", which cannot use this folder: this is loopback only.
        user = "user root;" if os.geteuid() == 0 else ""
        conf.write_text(NGINX_CONF.format(dir=self.folder, port=self.port, servers=servers, user=user))
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        self._add("nginx", [nginx, "-p", str(self.folder), "-c", str(conf), "-g", "daemon off;"], {**os.environ})
        self.parts["nginx"].start()

    # ------------------------------------------------------------------ helpers

    def _add(self, name: str, command: list[str], env: dict[str, str]) -> None:
        self.parts[name] = Part(name, command, env, self.folder / f"{name}.log")

    def _wait_http(self, url: str) -> None:
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(url, timeout=2).close()
                return
            except OSError:
                time.sleep(0.05)  # poll interval of the readiness wait, bounded by the deadline
        raise RuntimeError(f"{url} did not answer; see the logs in {self.folder}")


def main() -> None:
    folder = Path(os.environ.get("CLUSTER_DIR", ROOT / "instance" / "cluster"))
    cluster = Cluster(folder, port=int(os.environ.get("PORT", "8000")),
                      webs=int(os.environ.get("WEB_PROCESSES", "2")), workers=int(os.environ.get("WORKER_PROCESSES", "2")))
    stop = []
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.append(True))
    try:
        cluster.start()
        print(f"Shuang Sheng cluster: {cluster.url}  (PostgreSQL :{cluster.pg_port}, Redis :{cluster.redis_port}, "
              f"web {', '.join(map(str, cluster.web_ports))}; logs in {folder}). Ctrl-C stops it.", flush=True)
        while not stop:
            signal.pause()
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()

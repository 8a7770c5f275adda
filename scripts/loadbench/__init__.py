"""The load benchmark of issue 10 §5 (``scripts/bench_load.py``): benchmark players that use the room page's
HTTP and WebSocket protocol as a browser does, idle sockets, fresh page loads, and the server's processes."""

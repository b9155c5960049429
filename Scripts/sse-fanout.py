#!/usr/bin/env python3
"""Server-side fan-out time of nchan: opens N event-stream subscribers (raw sockets, one thread
with select) to SUBSCRIBE_PORT's /sub/tweaks, publishes ROUNDS events to PUBLISH_PORT's
/pub/tweaks, and prints the time from each publish until each subscriber has the event (p50, p99,
max). No Tweaks client involved: this is what nginx + nchan (+ Redis between two nodes) cost.
Usage: Scripts/sse-fanout.py SUBSCRIBE_PORT PUBLISH_PORT [SUBSCRIBERS [ROUNDS]]  (1000, 20).
Scripts/scale-out-latency runs it when SCALE_OUT_FANOUT is set."""
import selectors, socket, sys, time, http.client

sub_port, pub_port = int(sys.argv[1]), int(sys.argv[2])
count = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 20
selector = selectors.DefaultSelector()
buffers = {}
for _ in range(count):
    s = socket.create_connection(("127.0.0.1", sub_port))
    s.sendall(b"GET /sub/tweaks HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    s.setblocking(False)
    selector.register(s, selectors.EVENT_READ)
    buffers[s] = b""


def pump(until, marker=None):
    """Reads until `until` (monotonic); returns {socket: arrival} for buffers that got `marker`."""
    arrivals = {}
    while time.monotonic() < until and (marker is None or len(arrivals) < count):
        for key, _ in selector.select(timeout=0.05):
            data = key.fileobj.recv(65536)
            buffers[key.fileobj] += data
            if marker and key.fileobj not in arrivals and marker in buffers[key.fileobj]:
                arrivals[key.fileobj] = time.monotonic()
    return arrivals


pump(time.monotonic() + 3)  # every stream open and idle
latencies, missed = [], 0
for round in range(1, rounds + 1):
    marker = f"data: fanout-{round}\n".encode()
    connection = http.client.HTTPConnection("127.0.0.1", pub_port)
    published = time.monotonic()
    connection.request("POST", "/pub/tweaks", body=f"fanout-{round}")
    connection.getresponse().read()
    arrivals = pump(published + 30, marker)
    missed += count - len(arrivals)
    latencies += [t - published for t in arrivals.values()]
    for s in buffers:
        buffers[s] = b""
    time.sleep(0.05)
latencies.sort()
p = lambda q: latencies[min(len(latencies) - 1, int(len(latencies) * q))] * 1000
print(f"fan-out: subscribers {count}, publishes {rounds}, samples {len(latencies)}, missed {missed}: "
      f"p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, max {latencies[-1] * 1000:.1f} ms")

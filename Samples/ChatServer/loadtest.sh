#!/usr/bin/env bash
# The chat server's load test on loopback: CONNECTIONS WebSocket connections at once, each
# sending ACTIONS actions, against the server pinned to one core and then to two
# (taskset). For each: throughput, latency percentiles, memory per connection, and after
# all connections closed, the live session stores (must be 0) and resident memory against
# the idle server's (measured after a warm-up round; more than 10 % over it fails: see
# "Programs Off the Main Actor"). The server pings every 2 seconds and memory is
# read 3 seconds after the connections closed: a closed connection's ping timer keeps its
# memory until the time it was set for. Bad messages (invalid JSON, an unknown action,
# a 10 MB frame) must get error frames without affecting the next connection. Last, one
# slow reader (SLOW messages, 40,000 by default) says its messages and never reads an answer:
# the server's peak memory meanwhile must stay within 64 MB of the idle server's (each
# session's state stream keeps only the newest state it has not sent).
#
#     Samples/ChatServer/loadtest.sh                 # 1,000 connections x 100 actions
#     CONNECTIONS=200 ACTIONS=20 Samples/ChatServer/loadtest.sh   # the short form CI runs
set -euo pipefail
cd "$(dirname "$0")"

connections=${CONNECTIONS:-1000}
actions=${ACTIONS:-100}
slow=${SLOW:-40000}
port=${PORT:-18181}

swift build -c release --product chat-server
swift build -c release --product chat-load
bin=$(swift build -c release --show-bin-path)

stat() { curl -sf "http://127.0.0.1:$port/stats" | python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }

failed=0
for cores in 0 0,1; do
    taskset -c "$cores" "$bin/chat-server" --port "$port" --ping-seconds 2 > /tmp/chat-server-$port.log 2>&1 &
    server=$!
    trap 'kill $server 2>/dev/null || true' EXIT
    for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/stats" > /dev/null && break; sleep 0.1; done

    "$bin/chat-load" --port "$port" --connections "$connections" --actions 5 > /dev/null
    sleep 3
    idle=$(stat residentBytes)

    report=$("$bin/chat-load" --port "$port" --connections "$connections" --actions "$actions") || {
        echo "$report"; echo "load test FAILED on cores $cores"; failed=1; }
    for _ in $(seq 50); do [ "$(stat liveSessions)" = 0 ] && break; sleep 0.1; done
    sleep 3
    live=$(stat liveSessions)
    after=$(stat residentBytes)
    peak=$(stat peakResidentBytes)
    kill "$server"; wait "$server" 2>/dev/null || true
    trap - EXIT

    echo "$report" | grep '^BAD'
    echo "cores=$cores $(echo "$report" | grep '^LOAD' | cut -d' ' -f2-)"
    if ! python3 - "$idle" "$after" "$peak" "$live" "$connections" <<'PY'
import sys
idle, after, peak, live, connections = map(int, sys.argv[1:])
per = (peak - idle) / connections
print(f"  memory: idle {idle/1e6:.1f} MB, peak {peak/1e6:.1f} MB "
      f"(~{per/1024:.0f} KB per connection), after {after/1e6:.1f} MB "
      f"({(after - idle) / idle * 100:+.1f} %), live session stores after: {live}")
if live != 0:
    print("  FAILED: session stores left after every connection closed")
if after > idle * 1.10:
    print("  FAILED: memory after is more than 10 % over the idle server's")
sys.exit(0 if live == 0 and after <= idle * 1.10 else 1)
PY
    then
        failed=1
    fi
done

# One slow reader, against a fresh server on one core.
taskset -c 0 "$bin/chat-server" --port "$port" --ping-seconds 2 > /tmp/chat-server-$port.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/stats" > /dev/null && break; sleep 0.1; done
idle=$(stat peakResidentBytes)
report=$("$bin/chat-load" --port "$port" --slow-reader "$slow") || { echo "$report"; failed=1; }
peak=$(stat peakResidentBytes)
kill "$server"; wait "$server" 2>/dev/null || true
trap - EXIT
echo "slow reader: $(echo "$report" | grep '^SLOW' | cut -d' ' -f2-)"
if ! python3 - "$idle" "$peak" <<'PY'
import sys
idle, peak = map(int, sys.argv[1:])
print(f"  memory: idle {idle/1e6:.1f} MB, peak {peak/1e6:.1f} MB ({(peak - idle)/1e6:+.1f} MB)")
if peak - idle > 64e6:
    print("  FAILED: a slow reader grew the server by more than 64 MB")
sys.exit(0 if peak - idle <= 64e6 else 1)
PY
then
    failed=1
fi
exit $failed

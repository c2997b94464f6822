"""An example bot for the marketplace's public API, in Python (docs/realtime.md, /api/docs).

    pip install -r scripts/examples/requirements.txt
    BSM_TOKEN=bsm_pat_... python scripts/examples/python_bot.py \
        --url http://localhost:3000 --watch 12 [--offer 5000] [--quantity 1]

It connects with a personal access token (Settings -> API tokens; from the environment, so it never
shows in the process list), watches a listing, prints every live event, and with --offer makes an offer
of that many copper (the token needs the `trade` scope; notifications need `read`). It prints the same
lines as scripts/examples/realtime-bot.ts.

Every event sent to a room or to everyone arrives with one more argument than its payload: the
offset of Socket.IO's connection state recovery. python-socketio passes it on, so each handler takes
`*_offset` after the payload. python-socketio cannot recover a session, so after a reconnect a real bot
refetches over REST what it holds and watches again.
"""

import argparse
import os
import signal
import sys
import threading

import requests
import socketio

parser = argparse.ArgumentParser()
parser.add_argument("--url", default="http://localhost:3000")
parser.add_argument("--watch", type=int, required=True)
parser.add_argument("--offer", type=int)
parser.add_argument("--quantity", type=int)
args = parser.parse_args()
token = os.environ.get("BSM_TOKEN") or None

sio = socketio.Client(reconnection=True)
versions = {}
deleted = set()
offered = False


# Socket.IO handlers run on the client's own thread, beside the main one: one line at a time, whole.
_say_lock = threading.Lock()


def say(line):
    with _say_lock:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def is_newer(key, version):
    """The version rule: keep an update only if it is newer than what we hold."""
    if key in deleted or versions.get(key, 0) >= version:
        return False
    versions[key] = version
    return True


def make_offer():
    body = {"listing_id": args.watch, "offer_amount": args.offer, "quantity": args.quantity}
    res = requests.post(
        f"{args.url}/api/offers",
        json=body,
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    )
    data = res.json()
    if res.status_code == 201:
        say(f"offer made #{data['id']} {args.offer}c for {data['quantity']}")
    else:
        say(f"offer refused {res.status_code} {data['code']}: {data['error']}")


def watch_and_offer():
    global offered
    ack = sio.call("listing:watch", {"listingId": args.watch})
    if not ack.get("ok"):
        say(f"cannot watch #{args.watch}: {ack.get('error')}")
        return
    say(f"watching #{args.watch}")
    if args.offer is not None and not offered:
        offered = True
        make_offer()


@sio.event
def connect():
    say("connected")
    # Not in this handler: it runs on the thread that reads the connection, which the ack needs.
    sio.start_background_task(watch_and_offer)


@sio.event
def connect_error(data):
    message = data.get("message") if isinstance(data, dict) else str(data)
    print(f"connection refused: {message}", file=sys.stderr, flush=True)
    if message == "invalid_token":
        os._exit(1)


@sio.event
def disconnect(reason=None):
    say(f"disconnected: {reason}")


@sio.on("listing:updated")
def listing_updated(payload, *_offset):
    listing = payload["listing"]
    if listing["id"] == args.watch and is_newer(f"listing:{listing['id']}", listing["version"]):
        say(f"listing #{listing['id']} {listing['status']}, {listing['remainingQuantity']} left")


@sio.on("listing:deleted")
def listing_deleted(payload, *_offset):
    deleted.add(f"listing:{payload['id']}")
    if payload["id"] == args.watch:
        say(f"listing #{payload['id']} deleted")


@sio.on("offer:created")
def offer_created(payload, *_offset):
    offer = payload["offer"]
    if is_newer(f"offer:{offer['id']}", offer["version"]):
        say(f"offer #{offer['id']} {offer['offer_amount']}c by {offer['username']}")


@sio.on("offer:updated")
def offer_updated(payload, *_offset):
    offer = payload["offer"]
    if is_newer(f"offer:{offer['id']}", offer["version"]):
        say(f"offer #{offer['id']} {offer['status']}")


@sio.on("offer:deleted")
def offer_deleted(payload, *_offset):
    deleted.add(f"offer:{payload['id']}")
    say(f"offer #{payload['id']} cancelled")


@sio.on("notification")
def notification(payload, *_offset):
    say(f"notice {payload['kind']}: {payload['message']}")


signal.signal(signal.SIGTERM, lambda *_: (sio.disconnect(), sys.exit(0)))
sio.connect(args.url, transports=["websocket"], auth={"token": token} if token else None)
sio.wait()

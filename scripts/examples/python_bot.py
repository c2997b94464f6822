"""An example bot for the marketplace's public API, in Python (docs/realtime.md, /api/docs).

    pip install -r scripts/examples/requirements.txt
    openapi-python-client generate --url http://localhost:3000/api/openapi.json --meta none \
        --output-path scripts/examples/generated/marketplace_api
    BSM_TOKEN=bsm_pat_... python scripts/examples/python_bot.py --url http://localhost:3000 \
        (--watch LISTING_ID | --item "Item Name") [--offer COPPER] [--quantity N]

REST goes through `marketplace_api`, the client openapi-python-client generated from /api/openapi.json
(scripts/examples/generate-clients.ts does the same), live events through python-socketio. It connects
with a personal access token (Settings -> API tokens; from the environment, so it never shows in the
process list) and watches a listing: the one given, or with --item the cheapest sell listing of that
item with enough left, waiting for one to be posted if there is none. It prints every live event about
it and with --offer makes an offer of that many copper for the quantity (the token needs the `trade`
scope; notifications need `read`). It prints the same lines as scripts/examples/realtime-bot.ts.

Every event sent to a room or to everyone arrives with one more argument than its payload: the
offset of Socket.IO's connection state recovery. python-socketio passes it on, so each handler takes
`*_offset` after the payload. python-socketio cannot recover a session, so after a reconnect a real bot
refetches over REST what it holds and watches again.

The "# region" marks are the excerpts the site's "Build a bot" guide shows (/guides/build-a-bot).
"""

import argparse
import os
import signal
import sys
import threading
from pathlib import Path

# region client
import socketio

sys.path.insert(0, str(Path(__file__).resolve().parent / "generated"))
try:
    from marketplace_api import AuthenticatedClient, Client
    from marketplace_api.api.listings import get_api_listings
    from marketplace_api.api.offers import post_api_offers
    from marketplace_api.models import (
        GetApiListingsSort,
        GetApiListingsType,
        Listing,
        NonCombatItemName,
        Offer,
        OtherCombatItemName,
        PostApiOffersBody,
        WeaponOrArmorItemName,
    )
    from marketplace_api.types import UNSET
except ImportError:
    sys.exit("Generate the API client first (see the top of this file): no marketplace_api package found")
# endregion

parser = argparse.ArgumentParser()
parser.add_argument("--url", default="http://localhost:3000")
target_arg = parser.add_mutually_exclusive_group(required=True)
target_arg.add_argument("--watch", type=int)
target_arg.add_argument("--item")
parser.add_argument("--offer", type=int)
parser.add_argument("--quantity", type=int)
args = parser.parse_args()
token = os.environ.get("BSM_TOKEN") or None

# region client
api = AuthenticatedClient(base_url=args.url, token=token) if token else Client(base_url=args.url)
sio = socketio.Client(reconnection=True)
# endregion
# The listing watched: given with --watch, or found for --item; the first fitting one found wins.
state = {"target": args.watch, "offered": False}
_target_lock = threading.Lock()
# Socket.IO handlers run on the client's own thread, beside the main one: one line at a time, whole.
_say_lock = threading.Lock()


def say(line):
    with _say_lock:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


# region find
def fits(listing):
    """A sell listing of the item that can fill the offer's quantity."""
    return (
        listing.item == args.item
        and listing.type_ == "sell"
        and listing.remaining_quantity >= (args.quantity or 1)
    )


def catalogue_name(name):
    """The item as the client takes it: a member of the document's enum of the catalogue names it is in."""
    for names in (NonCombatItemName, OtherCombatItemName, WeaponOrArmorItemName):
        try:
            return names(name)
        except ValueError:
            continue
    sys.exit(f"{name!r} is not an item of the catalogue (GET /api/items/meta/names lists them)")


# Checked before the bot connects, so a misspelt name ends it at once.
item = None if args.item is None else catalogue_name(args.item)


def find_listing():
    """The cheapest fitting listing now on the market (`item` is the exact name filter), if any."""
    res = get_api_listings.sync_detailed(
        client=api,
        item=item,
        type_=GetApiListingsType.SELL,
        sort=GetApiListingsSort.ASC,
    )
    if res.status_code != 200:
        raise RuntimeError(f"GET /api/listings answered {res.status_code}: {res.content!r}")
    return next((listing for listing in res.parsed if fits(listing)), None)


# endregion


# region offer
def make_offer(listing_id):
    body = PostApiOffersBody(
        listing_id=listing_id,
        offer_amount=args.offer,
        quantity=UNSET if args.quantity is None else args.quantity,
    )
    res = post_api_offers.sync_detailed(client=api, body=body)
    if res.status_code == 201:
        say(f"offer made #{res.parsed.id} {args.offer}c for {res.parsed.quantity}")
    else:
        say(f"offer refused {res.status_code} {res.parsed.code}: {res.parsed.error}")


# endregion


# region watch
def watch(listing_id):
    ack = sio.call("listing:watch", {"listingId": listing_id})
    if not ack.get("ok"):
        say(f"cannot watch #{listing_id}: {ack.get('error')}")
        return
    say(f"watching #{listing_id}")
    if args.offer is not None and not state["offered"]:
        state["offered"] = True
        make_offer(listing_id)


def found(listing):
    """The first fitting listing, from the market or from the live feed, is the one the bot watches."""
    with _target_lock:
        if state["target"] is not None:
            return
        state["target"] = listing.id
    say(f"found #{listing.id} {listing.price}c each, {listing.remaining_quantity} left")
    watch(listing.id)


def start():
    if state["target"] is not None:
        watch(state["target"])
        return
    listing = find_listing()
    if listing is not None:
        found(listing)
    elif state["target"] is None:
        say(f"waiting for a sell listing of {args.item}")


@sio.event
def connect():
    say("connected")
    # Not in this handler: it runs on the thread that reads the connection, which the ack needs.
    sio.start_background_task(start)


# Event payloads are the REST shapes, so the generated models read them. Every event sent to a room or to
# everyone has one more argument, the connection state recovery offset: each handler takes *_offset.
@sio.on("listing:created")
def listing_created(payload, *_offset):
    listing = Listing.from_dict(payload["listing"])
    if args.item is not None and fits(listing):
        sio.start_background_task(found, listing)


# endregion


# region events
versions = {}
deleted = set()


def is_newer(key, version):
    """The version rule: keep an update only if it is newer than what we hold."""
    if key in deleted or versions.get(key, 0) >= version:
        return False
    versions[key] = version
    return True


@sio.on("listing:updated")
def listing_updated(payload, *_offset):
    listing = Listing.from_dict(payload["listing"])
    if listing.id == state["target"] and is_newer(f"listing:{listing.id}", listing.version):
        say(f"listing #{listing.id} {listing.status}, {listing.remaining_quantity} left")


@sio.on("listing:deleted")
def listing_deleted(payload, *_offset):
    deleted.add(f"listing:{payload['id']}")
    if payload["id"] == state["target"]:
        say(f"listing #{payload['id']} deleted")


@sio.on("offer:created")
def offer_created(payload, *_offset):
    offer = Offer.from_dict(payload["offer"])
    if is_newer(f"offer:{offer.id}", offer.version):
        say(f"offer #{offer.id} {offer.offer_amount}c by {offer.username}")


@sio.on("offer:updated")
def offer_updated(payload, *_offset):
    offer = Offer.from_dict(payload["offer"])
    if is_newer(f"offer:{offer.id}", offer.version):
        say(f"offer #{offer.id} {offer.status}")


@sio.on("offer:deleted")
def offer_deleted(payload, *_offset):
    deleted.add(f"offer:{payload['id']}")
    say(f"offer #{payload['id']} cancelled")


@sio.on("notification")
def notification(payload, *_offset):
    say(f"notice {payload['kind']}: {payload['message']}")


# endregion


@sio.event
def connect_error(data):
    message = data.get("message") if isinstance(data, dict) else str(data)
    print(f"connection refused: {message}", file=sys.stderr, flush=True)
    if message == "invalid_token":
        os._exit(1)


@sio.event
def disconnect(reason=None):
    say(f"disconnected: {reason}")


signal.signal(signal.SIGTERM, lambda *_: (sio.disconnect(), sys.exit(0)))
sio.connect(args.url, transports=["websocket"], auth={"token": token} if token else None)
sio.wait()

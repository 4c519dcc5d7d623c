#!/usr/bin/env python3
"""Write a records file from the project's own test vectors, for runs without ../shared (the real corpus).

    vector_batch.py OUT_FILE [--reps N] [--first-user K]

Each receipt of TestVectors/receipts (base64 files; signed by the project's test PKI, so audit them with
--trust-anchor TestVectors/pki/root.pem) is written once per user id user-K ... user-(K+N-1) (K defaults to 0;
a second batch with another K moves the same purchases to other users), as
{"id", "user_id", "receipt-data"} lines, so the same purchases appear under several users and a batch split
into shards has purchases replayed across shards. Every tenth line is cut in half, a damaged record.
Deterministic: the same arguments give the same bytes."""
import argparse
import glob
import json
import os

here = os.path.dirname(os.path.abspath(__file__))
parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--reps", type=int, default=5)
parser.add_argument("--first-user", type=int, default=0)
arguments = parser.parse_args()

receipts = sorted(glob.glob(os.path.join(here, "..", "..", "TestVectors", "receipts", "*.b64")))
if not receipts:
    raise SystemExit("no TestVectors/receipts/*.b64 next to this script")
number = 0
with open(arguments.out, "w") as out:
    for rep in range(arguments.reps):
        for path in receipts:
            data = "".join(open(path).read().split())
            line = json.dumps({"id": f"r{number:05d}", "user_id": f"user-{arguments.first_user + rep:03d}", "receipt-data": data},
                              separators=(",", ":"))
            if number % 10 == 9:
                line = line[: len(line) // 2]
            out.write(line + "\n")
            number += 1
print(f"{number} records ({len(receipts)} receipts, {arguments.reps} users) -> {arguments.out}")

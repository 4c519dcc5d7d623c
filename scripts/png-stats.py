#!/usr/bin/env python3
"""Decodes a PNG with the standard library alone (zlib) and prints what a screenshot test checks, as JSON:
{"width", "height", "distinct_colours", "top_colours": [["#rrggbb", pixels], ...], "colours": {"#rrggbb": pixels}}
for 8-bit RGB or RGBA images without interlacing (what headless Chromium writes). `colours` lists only the
colours named with --count.

    scripts/png-stats.py FILE [--count '#0072B2' ...]
"""
import argparse
import collections
import json
import struct
import sys
import zlib


def chunks(data):
    position = 8
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        yield kind, data[position + 8:position + 8 + length]
        position += 12 + length


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    header, compressed = None, b""
    for kind, body in chunks(data):
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed += body
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (2, 6) or interlace:
        sys.exit(f"{path}: only 8-bit RGB/RGBA without interlacing is read (depth {depth}, type {colour_type})")
    channels = 3 if colour_type == 2 else 4
    stride = width * channels
    raw = zlib.decompress(compressed)
    previous = bytearray(stride)
    rows = []
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                line[x] = (line[x] + paeth(left, up, corner)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--count", action="append", default=[])
    arguments = parser.parse_args()
    width, height, channels, rows = pixels(arguments.file)
    counts = collections.Counter()
    for row in rows:
        for x in range(0, len(row), channels):
            counts["#%02x%02x%02x" % (row[x], row[x + 1], row[x + 2])] += 1
    wanted = {colour: counts.get(colour.lower(), 0) for colour in arguments.count}
    print(json.dumps({"width": width, "height": height, "distinct_colours": len(counts),
                      "top_colours": counts.most_common(5), "colours": wanted}))


if __name__ == "__main__":
    main()

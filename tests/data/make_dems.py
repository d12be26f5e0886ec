#!/usr/bin/env python3
"""The suite's two real elevation models, made at build time from the Debian packages that hold them.

  make_dems.py OUT_DIR

- jacksboro: the Jacksboro fault, Tennessee (3 arc-second grid, int16 metres), from python-matplotlib-data's
  sample_data/jacksboro_fault_dem.npz.
- volcano: Maunga Whau, Auckland (10 m grid, integer metres), from R's datasets::volcano (r-base-core).

For each NAME it writes NAME_f32.raw (little-endian float32, row 0 the north edge, no header) and NAME_u16.png
(16-bit grey, height = min + v / 65535 * (max - min), rounded from the raster), plus NAME.json saying where it
came from and the range. Only the standard library: the .npy arrays and the PNG are read and written here.
"""
import ast
import json
import os
import struct
import subprocess
import sys
import zipfile
import zlib

JACKSBORO_NPZ = "/usr/share/matplotlib/mpl-data/sample_data/jacksboro_fault_dem.npz"


def read_npy(data):
    """A .npy array as (shape, flat list of numbers, row-major)."""
    if data[:6] != b"\x93NUMPY":
        raise ValueError("not a .npy array")
    major = data[6]
    if major == 1:
        (header_len,) = struct.unpack_from("<H", data, 8)
        start = 10
    else:
        (header_len,) = struct.unpack_from("<I", data, 8)
        start = 12
    header = ast.literal_eval(data[start:start + header_len].decode("latin1"))
    body = data[start + header_len:]
    descr, shape = header["descr"], header["shape"]
    if header["fortran_order"]:
        raise ValueError("a Fortran-order array")
    order = {"<": "<", ">": ">", "|": "<", "=": "<"}[descr[0]]
    code = {"i2": "h", "u2": "H", "i4": "i", "f4": "f", "f8": "d", "i8": "q"}[descr[1:]]
    count = 1
    for n in shape:
        count *= n
    return shape, list(struct.unpack_from(order + str(count) + code, body))


def jacksboro():
    with zipfile.ZipFile(JACKSBORO_NPZ) as npz:
        shape, values = read_npy(npz.read("elevation.npy"))
    height, width = shape
    return width, height, [float(v) for v in values]


def volcano():
    # R's matrix is 87 rows (south to north) by 61 columns (east to west); one line a row.
    text = subprocess.run(["Rscript", "-e", "write(t(volcano), stdout(), ncolumns = ncol(volcano))"],
                          check=True, capture_output=True, text=True).stdout
    rows = [[float(v) for v in line.split()] for line in text.splitlines() if line.strip()]
    # North up and west left: the last row first, each row reversed.
    rows = [list(reversed(r)) for r in reversed(rows)]
    return len(rows[0]), len(rows), [v for r in rows for v in r]


def png16(width, height, samples):
    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body +
                struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    rows = b"".join(b"\0" + struct.pack(">%dH" % width, *samples[y * width:(y + 1) * width])
                    for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 16, 0, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def write(path, data):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_dems.py OUT_DIR")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    sources = {
        "jacksboro": (jacksboro, "python-matplotlib-data: sample_data/jacksboro_fault_dem.npz (int16 metres)"),
        "volcano": (volcano, "r-base-core: R datasets::volcano (integer metres), flipped to north up"),
    }
    for name, (read, source) in sources.items():
        width, height, heights = read()
        lo, hi = min(heights), max(heights)
        write(os.path.join(out, name + "_f32.raw"), struct.pack("<%df" % len(heights), *heights))
        quantum = [int(round((h - lo) / (hi - lo) * 65535)) for h in heights]
        write(os.path.join(out, name + "_u16.png"), png16(width, height, quantum))
        meta = {"name": name, "source": source, "width": width, "height": height, "units": "metres",
                "min_m": lo, "max_m": hi,
                "png16_mapping": "height_m = %g + v / 65535 * %g" % (lo, hi - lo),
                "raw": "little-endian float32, row 0 = north edge, no header"}
        write(os.path.join(out, name + ".json"), (json.dumps(meta, indent=1) + "\n").encode())


if __name__ == "__main__":
    main()

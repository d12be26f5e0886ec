#!/usr/bin/env python3
"""Makes small hostile heightmaps (issue 33 item 1): files of a few bytes to a few MB whose headers declare
images of 8192^2 or 16384^2 that their data cannot deliver. Each would make a reader that trusts its header
allocate hundreds of MB to GBs before finding out.

    python3 make_hostile_maps.py OUTDIR          writes the files and prints their names, one a line
    python3 make_hostile_maps.py --valid OUTDIR  writes valid files that only a first pass of their data
                                                 tells from those (they must read)

The names say what each is (format, layout, depth, compression). Runnel must refuse every one, naming the
file, with a peak memory under 64 MB and nothing written (tests/cli/hostile_maps.sh).
"""
import os
import random
import struct
import sys
import zlib

rng = random.Random(33)


def junk(n):
    return bytes(rng.getrandbits(8) for _ in range(n)) if n < 4096 else rng.randbytes(n)


# --- TIFF (classic, little-endian) ------------------------------------------------------------------------

SHORT, LONG, ASCII = 3, 4, 2


def tiff(width, height, bits, sample_format, compression, layout, pieces, piece_data, extra=()):
    """layout: ('strips', rows_per_strip) or ('tiles', tile_w, tile_h). `pieces` strips or tiles, each
    (offset, count) from piece_data(i, data_at) -> (offset, count); the data block is appended after the
    directory and its arrays."""
    entries = [(256, LONG, [width]), (257, LONG, [height]), (258, SHORT, [bits]), (259, SHORT, [compression]),
               (262, SHORT, [1]), (277, SHORT, [1]), (339, SHORT, [sample_format])]
    if layout[0] == 'strips':
        entries += [(278, LONG, [layout[1]])]
        offsets_tag, counts_tag = 273, 279
    else:
        entries += [(322, LONG, [layout[1]]), (323, LONG, [layout[2]])]
        offsets_tag, counts_tag = 324, 325
    entries += list(extra)
    n = len(entries) + 2
    ifd = 8
    arrays_at = ifd + 2 + 12 * n + 4
    array_bytes = 4 * pieces if pieces > 1 else 0
    data_at = arrays_at + 2 * array_bytes
    offsets, counts, data = [], [], b''
    for i in range(pieces):
        off, count, blob = piece_data(i, data_at + len(data))
        offsets.append(off)
        counts.append(count)
        data += blob
    entries += [(offsets_tag, LONG, offsets), (counts_tag, LONG, counts)]
    entries.sort()
    out = b'II' + struct.pack('<HI', 42, ifd) + struct.pack('<H', len(entries))
    arrays = b''
    for tag, typ, values in entries:
        if len(values) == 1:
            v = struct.pack('<HH', values[0], 0) if typ == SHORT else struct.pack('<I', values[0])
            out += struct.pack('<HHI', tag, typ, 1) + v
        else:
            out += struct.pack('<HHII', tag, typ, len(values), arrays_at + len(arrays))
            arrays += struct.pack('<%dI' % len(values), *values)
    out += struct.pack('<I', 0)
    assert len(out) == arrays_at
    return out + arrays + data


def tiffs(files):
    side = 16384
    # A float TIFF of 16384^2 in one strip that runs past the end of the file (the 134 bytes).
    files['strip-past-end-f32.tif'] = tiff(side, side, 32, 3, 1, ('strips', side), 1,
                                           lambda i, at: (at, side * side * 4, b''))
    # Tiled, 4096^2 tiles, deflate: each tile 2 bytes of junk inside the file (the 274 bytes).
    files['tiled-deflate-f32.tif'] = tiff(side, side, 32, 3, 8, ('tiles', 4096, 4096), 16,
                                          lambda i, at: (at, 2, junk(2)))
    # Every sample type, strips and tiles, uncompressed past the end, and compressed junk inside the file.
    types = {'f32': (32, 3), 'f64': (64, 3), 'u8': (8, 1), 'u16': (16, 1), 'i16': (16, 2)}
    for name, (bits, fmt) in types.items():
        side = 8192
        row = side * bits // 8
        files['strips-past-end-%s.tif' % name] = tiff(side, side, bits, fmt, 1, ('strips', 256), 32,
                                                      lambda i, at: (at, row * 256, b''))
        for codec, tag in (('lzw', 5), ('packbits', 32773), ('deflate', 8)):
            files['strips-%s-%s.tif' % (codec, name)] = tiff(side, side, bits, fmt, tag, ('strips', 256), 32,
                                                             lambda i, at: (at, 8, junk(8)))
        files['tiles-past-end-%s.tif' % name] = tiff(side, side, bits, fmt, 1, ('tiles', 2048, 2048), 16,
                                                     lambda i, at: (at + 1000 * i, 2048 * 2048 * bits // 8,
                                                                    b''))
    # A codec with no small bound on its ratio (zstd, 50000): only a first pass can tell.
    files['strips-zstd-f32.tif'] = tiff(8192, 8192, 32, 3, 50000, ('strips', 256), 32,
                                        lambda i, at: (at, 64, junk(64)))


# --- OpenEXR (single part, scan lines or tiles) -----------------------------------------------------------

EXR_CODECS = {'none': (0, 1), 'rle': (1, 1), 'zips': (2, 1), 'zip': (3, 16), 'piz': (4, 32), 'pxr24': (5, 16),
              'b44': (6, 32), 'b44a': (7, 32), 'dwaa': (8, 32), 'dwab': (9, 256)}


def attr(name, typ, value):
    return name.encode() + b'\0' + typ.encode() + b'\0' + struct.pack('<i', len(value)) + value


def exr(side, codec, pixel_type, chunk_data, tiles=None):
    """pixel_type: 1 half, 2 float. One channel Y. chunk_data(i, y) -> bytes of chunk i's data."""
    compression, lines = EXR_CODECS[codec]
    box = struct.pack('<4i', 0, 0, side - 1, side - 1)
    header = attr('channels', 'chlist', b'Y\0' + struct.pack('<iB3xii', pixel_type, 0, 1, 1) + b'\0')
    header += attr('compression', 'compression', bytes([compression]))
    header += attr('dataWindow', 'box2i', box) + attr('displayWindow', 'box2i', box)
    header += attr('lineOrder', 'lineOrder', b'\0') + attr('pixelAspectRatio', 'float', struct.pack('<f', 1))
    header += attr('screenWindowCenter', 'v2f', struct.pack('<ff', 0, 0))
    header += attr('screenWindowWidth', 'float', struct.pack('<f', 1))
    if tiles:
        header += attr('tiles', 'tiledesc', struct.pack('<IIB', tiles, tiles, 0))
        per_side = (side + tiles - 1) // tiles
        count = per_side * per_side
    else:
        count = (side + lines - 1) // lines
    version = struct.pack('<I', 2 | (0x200 if tiles else 0))
    start = b'\x76\x2f\x31\x01' + version + header + b'\0'
    table_at = len(start)
    data_at = table_at + 8 * count
    table, data = b'', b''
    for i in range(count):
        table += struct.pack('<Q', data_at + len(data))
        blob = chunk_data(i)
        if tiles:
            coords = struct.pack('<4i', i % per_side, i // per_side, 0, 0)
        else:
            coords = struct.pack('<i', i * lines)
        data += coords + struct.pack('<i', len(blob)) + blob
    return start + table + data


def exrs(files):
    # DWAB of 16384^2 (the 789 bytes): 64 chunks whose table points at one chunk of junk.
    compression, lines = EXR_CODECS['dwab']
    side = 16384
    box = struct.pack('<4i', 0, 0, side - 1, side - 1)
    header = attr('channels', 'chlist', b'Y\0' + struct.pack('<iB3xii', 1, 0, 1, 1) + b'\0')
    header += attr('compression', 'compression', bytes([compression]))
    header += attr('dataWindow', 'box2i', box) + attr('displayWindow', 'box2i', box)
    header += attr('lineOrder', 'lineOrder', b'\0') + attr('pixelAspectRatio', 'float', struct.pack('<f', 1))
    header += attr('screenWindowCenter', 'v2f', struct.pack('<ff', 0, 0))
    header += attr('screenWindowWidth', 'float', struct.pack('<f', 1))
    start = b'\x76\x2f\x31\x01' + struct.pack('<I', 2) + header + b'\0'
    chunk_at = len(start) + 8 * 64
    files['dwab-16384.exr'] = (start + struct.pack('<Q', chunk_at) * 64 + struct.pack('<ii', 0, 8) +
                               junk(8))
    # Every compression, half and float, every chunk present and holding a little junk.
    for codec in EXR_CODECS:
        for name, pixel_type in (('half', 1), ('float', 2)):
            files['%s-%s.exr' % (codec, name)] = exr(8192, codec, pixel_type, lambda i: junk(4))
    files['tiled-zip-float.exr'] = exr(8192, 'zip', 2, lambda i: junk(4), tiles=256)
    files['tiled-dwab-half.exr'] = exr(8192, 'dwab', 1, lambda i: junk(4), tiles=256)


# --- PNG ---------------------------------------------------------------------------------------------------

def png_chunk(kind, data):
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)


def png(width, height, depth, colour, interlace, idat):
    out = b'\x89PNG\r\n\x1a\n' + png_chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, depth, colour, 0, 0,
                                                                 interlace))
    if colour == 3:
        entries = min(256, 1 << depth)
        out += png_chunk(b'PLTE', bytes(i * 255 // max(1, entries - 1) for i in range(entries) for _ in range(3)))
    for at in range(0, len(idat), 1 << 16):
        out += png_chunk(b'IDAT', idat[at:at + (1 << 16)])
    return out + png_chunk(b'IEND', b'')


def pngs(files):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
    # The two: a 1-bit 16384^2 holding 33 KB of junk rows (a valid zlib stream that ends early), and
    # an interlaced 16-bit RGB 16384^2 holding 1.6 MB of junk.
    w = 16384
    rows = b''.join(b'\0' + junk(w // 8) for _ in range(16))
    files['grey1-16384.png'] = png(w, w, 1, 0, 0, zlib.compress(rows, 9))
    files['rgb16-interlaced-16384.png'] = png(w, w, 16, 2, 1, junk(1600 * 1024))
    # Every colour type and depth, plain and interlaced: 8192^2, the first rows of junk pixels in a zlib
    # stream that ends at a thousandth of the raw bytes (within deflate's 1032:1: only decoding it tells).
    w = 8192
    for colour, depths in ((0, (1, 2, 4, 8, 16)), (2, (8, 16)), (3, (1, 2, 4, 8)), (4, (8, 16)), (6, (8, 16))):
        for depth in depths:
            raw = (w * depth * channels[colour] + 7) // 8 * w
            for interlace in (0, 1):
                name = 'c%d-d%d%s.png' % (colour, depth, '-interlaced' if interlace else '')
                row = (w * depth * channels[colour] + 7) // 8
                rows = b''.join(b'\0' + junk(row) for _ in range(max(1, raw // 1000 // (row + 1))))
                files[name] = png(w, w, depth, colour, interlace, zlib.compress(rows, 1))


def valid_pngs(files):
    """Small files of big images, all there: a 1-bit 8192^2 of stripes (about 34 KB: 1 GiB of heights would
    be 256 MB), and an interlaced 16-bit RGB 1024^2 of a ramp."""
    w = 8192
    files['valid-grey1-8192.png'] = png(w, w, 1, 0, 0, zlib.compress((b'\0' + b'\x0f' * (w // 8)) * w, 9))
    w = 1024
    # Adam7's passes of a 16-bit RGB ramp (red = x, green = y, blue = 0), each row filtered with type 0.
    passes = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))
    parts = []
    for x0, y0, dx, dy in passes:
        for y in range(y0, w, dy):
            parts.append(b'\0' + b''.join(struct.pack('>HHH', x * 64, y * 64, 0) for x in range(x0, w, dx)))
    files['valid-rgb16-interlaced-1024.png'] = png(w, w, 16, 2, 1, zlib.compress(b''.join(parts), 6))


def main():
    valid = len(sys.argv) > 1 and sys.argv[1] == '--valid'
    args = sys.argv[2:] if valid else sys.argv[1:]
    out = args[0] if args else '.'
    os.makedirs(out, exist_ok=True)
    files = {}
    if valid:
        valid_pngs(files)
    else:
        tiffs(files)
        exrs(files)
        pngs(files)
    for name, data in files.items():
        with open(os.path.join(out, name), 'wb') as f:
            f.write(data)
        print(name)


if __name__ == '__main__':
    main()

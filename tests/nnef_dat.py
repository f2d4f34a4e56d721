"""NNEF binary tensor files for the importer tests: the 128-byte header of
the NNEF specification (magic 0x4E 0xEF, version 1.0, data length, rank,
dimensions, 32-bit IEEE float code 0) followed by the little-endian data."""
import struct

import numpy as np


def write_dat(path, a):
    a = np.ascontiguousarray(a, np.float32)
    head = bytearray(128)
    head[0:4] = bytes([0x4E, 0xEF, 1, 0])
    struct.pack_into("<II", head, 4, a.nbytes, a.ndim)
    for i, d in enumerate(a.shape):
        struct.pack_into("<I", head, 12 + 4 * i, d)
    struct.pack_into("<II", head, 44, 32, 0)
    path.write_bytes(bytes(head) + a.tobytes())

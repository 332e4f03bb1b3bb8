"""Draw the app's PNG icons (192 and 512 px) for the web app manifest, from the SVG's shapes.

    python3 -m tools.build.icons           # write styles/icon-192.png and styles/icon-512.png
    python3 -m tools.build.icons --check   # exit 1 if the committed icons differ

Standard library only (zlib): the same picture as styles/icon.svg (a dark tile, two points,
a cyan and a pink checker), drawn on a 64-unit grid with 4x4 supersampling per pixel.
Installing browsers want PNGs of at least 192 and 512 px; "maskable" icons keep their
picture inside the middle 80%, which this one does.
"""

from __future__ import annotations

import argparse
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SIZES = (192, 512)
SAMPLES = 4  # per axis, per pixel

Colour = tuple[int, int, int]
BACKGROUND: Colour = (0x0F, 0x1B, 0x30)
POINT_LIGHT: Colour = (0x46, 0x60, 0x8F)
POINT_DARK: Colour = (0x2A, 0x3D, 0x63)
CYAN, CYAN_EDGE = (0x22, 0xD3, 0xEE), (0x0E, 0x74, 0x90)
PINK, PINK_EDGE = (0xF4, 0x72, 0xB6), (0x9D, 0x17, 0x4D)


def icon_path(size: int) -> Path:
    return ROOT / "styles" / f"icon-{size}.png"


def _in_triangle(x: float, y: float, apex_x: float, left: float, right: float) -> bool:
    """A point of the board: base from (left, 8) to (right, 8), apex at (apex_x, 40)."""
    if not 8 <= y <= 40:
        return False
    t = (y - 8) / 32
    return left + (apex_x - left) * t <= x <= right - (right - apex_x) * t


def colour_at(x: float, y: float) -> Colour | None:
    """The picture on its 64-unit grid; None outside the rounded tile (transparent)."""
    radius = 14
    cx = min(max(x, radius), 64 - radius)
    cy = min(max(y, radius), 64 - radius)
    if not (0 <= x <= 64 and 0 <= y <= 64) or (x - cx) ** 2 + (y - cy) ** 2 > radius**2:
        return None
    for centre_x, fill, edge in ((22, CYAN, CYAN_EDGE), (44, PINK, PINK_EDGE)):
        distance = ((x - centre_x) ** 2 + (y - 46) ** 2) ** 0.5
        if distance <= 10:
            return fill
        if distance <= 12:
            return edge
    if _in_triangle(x, y, 14, 8, 20):
        return POINT_LIGHT
    if _in_triangle(x, y, 32, 26, 38):
        return POINT_DARK
    return BACKGROUND


def pixels(size: int) -> bytes:
    """RGBA rows, each led by PNG's filter byte 0."""
    rows = bytearray()
    step = 64 / size / SAMPLES
    for row in range(size):
        rows.append(0)
        for column in range(size):
            totals = [0, 0, 0, 0]
            for i in range(SAMPLES):
                for j in range(SAMPLES):
                    x = (column * SAMPLES + i + 0.5) * step
                    y = (row * SAMPLES + j + 0.5) * step
                    colour = colour_at(x, y)
                    if colour is not None:
                        totals[0] += colour[0]
                        totals[1] += colour[1]
                        totals[2] += colour[2]
                        totals[3] += 255
            covered = totals[3] // 255
            if covered:
                rows += bytes(totals[k] // covered for k in range(3))
            else:
                rows += b"\0\0\0"
            rows.append(totals[3] // (SAMPLES * SAMPLES))
    return bytes(rows)


def png(size: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(pixels(size), 9))
        + chunk(b"IEND", b"")
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    stale = []
    for size in SIZES:
        data = png(size)
        path = icon_path(size)
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(path.name)
        else:
            path.write_bytes(data)
            print(f"make_icons: {path.relative_to(ROOT)} ({len(data)} bytes)")
    for name in stale:
        print(f"{name} is stale: run python3 -m tools.build.icons", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())

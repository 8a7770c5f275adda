"""Draw the app's icons (two playing cards on the felt green) as PNG files in static/icons, with no image
library: the shapes are implicit functions, sampled 4×4 per pixel for smooth edges.

    .venv/bin/python scripts/make_icons.py

The PNGs are committed; run this again only to change the design. ``maskable`` keeps the drawing inside
the central circle of 80% that launchers may crop to, on a full-bleed background.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUTPUT = Path(__file__).resolve().parent.parent / "static" / "icons"
FELT = (15, 81, 50)  # the theme colour, #0f5132
CARD = (255, 255, 255)
EDGE = (210, 214, 220)
RED = (200, 30, 45)
BLACK = (25, 28, 34)
SAMPLES = 4


def rounded_box(x: float, y: float, left: float, top: float, right: float, bottom: float, radius: float) -> bool:
    cx, cy = min(max(x, left + radius), right - radius), min(max(y, top + radius), bottom - radius)
    return left <= x <= right and top <= y <= bottom and (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2


def heart(x: float, y: float, cx: float, cy: float, size: float) -> bool:
    u, v = (x - cx) / size, (cy - y) / size + 0.2
    return (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0


def spade(x: float, y: float, cx: float, cy: float, size: float) -> bool:
    u, v = (x - cx) / size, (y - cy) / size + 0.25  # an upside-down heart with a stem
    stem = 0.2 <= v <= 1.25 and abs(u) <= 0.12 + 0.35 * max(v - 0.7, 0)
    return (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0 or stem


def colour_at(x: float, y: float, scale: float) -> tuple[int, int, int] | None:
    """The drawing on a 0–1 square, shrunk by ``scale`` around its centre; ``None``: the background."""
    x, y = 0.5 + (x - 0.5) / scale, 0.5 + (y - 0.5) / scale
    back = (0.16, 0.14, 0.62, 0.78)
    front = (0.38, 0.24, 0.84, 0.88)
    if rounded_box(x, y, *front, 0.06):
        inner = rounded_box(x, y, front[0] + 0.012, front[1] + 0.012, front[2] - 0.012, front[3] - 0.012, 0.05)
        if not inner:
            return EDGE
        return RED if heart(x, y, 0.61, 0.57, 0.13) else CARD
    if rounded_box(x, y, *back, 0.06):
        inner = rounded_box(x, y, back[0] + 0.012, back[1] + 0.012, back[2] - 0.012, back[3] - 0.012, 0.05)
        if not inner:
            return EDGE
        return BLACK if spade(x, y, 0.27, 0.33, 0.075) else CARD
    return None


def draw(size: int, maskable: bool) -> bytes:
    scale = 0.72 if maskable else 0.92
    rows = []
    for row in range(size):
        line = bytearray([0])  # PNG filter: none
        for column in range(size):
            total = [0, 0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = (column + (sx + 0.5) / SAMPLES) / size
                    y = (row + (sy + 0.5) / SAMPLES) / size
                    colour = colour_at(x, y, scale)
                    inside = maskable or rounded_box(x, y, 0.02, 0.02, 0.98, 0.98, 0.2)
                    if colour is None:
                        colour = FELT if inside else None
                    if colour is not None:
                        total = [total[0] + colour[0], total[1] + colour[1], total[2] + colour[2], total[3] + 255]
            count = SAMPLES * SAMPLES
            alpha = total[3] / count
            line += bytes([round(total[i] / max(total[3] / 255, 1e-9)) if alpha else 0 for i in range(3)])
            line.append(round(alpha))
        rows.append(bytes(line))
    return png(size, b"".join(rows))


def png(size: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main() -> None:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("icon-maskable-512.png", 512, True), ("apple-touch-icon.png", 180, True)):
        (OUTPUT / name).write_bytes(draw(size, maskable))


if __name__ == "__main__":
    main()

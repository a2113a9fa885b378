/**
 * `npx tsx scripts/icons.ts`: draws Gridmind's app icons (a Connect Four board with a diagonal
 * win) into public/icons as PNGs: 192 and 512 px for "any", a full-bleed 512 px maskable icon and
 * a 180 px Apple touch icon. No image tools needed: a tiny PNG encoder over node:zlib.
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

type Rgba = readonly [number, number, number, number];
const BACKGROUND: Rgba = [11, 15, 25, 255];
const BOARD: Rgba = [37, 99, 235, 255];
const HOLE: Rgba = [11, 15, 25, 255];
const RED: Rgba = [244, 63, 94, 255];
const YELLOW: Rgba = [250, 204, 21, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

// 4 × 4 window of a board, row 0 at the top: red wins on the rising diagonal.
const DISCS: readonly (Rgba | null)[][] = [
  [null, null, null, RED],
  [null, YELLOW, RED, YELLOW],
  [YELLOW, RED, YELLOW, RED],
  [RED, YELLOW, RED, YELLOW],
];

/** Colour at a point of the unit square; `boardScale` is the board's share of the side. */
function colourAt(x: number, y: number, options: { boardScale: number; fullBleed: boolean }): Rgba {
  const margin = (1 - options.boardScale) / 2;
  const bx = (x - margin) / options.boardScale;
  const by = (y - margin) / options.boardScale;
  const outside = options.fullBleed ? BACKGROUND : CLEAR;
  if (bx < 0 || bx > 1 || by < 0 || by > 1) return outside;
  const radius = 0.12;
  const cx = Math.min(Math.max(bx, radius), 1 - radius);
  const cy = Math.min(Math.max(by, radius), 1 - radius);
  if ((bx - cx) ** 2 + (by - cy) ** 2 > radius ** 2) return outside;
  const cell = 1 / 4;
  const column = Math.min(3, Math.floor(bx / cell));
  const row = Math.min(3, Math.floor(by / cell));
  const dx = bx - (column + 0.5) * cell;
  const dy = by - (row + 0.5) * cell;
  if (dx * dx + dy * dy > (cell * 0.38) ** 2) return BOARD;
  return DISCS[row]?.[column] ?? HOLE;
}

function render(size: number, options: { boardScale: number; fullBleed: boolean }): Buffer {
  const samples = 4; // 4 × 4 supersampling for smooth circle edges
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0: none
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const [r, g, b, a] = colourAt(
            (px + (sx + 0.5) / samples) / size,
            (py + (sy + 0.5) / samples) / size,
            options,
          );
          sum[0] = (sum[0] ?? 0) + r * a;
          sum[1] = (sum[1] ?? 0) + g * a;
          sum[2] = (sum[2] ?? 0) + b * a;
          sum[3] = (sum[3] ?? 0) + a;
        }
      }
      const alpha = sum[3] ?? 0;
      const offset = 1 + px * 4;
      for (let channel = 0; channel < 3; channel++) {
        row[offset + channel] = alpha === 0 ? 0 : Math.round((sum[channel] ?? 0) / alpha);
      }
      row[offset + 3] = Math.round(alpha / samples ** 2);
    }
    rows.push(row);
  }
  return encodePng(size, size, Buffer.concat(rows));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(width: number, height: number, filteredRows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filteredRows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const outDir = new URL('../public/icons/', import.meta.url);
const icons = [
  { file: 'icon-192.png', size: 192, boardScale: 0.84, fullBleed: false },
  { file: 'icon-512.png', size: 512, boardScale: 0.84, fullBleed: false },
  // Maskable: the launcher may crop to a circle of 80 % of the side, so the board stays inside it.
  { file: 'maskable-512.png', size: 512, boardScale: 0.56, fullBleed: true },
  { file: 'apple-touch-icon-180.png', size: 180, boardScale: 0.76, fullBleed: true },
];
for (const icon of icons) {
  writeFileSync(new URL(icon.file, outDir), render(icon.size, icon));
  console.log(`public/icons/${icon.file} (${icon.size} px)`);
}

import { inflateSync } from 'node:zlib';

/** A decoded PNG: its size and RGBA pixels, four bytes each, row by row. */
export interface DecodedPng {
  width: number;
  height: number;
  pixels: Uint8Array;
}

const SIGNATURE = '89504e470d0a1a0a';

function paeth(left: number, up: number, upLeft: number): number {
  const p = left + up - upLeft;
  const toLeft = Math.abs(p - left);
  const toUp = Math.abs(p - up);
  const toUpLeft = Math.abs(p - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/**
 * Decodes the PNGs our previews are (8-bit RGBA, not interlaced): enough for tests to read the
 * pixels a client would, from the bytes the server sent; anything else throws.
 */
export function decodePng(png: Uint8Array): DecodedPng {
  const bytes = Buffer.from(png);
  if (bytes.subarray(0, 8).toString('hex') !== SIGNATURE) throw new Error('Not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = body.subarray(8);
      if (depth !== 8 || colour !== 6 || interlace !== 0) {
        throw new Error(`Unsupported PNG: depth ${depth}, colour type ${colour}`);
      }
    }
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = x >= 4 ? pixels[y * stride + x - 4]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = x >= 4 && y > 0 ? pixels[(y - 1) * stride + x - 4]! : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter!];
      if (predicted === undefined) throw new Error(`Unknown PNG filter ${filter}`);
      pixels[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  return { width, height, pixels };
}

/** The pixel at (x, y) as `#rrggbb`. */
export function pixelAt(image: DecodedPng, x: number, y: number): string {
  const at = (Math.round(y) * image.width + Math.round(x)) * 4;
  return `#${[...image.pixels.subarray(at, at + 3)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

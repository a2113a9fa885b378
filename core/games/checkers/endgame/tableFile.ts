import { Slice } from './slice.ts';
import { EndgameTables, materialsUpTo } from './tables.ts';

// "GMEG", then the format's version, the pieces, two spare bytes
const MAGIC = [0x47, 0x4d, 0x45, 0x47];
const VERSION = 1;
const HEADER_BYTES = 8;

/** Bytes a file of the tables of up to `maxPieces` pieces takes. */
export function endgameFileBytes(maxPieces: number): number {
  let bytes = HEADER_BYTES;
  for (const material of materialsUpTo(maxPieces)) bytes += new Slice(material).size * 2;
  return bytes;
}

/**
 * The tables as one file: a header, then each material's values in build order (the order and
 * the slices' sizes follow from the piece count, so nothing else needs storing).
 */
export function encodeEndgameTables(tables: EndgameTables): Uint8Array {
  const bytes = new Uint8Array(endgameFileBytes(tables.maxPieces));
  bytes.set([...MAGIC, VERSION, tables.maxPieces], 0);
  let offset = HEADER_BYTES;
  for (const material of materialsUpTo(tables.maxPieces)) {
    const held = tables.sliceOf(material);
    if (!held) throw new RangeError('The tables are missing a material.');
    bytes.set(held.values, offset);
    offset += held.values.length;
  }
  return bytes;
}

/** Tables read back from `encodeEndgameTables`' bytes (views, not copies); throws on a bad file. */
export function decodeEndgameTables(bytes: Uint8Array): EndgameTables {
  const header = bytes.subarray(0, HEADER_BYTES);
  if (MAGIC.some((byte, i) => header[i] !== byte) || header[4] !== VERSION) {
    throw new RangeError('This is not a checkers endgame file of this version.');
  }
  const maxPieces = header[5]!;
  if (bytes.length !== endgameFileBytes(maxPieces)) {
    throw new RangeError(`A ${maxPieces}-piece endgame file has the wrong length.`);
  }
  const tables = new EndgameTables(maxPieces);
  let offset = HEADER_BYTES;
  for (const material of materialsUpTo(maxPieces)) {
    const slice = new Slice(material);
    tables.add(slice, bytes.subarray(offset, offset + slice.size * 2));
    offset += slice.size * 2;
  }
  return tables;
}

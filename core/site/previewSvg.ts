import type { BoardPicture, PictureCell } from '#core/games/boardPicture.ts';

/** A link preview's size: what Open Graph and X's large card ask for (1.91:1). */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** What a preview shows: a heading, a few lines under it, and the board where there is one. */
export interface PreviewContent {
  /** The top line, small: the game or the kind of page ("Connect Four", "Agent"). */
  readonly kicker: string;
  /** The players or the name: one or two lines, large. */
  readonly heading: readonly string[];
  /** The result, the score, the record: a few short lines. */
  readonly lines: readonly string[];
  readonly board?: BoardPicture;
}

const BACKGROUND = '#0b0f19';
const TEXT = '#f8fafc';
const MUTED = '#94a3b8';
const ACCENT = '#38bdf8';

/** Colours of each board's surface and pieces; exported so tests sample the picture against them. */
export const PREVIEW_COLOURS = {
  slots: { surface: '#1d4ed8', empty: BACKGROUND, first: '#ef4444', second: '#facc15' },
  squares: { surface: '#15803d', empty: '#15803d', first: '#0f172a', second: '#f8fafc' },
  checkered: {
    surface: '#e7d3b0',
    empty: '#8b5a2b',
    first: '#b91c1c',
    second: '#f8fafc',
    king: '#facc15',
  },
} as const;

/** The board's square on the left of the card. */
const BOARD_BOX = { x: 40, y: 40, size: 550 };

/** Where each cell of a board sits in the picture: its centre and its size, in pixels. */
export function cellGeometry(
  picture: Pick<BoardPicture, 'columns' | 'rows'>,
  index: number,
): { cx: number; cy: number; size: number } {
  const size = BOARD_BOX.size / Math.max(picture.columns, picture.rows);
  const left = BOARD_BOX.x + (BOARD_BOX.size - size * picture.columns) / 2;
  const top = BOARD_BOX.y + (BOARD_BOX.size - size * picture.rows) / 2;
  const column = index % picture.columns;
  const row = Math.floor(index / picture.columns);
  return { cx: left + size * (column + 0.5), cy: top + size * (row + 0.5), size };
}

/** Text made safe inside SVG: names are chosen by users. */
function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!,
  );
}

/** A line cut to `max` characters with an ellipsis: the card has no room for more. */
function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

function pieceSvg(
  surface: BoardPicture['surface'],
  cell: PictureCell,
  x: number,
  y: number,
  r: number,
): string {
  if (cell === 'empty') {
    return surface === 'slots' ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${BACKGROUND}"/>` : '';
  }
  const colours = PREVIEW_COLOURS[surface];
  const side = cell.startsWith('first') ? colours.first : colours.second;
  const disc = `<circle cx="${x}" cy="${y}" r="${r}" fill="${side}"/>`;
  if (!cell.endsWith('king')) return disc;
  // A king: a gold ring inside the piece, leaving the piece's colour at its centre.
  return `${disc}<circle cx="${x}" cy="${y}" r="${r * 0.55}" fill="none" stroke="${PREVIEW_COLOURS.checkered.king}" stroke-width="${r * 0.18}"/>`;
}

function boardSvg(picture: BoardPicture): string {
  const { columns, rows, cells, surface } = picture;
  const first = cellGeometry(picture, 0);
  const size = first.size;
  const left = first.cx - size / 2;
  const top = first.cy - size / 2;
  const parts = [
    `<rect x="${left}" y="${top}" width="${size * columns}" height="${size * rows}" rx="${surface === 'slots' ? 18 : 4}" fill="${PREVIEW_COLOURS[surface].surface}"/>`,
  ];
  cells.forEach((cell, index) => {
    const { cx, cy } = cellGeometry(picture, index);
    const row = Math.floor(index / columns);
    const column = index % columns;
    if (surface === 'squares') {
      parts.push(
        `<rect x="${cx - size / 2}" y="${cy - size / 2}" width="${size}" height="${size}" fill="none" stroke="#052e16" stroke-width="2"/>`,
      );
    }
    // Checkered boards start light in the top left corner; pieces stand on the dark squares.
    if (surface === 'checkered' && (row + column) % 2 === 1) {
      parts.push(
        `<rect x="${cx - size / 2}" y="${cy - size / 2}" width="${size}" height="${size}" fill="${PREVIEW_COLOURS.checkered.empty}"/>`,
      );
    }
    parts.push(pieceSvg(surface, cell, cx, cy, size * 0.4));
  });
  return parts.join('');
}

function textSvg(content: PreviewContent, x: number, maxChars: number): string {
  const parts = [
    `<text x="${x}" y="110" fill="${ACCENT}" font-size="34" font-weight="bold">${escapeXml(clip(content.kicker, maxChars + 8))}</text>`,
  ];
  let y = 190;
  for (const line of content.heading.slice(0, 3)) {
    parts.push(
      `<text x="${x}" y="${y}" fill="${TEXT}" font-size="48" font-weight="bold">${escapeXml(clip(line, maxChars))}</text>`,
    );
    y += 62;
  }
  y += 20;
  for (const line of content.lines.slice(0, 4)) {
    parts.push(
      `<text x="${x}" y="${y}" fill="${MUTED}" font-size="36">${escapeXml(clip(line, maxChars + 8))}</text>`,
    );
    y += 52;
  }
  parts.push(
    `<text x="${PREVIEW_WIDTH - 40}" y="${PREVIEW_HEIGHT - 40}" fill="${TEXT}" font-size="32" font-weight="bold" text-anchor="end">Gridmind</text>`,
  );
  return parts.join('');
}

/**
 * A link preview as SVG, 1200×630: the board as it stands on the left when there is one, the
 * players and the result beside it. Pure, so the picture is tested without rendering; the server
 * turns it into PNG (sharing sites take raster images only).
 */
export function previewSvg(content: PreviewContent): string {
  const board = content.board ? boardSvg(content.board) : '';
  const text = content.board ? textSvg(content, 640, 17) : textSvg(content, 80, 30);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">` +
    `<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="${BACKGROUND}"/>${board}${text}</svg>`
  );
}

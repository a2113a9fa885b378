import { existsSync } from 'node:fs';
import { type ResvgRenderOptions, renderAsync } from '@resvg/resvg-js';

/*
 * Font files resvg reads on each render: a few named files cost far less than scanning every
 * system font each time. Machines without them (a bare CI image) fall back to whatever system
 * fonts there are; no font at all leaves the text out but still draws the board.
 */
const FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
];

function fontOptions(): NonNullable<ResvgRenderOptions['font']> {
  const fontFiles = FONT_FILES.filter((file) => existsSync(file));
  if (fontFiles.length === 0) return { loadSystemFonts: true };
  return { loadSystemFonts: false, fontFiles, defaultFontFamily: 'DejaVu Sans' };
}

/**
 * Renders previews' SVG to PNG, remembering the last `capacity` pictures by key (a page) with the
 * SVG they were drawn from: a page asked for again at the same position costs nothing, a page
 * that moved on is drawn again. Renders run on libuv's threads (renderAsync), off the event loop;
 * requests for a picture being drawn share its render.
 */
export class PreviewRenderer {
  private readonly pictures = new Map<string, { svg: string; png: Promise<Buffer> }>();
  private readonly font = fontOptions();
  renders = 0;

  constructor(private readonly capacity = 200) {}

  png(key: string, svg: string): Promise<Buffer> {
    const cached = this.pictures.get(key);
    this.pictures.delete(key);
    if (cached !== undefined && cached.svg === svg) {
      // Map order is insertion order: put back last, the most recently used.
      this.pictures.set(key, cached);
      return cached.png;
    }
    const png = this.render(svg);
    this.pictures.set(key, { svg, png });
    // A failed render is not kept: the next request tries again.
    png.catch(() => {
      if (this.pictures.get(key)?.png === png) this.pictures.delete(key);
    });
    while (this.pictures.size > this.capacity) {
      this.pictures.delete(this.pictures.keys().next().value!);
    }
    return png;
  }

  get size(): number {
    return this.pictures.size;
  }

  private async render(svg: string): Promise<Buffer> {
    this.renders++;
    const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: this.font });
    return image.asPng();
  }
}

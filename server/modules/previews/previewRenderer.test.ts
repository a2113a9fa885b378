import { describe, expect, it } from 'vitest';
import { previewSvg } from '#core/site/previewSvg.ts';
import { decodePng, pixelAt } from '#server/testing/decodePng.ts';
import { PreviewRenderer } from './previewRenderer.ts';

const card = (heading: string) => previewSvg({ kicker: 'Agent', heading: [heading], lines: [] });

describe('PreviewRenderer', () => {
  it('draws a page once per picture, again when the picture changes', async () => {
    const renderer = new PreviewRenderer(10);
    const first = await renderer.png('agent:a', card('Ada'));
    expect(await renderer.png('agent:a', card('Ada'))).toBe(first);
    expect(renderer.renders).toBe(1);
    const changed = await renderer.png('agent:a', card('Ada Lovelace'));
    expect(changed).not.toBe(first);
    expect(renderer.renders).toBe(2);
    expect(renderer.size).toBe(1);
    const image = decodePng(changed);
    expect([image.width, image.height]).toEqual([1200, 630]);
    expect(pixelAt(image, 5, 5)).toBe('#0b0f19');
  });

  it('shares a render in progress and keeps only the most recently used pictures', async () => {
    const renderer = new PreviewRenderer(2);
    const [one, two] = [renderer.png('a', card('A')), renderer.png('a', card('A'))];
    expect(await one).toBe(await two);
    await renderer.png('b', card('B'));
    await renderer.png('a', card('A')); // a is now the most recent
    await renderer.png('c', card('C')); // b, the least recent, goes
    expect(renderer.size).toBe(2);
    expect(renderer.renders).toBe(3);
    await renderer.png('a', card('A'));
    expect(renderer.renders).toBe(3);
    await renderer.png('b', card('B'));
    expect(renderer.renders).toBe(4);
  });
});

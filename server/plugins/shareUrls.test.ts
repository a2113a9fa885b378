import { describe, expect, it } from 'vitest';
import { withAbsoluteShareUrls } from './shareUrls.ts';

describe('withAbsoluteShareUrls', () => {
  it('puts the origin before the image paths and makes og:url the page, leaving other tags', () => {
    const html = [
      '<meta property="og:image" content="/icons/icon-512.png" />',
      '<meta property="og:url" content="/" />',
      '<meta name="twitter:image" content="/icons/icon-512.png" />',
      '<meta property="og:title" content="/not-a-url" />',
      '<link rel="icon" href="/favicon.svg" />',
      '<meta property="og:image" content="https://cdn.example/already.png" />',
    ].join('\n');
    expect(
      withAbsoluteShareUrls(html, 'https://gridmind.example', '/agents/ada').split('\n'),
    ).toEqual([
      '<meta property="og:image" content="https://gridmind.example/icons/icon-512.png" />',
      '<meta property="og:url" content="https://gridmind.example/agents/ada" />',
      '<meta name="twitter:image" content="https://gridmind.example/icons/icon-512.png" />',
      '<meta property="og:title" content="/not-a-url" />',
      '<link rel="icon" href="/favicon.svg" />',
      '<meta property="og:image" content="https://cdn.example/already.png" />',
    ]);
  });
});

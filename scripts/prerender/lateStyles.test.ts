import { expect, it } from 'vitest';
import { lateStyledClasses } from './lateStyles.ts';

it('names the classes of the markup that only a lazy stylesheet styles', () => {
  const markup = '<nav class="game-filter"><a class="chip x">All</a></nav><p class="lead">Hi</p>';
  const firstPaint = '.lead{margin:0}.x-wide{color:red}';
  const lazy = ['.game-filter{display:flex}.game-filter .chip{padding:0}', '.x:hover{color:red}'];
  expect(lateStyledClasses(markup, firstPaint, lazy)).toEqual(['game-filter', 'chip', 'x']);
  // a class no stylesheet styles, or one the first paint has, is fine
  expect(lateStyledClasses('<p class="plain lead">', firstPaint, lazy)).toEqual([]);
});

import { describe, expect, it } from 'vitest';
import { createSseParser } from './sseParser.ts';

describe('the event-stream parser', () => {
  it('completes events across chunk boundaries, with ids, names and multi-line data', () => {
    const parser = createSseParser();
    expect(parser.push('retry: 2000\n\nid: 7\nevent: mo')).toEqual([]);
    expect(
      parser.push('ve\ndata: {"ply":1}\n\n: heartbeat comment\n\ndata: a\ndata: b\r\n\r\n'),
    ).toEqual([
      { id: '7', event: 'move', data: '{"ply":1}' },
      { id: undefined, event: 'message', data: 'a\nb' },
    ]);
  });

  it('reads a CRLF split across two chunks as one line end, not a blank line', () => {
    const parser = createSseParser();
    expect(parser.push('event: move\r')).toEqual([]);
    expect(parser.push('\ndata: {}\r')).toEqual([]);
    expect(parser.push('\n\r\n')).toEqual([{ id: undefined, event: 'move', data: '{}' }]);
    // a lone CR still ends a line, whatever follows
    expect(parser.push('data: a\r\rdata: b\n\n')).toEqual([
      { id: undefined, event: 'message', data: 'a' },
      { id: undefined, event: 'message', data: 'b' },
    ]);
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const parser = createSseParser();
    expect(parser.push('event: heartbeat\ndata: {}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ id: undefined, event: 'heartbeat', data: '{}' }]);
  });
});

import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sseFrame } from './sseFrame.ts';
import { SseStreams } from './sseHeartbeat.ts';

let server: Server | undefined;
afterEach(async () => {
  // An event stream never ends by itself: drop it, or close() waits for it forever.
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
});

/** A real HTTP stream: the server side joins `streams`; returns the client's response. */
async function openStream(streams: SseStreams) {
  let write: ReturnType<SseStreams['open']> | undefined;
  server = createServer((_request, response) => {
    // As startEventStream does: the headers go out with the first write through the response.
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('retry: 2000\n\n');
    write = streams.open(response);
    write(sseFrame('event: hello\ndata: {}\n\n'));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const response = await new Promise<IncomingMessage>((resolve) =>
    get(`http://127.0.0.1:${port}/`, resolve),
  );
  let text = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    text += chunk;
  });
  const received = async (part: string) => {
    for (let i = 0; i < 200 && !text.includes(part); i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return text.includes(part);
  };
  if (!write) throw new Error('the stream did not open');
  return { write, response, received, text: () => text };
}

describe('SseStreams heartbeats', () => {
  it('writes a comment only to a stream that was sent nothing since the last tick', async () => {
    const streams = new SseStreams();
    const client = await openStream(streams);
    expect(await client.received('event: hello')).toBe(true);

    // The opening frame counts as traffic: the first tick only marks the stream.
    expect(streams.tick()).toBe(0);
    expect(streams.tick()).toBe(1);
    expect(await client.received(': heartbeat')).toBe(true);

    // A live match's moves keep a stream busy, so ticks leave it alone.
    client.write(sseFrame('event: move\ndata: {"ply":1}\n\n'));
    expect(streams.tick()).toBe(0);
    client.write(sseFrame('event: move\ndata: {"ply":2}\n\n'));
    expect(streams.tick()).toBe(0);
    expect(await client.received('{"ply":2}')).toBe(true);
    expect(client.text().match(/heartbeat/g)).toHaveLength(1);
  });

  it('forgets a stream when it closes and ends those still open', async () => {
    const streams = new SseStreams();
    const client = await openStream(streams);
    expect(streams.size).toBe(1);
    const ended = new Promise((resolve) => client.response.on('end', resolve));
    streams.endAll();
    await ended;
    for (let i = 0; i < 100 && streams.size > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(streams.size).toBe(0);
  });
});

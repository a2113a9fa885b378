/**
 * The receiving side of the fan-out benchmark (spawned by fanout.bench.ts with an IPC channel):
 * opens `count` HTTP requests to `port` on raw sockets, tells the parent once every response has
 * begun, then only drains what arrives.
 */
import { connect } from 'node:net';

const [portText = '0', countText = '0'] = process.argv.slice(2);
const count = Number(countText);
const BATCH = 200;

let answered = 0;
for (let opened = 0; opened < count; opened += BATCH) {
  await Promise.all(
    Array.from(
      { length: Math.min(BATCH, count - opened) },
      () =>
        new Promise<void>((resolve) => {
          const socket = connect(Number(portText), '127.0.0.1', () =>
            socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'),
          );
          socket.once('data', () => {
            answered++;
            resolve();
          });
          socket.on('data', () => {});
          socket.on('error', () => resolve());
        }),
    ),
  );
}
process.send?.({ answered });

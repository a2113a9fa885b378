import { connect, type Socket } from 'node:net';

/**
 * Opens a bot's event stream on a raw socket and stops reading once the answer's head has come:
 * a reader that went quiet, for the backpressure test and the slow-readers benchmark. Resolves
 * with the paused socket; rejects when the server answers anything but 200.
 */
export function openUnreadStream(base: string, token: string): Promise<Socket> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET /api/bot/events HTTP/1.1\r\nhost: ${hostname}\r\naccept: text/event-stream\r\n` +
          `authorization: Bearer ${token}\r\n\r\n`,
      );
    });
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      if (chunk.toString().startsWith('HTTP/1.1 200')) resolve(socket);
      else reject(new Error(chunk.toString().split('\r\n')[0]));
    });
    socket.on('error', (error) => reject(error));
  });
}

/** One Server-Sent Event as the event-stream format defines it. */
export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Splits an event stream into events as its chunks arrive: `push` takes decoded text and returns
 * the events it completed (comments and field-less blocks are skipped). The reference bot and the
 * server's test and benchmark client both read their streams with it.
 */
export function createSseParser(): { push(text: string): SseMessage[] } {
  let buffer = '';
  // the last chunk ended with '\r', already read as a line end: a '\n' opening the next chunk is
  // the second half of that '\r\n', not a blank line that would end the event early
  let carriage = false;
  return {
    push(text) {
      const chunk = carriage && text.startsWith('\n') ? text.slice(1) : text;
      carriage = chunk.endsWith('\r');
      buffer += chunk.replace(/\r\n?/g, '\n');
      const events: SseMessage[] = [];
      let boundary = buffer.indexOf('\n\n');
      while (boundary >= 0) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        let id: string | undefined;
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line === '' || line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'id') id = value;
          else if (field === 'event') event = value;
          else if (field === 'data') data.push(value);
        }
        if (data.length > 0) events.push({ id, event, data: data.join('\n') });
        boundary = buffer.indexOf('\n\n');
      }
      return events;
    },
  };
}

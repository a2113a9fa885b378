import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One Bot API call the stand-in received. */
export interface BotApiCall {
  method: string;
  body: Record<string, unknown>;
}

/** A Bot API answer: Telegram's envelope, with the HTTP status it comes with. */
interface CannedAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** A local stand-in for api.telegram.org: records every call, answers ok or what a test queued. */
export interface BotApiStandIn {
  /** The `apiRoot` to give grammY. */
  apiRoot: string;
  calls: BotApiCall[];
  /** The next call of `method` gets Telegram's refusal with this code, description, parameters. */
  refuseNext(
    method: string,
    errorCode: number,
    description: string,
    parameters?: Record<string, unknown>,
  ): void;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

/** Starts the stand-in on a free local port; calls are `POST /bot<token>/<method>`. */
export async function startBotApiStandIn(): Promise<BotApiStandIn> {
  const calls: BotApiCall[] = [];
  const queued = new Map<string, CannedAnswer[]>();
  let messageId = 0;
  const server = createServer(async (request, response) => {
    const method = (request.url ?? '').split('/').at(-1) ?? '';
    const body = await readJson(request);
    calls.push({ method, body });
    const canned = queued.get(method)?.shift();
    const answer: CannedAnswer = canned ?? {
      status: 200,
      body: {
        ok: true,
        result:
          method === 'sendMessage'
            ? { message_id: ++messageId, date: 0, chat: { id: body.chat_id, type: 'private' } }
            : true,
      },
    };
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    calls,
    refuseNext(method, errorCode, description, parameters) {
      const answers = queued.get(method) ?? [];
      answers.push({
        status: errorCode,
        body: {
          ok: false,
          error_code: errorCode,
          description,
          ...(parameters ? { parameters } : {}),
        },
      });
      queued.set(method, answers);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

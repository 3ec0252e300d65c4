import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type SeenRequest = { method: string; path: string; status?: number };

/**
 * A pass-through HTTP proxy in front of Foray. It records every request that reaches the server, so a
 * test can count uploads (an offline browser must send none; two tabs must send each spot once), and it
 * can lose an answer on purpose: the server handles the request, then the browser's connection is cut
 * before a byte of the answer arrives — the "stored, but the phone never heard" case. It can also change the headers
 * of answers, to play an older Foray's.
 */
export async function startRecordingProxy(target: string) {
  const targetUrl = new URL(target);
  const seen: SeenRequest[] = [];
  let loseNext: ((request: SeenRequest) => boolean) | null = null;
  let toLose = 0;
  let lost = 0;
  let cutNext: ((request: SeenRequest) => boolean) | null = null;
  let cutAfterBytes = 0;
  let rewrite: ((request: SeenRequest, headers: http.IncomingHttpHeaders) => http.IncomingHttpHeaders) | null = null;

  const server = http.createServer((request, response) => {
    const record: SeenRequest = { method: request.method ?? 'GET', path: request.url ?? '/' };
    seen.push(record);
    const forward = http.request(
      {
        host: targetUrl.hostname,
        port: targetUrl.port,
        method: record.method,
        path: record.path,
        headers: request.headers,
      },
      (answer) => {
        if (toLose > 0 && loseNext?.(record)) {
          toLose -= 1;
          // Let the server finish its answer, then drop the browser's connection without passing it on.
          answer.resume();
          answer.on('end', () => {
            lost += 1;
            request.socket.destroy();
          });
          return;
        }
        record.status = answer.statusCode;
        response.writeHead(answer.statusCode ?? 502, rewrite ? rewrite(record, answer.headers) : answer.headers);
        if (cutNext?.(record)) {
          cutNext = null;
          // The connection drops part-way through the body: the browser has begun the answer and cannot retry it.
          let sent = 0;
          answer.on('data', (chunk: Buffer) => {
            if (sent >= cutAfterBytes) return;
            const part = chunk.subarray(0, cutAfterBytes - sent);
            sent += part.length;
            response.write(part, () => {
              if (sent >= cutAfterBytes) request.socket.destroy();
            });
          });
          return;
        }
        answer.pipe(response);
      },
    );
    forward.on('error', () => response.destroy());
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** Requests that reached the server whose method and path (without query) match. */
    count(method: string, path: string | RegExp): number {
      return seen.filter(
        (request) =>
          request.method === method &&
          (typeof path === 'string' ? request.path.split('?')[0] === path : path.test(request.path)),
      ).length;
    },
    /** The next `times` requests matching are handled by the server but their answers never reach the browser. */
    loseNextAnswers(method: string, path: string, times = 1) {
      toLose = times;
      loseNext = (request) => request.method === method && request.path.split('?')[0] === path;
    },
    lostAnswers: () => lost,
    /** The statuses the server answered the requests matching with, oldest first (none for a lost answer). */
    statuses(method: string, path: string): Array<number | undefined> {
      return seen.filter((request) => request.method === method && request.path === path).map((r) => r.status);
    },
    /** Answers go to the browser with the headers `change` makes of the server's; null passes them on as they are. */
    rewriteHeaders(change: typeof rewrite) {
      rewrite = change;
    },
    /** The next request matching gets the status, the headers and `bytes` of the body, then the connection drops. */
    cutNextAnswer(method: string, path: string, bytes: number) {
      cutAfterBytes = bytes;
      cutNext = (request) => request.method === method && request.path.split('?')[0] === path;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type RecordingProxy = Awaited<ReturnType<typeof startRecordingProxy>>;

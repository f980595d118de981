import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerClientErrors } from './clientErrors';

// Requests Node refuses before Koa sees them, answered as problems (clientErrors.ts): a request
// whose headers never finish arriving is a 408 request_timeout, as Node's own answer is, not a
// 400: the client sent nothing wrong. (Headers too large: bounds.test.ts.)

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

/** Sends `bytes` on a new connection and answers everything the server writes back until it closes. */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

async function listening(options: { headersTimeout: number; requestTimeout: number }): Promise<number> {
  server = createServer({ ...options, connectionsCheckingInterval: 50 }, (_request, response) => response.end('ok'));
  answerClientErrors(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('a refused request', () => {
  it('answers headers that did not arrive in time with 408 request_timeout as a problem', async () => {
    const port = await listening({ headersTimeout: 200, requestTimeout: 300 });
    const answer = await exchange(port, 'GET / HTTP/1.1\r\nHost: localhost\r\n');
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(head).toContain('Content-Type: application/problem+json');
    expect(JSON.parse(body!)).toMatchObject({ status: 408, code: 'request_timeout', message_key: 'problem.request_timeout' });
  });

  it('answers a malformed request with 400 bad_request as a problem', async () => {
    const port = await listening({ headersTimeout: 2000, requestTimeout: 3000 });
    const answer = await exchange(port, 'NOT A REQUEST\r\n\r\n');
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(body!)).toMatchObject({ status: 400, code: 'bad_request', message_key: 'problem.bad_request' });
  });
});

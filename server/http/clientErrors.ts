import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { problemTitles } from '../generated/problems';

/**
 * Requests Node's parser refuses before Koa sees them (a request line or headers past Node's
 * limit, a malformed request) are answered as every other refusal is, application/problem+json
 * with a stable code and message key (issue 22), instead of Node's bare 431 or 400. A client that
 * already left (reset, a half-closed socket) is simply let go.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const code = tooLarge ? 'headers_too_large' : 'bad_request';
    const body = JSON.stringify({ type: `/problems/${code}`, title: problemTitles[code], status, code, message_key: `problem.${code}` });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

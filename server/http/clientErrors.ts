import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { problemTitles } from '../generated/problems';

/**
 * The status and problem code for what Node refused. A request whose headers did not arrive in
 * time (Node's headersTimeout and requestTimeout; its own answer is 408) stays a 408 rather than
 * a 400: the client sent nothing wrong, and a browser that took the answer on a connection it had
 * kept open sends its request again after a 408, where it shows a 400's body as the page.
 */
function refusalOf(code: string | undefined): [number, 'headers_too_large' | 'request_timeout' | 'bad_request'] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'headers_too_large'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'request_timeout'];
  return [400, 'bad_request'];
}

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
    const [status, code] = refusalOf(error.code);
    const body = JSON.stringify({ type: `/problems/${code}`, title: problemTitles[code], status, code, message_key: `problem.${code}` });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

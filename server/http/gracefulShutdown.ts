import type { Server, ServerResponse } from 'node:http';

/**
 * Prepares a server to stop the way a deployment's SIGTERM wants it, and answers the function
 * that stops it: no new connections, idle keep-alive connections closed at once, requests in
 * flight answered (with `Connection: close`) until the deadline, then every connection still
 * open — a client trickling its request in — cut. The stop resolves once the server is closed.
 */
export function gracefulShutdown(server: Server): (deadlineMs: number) => Promise<void> {
  const answering = new Set<ServerResponse>();
  let stopping = false;
  server.on('request', (_request, response: ServerResponse) => {
    if (stopping) response.shouldKeepAlive = false;
    answering.add(response);
    response.once('close', () => answering.delete(response));
  });
  return (deadlineMs) => {
    stopping = true;
    for (const response of answering) if (!response.headersSent) response.shouldKeepAlive = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // Connections whose answer goes out meanwhile are closed with it (shouldKeepAlive); this
    // catches any that still go idle.
    const sweep = setInterval(() => server.closeIdleConnections(), 250);
    const deadline = setTimeout(() => server.closeAllConnections(), deadlineMs);
    return closed.finally(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
    });
  };
}

import type { Context, Next } from 'koa';

/**
 * The client's address as the rate limits count it: the connection's own, unless the connection
 * comes from a trusted proxy (TRUST_PROXY, server/settings.ts); then the nearest X-Forwarded-For
 * hop that is not itself a trusted proxy. Hops further left are whatever the client wrote, so a
 * client rotating its own X-Forwarded-For still counts as the one address its proxy saw.
 */
export function clientAddress(remote: string, forwardedFor: string | undefined, trusted: readonly string[]): string {
  if (!forwardedFor || !trusted.includes(remote)) return remote;
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let index = hops.length - 1; index >= 0; index--) {
    if (!trusted.includes(hops[index]!)) return hops[index]!;
  }
  return hops[0] ?? remote;
}

export function clientAddressMiddleware(trusted: readonly string[]) {
  return async (ctx: Context, next: Next): Promise<void> => {
    ctx.request.ip = clientAddress(ctx.socket.remoteAddress ?? '', ctx.get('x-forwarded-for') || undefined, trusted);
    await next();
  };
}

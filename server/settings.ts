/**
 * The server's settings from the environment, read once at start-up (README "Settings").
 * Development defaults are safe on a laptop; NODE_ENV=production switches on what a deployment
 * behind HTTPS needs (Secure __Host- cookies, HSTS) and listens on every interface by default.
 */
export interface Settings {
  production: boolean;
  /** The listening address: HOST, else loopback in development and every interface in production. */
  host: string;
  port: number;
  /**
   * Proxies whose X-Forwarded-For is believed (TRUST_PROXY: comma-separated addresses, or "1" for
   * loopback only); the client address of anyone else is the connection's own.
   */
  trustedProxies: string[];
  /**
   * The portal is reached over HTTPS: session and CSRF cookies are Secure and __Host- prefixed,
   * and answers carry HSTS. On in production, unless HUB_PLAIN_HTTP=1 (a production build tried
   * locally over plain HTTP, where browsers would drop Secure cookies).
   */
  secureCookies: boolean;
  /** How long in-flight requests may still run after SIGTERM or SIGINT (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /**
   * The address users reach the portal at (PUBLIC_URL, no trailing slash): the links of invitation
   * and password-reset e-mails start with it. Never taken from a request's Host header, which the
   * requester writes (a reset link pointing at their own site).
   */
  publicUrl: string;
  /** How many days before a published quote expires its recipients are warned (QUOTE_EXPIRY_WARNING_DAYS, default 7). */
  quoteExpiryWarningDays: number;
  /**
   * How many server processes serve the port (WEB_CONCURRENCY, default 1): more than one runs a
   * node:cluster primary that prepares the database once and forks that many workers sharing the
   * port (docs/performance.md, "Several processes").
   */
  processes: number;
}

const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

export function trustedProxiesFrom(value: string | undefined): string[] {
  if (!value || value === '0') return [];
  if (value === '1') return LOOPBACK;
  return value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

export function settingsFrom(env: NodeJS.ProcessEnv = process.env): Settings {
  const production = env['NODE_ENV'] === 'production';
  const timeout = Number(env['SHUTDOWN_TIMEOUT_MS'] ?? 10_000);
  const warningDays = Number(env['QUOTE_EXPIRY_WARNING_DAYS'] ?? 7);
  const processes = Number(env['WEB_CONCURRENCY'] || 1);
  if (!Number.isInteger(processes) || processes < 1 || processes > 64)
    throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 64, not "${env['WEB_CONCURRENCY']}"`);
  return {
    production,
    host: env['HOST'] || (production ? '0.0.0.0' : '127.0.0.1'),
    port: Number(env['PORT'] ?? 3000),
    trustedProxies: trustedProxiesFrom(env['TRUST_PROXY']),
    secureCookies: production && env['HUB_PLAIN_HTTP'] !== '1',
    shutdownTimeoutMs: Number.isFinite(timeout) && timeout >= 0 ? timeout : 10_000,
    publicUrl: (env['PUBLIC_URL'] || `http://localhost:${Number(env['PORT'] ?? 3000)}`).replace(/\/+$/, ''),
    quoteExpiryWarningDays: Number.isInteger(warningDays) && warningDays >= 0 ? warningDays : 7,
    processes,
  };
}

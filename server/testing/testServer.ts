import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp, type AppOptions } from '../app';
import { createTestDatabase, type TestDatabase } from './testDatabase';

export const DEMO_PASSWORD = 'demo-password';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  /** The body as sent (a file answer's bytes). */
  bytes: Uint8Array;
}

/** A browser-like client: keeps cookies and echoes the CSRF cookie on state-changing calls. */
export class TestClient {
  constructor(
    private readonly baseUrl: string,
    private readonly cookies = new Map<string, string>(),
  ) {}

  /** The same browser (one cookie jar) talking to another server process over the same database. */
  at(baseUrl: string): TestClient {
    return new TestClient(baseUrl, this.cookies);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** A raw call: cookies are sent, but no CSRF header unless given. A FormData body goes as multipart/form-data. */
  async request<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const form = body instanceof FormData;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body !== undefined && !form && { 'content-type': 'application/json' }),
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...headers,
      },
      ...(body !== undefined && { body: form || typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    const isJson = /json/.test(response.headers.get('content-type') ?? '');
    return { status: response.status, headers: response.headers, text, bytes, body: (isJson && text ? JSON.parse(text) : text) as T };
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }

  /** The CSRF cookie's value, under its plain or (over HTTPS) its __Host- name. */
  csrfToken(): string | undefined {
    return this.cookies.get('__Host-hub_csrf') ?? this.cookies.get('hub_csrf');
  }

  /** A state-changing call as the SPA makes it: echoing the CSRF cookie in the header. */
  async send<T = unknown>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
    if (!this.csrfToken()) await this.get('/healthz');
    return this.request<T>(method, path, body, { 'x-csrf-token': this.csrfToken() ?? '' });
  }

  post<T = unknown>(path: string, body?: unknown) {
    return this.send<T>('POST', path, body);
  }

  async login(email: string, password = DEMO_PASSWORD) {
    return this.post('/api/v1/auth/login', { email_address: email, password });
  }
}

export interface TestServer extends TestDatabase {
  baseUrl: string;
  client(): TestClient;
  close(): Promise<void>;
}

/**
 * The real app on a random port over a fresh demo database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL); `app` options as a deployment sets them (secure cookies, trusted proxies).
 */
export async function startTestServer(options: { demo?: boolean; app?: AppOptions } = {}): Promise<TestServer> {
  const database = await createTestDatabase(options);
  const server: Server = await new Promise((resolve) => {
    const listening = createApp(database.db, options.app).listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    ...database,
    baseUrl,
    client: () => new TestClient(baseUrl),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.drop();
    },
  };
}

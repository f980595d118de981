import type { TestClient, TestServer } from './testServer';

/** The four callers the back-office tests compare: root, the reseller's admin, the other reseller's sales, a buyer. */
export interface BackofficeCallers {
  root: TestClient;
  resellerAdmin: TestClient;
  /** "Reseller sales" at the other reseller: organisation:view and user:view at 1, child organisations only. */
  otherSales: TestClient;
  buyer: TestClient;
}

const EMAILS: Record<keyof BackofficeCallers, string> = {
  root: 'admin@supplier.example',
  resellerAdmin: 'admin@reseller.example',
  otherSales: 'sales@other-reseller.example',
  buyer: 'buyer@customer.example',
};

/** Each of the back-office callers, signed in on its own client. */
export async function signInBackofficeCallers(server: TestServer): Promise<BackofficeCallers> {
  const entries = await Promise.all(
    Object.entries(EMAILS).map(async ([role, email]) => {
      const client = server.client();
      const response = await client.login(email);
      if (response.status !== 200) throw new Error(`${email} could not sign in: ${response.status}`);
      return [role, client] as const;
    }),
  );
  return Object.fromEntries(entries) as unknown as BackofficeCallers;
}

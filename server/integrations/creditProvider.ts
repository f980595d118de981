/**
 * The credit-reference provider behind finance (000 §2.9 company lookup, §4 Apply for finance),
 * behind a small interface so a real provider can replace the sandbox by configuration:
 * HUB_CREDIT_PROVIDER=sandbox (the default) or the path of a module whose default export is a
 * function answering a CreditProvider (docs/buying.md "Finance").
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface RegisteredAddress {
  company_name: string;
  addr_line_1: string;
  addr_line_2: string | null;
  city: string;
  region: string | null;
  postal_code: string;
  country_code: string;
}

export interface CompanyRecord {
  company_number: string;
  company_name: string;
  registered_address: RegisteredAddress;
  /** The provider would lend to it at all (lookup: 400 company_not_financeable otherwise). */
  financeable: boolean;
}

export interface FinanceApplication {
  company_number: string;
  /** The amount financed, excluding VAT, as a decimal string. */
  amount: string;
  term: number;
  target: 'SELF' | 'CUSTOMER';
}

export interface CreditProvider {
  /** The company of a registration number; null when the register has none. */
  lookup(companyNumber: string): Promise<CompanyRecord | null>;
  /** The provider's decision on an application that passed the hub's own eligibility rules. */
  decide(application: FinanceApplication): Promise<{ approved: boolean }>;
}

const address = (name: string, line: string, city: string, postal: string): RegisteredAddress => ({
  company_name: name,
  addr_line_1: line,
  addr_line_2: 'Registered Office',
  city,
  region: null,
  postal_code: postal,
  country_code: 'GB',
});

/**
 * The sandbox's register: documented test company numbers, one per outcome.
 * 00000001 financeable, applications approved; 00000002 financeable, applications declined;
 * 00000003 not financeable (lookup 400); any other number is unknown (lookup 404).
 */
export const SANDBOX_COMPANIES: readonly (CompanyRecord & { approves: boolean })[] = [
  {
    company_number: '00000001',
    company_name: 'Sandbox Approved Ltd',
    registered_address: address('Sandbox Approved Ltd', '1 Lending Lane', 'London', 'EC1A 1AA'),
    financeable: true,
    approves: true,
  },
  {
    company_number: '00000002',
    company_name: 'Sandbox Declined Ltd',
    registered_address: address('Sandbox Declined Ltd', '2 Refusal Road', 'Leeds', 'LS1 4AP'),
    financeable: true,
    approves: false,
  },
  {
    company_number: '00000003',
    company_name: 'Sandbox Unfinanceable Ltd',
    registered_address: address('Sandbox Unfinanceable Ltd', '3 Risk Row', 'Bristol', 'BS1 5TR'),
    financeable: false,
    approves: false,
  },
];

const normalise = (number: string) => number.trim().toUpperCase();

export const sandboxProvider: CreditProvider = {
  async lookup(companyNumber) {
    const found = SANDBOX_COMPANIES.find((company) => company.company_number === normalise(companyNumber));
    if (!found) return null;
    const { approves: _approves, ...record } = found;
    return record;
  },
  async decide(application) {
    const found = SANDBOX_COMPANIES.find((company) => company.company_number === normalise(application.company_number));
    return { approved: found?.approves === true };
  },
};

let configured: Promise<CreditProvider> | undefined;

/** The provider HUB_CREDIT_PROVIDER names, loaded once. */
export function creditProvider(): Promise<CreditProvider> {
  configured ??= (async () => {
    const name = process.env['HUB_CREDIT_PROVIDER'] ?? 'sandbox';
    if (name === 'sandbox') return sandboxProvider;
    // A relative path is taken from the working directory: this file's own folder is not where the
    // running code is (npm start runs a bundle in dist-server/).
    const module = (await import(name.startsWith('.') ? pathToFileURL(resolve(name)).href : name)) as {
      default: () => CreditProvider | Promise<CreditProvider>;
    };
    return module.default();
  })();
  return configured;
}

/** Tests and embedders may set the provider directly. */
export function useCreditProvider(provider: CreditProvider): void {
  configured = Promise.resolve(provider);
}

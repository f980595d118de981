import { readFileSync } from 'node:fs';
import { DomainError } from '../../domain/errors';

/**
 * ASVS 5.0 §6.2: at least 12 characters, any characters at all (no composition rules), and not a
 * password that guessers try first (commonPasswords.txt, docs/backoffice.md "Passwords") nor the
 * user's own e-mail address. The upper bound (1024) is the API schema's.
 */
export const MIN_PASSWORD_LENGTH = 12;

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./commonPasswords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return common;
}

/** Refuses a new password breaking the policy (422 password_too_short / password_too_common). */
export function checkNewPassword(password: string, emailAddress: string): void {
  // Characters as people count them: an emoji or an accented letter is one, not two code units.
  if ([...password.normalize('NFKC')].length < MIN_PASSWORD_LENGTH) {
    throw new DomainError('unprocessable', 'password_too_short', { field: 'password' });
  }
  const lowered = password.normalize('NFKC').toLowerCase();
  const email = emailAddress.toLowerCase();
  if (commonPasswords().has(lowered) || lowered === email || lowered === email.split('@')[0]) {
    throw new DomainError('unprocessable', 'password_too_common', { field: 'password' });
  }
}

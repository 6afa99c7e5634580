import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords from real breaches (zxcvbn-ts's list of about 49,000, ranked, maintained with the
 * estimator): ASVS 6.2.4 asks that a new password is checked against such a list. Built once, on first use.
 */
let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

/**
 * Why a new password is refused, as a catalog id, or null when it is fine. The length rules (8–128) stay with the
 * request schema; this adds the common-password list and "not your e-mail" (whole address or the part before @).
 */
export function passwordProblem(
  password: string,
  email?: string,
): 'field.passwordCommon' | 'field.passwordEmail' | null {
  const lower = password.trim().toLowerCase();
  if (email) {
    const address = email.trim().toLowerCase();
    const local = address.split('@')[0] ?? '';
    if (lower === address || (local.length >= 4 && lower === local)) return 'field.passwordEmail';
  }
  if (commonPasswords().has(lower)) return 'field.passwordCommon';
  return null;
}

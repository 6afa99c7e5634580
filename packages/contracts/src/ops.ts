import { z } from 'zod';
import { ZInstant } from './common.ts';
import { singleLine } from './strings.ts';

/**
 * Wire contract: the platform operator's account tools (/api/ops, users.is_ops only; spec §1 terms: the product may
 * suspend an account and may ban one permanently). Field messages are server.po ids.
 */

export const ACCOUNT_STATUSES = ['active', 'suspended', 'banned'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const OPS_ACCOUNTS_PAGE_SIZE = { default: 20, max: 100 } as const;
export const OPS_SEARCH_MAX = 100;

/** GET /api/ops/accounts?q&page&pageSize: q matches the account's name or its owner's e-mail. */
export const ZOpsAccountQuery = z.strictObject({
  page: z.coerce.number('field.invalid').int('field.invalid').min(1, 'field.invalid').default(1),
  pageSize: z.coerce
    .number('field.invalid')
    .int('field.invalid')
    .min(1, 'field.invalid')
    .max(OPS_ACCOUNTS_PAGE_SIZE.max, 'field.invalid')
    .default(OPS_ACCOUNTS_PAGE_SIZE.default),
  q: singleLine('field.invalid').trim().max(OPS_SEARCH_MAX, 'field.tooLong').optional(),
});
export type TOpsAccountQuery = z.infer<typeof ZOpsAccountQuery>;

/** PUT /api/ops/accounts/{id}/status */
export const ZAccountStatusBody = z.strictObject({ status: z.enum(ACCOUNT_STATUSES, 'field.invalid') });
export type TAccountStatusBody = z.infer<typeof ZAccountStatusBody>;

export const ZOpsAccount = z.strictObject({
  id: z.string(),
  kind: z.enum(['indv', 'inst']),
  name: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  owner: z.strictObject({ id: z.string(), email: z.string(), fname: z.string(), lname: z.string() }),
  members: z.number(),
  createdAt: ZInstant,
});
export type OpsAccount = z.infer<typeof ZOpsAccount>;

export const ZOpsAccountList = z.strictObject({
  accounts: z.array(ZOpsAccount),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type OpsAccountList = z.infer<typeof ZOpsAccountList>;

/** The answer of a status change: the account as it now stands, and how many signed-in sessions it ended. */
export const ZAccountStatusAnswer = z.strictObject({ account: ZOpsAccount, sessionsEnded: z.number() });
export type AccountStatusAnswer = z.infer<typeof ZAccountStatusAnswer>;

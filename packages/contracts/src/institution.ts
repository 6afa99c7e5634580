import { z } from 'zod';
import { ZPhone } from './new-password.ts';
import { multiLine, nameText, singleLine } from './strings.ts';

/** Wire contract: the institution's details (spec §3 Enterprise), shown in invoices later. */

export const INSTITUTION_LIMITS = { name: 120, address: 300, city: 100, postalCode: 20 } as const;

/** PUT /api/account/institution (the owner only). Country is an ISO 3166-1 alpha-2 code. */
export const ZInstitutionBody = z.strictObject({
  name: nameText('field.institutionName')
    .trim()
    .min(1, 'field.institutionName')
    .max(INSTITUTION_LIMITS.name, 'field.tooLong'),
  address: multiLine().trim().max(INSTITUTION_LIMITS.address, 'field.tooLong'),
  country: z.string('field.country').regex(/^[A-Z]{2}$/, 'field.country'),
  city: nameText('field.city').trim().min(1, 'field.city').max(INSTITUTION_LIMITS.city, 'field.tooLong'),
  postalCode: singleLine()
    .trim()
    .max(INSTITUTION_LIMITS.postalCode, 'field.tooLong')
    .regex(/^[\p{L}\p{N} -]*$/u, 'field.postalCode'),
  phone: ZPhone,
});
export type TInstitutionBody = z.infer<typeof ZInstitutionBody>;

/** GET /api/account/institution: what is stored (empty strings where nothing is yet), and whether the reader may edit. */
export const ZInstitution = z.strictObject({
  institution: z.strictObject({
    name: z.string(),
    address: z.string(),
    country: z.string(),
    city: z.string(),
    postalCode: z.string(),
    phone: z.string(),
  }),
  editable: z.boolean(),
});
export type Institution = z.infer<typeof ZInstitution>;

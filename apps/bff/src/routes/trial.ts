import { ZUserTrial } from '@majlis/contracts';
import { ZTrialCodeBody, ZTrialPhoneBody, ZTrialVerification } from '@majlis/contracts/billing';
import { requirePower } from '@majlis/core/auth/powers';
import { resendCode, startPhoneVerification, trialVerification } from '@majlis/core/billing/trial';
import { verifyCode } from '@majlis/core/billing/trial-activation';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { needsPower, requireActor } from '../http/session.ts';
import { doc, jsonBody } from '../http/validate.ts';

/**
 * The free trial unlocked by a phone code (spec §4): ask for a code, resend it, type it. The acting account's owner
 * only (the trial gives the account a room). GET /api/usertrial itself is in account.ts (spec §7).
 * Each send is an SMS we pay for and each check a guess: limited per user, and per phone number for sends.
 */
/** Before the body is read: a role that may not start a trial is told so, whatever it sent. */
const ownerOnly = needsPower('manageBilling');

export const trialRoutes = new Hono<Env>()
  .get(
    '/usertrial/verification',
    doc('Where the trial phone verification stands', {
      tags: ['billing'],
      response: ZTrialVerification,
      power: 'manageBilling',
    }),
    async (c) => {
      const actor = requireActor(c);
      requirePower(actor, 'manageBilling');
      return c.json(await trialVerification(c.get('runtime').db, actor));
    },
  )
  .post(
    '/usertrial/phone',
    doc('Send a trial code to a phone by SMS or WhatsApp (409 TRIAL_ALREADY_USED, TRIAL_RESEND_TOO_EARLY)', {
      tags: ['billing'],
      response: ZTrialVerification,
      power: 'manageBilling',
    }),
    ownerOnly,
    jsonBody(ZTrialPhoneBody),
    async (c) => {
      const { db, config, limits } = c.get('runtime');
      const actor = requireActor(c);
      requirePower(actor, 'manageBilling');
      const body = c.req.valid('json');
      await limits.consume('trialUser', actor.userId);
      await limits.consume('trialPhone', body.phone);
      return c.json(await startPhoneVerification(db, config, actor, body));
    },
  )
  .post(
    '/usertrial/resend',
    doc('Send the pending trial code again, after 60 s (409 TRIAL_RESEND_TOO_EARLY)', {
      tags: ['billing'],
      response: ZTrialVerification,
      power: 'manageBilling',
    }),
    async (c) => {
      const { db, config, limits } = c.get('runtime');
      const actor = requireActor(c);
      requirePower(actor, 'manageBilling');
      await limits.consume('trialUser', actor.userId);
      const pending = await trialVerification(db, actor);
      if (pending.phone && pending.state === 'codeSent') await limits.consume('trialPhone', pending.phone);
      return c.json(await resendCode(db, config, actor));
    },
  )
  .post(
    '/usertrial/verify',
    doc('Check the trial code and start the 7-day trial (400 TRIAL_CODE_WRONG; 409 TRIAL_TOO_MANY_TRIES, …)', {
      tags: ['billing'],
      response: ZUserTrial,
      power: 'manageBilling',
    }),
    ownerOnly,
    jsonBody(ZTrialCodeBody),
    async (c) => {
      const { db, config, limits } = c.get('runtime');
      const actor = requireActor(c);
      requirePower(actor, 'manageBilling');
      await limits.consume('trialUser', actor.userId);
      return c.json(await verifyCode(db, config, actor, c.req.valid('json')));
    },
  );

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwilioVerifyFake } from '../../../test/fakes/twilio-verify.ts';
import { testConfig } from '../../../test/services.ts';
import { ConfigError, parseConfig } from '../../config.ts';
import { phoneCodesFor } from './index.ts';
import { codeMatches, hashCode, newCode } from './outbox.ts';
import { PhoneCodeError } from './port.ts';
import { twilioVerify } from './twilio-verify.ts';

const stored = { codeHash: null, sid: null, attempts: 0, expiresAt: new Date(Date.now() + 600_000) };

describe('Twilio Verify adapter against the fake', () => {
  const fake = new TwilioVerifyFake();
  let clock = Date.now();
  const adapter = () =>
    twilioVerify({
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      serviceSid: fake.serviceSid,
      baseUrl: fake.url,
    });

  beforeAll(async () => {
    fake.now = () => clock;
    await fake.start();
  });
  afterAll(() => fake.stop());

  it('starts a verification with To, Channel and Locale, and approves the code Twilio sent', async () => {
    const phone = '+201001234567';
    const started = await adapter().start(phone, 'whatsapp', 'ar');
    expect(started).toEqual({ sid: expect.stringMatching(/^VE/), codeHash: null });
    const sent = fake.verifications.at(-1);
    expect(sent).toMatchObject({ to: phone, channel: 'whatsapp', locale: 'ar', status: 'pending' });
    expect(await adapter().check(phone, fake.codeFor(phone) as string, stored)).toBe('approved');
    // Approved is gone: Twilio answers 404, which reads as expired (ask for a new code).
    expect(await adapter().check(phone, fake.codeFor(phone) as string, stored)).toBe('expired');
  });

  it('counts wrong codes: five, then max attempts reached', async () => {
    const phone = '+201001234568';
    await adapter().start(phone, 'sms', 'en');
    const right = fake.codeFor(phone) as string;
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect(await adapter().check(phone, wrong, stored)).toBe('wrong');
    expect(await adapter().check(phone, right, stored)).toBe('maxAttempts');
  });

  it('expires a code after ten minutes, and a resend gives a new code on the same verification', async () => {
    const phone = '+201001234569';
    const first = await adapter().start(phone, 'sms', 'en');
    const firstCode = fake.codeFor(phone);
    const again = await adapter().start(phone, 'sms', 'en');
    expect(again.sid).toBe(first.sid);
    expect(fake.verifications.filter((v) => v.to === phone)).toHaveLength(1);
    expect(fake.verifications.at(-1)?.sends).toBe(2);
    expect(typeof firstCode).toBe('string');
    clock += 10 * 60_000;
    expect(await adapter().check(phone, fake.codeFor(phone) as string, stored)).toBe('expired');
    clock = Date.now();
  });

  it('fails on bad credentials and refuses a number Twilio finds invalid, with its error code', async () => {
    const wrongAuth = twilioVerify({
      accountSid: fake.accountSid,
      authToken: 'nope',
      serviceSid: fake.serviceSid,
      baseUrl: fake.url,
    });
    await expect(wrongAuth.start('+201001234570', 'sms', 'en')).rejects.toMatchObject({
      status: 401,
      providerCode: 20003,
    });
    await expect(adapter().start('12345', 'sms', 'en')).rejects.toBeInstanceOf(PhoneCodeError);
    await expect(adapter().start('12345', 'sms', 'en')).rejects.toMatchObject({ status: 400, providerCode: 60200 });
  });

  it('fails as unavailable when Twilio cannot be reached', async () => {
    const gone = twilioVerify({
      ...{ accountSid: 'AC1', authToken: 'x', serviceSid: 'VA1' },
      baseUrl: 'http://127.0.0.1:9',
    });
    await expect(gone.start('+201001234571', 'sms', 'en')).rejects.toBeInstanceOf(PhoneCodeError);
  });
});

describe('outbox codes', () => {
  it('are six digits, stored salted and keyed, never twice the same hash', () => {
    const code = newCode();
    expect(code).toMatch(/^\d{6}$/);
    const a = hashCode('secret', code);
    const b = hashCode('secret', code);
    expect(a).not.toBe(b);
    expect(a).not.toContain(code);
    expect(codeMatches('secret', code, a)).toBe(true);
    expect(codeMatches('other secret', code, a)).toBe(false);
    expect(codeMatches('secret', code === '000000' ? '000001' : '000000', a)).toBe(false);
  });
});

describe('choosing the phone-code adapter', () => {
  it('uses Twilio Verify only with its three keys, and refuses one or two of them', () => {
    const plain = testConfig();
    expect(phoneCodesFor(plain, {} as never).name).toBe('outbox');
    plain.cleanup();
    const keys = { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'token', TWILIO_VERIFY_SERVICE_SID: 'VA1' };
    const twilio = testConfig(keys);
    expect(phoneCodesFor(twilio, {} as never).name).toBe('twilio');
    expect(twilio.TWILIO_BASE_URL).toBe('https://verify.twilio.com');
    twilio.cleanup();
    expect(() => parseConfig({ TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(ConfigError);
    expect(() => parseConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'token' })).toThrow(
      /TWILIO_VERIFY_SERVICE_SID/,
    );
  });
});

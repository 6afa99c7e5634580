import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeResponse, fakeBff, renderWithProviders } from '../../../test/harness.tsx';
import { TrialCard } from './TrialCard.tsx';

const never = {
  eligible: true,
  active: false,
  startsAt: null,
  endsAt: null,
  remainingDays: 0,
  phoneVerified: false,
};
const started = {
  eligible: false,
  active: true,
  startsAt: '2026-11-25T10:00:00.000Z',
  endsAt: '2026-12-02T10:00:00.000Z',
  remainingDays: 7,
  phoneVerified: true,
};
const atPhone = { state: 'phone', phone: null, channel: null, expiresAt: null, resendAt: null, triesLeft: 5 };
const sent = (triesLeft: number) => ({
  state: 'codeSent',
  phone: '+201001234567',
  channel: 'whatsapp',
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  resendAt: new Date(Date.now() + 60_000).toISOString(),
  triesLeft,
});

async function show(lang: 'En' | 'Ar', handlers: Record<string, FakeResponse | ((init: RequestInit) => FakeResponse)>) {
  localStorage.setItem('MajlisLang', lang);
  const bff = fakeBff(handlers);
  await renderWithProviders(<TrialCard />);
  return bff;
}

function typeCode(dialog: HTMLElement, code: string) {
  const boxes = within(dialog)
    .getAllByRole('textbox')
    .filter((i) => i.getAttribute('inputmode') === 'numeric');
  expect(boxes).toHaveLength(6);
  code.split('').forEach((digit, i) => {
    fireEvent.change(boxes[i] as HTMLElement, { target: { value: digit } });
  });
}

describe('TrialCard', () => {
  it('walks the dialog: phone and channel, a wrong code with the tries left, then the trial room', async () => {
    // the fake answers a resend time 60 s after it is built: the countdown shows what is left of it, whatever this took
    const began = Date.now();
    let verifications = 0;
    const bff = await show('En', {
      'GET /api/usertrial': { body: never },
      'GET /api/usertrial/verification': () => ({ body: verifications++ === 0 ? atPhone : sent(4) }),
      'POST /api/usertrial/phone': { body: sent(5) },
      'POST /api/usertrial/verify': (init) =>
        JSON.parse(String(init.body)).code === '123456'
          ? { body: started }
          : {
              status: 400,
              body: {
                code: 'TRIAL_CODE_WRONG',
                errorMessage: { en: 'This code is not right: 4 tries left', ar: 'الرمز غير صحيح' },
                fields: { code: { en: 'This code is not right: 4 tries left', ar: 'الرمز غير صحيح' } },
              },
            },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start your free 7-day trial' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Phone number' }), {
      target: { value: '100 123 4567' },
    });
    fireEvent.click(within(dialog).getByText('WhatsApp'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the code' }));

    expect(await within(dialog).findByText(/Enter the code we sent by WhatsApp to/)).toBeTruthy();
    const post = bff.calls.find((c) => c.method === 'POST' && c.path === '/api/usertrial/phone');
    expect(post?.body).toEqual({ phone: '+201001234567', channel: 'whatsapp' });
    expect(within(dialog).getByTestId('trial-tries').textContent).toBe('5 tries left');
    const resend = within(dialog).getByTestId('trial-resend') as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    const wait = Number(/^Send a new code in (\d+) s$/.exec(resend.textContent ?? '')?.[1]);
    expect(wait).toBeLessThanOrEqual(60);
    expect(wait).toBeGreaterThanOrEqual(60 - Math.ceil((Date.now() - began) / 1000) - 1);

    typeCode(dialog, '999999');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This code is not right: 4 tries left');
    expect(within(dialog).getByTestId('trial-tries').textContent).toBe('4 tries left');

    typeCode(dialog, '123456');
    expect(await within(dialog).findByText('Your trial room is ready')).toBeTruthy();
    expect(within(dialog).getByText('7 days left')).toBeTruthy();
    expect(bff.calls.filter((c) => c.path === '/api/usertrial/verify').map((c) => c.body)).toEqual([
      { code: '999999' },
      { code: '123456' },
    ]);
  });

  it('goes back to the phone step when the server ends the verification after too many tries', async () => {
    await show('En', {
      'GET /api/usertrial': { body: never },
      'GET /api/usertrial/verification': { body: sent(1) },
      'POST /api/usertrial/verify': {
        status: 409,
        body: {
          code: 'TRIAL_TOO_MANY_TRIES',
          errorMessage: { en: 'Too many wrong codes. Ask for a new code', ar: 'رموز خاطئة كثيرة' },
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start your free 7-day trial' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('trial-tries').textContent).toBe('1 try left');
    typeCode(dialog, '000000');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Too many wrong codes. Ask for a new code');
    expect(within(dialog).getByRole('button', { name: 'Send the code' })).toBeTruthy();
  });

  it('counts a running trial down in the reader’s language and digits', async () => {
    const bff = await show('Ar', { 'GET /api/usertrial': { body: { ...started, remainingDays: 2 } } });
    expect((await screen.findByTestId('trial-days')).textContent).toContain('بقي يومان');
    expect(screen.getByTestId('trial-days').textContent).toMatch(/[٠-٩]/);
    expect(screen.queryByTestId('trial-start')).toBeNull();
    expect(bff.calls.some((c) => c.path === '/api/usertrial/verification')).toBe(false);
  });

  it('says a used trial is used, without offering another', async () => {
    await show('En', { 'GET /api/usertrial': { body: { ...started, active: false, remainingDays: 0 } } });
    expect((await screen.findByTestId('trial-used')).textContent).toBe('Your free trial has been used');
    expect(screen.queryByTestId('trial-start')).toBeNull();
  });

  it('shows nothing to someone who may not start one (not the owner) and never had one', async () => {
    const bff = await show('En', { 'GET /api/usertrial': { body: { ...never, eligible: false } } });
    await waitFor(() => expect(screen.queryByLabelText('Loading')).toBeNull());
    expect(bff.calls.some((c) => c.path === '/api/usertrial')).toBe(true);
    expect(screen.queryByTestId('trial-card')).toBeNull();
  });
});

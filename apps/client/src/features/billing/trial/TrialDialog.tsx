import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { TRIAL_CODE } from '@majlis/contracts/billing';
import { trialSnapshot, trialVerificationMachine } from '@majlis/machines';
import { Alert, Button, Group, Modal, PinInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { formatNumber, formatPhone, typedDigits } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { inspect } from '../../../lib/inspect.ts';
import { fieldErrorsOf, formErrorOf } from '../../../lib/server-errors.ts';
import { useLanguage } from '../../../state/language.tsx';
import { PhoneFields } from '../../users/PhoneFields.tsx';
import { type TrialVerification, trialApi, type UserTrial } from './api.ts';

type Channel = 'sms' | 'whatsapp';

/** Seconds until `at`, ticking once a second while there are any. */
function useSecondsUntil(at: string | null): number {
  const left = () => (at ? Math.max(0, Math.ceil((Date.parse(at) - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `at`, the one input.
  useEffect(() => {
    setSeconds(left());
    if (!at) return;
    const timer = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}

/**
 * The trial dialog, driven by the trialVerification statechart the server decides with: phone (country code, number,
 * SMS or WhatsApp) → the code (6 digits; resend after its wait, tries left) → activated. The chart moves on what the
 * server answered: its refusals (wrong code, too many tries, expired, already used, room already paid) are the same
 * events with the facts the answer gave, and the server's message is shown in the reader's language.
 */
export function TrialDialog({
  initial,
  onClose,
  onActivated,
}: {
  initial: TrialVerification;
  onClose: () => void;
  onActivated: (trial: UserTrial) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const phoneScreen = useMediaQuery('(max-width: 36em)');
  const [snapshot, send] = useMachine(trialVerificationMachine, {
    input: { triesLeft: initial.triesLeft },
    snapshot: trialSnapshot(initial.state, { triesLeft: initial.triesLeft }),
    inspect,
  });
  const [view, setView] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [started, setStarted] = useState<UserTrial | null>(null);
  const [countryCode, setCountryCode] = useState('+20');
  const form = useForm({ initialValues: { phone: '', channel: (initial.channel ?? 'sms') as Channel } });
  const resendIn = useSecondsUntil(snapshot.value === 'codeSent' ? view.resendAt : null);
  const state = snapshot.value;

  const refresh = () =>
    trialApi
      .verification()
      .then(setView)
      .catch(() => {});
  const failed = (error: unknown) => setMessage(formErrorOf(error, language, t`An error occurred, try again`));
  const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : '');

  const submitPhone = form.onSubmit(async ({ phone, channel }) => {
    setMessage(null);
    setBusy(true);
    const number = `${countryCode}${typedDigits(phone).replace(/[^\d]/g, '')}`;
    try {
      const next = await trialApi.sendCode({ phone: number, channel });
      send({ type: 'phone.submit', userUsed: false, phoneUsed: false, waitSeconds: 0 });
      setView(next);
      setCode('');
    } catch (error) {
      const refusal = codeOf(error);
      if (refusal === 'TRIAL_ALREADY_USED') {
        send({ type: 'phone.submit', userUsed: false, phoneUsed: true, waitSeconds: 0 });
      }
      form.setErrors(fieldErrorsOf(error, language));
      failed(error);
    } finally {
      setBusy(false);
    }
  });

  const resend = async () => {
    setMessage(null);
    setBusy(true);
    try {
      setView(await trialApi.resend());
      send({ type: 'code.resend', waitSeconds: 0 });
      setCode('');
    } catch (error) {
      failed(error);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const verify = async (typed: string) => {
    setMessage(null);
    setBusy(true);
    try {
      const trial = await trialApi.verify(typedDigits(typed));
      send({ type: 'code.submit', result: 'approved' });
      send({ type: 'trial.activate', userUsed: false, phoneUsed: false, roomPaid: false });
      setStarted(trial);
      onActivated(trial);
    } catch (error) {
      const refusal = codeOf(error);
      if (refusal === 'TRIAL_CODE_WRONG') send({ type: 'code.submit', result: 'wrong' });
      else if (refusal === 'TRIAL_TOO_MANY_TRIES') send({ type: 'code.submit', result: 'maxAttempts' });
      else if (refusal === 'TRIAL_CODE_EXPIRED') send({ type: 'code.submit', result: 'expired' });
      else if (refusal === 'TRIAL_NOT_NEEDED' || refusal === 'TRIAL_ALREADY_USED') {
        send({ type: 'code.submit', result: 'approved' });
        send({
          type: 'trial.activate',
          userUsed: false,
          phoneUsed: refusal === 'TRIAL_ALREADY_USED',
          roomPaid: refusal === 'TRIAL_NOT_NEEDED',
        });
      }
      setCode('');
      failed(error);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const phoneShown = view.phone ? formatPhone(language, view.phone) : '';
  const tries = formatNumber(language, snapshot.context.triesLeft);
  const wait = formatNumber(language, resendIn);
  const startedDays = formatNumber(language, started?.remainingDays ?? 0);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t`Start your free 7-day trial`}
      centered
      fullScreen={phoneScreen}
      data-testid="trial-dialog"
    >
      <Stack>
        {message && (
          <Alert color="red" variant="light" role="alert" data-testid="trial-message">
            {message}
          </Alert>
        )}

        {state === 'phone' && (
          <form noValidate onSubmit={submitPhone}>
            <Stack>
              <Text size="sm">
                <Trans>We send a 6-digit code to this number. It unlocks your free trial.</Trans>
              </Text>
              <PhoneFields
                countryCode={countryCode}
                onCountryCode={setCountryCode}
                phone={form.getInputProps('phone')}
                error={form.errors.phone}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="trial-channel">
                  <Trans>Send the code by</Trans>
                </Text>
                <SegmentedControl
                  aria-labelledby="trial-channel"
                  fullWidth
                  data={[
                    { value: 'sms', label: t`SMS` },
                    { value: 'whatsapp', label: t`WhatsApp` },
                  ]}
                  {...form.getInputProps('channel')}
                />
              </Stack>
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button type="submit" loading={busy} data-testid="trial-send">
                  <Trans>Send the code</Trans>
                </Button>
              </Group>
            </Stack>
          </form>
        )}

        {state === 'codeSent' && (
          <Stack>
            <Text size="sm">
              {view.channel === 'whatsapp' ? (
                <Trans>
                  Enter the code we sent by WhatsApp to <bdi dir="ltr">{phoneShown}</bdi>
                </Trans>
              ) : (
                <Trans>
                  Enter the code we sent by SMS to <bdi dir="ltr">{phoneShown}</bdi>
                </Trans>
              )}
            </Text>
            <Group justify="center" dir="ltr">
              <PinInput
                length={TRIAL_CODE.length}
                type={/^[0-9٠-٩۰-۹]$/}
                inputMode="numeric"
                oneTimeCode
                gap={4}
                size="md"
                value={code}
                onChange={setCode}
                onComplete={(v) => void verify(v)}
                disabled={busy}
                aria-label={t`Code`}
                data-testid="trial-code"
              />
            </Group>
            <Text size="sm" c="dimmed" data-testid="trial-tries">
              {plural(snapshot.context.triesLeft, { one: `${tries} try left`, other: `${tries} tries left` })}
            </Text>
            <Group justify="space-between" wrap="wrap">
              <Button variant="subtle" onClick={resend} disabled={busy || resendIn > 0} data-testid="trial-resend">
                {resendIn > 0 ? <Trans>Send a new code in {wait} s</Trans> : <Trans>Send a new code</Trans>}
              </Button>
              <Button
                onClick={() => void verify(code)}
                disabled={code.length < TRIAL_CODE.length}
                loading={busy}
                data-testid="trial-verify"
              >
                <Trans>Confirm</Trans>
              </Button>
            </Group>
          </Stack>
        )}

        {state === 'verified' && (
          <Text data-testid="trial-verified">
            <Trans>Your phone number is verified.</Trans>
          </Text>
        )}

        {state === 'activated' && (
          <Stack data-testid="trial-activated">
            <Text fw={600}>
              <Trans>Your trial room is ready</Trans>
            </Text>
            {started && (
              <Text>
                {plural(started.remainingDays, { one: `${startedDays} day left`, other: `${startedDays} days left` })}
              </Text>
            )}
            <Group justify="flex-end">
              <Button onClick={onClose}>
                <Trans>Done</Trans>
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

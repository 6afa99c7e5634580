import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatNumber } from '../../lib/format.ts';
import { fieldErrorsOf, formErrorOf } from '../../lib/server-errors.ts';
import { useLanguage } from '../../state/language.tsx';
import { toast } from '../../ui/toast.ts';
import { type Meeting, meetingsApi } from './api.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Addresses separated by commas, semicolons, spaces or new lines; duplicates once. */
export function parseEmails(text: string): { valid: string[]; invalid: string[] } {
  const all = [
    ...new Set(
      text
        .split(/[\s,;،]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  return { valid: all.filter((e) => EMAIL.test(e)), invalid: all.filter((e) => !EMAIL.test(e)) };
}

/** Invite by e-mail: each invitee gets the link, the number and an .ics file, in their language. */
export function InviteDialog({ meeting, onClose }: { meeting: Meeting | null; onClose: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (meeting) {
      setText('');
      setError(null);
    }
  }, [meeting]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!meeting) return;
    const { valid, invalid } = parseEmails(text);
    if (invalid.length) return setError(t`Check these addresses: ${invalid.join(', ')}`);
    if (!valid.length) return setError(t`Enter at least one e-mail address`);
    if (valid.length > 50) return setError(t`Up to 50 addresses at a time`);
    setBusy(true);
    try {
      const { sent, delivery } = await meetingsApi.invite(meeting.id, valid);
      const n = formatNumber(language, sent);
      toast.success(
        // Without an SMTP server (the embedded default) nothing leaves the outbox: the toast says so, not "sent".
        delivery === 'outbox'
          ? plural(sent, {
              one: `${n} invitation kept in the outbox: no SMTP server is set`,
              other: `${n} invitations kept in the outbox: no SMTP server is set`,
            })
          : plural(sent, { one: `${n} invitation sent`, other: `${n} invitations sent` }),
      );
      onClose();
    } catch (err) {
      const fields = fieldErrorsOf(err, language);
      setError(fields.emails ?? formErrorOf(err, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={!!meeting} onClose={onClose} title={t`Invite by e-mail`} centered>
      <form noValidate onSubmit={submit}>
        <Stack>
          <Text size="sm">
            <Trans>
              Invitees get the link, the meeting number and a calendar file (.ics) for <bdi>{meeting?.name}</bdi>.
            </Trans>
          </Text>
          <Textarea
            label={t`E-mail addresses`}
            description={t`Separate addresses with commas or new lines (up to 50)`}
            dir="ltr"
            rows={3}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={busy}>
              <Trans>Send the invitations</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Avatar, Button, FileButton, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formErrorOf } from '../../lib/server-errors.ts';
import { useLanguage } from '../../state/language.tsx';
import { SessionContext, useSessionUser } from '../../state/session.tsx';
import { toast } from '../../ui/toast.ts';
import { tooLarge, uploadPicture } from './api.ts';

/** The picture: JPG or PNG under 1 MB, with a progress bar while it uploads; the server re-encodes it. */
export function PictureCard({ picture, name }: { picture: string | null; name: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const user = useSessionUser();
  const session = SessionContext.useActorRef();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = user?.picture ?? picture;

  async function pick(file: File | null) {
    if (!file) return;
    setError(null);
    if (tooLarge(file)) return setError(t`The picture is too large: choose one under 1 MB`);
    setProgress(0);
    try {
      const url = await uploadPicture(file, setProgress);
      if (user) session.send({ type: 'LOGIN', user: { ...user, picture: url } });
      toast.success(t`Your picture was saved`);
    } catch (e) {
      setError(formErrorOf(e, language, t`An error occurred, try again`));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="profile-picture">
      <Title order={2} size="h4" mb="md" id="profile-picture">
        <Trans>Picture</Trans>
      </Title>
      <Stack>
        {/* Wraps under 400 px: the button's label is not cut beside the picture on a phone. */}
        <Group wrap="wrap">
          <Avatar src={shown} size={72} radius="xl" alt={name} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <FileButton onChange={pick} accept="image/png,image/jpeg">
              {(props) => (
                <Button {...props} variant="light" loading={progress !== null}>
                  <Trans>Change the picture</Trans>
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              <Trans>JPG or PNG, under 1 MB</Trans>
            </Text>
          </Stack>
        </Group>
        {progress !== null && (
          <Progress value={progress} animated aria-label={t`Uploading the picture`} data-testid="picture-progress" />
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

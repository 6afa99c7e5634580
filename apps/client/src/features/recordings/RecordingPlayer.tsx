import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { browserTimeZone, formatNumber, formatWhen } from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { useLanguage } from '../../state/language.tsx';
import { toast } from '../../ui/toast.ts';
import { type RecordingView, recordingsApi, saveFile } from './api.ts';
import { fileNameOf, formatDuration } from './format.ts';

/**
 * The play and download page's body: what the recording is, the provider's playback (a video file plays in <video>,
 * BigBlueButton's presentation playback is a page in an <iframe>), the Download button when this reader may, and how
 * many have downloaded it.
 */
export function RecordingPlayer({ view, token }: { view: RecordingView; token?: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const [downloads, setDownloads] = useState(view.recording.downloads);
  const [busy, setBusy] = useState(false);
  const r = view.recording;
  const playback = view.playback;

  const download = async () => {
    setBusy(true);
    try {
      const answer = await recordingsApi.download(r.id, token);
      setDownloads(answer.downloads);
      saveFile(answer.url, fileNameOf(r.name, answer.url));
    } catch (e) {
      toast.error(messageOf(e, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  };

  const copyLink = async () => {
    try {
      const link = view.shareUrl ?? (await recordingsApi.share(r.id));
      try {
        await navigator.clipboard.writeText(link);
        toast.success(t`The link was copied`);
      } catch {
        toast.show(link);
      }
    } catch (e) {
      toast.error(messageOf(e, language, t`An error occurred, try again`));
    }
  };

  // The profile's zone for a signed-in reader (the dashboard's clock), the device's for a visitor.
  const when = r.startTime ? formatWhen(language, r.startTime, view.timeZone ?? browserTimeZone()) : null;
  const length = r.durationSeconds === null ? null : formatDuration(language, r.durationSeconds);
  const facts = [when && t`Started: ${when}`, length && t`Duration: ${length}`].filter((x): x is string => !!x);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            <bdi>{r.name}</bdi>
          </Title>
          {r.canManage && !r.published && (
            <Badge color="gray.8" variant="outline">
              <Trans>Not published</Trans>
            </Badge>
          )}
        </Group>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <Trans>
            Meeting: <bdi>{r.meeting.name}</bdi>
          </Trans>
        </Text>
        {/* Apart, not joined by a middle dot: in Arabic '·' reads like the digit zero '٠'. */}
        <Group gap="lg" wrap="wrap">
          {facts.map((fact) => (
            <Text key={fact} size="sm">
              {fact}
            </Text>
          ))}
        </Group>
      </Stack>

      {playback?.type === 'video' && (
        // biome-ignore lint/a11y/useMediaCaption: the provider's recordings come without caption tracks.
        <video
          controls
          preload="metadata"
          src={playback.url}
          data-testid="recording-player"
          style={{ width: '100%', maxHeight: '70vh', background: '#000', borderRadius: 8 }}
        />
      )}
      {playback?.type === 'presentation' && (
        <iframe
          src={playback.url}
          title={t`Recording playback: ${r.name}`}
          data-testid="recording-player"
          allow="fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          style={{
            width: '100%',
            aspectRatio: '16 / 9',
            minHeight: 'min(480px, 75vh)',
            border: 0,
            borderRadius: 8,
            background: '#f1f3f5',
          }}
        />
      )}
      {!playback && (
        <Alert color="yellow" variant="light">
          <Trans>The provider has not made a playback of this recording yet.</Trans>
        </Alert>
      )}

      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text>
            <Trans>
              Downloads: <span data-testid="recording-downloads">{formatNumber(language, downloads)}</span>
            </Trans>
          </Text>
          <Group gap="sm" wrap="wrap">
            {r.canManage && (
              <Button variant="default" mih={44} onClick={copyLink}>
                <Trans>Copy the share link</Trans>
              </Button>
            )}
            {r.canDownload && (
              <Button mih={44} onClick={download} loading={busy} data-testid="recording-download">
                <Trans>Download</Trans>
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { type RecordingView, recordingsApi } from '../features/recordings/api.ts';
import { RecordingPlayer } from '../features/recordings/RecordingPlayer.tsx';
import { ApiError, messageOf } from '../lib/http.ts';
import { useLanguage } from '../state/language.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Page } from '../ui/Page.tsx';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; view: RecordingView }
  | { kind: 'missing' | 'error'; error: unknown };

/**
 * /recording/:id (RecodDownload layout): the play and download page, its own shareable URL. Signed-out visitors come
 * with the share link's ?t=; unknown, deleted and forbidden recordings all read "This recording does not exist".
 */
export default function RecordingRoute() {
  const { t } = useLingui();
  const language = useLanguage();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t') ?? undefined;
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    recordingsApi
      .view(id, token)
      .then((view) => live && setState({ kind: 'ready', view }))
      .catch((error) => {
        if (live) setState({ kind: error instanceof ApiError && error.status === 404 ? 'missing' : 'error', error });
      });
    return () => {
      live = false;
    };
  }, [id, token]);

  // The server's words in the reader's language (a language switch re-reads nothing).
  const message =
    state.kind === 'missing'
      ? messageOf(state.error, language, t`This recording does not exist`)
      : state.kind === 'error'
        ? messageOf(state.error, language, t`An error occurred, try again`)
        : '';

  const title = state.kind === 'ready' ? state.view.recording.name : t`Recording`;
  return (
    <Page title={title}>
      {state.kind === 'loading' && <Loader role="status" aria-label={t`Loading`} />}
      {state.kind === 'ready' && <RecordingPlayer view={state.view} token={token} />}
      {state.kind === 'missing' && (
        <Stack data-testid="recording-missing-page">
          <EmptyState
            title={<span data-testid="recording-missing">{message}</span>}
            action={
              <Button component={Link} to="/" variant="light">
                <Trans>Go to the home page</Trans>
              </Button>
            }
          >
            <Trans>The link may be wrong, or the recording was deleted or is not shared with you.</Trans>
          </EmptyState>
        </Stack>
      )}
      {state.kind === 'error' && (
        <Alert color="red" role="alert">
          {message}
        </Alert>
      )}
    </Page>
  );
}

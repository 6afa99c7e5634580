import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { JoinFlow } from '../features/join/JoinFlow.tsx';
import { Page } from '../ui/Page.tsx';

/** /join and /join/:number (the link in invitations and the copy-link button). */
export default function JoinPage() {
  const { t } = useLingui();
  const { number } = useParams();
  return (
    <Page title={t`Join a meeting`}>
      <JoinFlow key={number ?? ''} initialNumber={number ?? ''} />
    </Page>
  );
}

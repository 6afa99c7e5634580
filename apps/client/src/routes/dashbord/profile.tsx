import { useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { DetailsCard } from '../../features/profile/DetailsCard.tsx';
import { DevicesCard } from '../../features/profile/DevicesCard.tsx';
import { InstitutionCard } from '../../features/profile/InstitutionCard.tsx';
import { PasswordCard } from '../../features/profile/PasswordCard.tsx';
import { PictureCard } from '../../features/profile/PictureCard.tsx';
import { SessionsCard } from '../../features/profile/SessionsCard.tsx';
import { DomainsCard } from '../../features/sso/DomainsCard.tsx';
import { JoinRequestsCard } from '../../features/sso/JoinRequestsCard.tsx';
import { SsoCard } from '../../features/sso/SsoCard.tsx';
import { useAccount } from '../../state/account.tsx';
import { queryKeys } from '../../state/query-keys.ts';

/** The user's own profile (issue 11), and the institution's details for its officials. */
export default function ProfilePage() {
  const { t } = useLingui();
  const { info, permission, type } = useAccount();
  const queryClient = useQueryClient();
  const official = type?.type === 'inst' && permission.showUserManage;
  return (
    <DashPage title={t`Profile`} gate="showProfile">
      <Stack maw={720} gap="lg">
        {info && <PictureCard picture={info.picture} name={`${info.fname} ${info.lname}`} />}
        {info && <DetailsCard key={info.id} info={info} />}
        {official && <InstitutionCard />}
        {official && <SsoCard />}
        {official && <DomainsCard />}
        {official && <JoinRequestsCard />}
        {/* A password change ends the other sessions: the list is read again. */}
        <PasswordCard onChanged={() => void queryClient.invalidateQueries({ queryKey: queryKeys.profile.sessions })} />
        <SessionsCard />
        <DevicesCard />
      </Stack>
    </DashPage>
  );
}

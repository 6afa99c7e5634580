import { useLingui } from '@lingui/react/macro';
import { CalendarFeed } from '../../features/calendar/CalendarFeed.tsx';
import { CalendarView } from '../../features/calendar/CalendarView.tsx';
import { DashPage } from '../../features/dashboard/DashPage.tsx';

/** The route is its own lazy chunk (app/routes.tsx), so FullCalendar never weighs on the first page. */
export default function CalenderPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Meeting organiser`}>
      <CalendarView />
      <CalendarFeed />
    </DashPage>
  );
}

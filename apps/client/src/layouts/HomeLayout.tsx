import { Trans } from '@lingui/react/macro';
import { Outlet } from 'react-router';
import { Footer } from './Footer.tsx';
import { PublicBar } from './PublicBar.tsx';

/** Public pages: the bar above, the footer below (spec §2 "HomeLayout"). */
export default function HomeLayout() {
  return (
    <div className="home-layout">
      <a href="#content" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <PublicBar />
      <main id="content" className="home-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

import { type ComponentType, type ReactNode, StrictMode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setNavigate } from '../lib/navigation.ts';
import { Providers } from './Providers.tsx';
import { AppRoutes } from './routes.tsx';

/** Code outside React (machines' actions, the HTTP client) navigates through the router once it is mounted. */
function NavigationBridge() {
  const navigateTo = useNavigate();
  useEffect(() => setNavigate((to) => void navigateTo(to)), [navigateTo]);
  return null;
}

/**
 * The whole app around a router: `<BrowserRouter>` in the browser (main.tsx), `<StaticRouter>` when a page is
 * prerendered (prerender.tsx). One tree for both, so that hydration finds what the server wrote (useId included).
 */
export function App({ Router }: { Router: ComponentType<{ children: ReactNode }> }) {
  return (
    <StrictMode>
      <Providers>
        <Router>
          <NavigationBridge />
          <AppRoutes />
        </Router>
      </Providers>
    </StrictMode>
  );
}

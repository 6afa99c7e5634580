import { Outlet } from 'react-router';

/** Spec §2: a guest layout wraps pages in a page-wide container. */
export default function GuestLayout() {
  return (
    <div className="guest-layout">
      <Outlet />
    </div>
  );
}

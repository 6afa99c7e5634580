import { Trans } from '@lingui/react/macro';

/** The product mark (not mirrored) and its name in the active language. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="logo">
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#0b3d91" />
        <path d="M7 22V11l9 6 9-6v11" stroke="#f5c542" strokeWidth="2.6" fill="none" strokeLinejoin="round" />
      </svg>
      {!compact && (
        <span className="logo__name">
          <Trans>Majlis</Trans>
        </span>
      )}
    </span>
  );
}

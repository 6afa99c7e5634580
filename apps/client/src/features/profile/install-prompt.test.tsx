import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { startPwa } from '../../pwa/register.ts';
import { fakeBff, renderWithProviders } from '../../test/harness.tsx';
import { DevicesCard } from './DevicesCard.tsx';

/** Issue 31: the profile offers the browser's install prompt once (beforeinstallprompt held by pwa/register.ts). */

function offerInstall() {
  const prompt = vi.fn(async () => undefined);
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  window.dispatchEvent(event);
  return { prompt, event };
}

async function showCard(lang: 'Ar' | 'En') {
  localStorage.setItem('MajlisLang', lang);
  fakeBff({ 'GET /api/push/devices': { body: { devices: [] } } });
  return renderWithProviders(<DevicesCard />);
}

describe('the profile offers to install Majlis once (issue 31)', () => {
  // the module holds the browser's offer for the page's life: the English test runs first, before any offer
  startPwa();

  it('English: no button until the browser offers to install', async () => {
    await showCard('En');
    await screen.findByTestId('devices-card');
    expect(screen.queryByRole('button', { name: 'Install Majlis on this device' })).toBeNull();
    offerInstall();
    expect(await screen.findByRole('button', { name: 'Install Majlis on this device' })).toBeTruthy();
  });

  it('Arabic: the browser’s prompt is shown from the profile, then never offered again', async () => {
    const { prompt, event } = offerInstall();
    expect(event.defaultPrevented).toBe(true); // the browser's own mini-bar waits for the profile
    const view = await showCard('Ar');
    fireEvent.click(await screen.findByRole('button', { name: 'ثبّت مجلس على هذا الجهاز' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'ثبّت مجلس على هذا الجهاز' })).toBeNull());
    expect(localStorage.getItem('MajlisInstallOffered')).toBe('1');
    // the browser offers again (another visit): the profile does not
    view.unmount();
    offerInstall();
    await showCard('Ar');
    await screen.findByTestId('devices-card');
    expect(screen.queryByRole('button', { name: 'ثبّت مجلس على هذا الجهاز' })).toBeNull();
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hardNavigation } from '../lib/navigation.ts';
import { renderWithProviders } from '../test/harness.tsx';
import { ErrorBoundary, RELOAD_AFTER_MS } from './ErrorBoundary.tsx';
import { ErrorBox } from './ErrorBox.tsx';

function Broken(): never {
  throw new Error('boom');
}

describe('error handling (spec §2)', () => {
  it("shows 'Oops, there is an error!' and reloads after 5 seconds", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.spyOn(hardNavigation, 'reload').mockImplementation(() => {});
    await renderWithProviders(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText('عفوًا، حدث خطأ!')).toBeTruthy();
    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'حاول مرة أخرى؟' }));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
    expect(RELOAD_AFTER_MS).toBe(5000);
  });

  it('reloads by itself after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.spyOn(hardNavigation, 'reload').mockImplementation(() => {});
    try {
      await renderWithProviders(
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>,
      );
      act(() => vi.advanceTimersByTime(4900));
      expect(reload).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(200));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the error box closes from its icon or its button', async () => {
    await renderWithProviders(<ErrorBox message="حدث خطأ، حاول مرة أخرى" />);
    fireEvent.click(screen.getByRole('button', { name: 'حسنًا' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

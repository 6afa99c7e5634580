import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, showToast, TOAST_LIMIT, updateToast } from './toast.ts';

describe('toasts (spec §9)', () => {
  afterEach(() => {
    for (const t of getToasts()) dismissToast(t.id);
    vi.useRealTimers();
  });

  it('times out: 4000 ms blank and error, 2000 ms success, loading until done', () => {
    vi.useFakeTimers();
    showToast('blank');
    showToast('error', 'error');
    showToast('success', 'success');
    const loading = showToast('loading', 'loading');
    vi.advanceTimersByTime(2001);
    expect(
      getToasts()
        .map((t) => t.message)
        .sort(),
    ).toEqual(['blank', 'error', 'loading']);
    vi.advanceTimersByTime(2000);
    expect(getToasts().map((t) => t.message)).toEqual(['loading']);
    updateToast(loading, 'done', 'success');
    vi.advanceTimersByTime(2001);
    expect(getToasts()).toEqual([]);
  });

  it('holds at most 20', () => {
    for (let i = 0; i < 25; i++) showToast(`t${i}`);
    expect(getToasts()).toHaveLength(TOAST_LIMIT);
    expect(getToasts()[0]?.message).toBe('t24');
  });
});

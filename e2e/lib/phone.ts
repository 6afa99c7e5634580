import { expect, type Page } from '@playwright/test';

/** Issue 16's phone widths. */
export const PHONE_WIDTHS = [320, 360, 375, 414] as const;

/** What a phone check found on the page as it stands: sideways scroll, controls off screen or under 44 px. */
export interface PhoneProblems {
  scrollWidth: number;
  innerWidth: number;
  outside: string[];
  small: string[];
  /** Labels cut short (an ellipsis or clipped text): a badge, button, tab or segment that does not show its words. */
  cut: string[];
}

/**
 * Runs in the page. Every visible control (links, buttons, fields, ARIA widgets, anything focusable) must lie within
 * the viewport's width and measure at least 44 × 44 px (WCAG 2.5.5). What counts as the control's box:
 * - a field drawn inside a bordered box (Mantine's password field) is that box;
 * - a checkbox, radio or switch is its box together with its label, which toggles it too;
 * - a link inside a sentence is exempt (WCAG 2.5.8's inline exception): its parent has text of its own.
 */
export function measurePhone(): PhoneProblems {
  const selector = [
    'a[href]',
    'button',
    'input:not([type=hidden])',
    'select',
    'textarea',
    '[role=button]',
    '[role=tab]',
    '[role=checkbox]',
    '[role=switch]',
    '[role=menuitem]',
    '[role=radio]',
    '[role=combobox]',
    '[tabindex]:not([tabindex="-1"])',
  ].join(',');
  const outside: string[] = [];
  const small: string[] = [];
  const nameOf = (el: Element) =>
    `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || el.getAttribute('name') || '').trim().slice(0, 40)}"`;
  for (const el of document.querySelectorAll<HTMLElement>(selector)) {
    let r: { left: number; right: number; top: number; bottom: number; width: number; height: number } =
      el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || style.opacity === '0') continue;
    if (el.closest('[aria-hidden=true], [inert]')) continue;
    if (el instanceof HTMLInputElement) {
      const box = el.closest('.mantine-Input-input');
      if (box && box !== el) r = box.getBoundingClientRect();
      const label = el.labels?.[0];
      if ((el.type === 'checkbox' || el.type === 'radio') && label) {
        const l = label.getBoundingClientRect();
        const left = Math.min(r.left, l.left);
        const right = Math.max(r.right, l.right);
        const top = Math.min(r.top, l.top);
        const bottom = Math.max(r.bottom, l.bottom);
        r = { left, right, top, bottom, width: right - left, height: bottom - top };
      }
    }
    const inSentence =
      el.tagName === 'A' &&
      [...(el.parentElement?.childNodes ?? [])].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (r.right > window.innerWidth + 0.5 || r.left < -0.5)
      outside.push(`${nameOf(el)} at ${Math.round(r.left)}…${Math.round(r.right)}`);
    else if (!inSentence && (r.width < 43.5 || r.height < 43.5))
      small.push(`${nameOf(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
  }
  const cut: string[] = [];
  const labels =
    '.mantine-Badge-label, .mantine-Button-label, .mantine-Tabs-tabLabel, .mantine-SegmentedControl-label, .side-link__label';
  for (const el of document.querySelectorAll<HTMLElement>(labels)) {
    if (!el.offsetParent || el.closest('[aria-hidden=true], [inert]')) continue;
    if (el.scrollWidth > el.clientWidth + 1) cut.push(`"${(el.textContent ?? '').trim().slice(0, 40)}"`);
  }
  return {
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    outside: [...new Set(outside)],
    small: [...new Set(small)],
    cut: [...new Set(cut)],
  };
}

/**
 * At each phone width: no sideways scroll, no control off screen or under 44 px, no label cut short (polled while the
 * layout settles).
 */
export async function expectFitsPhones(page: Page, label: string, widths: readonly number[] = PHONE_WIDTHS) {
  const height = page.viewportSize()?.height ?? 780;
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    await expect
      .poll(() => page.evaluate(measurePhone), { message: `${label} at ${width} px`, timeout: 5_000 })
      .toEqual({ scrollWidth: width, innerWidth: width, outside: [], small: [], cut: [] });
  }
}

/**
 * Lighthouse through its Node API on Debian's Chromium (chrome-launcher pointed at /usr/bin/chromium, headless):
 * the default config, which is the mobile preset (Moto G Power screen, 4× CPU slowdown, simulated slow 4G), one
 * navigation per run with the origin's cache and storage cleared first, as a first visit is.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface PageRun {
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** JS files the page requested (path under the origin) and the bytes that crossed the wire for them. */
  scripts: { path: string; transferBytes: number }[];
  /** What made the LCP: the element's tag and a short selector, as Lighthouse names it. */
  lcpElement: string;
}

export async function startChromium(): Promise<LaunchedChrome> {
  return launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** One Lighthouse navigation of `url`, performance category only. */
export async function runLighthouse(chrome: LaunchedChrome, url: string): Promise<PageRun> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const requests = ((audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const origin = new URL(url).origin;
  const scripts = requests
    .filter((r) => r.resourceType === 'Script' && r.url.startsWith(origin))
    .map((r) => ({ path: new URL(r.url).pathname, transferBytes: r.transferSize ?? 0 }));
  // Lighthouse 13 names the LCP element in its LCP breakdown insight (the older audit for it is gone).
  const lcpDetails = audits['lcp-breakdown-insight']?.details;
  return {
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    scripts,
    lcpElement: lcpElementOf(lcpDetails),
  };
}

/** The LCP element's selector (else its HTML snippet) from the audit's node item, wherever it nests it. */
function lcpElementOf(details: unknown): string {
  const text = JSON.stringify(details ?? {});
  const found = text.match(/"selector":"((?:[^"\\]|\\.)+)"/) ?? text.match(/"snippet":"((?:[^"\\]|\\.)+)"/);
  return found?.[1]?.slice(0, 80) ?? '?';
}

const gzipCache = new Map<string, number>();

/**
 * The gzip (level 9) size of a built file, read from the client's dist: the goal is written in gzip bytes, whatever
 * encoding the server chose on the wire. Null when the path is not a file of the build.
 */
export function gzipOfBuilt(dist: string, path: string): number | null {
  const file = join(dist, path);
  const cached = gzipCache.get(file);
  if (cached !== undefined) return cached;
  if (!existsSync(file)) return null;
  const size = gzipSync(readFileSync(file), { level: 9 }).length;
  gzipCache.set(file, size);
  return size;
}

/** The median of a few runs (the middle one of three). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

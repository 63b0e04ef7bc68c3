// Debian's chromium driven by playwright-core (no browser download: see ENGINEERING.md). One
// browser per test file, each with a fresh profile, deleted afterwards.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The longest any one Playwright action or wait may take before it fails. */
export const WAIT_MS = 30_000;

/** A browser test's own bound in jest: room for several slow waits, still a clear failure. */
export const BROWSER_TEST_MS = 120_000;

/** The sidebar's size in Sheets: 300 px wide. */
export const SIDEBAR_VIEWPORT = { width: 300, height: 900 };

export interface Chromium {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Chromium> {
  const profile = mkdtempSync(path.join(tmpdir(), 'ct-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: SIDEBAR_VIEWPORT,
  });
  // Every wait is for a condition; this only bounds how long a failing one takes. A busy machine
  // (other CPU-heavy processes beside the suite) makes one execution of the bundle take seconds,
  // so the bound is generous; files give jest room for a few such waits (BROWSER_TEST_MS).
  context.setDefaultTimeout(WAIT_MS);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

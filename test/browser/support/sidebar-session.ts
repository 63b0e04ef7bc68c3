// One sidebar under test: the built add-in (dist/Code.js) in the local Apps Script runtime, wired
// in-process to the emulator (createHarness), served by the local host with its google.script.run
// shim, opened in Chromium. Records every server call and answer, every dialog and page error,
// so tests can prove what did (and did not) happen.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { DriveFileSpec } from '../../../local/gas/drive';
import { startLocalHost, type LocalHost } from '../../../local/host/host-server';
import { createHarness, type HarnessOptions } from '../../helpers/addon-harness';
import { sampleDriveFiles } from './drive-samples';

export const SCREENSHOTS = path.resolve(__dirname, '../../../test-results/sidebar');

export interface ServerCall {
  fn: string;
  args: unknown[];
}

export interface SessionOptions extends HarnessOptions {
  drive?: DriveFileSpec[];
  /** '/sidebar' (showSidebar) or '/settings' (showSettings). */
  path?: '/sidebar' | '/settings';
}

export type Harness = ReturnType<typeof createHarness>;

export class SidebarSession {
  readonly calls: ServerCall[] = [];
  /** Every body the server sent to the page (to prove the key is never among them). */
  readonly answers: string[] = [];
  readonly dialogs: string[] = [];
  readonly pageErrors: string[] = [];

  private constructor(
    readonly h: Harness,
    readonly host: LocalHost,
    readonly page: Page,
  ) {}

  static async open(
    context: BrowserContext,
    options: SessionOptions = {},
  ): Promise<SidebarSession> {
    const h = createHarness(options);
    h.gas.drive.files.push(...(options.drive ?? sampleDriveFiles()));
    // The host also serves the emulator's web app (the deep links' target), over real HTTP so
    // its redirects happen as in a browser; the app URL setting points there.
    const host = await startLocalHost({
      runtime: h.gas,
      route: (req, res, body) => {
        if (!req.url?.startsWith('/shipments')) return false;
        const answer = h.emulator.handle({
          method: req.method ?? 'GET',
          url: `${appUrl}${req.url}`,
          headers: req.headers as Record<string, string>,
          body,
        });
        res.writeHead(answer.status, answer.headers).end(answer.body);
        return true;
      },
    });
    const appUrl = host.url;
    h.gas.run('saveSettings', [{ appUrl }]);
    const page = await context.newPage();
    const session = new SidebarSession(h, host, page);
    page.on('dialog', (dialog) => {
      session.dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => session.pageErrors.push(error.message));
    page.on('request', (request) => {
      if (!request.url().endsWith('/__gas/run')) return;
      session.calls.push(JSON.parse(request.postData() ?? '{}') as ServerCall);
    });
    page.on('response', (response) => {
      const url = response.url();
      if (url.startsWith(host.url) && response.status() !== 302) {
        void response.text().then(
          (body) => session.answers.push(body),
          () => undefined,
        );
      }
    });
    // The app URL is the emulator's origin, which only exists in-process: serve it from there
    // so "Open tracking page" lands on a real page.
    await page.goto(`${host.url}${options.path ?? '/sidebar'}`);
    return session;
  }

  /** Where a key shows up in what reached the browser: the page, or any server answer. */
  async keyLeaks(key = this.h.emulator.demoKey): Promise<string[]> {
    const leaks = this.answers.filter((body) => body.includes(key));
    if (!this.page.isClosed() && (await this.page.content()).includes(key)) leaks.push('page');
    return leaks;
  }

  /** Calls made to one server function. */
  callsTo(fn: string): ServerCall[] {
    return this.calls.filter((c) => c.fn === fn);
  }

  async tab(name: 'Track' | 'Upload' | 'References' | 'Settings'): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  async screenshot(name: string): Promise<void> {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await this.page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  /** Puts a row on the Tracking sheet (created if needed) and selects it, as a user would. */
  selectTrackingRow(values: Record<string, string>): number {
    const { gas } = this.h;
    if (!gas.spreadsheet.sheetByName('Tracking')) gas.run('setupTrackingSheet', []);
    const sheet = gas.spreadsheet.sheetByName('Tracking')!;
    const row = Math.max(2, sheet.lastRow() + 1);
    for (let c = 1; c <= sheet.lastColumn(); c += 1) {
      const header = String(sheet.cell(1, c)?.value ?? '');
      if (header in values) gas.spreadsheet.write(sheet, row, c, values[header]);
    }
    gas.select('Tracking', `A${row}`);
    return row;
  }

  async close(): Promise<void> {
    await this.page.close();
    // The browser keeps connections alive; without this, server.close() waits for them.
    this.host.server.closeAllConnections();
    await this.host.close();
  }
}

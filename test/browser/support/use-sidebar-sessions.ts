// The setup every sidebar test file shares: one Chromium for the file, and after each test the
// checks that hold for any sidebar (no key reached the browser, no page errors, no dialogs)
// before its session is closed.

import { BROWSER_TEST_MS, launchChromium, type Chromium } from './chromium';
import { SidebarSession, type SessionOptions } from './sidebar-session';

export interface SidebarSessions {
  /** Opens a sidebar in the file's browser; the session last opened is checked and closed after the test. */
  open(options?: SessionOptions): Promise<SidebarSession>;
}

/** Registers the file's beforeAll/afterAll/afterEach; call once, at the top level of a test file. */
export function useSidebarSessions(): SidebarSessions {
  let browser: Chromium;
  let s: SidebarSession;
  // jest's default (30 s) is one Playwright wait on a busy machine.
  jest.setTimeout(BROWSER_TEST_MS);

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });
  afterEach(async () => {
    await expect(s.keyLeaks()).resolves.toEqual([]);
    expect(s.pageErrors).toEqual([]);
    expect(s.dialogs).toEqual([]);
    await s.close();
  });

  return {
    open: async (options) => {
      s = await SidebarSession.open(browser.context, options);
      return s;
    },
  };
}

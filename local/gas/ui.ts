// Ui: menus, sidebars, dialogs and alerts, recorded in a shared UiState that tests and the
// preview read. A menu records where it lands: createAddonMenu() under Extensions › <name> (the
// script project's name for a bound script); createMenu() in the menu bar, except in a published
// add-on, where such menus "move under the add-ons menu" (Custom menus for Editor add-ons). alert() answers from UiState.alertResponses, else with the first button of its
// set (what a user clicking straight through would press).

import { SCOPES } from './consent';
import { FakeHtmlOutput } from './html';
import { registerFake } from './registry';

export type MenuItem =
  | { caption: string; functionName: string }
  | { separator: true }
  | { caption: string; submenu: MenuItem[] };

export interface MenuRecord {
  title: string;
  /** createAddonMenu(): shown under Extensions. */
  addon: boolean;
  /** The menus a user opens to reach it: ['Extensions', 'My add-on'] or ['My menu']. */
  location: string[];
  items: MenuItem[];
}

export interface UiState {
  menus: MenuRecord[];
  sidebars: { title: string; html: string; width: number }[];
  dialogs: { title: string; html: string; modal: boolean; width: number; height: number }[];
  alerts: { title: string; prompt: string; buttons: string }[];
  alertResponses: string[];
  toasts: { message: string; title: string; timeoutSeconds: number }[];
}

export const ButtonSet = {
  OK: 'OK',
  OK_CANCEL: 'OK_CANCEL',
  YES_NO: 'YES_NO',
  YES_NO_CANCEL: 'YES_NO_CANCEL',
} as const;
export const Button = { CLOSE: 'CLOSE', OK: 'OK', CANCEL: 'CANCEL', YES: 'YES', NO: 'NO' } as const;

export class FakeMenu {
  #items: MenuItem[] = [];

  constructor(
    private readonly state: UiState,
    private readonly title: string,
    private readonly addon: boolean,
    private readonly location: string[],
  ) {}

  static itemsOf(menu: FakeMenu): MenuItem[] {
    return menu.#items;
  }

  addItem(caption: string, functionName: string): this {
    this.#items.push({ caption: String(caption), functionName: String(functionName) });
    return this;
  }

  addSeparator(): this {
    this.#items.push({ separator: true });
    return this;
  }

  addSubMenu(menu: FakeMenu): this {
    this.#items.push({ caption: menu.title, submenu: [...FakeMenu.itemsOf(menu)] });
    return this;
  }

  /** Re-adding a menu with the same title replaces it, as reopening the document would. */
  addToUi(): void {
    const record = {
      title: this.title,
      addon: this.addon,
      location: this.location,
      items: [...this.#items],
    };
    const i = this.state.menus.findIndex(
      (m) => m.title === record.title && m.addon === record.addon,
    );
    if (i === -1) this.state.menus.push(record);
    else this.state.menus[i] = record;
  }
}

export class FakeUi {
  readonly ButtonSet = ButtonSet;
  readonly Button = Button;

  constructor(
    private readonly state: UiState,
    private readonly addonTitle: string,
    private readonly publishedAddOn = false,
  ) {}

  createMenu(caption: string): FakeMenu {
    const title = String(caption);
    const location = this.publishedAddOn ? ['Extensions', this.addonTitle, title] : [title];
    return new FakeMenu(this.state, title, false, location);
  }

  createAddonMenu(): FakeMenu {
    return new FakeMenu(this.state, this.addonTitle, true, ['Extensions', this.addonTitle]);
  }

  showSidebar(userInterface: FakeHtmlOutput): void {
    const { title, html, width } = FakeHtmlOutput.describe(userInterface);
    this.state.sidebars.push({ title, html, width });
  }

  showModalDialog(userInterface: FakeHtmlOutput, title: string): void {
    const { html, width, height } = FakeHtmlOutput.describe(userInterface);
    this.state.dialogs.push({ title: String(title), html, modal: true, width, height });
  }

  showModelessDialog(userInterface: FakeHtmlOutput, title: string): void {
    const { html, width, height } = FakeHtmlOutput.describe(userInterface);
    this.state.dialogs.push({ title: String(title), html, modal: false, width, height });
  }

  /** alert(prompt), alert(prompt, buttons) or alert(title, prompt, buttons). */
  alert(a: string, b?: string, c?: string): string {
    const [title, prompt, buttons] =
      c !== undefined
        ? [a, b ?? '', c]
        : b !== undefined && b in ButtonSet
          ? ['', a, b]
          : ['', a, 'OK'];
    this.state.alerts.push({ title: String(title), prompt: String(prompt), buttons });
    const queued = this.state.alertResponses.shift();
    if (queued !== undefined) return queued;
    return buttons.startsWith('YES') ? Button.YES : Button.OK;
  }
}

registerFake(FakeMenu, { label: 'Menu', service: 'Ui', scope: 'ui' });
// The Ui reference lists script.container.ui for showSidebar, showModalDialog and
// showModelessDialog only (alert, prompt and menus name no scope): a user who refused it gets no
// sidebar or dialog, but menus and alerts still work.
const CONTAINER_UI = { oauth: [SCOPES.containerUi] } as const;
registerFake(FakeUi, {
  label: 'Ui',
  service: 'Ui',
  scope: 'ui',
  constants: ['ButtonSet', 'Button'],
  methods: {
    showSidebar: CONTAINER_UI,
    showModalDialog: CONTAINER_UI,
    showModelessDialog: CONTAINER_UI,
  },
});

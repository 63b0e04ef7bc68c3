// One running preview: the runtime, its formula cells and clock, and what the page can ask of
// them. Every change is an Apps Script execution or a user's edit of the shared model; the page
// state is rebuilt from that model whenever it is asked for.

import type { CustomFunctionCells } from './formula/custom-cells';
import type { EmulatorClock } from './emulator-clock';
import type { EmulatorControl } from './emulator-control';
import { planDemoChanges, waitingContainers } from './demo/demo-changes';
import { buildPageState } from './page/page-model';
import type { PageState } from './page/page-state';
import type { PreviewRuntime } from './preview-runtime';
import type { PreviewActions } from './routes';

const KEPT_RECORDS = 1000;

export class PreviewSession implements PreviewActions {
  /** Boxes earlier rounds of Demo changes changed: a new round picks others first. */
  private readonly demoChanged = new Set<string>();

  constructor(
    readonly runtime: PreviewRuntime,
    readonly cells: CustomFunctionCells,
    readonly clock: EmulatorClock,
    private readonly control: EmulatorControl,
  ) {}

  /** Formula cells whose arguments changed are recomputed first, as Sheets would have. */
  state(): PageState {
    this.cells.recalculate();
    return buildPageState({
      runtime: this.runtime,
      cells: this.cells,
      now: this.clock.now(),
      speed: this.clock.speed,
    });
  }

  /** A menu click: one 'menu' execution. Returns the sidebar it opened, or its error. */
  runMenuItem(functionName: string): {
    sidebarUrl?: string;
    sidebarTitle?: string;
    error?: string;
  } {
    const before = this.runtime.ui.sidebars.length;
    let error: string | undefined;
    try {
      this.runtime.run(functionName, [], { kind: 'menu' });
    } catch (e) {
      error = (e as Error).message;
    }
    const shown = this.runtime.ui.sidebars.length;
    return {
      ...(shown > before
        ? {
            sidebarUrl: `/__preview/sidebar/${shown - 1}`,
            sidebarTitle: this.runtime.ui.sidebars[shown - 1]!.title,
          }
        : {}),
      ...(error === undefined ? {} : { error }),
    };
  }

  /**
   * The preview's "Demo changes": a day's worth of changes at the emulator (an LFD moved to today,
   * a hold, a box made available, a later arrival), then a refresh, which logs them in the Change
   * Log and sends the alerts (to the Outbox). Returns what was changed, in words.
   */
  async demoChanges(): Promise<{ message: string; error?: string }> {
    const sheet = this.runtime.spreadsheet.sheetByName('Tracking');
    const plan = sheet
      ? planDemoChanges(waitingContainers(sheet), this.clock.now(), this.demoChanged)
      : [];
    if (plan.length === 0) {
      return {
        message: '',
        error: 'No container rows at a terminal to change: set up the Tracking sheet first.',
      };
    }
    for (const p of plan) {
      await this.control.changeContainer(p.number, p.change);
      this.demoChanged.add(p.number);
    }
    const menu = this.runMenuItem('menuRefreshNow');
    const changed = plan.map((p) => `${p.number}: ${p.what}`).join('; ');
    return {
      message: `Changed at the service: ${changed}. The Tracking sheet was refreshed.`,
      ...(menu.error ? { error: menu.error } : {}),
    };
  }

  async setSpeed(factor: number): Promise<void> {
    this.clock.apply(await this.control.setSpeed(factor));
  }

  /**
   * What the real timer does: catch up with the emulator's clock, run the time-driven triggers
   * that clock has passed (auto-refresh), and recompute formulas a refresh made stale.
   */
  async tick(): Promise<void> {
    this.clock.apply(await this.control.reading());
    const now = this.clock.now();
    if (this.runtime.triggers.triggers.some((t) => t.nextRunAt <= now)) {
      this.runtime.fireDueTriggers();
    }
    this.cells.recalculate();
    this.forgetOldRecords();
  }

  /**
   * The runtime keeps a record of every execution, request and log line (tests read them all);
   * a preview left running for hours keeps only the recent ones.
   */
  private forgetOldRecords(): void {
    for (const list of [this.runtime.executions, this.runtime.urlFetchLog, this.runtime.logs]) {
      if (list.length > 2 * KEPT_RECORDS) list.splice(0, list.length - KEPT_RECORDS);
    }
  }
}

// The faults one request meets: the one sent with it (X-Emulator-Fault or __fault), or else the
// first queued one that matches; and an `empty-list` fault, which is taken only when the route
// actually lists (paginate asks), so a queued one waits for the next list answer.
import { emptiesList, type Fault, type FaultQueue } from './faults';

export class RequestFaults {
  /** The fault that replaces the answer or delays it (not an empty list). */
  readonly fault: Fault | undefined;
  private listFault: Fault | null | undefined;

  /** `sent`: parsed from the request (undefined when it carried none). */
  constructor(
    private readonly queue: FaultQueue,
    private readonly sent: Fault | undefined,
    private readonly method: string,
    private readonly path: string,
  ) {
    this.fault =
      sent !== undefined
        ? emptiesList(sent)
          ? undefined
          : sent
        : queue.take(method, path, (f) => !emptiesList(f));
  }

  /** True when this list answer must be empty; asked once per request, by a list route. */
  emptyList(): boolean {
    this.listFault ??=
      this.sent !== undefined
        ? emptiesList(this.sent)
          ? this.sent
          : null
        : (this.queue.take(this.method, this.path, emptiesList) ?? null);
    return this.listFault !== null;
  }

  private applied(): Fault[] {
    return [this.fault, this.listFault ?? undefined].filter((f): f is Fault => f !== undefined);
  }

  /** The delay to report (X-Emulator-Delay-Ms), from whichever applied fault carries one. */
  delayMs(): number | undefined {
    return this.applied().find((f) => f.delayMs !== undefined)?.delayMs;
  }

  /** For the request log: some fault changed or delayed this answer. */
  faulted(): boolean {
    return this.applied().length > 0;
  }
}

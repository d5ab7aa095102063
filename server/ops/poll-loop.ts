// The loop behind each instance's background workers (mail: server/mail/worker.ts, data exports:
// server/export/worker.ts): run the work now and then every `pollMs`, at once again when woken (a row was
// queued here), never two runs at a time, and stop cleanly with the app.

export class PollLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** Set by stop(): a run in progress checks it between rows. */
  stopped = false;

  constructor(
    /** One run: everything due. Its failure is `onError`'s, and the loop goes on. */
    private readonly run: () => Promise<void>,
    private readonly pollMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Work was queued here: run now rather than at the next poll (again after the current run). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** No more runs; resolves once the current one has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick() {
    if (this.running) return;
    do {
      this.again = false;
      this.running = this.run().catch(this.onError);
      await this.running;
      this.running = undefined;
    } while (this.again && !this.stopped);
    this.schedule(this.pollMs);
  }
}

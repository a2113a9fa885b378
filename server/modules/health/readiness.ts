/**
 * Whether a process is warm (`warm` has resolved: warmUp.ts) and not stopping, which is what
 * `/api/health/ready` says. Its warm-up starts when the app is ready, runs beside whatever else
 * it does (Fastify times out an onReady hook after 10 s, and a warm-up on a busy machine takes
 * longer), and `whenWarm` lets server.ts listen only once it is done (WARM_UP=on). Without
 * `warm` (tests' apps) it is ready at once.
 */
export class Readiness {
  private warmed: Promise<void> | null = null;
  private warmedUp = false;
  private stopping = false;

  constructor(
    private readonly warm: (() => Promise<void>) | null,
    private readonly onWarmUpFailed: (error: unknown) => void,
  ) {}

  /**
   * Starts the warm-up, once, and resolves when it is done (server.ts awaits it before listening
   * with WARM_UP on). A failed one is reported, and the process is warm all the same.
   */
  whenWarm(): Promise<void> {
    this.warmed ??= (this.warm?.() ?? Promise.resolve())
      .catch((error: unknown) => this.onWarmUpFailed(error))
      .then(() => {
        this.warmedUp = true;
      });
    return this.warmed;
  }

  /** From here on the process says it is not ready: it is stopping. */
  stop(): void {
    this.stopping = true;
  }

  get ready(): boolean {
    return this.warmedUp && !this.stopping;
  }
}

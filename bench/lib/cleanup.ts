/**
 * Undo steps, run last-in first-out once, whatever happened before. With
 * `stepTimeoutMs`, a step still running after that long is reported and left
 * behind, so that one hanging step does not keep the others from running.
 */
export class Cleanup {
  private readonly steps: Array<{ what: string; run: () => unknown }> = [];
  private done = false;
  private readonly stepTimeoutMs: number | undefined;

  constructor(stepTimeoutMs?: number) {
    this.stepTimeoutMs = stepTimeoutMs;
  }

  add(what: string, run: () => unknown): void {
    this.steps.push({ what, run });
  }

  async run(): Promise<void> {
    if (this.done) return;
    this.done = true;
    for (const step of this.steps.reverse()) {
      try {
        await this.bounded(step.what, step.run);
      } catch (err) {
        console.error(`cleanup: ${step.what} failed:`, err);
      }
    }
  }

  private async bounded(what: string, run: () => unknown): Promise<void> {
    const limit = this.stepTimeoutMs;
    if (limit === undefined) {
      await run();
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${limit / 1000} s`)), limit);
    });
    try {
      await Promise.race([Promise.resolve().then(run), gaveUp]);
    } finally {
      clearTimeout(timer);
    }
  }
}

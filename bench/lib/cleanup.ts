/** Undo steps, run last-in first-out once, whatever happened before. */
export class Cleanup {
  private readonly steps: Array<{ what: string; run: () => unknown }> = [];
  private done = false;

  add(what: string, run: () => unknown): void {
    this.steps.push({ what, run });
  }

  async run(): Promise<void> {
    if (this.done) return;
    this.done = true;
    for (const step of this.steps.reverse()) {
      try {
        await step.run();
      } catch (err) {
        console.error(`cleanup: ${step.what} failed:`, err);
      }
    }
  }
}

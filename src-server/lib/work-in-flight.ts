/**
 * Work a graceful stop waits for: each promise is kept from `track` until it settles. `settled` waits
 * until none is left, work tracked meanwhile included, so what the work uses (the database, the mail
 * catcher) can stop after it.
 */
export class WorkInFlight {
  private readonly runs = new Set<Promise<unknown>>();

  track<T>(run: Promise<T>): Promise<T> {
    this.runs.add(run);
    const forget = () => void this.runs.delete(run);
    run.then(forget, forget);
    return run;
  }

  async settled(): Promise<void> {
    while (this.runs.size > 0) await Promise.allSettled([...this.runs]);
  }
}

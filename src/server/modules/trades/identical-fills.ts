/**
 * Counts identical fills (the same identity: time, instrument, side, quantity and price), so that
 * each gets its own occurrence number in its content fingerprint.
 *
 * Identical fills share their time, and files mostly list fills in time order: while they come
 * so, only the fills of the latest time can be matched by the next one, and the earlier ones are
 * set aside in a list rather than a map of every fill (a lookup into a map of a million identities
 * is a cost every fill of a large import pays). The first fill earlier than the latest time
 * turns the list into that map, which counts from then on: from its second chunk on for a long
 * newest-first file, whose chunks are replayed in time order but come newest chunk first.
 */
export class IdenticalFills {
  private latestAt = '';
  /** The identities of the latest time and their counts. */
  private readonly latest = new Map<string, number>();
  /** The identities of earlier times, each once, with their counts: identity, count, identity… */
  private earlier: (string | number)[] = [];
  /** Every identity, once a fill came out of time order. */
  private all: Map<string, number> | null = null;

  /**
   * How many fills identical to this one were counted before it; counts it. `executedAt`: its time
   * as ISO-8601 UTC text of one width (so that texts sort as times), part of `identity`.
   */
  count(executedAt: string, identity: string): number {
    if (this.all === null) {
      if (executedAt > this.latestAt) this.moveOn(executedAt);
      else if (executedAt < this.latestAt) this.all = this.collectAll();
    }
    const counts = this.all ?? this.latest;
    const seen = counts.get(identity) ?? 0;
    counts.set(identity, seen + 1);
    return seen;
  }

  private moveOn(executedAt: string): void {
    for (const [identity, count] of this.latest) this.earlier.push(identity, count);
    this.latest.clear();
    this.latestAt = executedAt;
  }

  private collectAll(): Map<string, number> {
    const all = new Map(this.latest);
    for (let i = 0; i < this.earlier.length; i += 2) all.set(this.earlier[i] as string, this.earlier[i + 1] as number);
    this.earlier = [];
    this.latest.clear();
    return all;
  }
}

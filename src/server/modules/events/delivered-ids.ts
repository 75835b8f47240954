/**
 * Which event ids one stream has already sent, so an event that reaches it twice
 * (replayed from the table and heard live, or caught up again after a reconnect)
 * is sent once, and one that arrives after a higher id is still sent rather than
 * skipped, as a bare "highest id sent" would. Ids at or below the starting point
 * (the browser's Last-Event-ID) count as sent. Only the most recent `remember`
 * ids are kept one by one; older ones fold into the starting point.
 */
export class DeliveredIds {
  private floor: number;
  private readonly ids = new Set<number>();
  private top: number;

  constructor(
    after: number,
    private readonly remember = 1_000,
  ) {
    this.floor = after;
    this.top = after;
  }

  has(id: number): boolean {
    return id <= this.floor || this.ids.has(id);
  }

  add(id: number): void {
    if (this.has(id)) return;
    this.ids.add(id);
    if (id > this.top) this.top = id;
    if (this.ids.size > 2 * this.remember) {
      const oldest = [...this.ids].sort((a, b) => a - b).slice(0, this.ids.size - this.remember);
      for (const old of oldest) this.ids.delete(old);
      this.floor = oldest.at(-1) ?? this.floor;
    }
  }

  /** The highest id sent (or the starting point): where a catch-up reads on from. */
  highest(): number {
    return this.top;
  }
}

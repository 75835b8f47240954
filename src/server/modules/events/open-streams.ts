import { AppError } from "../../http/app-error";
import type { StoredUserEvent } from "./user-events";

/**
 * How many event streams one instance keeps open per account and per client
 * address (an IPv4 address or an IPv6 /64). A person has a stream per open tab;
 * browsers allow six connections per site over HTTP/1.1, so five tabs of one
 * account is already more than a browser can usefully hold. Twenty per address
 * leaves room for a household or a small office behind one address.
 */
export const STREAM_LIMITS = { perAccount: 5, perAddress: 20 };
export type StreamLimits = typeof STREAM_LIMITS;

/** One open /api/events response. */
export interface OpenStream {
  readonly userId: string;
  /** The session that opened it: the stream ends once that session no longer stands (stream-access-check.ts). */
  readonly sessionId: string;
  readonly address: string;
  /** The stream of an admin, who also hears the back office's `admin.activity` announcements. */
  readonly admin: boolean;
  /** A live event for this stream's user, heard on the bus. */
  deliver(event: StoredUserEvent): void;
  /** An event that is not stored (no id, so it never moves the stream's replay position). */
  announce(type: string, data: unknown): void;
  /** Reads from the table whatever it may have missed (after the bus reconnected). */
  catchUp(): void;
  /** Ends the response; the browser reconnects (elsewhere, when this instance is stopping). */
  end(): void;
}

/** The streams this instance has open, by user and by address, within their limits. */
export class OpenStreams {
  private readonly byUser = new Map<string, Set<OpenStream>>();
  private readonly perAddress = new Map<string, number>();

  constructor(private readonly limits: StreamLimits = STREAM_LIMITS) {}

  /** Refuses (429) a stream that would pass a limit. Check and `add` without awaiting in between. */
  admit(userId: string, address: string): void {
    if ((this.byUser.get(userId)?.size ?? 0) >= this.limits.perAccount) {
      throw new AppError(
        429,
        "too_many_streams",
        `Live updates are already open in ${this.limits.perAccount} tabs or windows of this account. Close one and reload this page.`,
      );
    }
    if ((this.perAddress.get(address) ?? 0) >= this.limits.perAddress) {
      throw new AppError(429, "too_many_streams", `Too many live update streams are open from your network (at most ${this.limits.perAddress}). Close some tabs and try again.`);
    }
  }

  add(stream: OpenStream): void {
    const mine = this.byUser.get(stream.userId) ?? new Set<OpenStream>();
    mine.add(stream);
    this.byUser.set(stream.userId, mine);
    this.perAddress.set(stream.address, (this.perAddress.get(stream.address) ?? 0) + 1);
  }

  remove(stream: OpenStream): void {
    const mine = this.byUser.get(stream.userId);
    if (!mine?.delete(stream)) return;
    if (mine.size === 0) this.byUser.delete(stream.userId);
    const count = (this.perAddress.get(stream.address) ?? 1) - 1;
    if (count > 0) this.perAddress.set(stream.address, count);
    else this.perAddress.delete(stream.address);
  }

  /** How many streams are open (metrics). */
  get size(): number {
    let total = 0;
    for (const streams of this.byUser.values()) total += streams.size;
    return total;
  }

  /** The user's streams, or only those opened with one session. */
  *forUser(userId: string, sessionId?: string): Iterable<OpenStream> {
    for (const stream of this.byUser.get(userId) ?? []) if (sessionId === undefined || stream.sessionId === sessionId) yield stream;
  }

  *admins(): Iterable<OpenStream> {
    for (const stream of this.all()) if (stream.admin) yield stream;
  }

  *all(): Iterable<OpenStream> {
    for (const streams of this.byUser.values()) yield* streams;
  }
}

import { randomInt } from "node:crypto";
import { RtpHeader, RtpPacket } from "werift";

/**
 * The carrier's outgoing RTP numbering. werift's sender passes sequence numbers and
 * timestamps through, so the carrier keeps them continuous itself: one counter for
 * the whole call, across the ringback and the echo that follows it. Random starting
 * points, as RFC 3550 asks.
 */
export class RtpStream {
  private sequenceNumber = randomInt(0, 0x10000);
  private timestamp = randomInt(0, 0x1_0000_0000);
  private started = false;

  /** A packet carrying `payload`, `elapsedSamples` after the previous one (in the codec's clock). */
  packet(payload: Buffer, elapsedSamples: number, marker = false): RtpPacket {
    if (this.started) {
      this.sequenceNumber = (this.sequenceNumber + 1) & 0xffff;
      this.timestamp = (this.timestamp + Math.max(0, Math.round(elapsedSamples))) >>> 0;
    }
    this.started = true;
    return new RtpPacket(new RtpHeader({ sequenceNumber: this.sequenceNumber, timestamp: this.timestamp, marker }), payload);
  }
}

import { MediaStreamTrack, RTCPeerConnection, useOPUS, usePCMU, type RTCRtpCodecParameters, type RtpPacket } from "werift";
import { startFrameClock, type FrameClock } from "./frame-clock";
import { additionalHostAddresses } from "./ice-addresses";
import { FRAME_MS, ringbackFrame, SAMPLES_PER_FRAME } from "./ringback";
import { RtpStream } from "./rtp-stream";
import { RtpReceiveStats } from "./rtp-receive-stats";
import type { CarrierQuality } from "../../../../shared/api/call-credits";

/**
 * The carrier's end of a call's media: a werift peer that answers the browser's
 * offer, plays the ringback tone while the call rings, and echoes the caller's own
 * audio once it is answered.
 *
 * werift ignores RTCP BYE and notices a vanished browser only when ICE consent runs
 * out, half a minute later; so besides hang-ups over our signalling, a few seconds
 * without any RTP from the browser count as the caller having gone.
 */
export type MediaEnd = "silence" | "connection-failed";

export interface MediaPeerOptions {
  /** No RTP for this long once media flowed: the caller is gone. */
  silenceMs?: number;
  /** No RTP at all this long after answering the offer: the browser never connected. */
  connectMs?: number;
  onEnded?(reason: MediaEnd): void;
}

export interface MediaPeer {
  /** The answer SDP, with every ICE candidate in it (gathering finished). */
  readonly sdp: string;
  /** The codec the browser and the carrier agreed on, lower case ("pcmu", "opus"). */
  readonly codec: string;
  /** Settles once the browser's audio arrives (the media path is up), or when the peer closes first. */
  readonly mediaFlowing: Promise<void>;
  playRingback(): void;
  /** Stops the tone and returns the caller's audio from now on. */
  echo(): void;
  /** Plays DTMF tones to the caller (their own key presses, as an echo would): false when the codec cannot carry them. */
  playTones(frames: Buffer[]): boolean;
  /** RTP packets received from and sent to the browser so far. */
  readonly packets: { received: number; sent: number };
  /** The caller's audio as the carrier measured it (loss, jitter); null before any arrived. */
  receiveQuality(): CarrierQuality | null;
  close(): Promise<void>;
}

// Opus needs an encoder for a tone; for an Opus-only browser the ring is this 20 ms frame of silence (a CELT silence TOC byte and two zero-energy bytes), which keeps the stream alive.
const OPUS_SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);

export async function answerOffer(offerSdp: string, options: MediaPeerOptions = {}): Promise<MediaPeer> {
  const silenceMs = options.silenceMs ?? 5000;
  const connectMs = options.connectMs ?? 15_000;
  const pc = new RTCPeerConnection({
    // PCMU first: the browser then sends and expects G.711, which the ringback is written in.
    codecs: { audio: [usePCMU(), useOPUS()], video: [] },
    iceUseIpv6: false,
    iceAdditionalHostAddresses: additionalHostAddresses(),
  });
  const track = new MediaStreamTrack({ kind: "audio" });
  const stream = new RtpStream();
  const packets = { received: 0, sent: 0 };
  let mode: "idle" | "ringback" | "echo" | "tones" | "closed" = "idle";
  let ringback: FrameClock | undefined;
  let tones: FrameClock | undefined;
  let lastReceivedTimestamp: number | undefined;
  let receiveStats: RtpReceiveStats | undefined;
  let sendCodec: RTCRtpCodecParameters | undefined;
  let watchdog: NodeJS.Timeout | undefined;
  let markFlowing = () => {};
  const mediaFlowing = new Promise<void>((resolve) => (markFlowing = resolve));

  const send = (payload: Buffer, elapsedSamples: number) => {
    if (mode === "closed") return;
    track.writeRtp(stream.packet(payload, elapsedSamples));
    packets.sent += 1;
  };

  const end = (reason: MediaEnd) => {
    if (mode === "closed") return;
    void close();
    options.onEnded?.(reason);
  };
  const armWatchdog = (ms: number) => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => end("silence"), ms);
    watchdog.unref();
  };

  const close = async () => {
    if (mode === "closed") return;
    mode = "closed";
    markFlowing();
    clearTimeout(watchdog);
    ringback?.stop();
    tones?.stop();
    track.stop();
    await pc.close();
  };

  const onRtp = (rtp: RtpPacket) => {
    if (mode === "closed") return;
    packets.received += 1;
    // The agreed codec's audio only: telephone events and comfort noise run on their own numbering.
    if (sendCodec !== undefined && rtp.header.payloadType === sendCodec.payloadType) {
      receiveStats ??= new RtpReceiveStats(sendCodec.clockRate);
      receiveStats.record(rtp.header.sequenceNumber, rtp.header.timestamp, performance.now());
    }
    if (packets.received === 1) markFlowing();
    armWatchdog(silenceMs);
    // Only audio in the agreed codec goes back: comfort noise and telephone-event packets do not.
    if (mode !== "echo" || sendCodec === undefined || rtp.header.payloadType !== sendCodec.payloadType) return;
    const elapsed = lastReceivedTimestamp === undefined ? samplesPerFrame(sendCodec) : (rtp.header.timestamp - lastReceivedTimestamp) >>> 0;
    lastReceivedTimestamp = rtp.header.timestamp;
    // A fresh header: forwarding the browser's own would echo its header extensions (transport-cc, audio level).
    send(rtp.payload, elapsed > 0x7fffffff ? 0 : elapsed);
  };

  pc.onTrack.subscribe((remote) => {
    remote.onReceiveRtp.subscribe((rtp) => onRtp(rtp));
  });
  pc.connectionStateChange.subscribe((state) => {
    if (state === "failed" || state === "closed") end("connection-failed");
  });

  try {
    await pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
    const transceiver = pc.getTransceivers().find((candidate) => candidate.kind === "audio");
    if (!transceiver) throw new MediaOfferError("The offer has no audio");
    await transceiver.sender.replaceTrack(track);
    transceiver.setDirection("sendrecv");
    // The shared codecs come in the offer's order (a browser offers Opus first); ours puts PCMU first, the ringback's codec.
    transceiver.codecs = [...transceiver.codecs].sort((a, b) => Number(isPcmu(b)) - Number(isPcmu(a)));
    await pc.setLocalDescription(await pc.createAnswer());
    sendCodec = transceiver.codecs[0];
    if (sendCodec) transceiver.sender.codec = sendCodec;
    if (!sendCodec) throw new MediaOfferError("The offer shares no audio codec with the carrier (PCMU or Opus)");
    await gatheringComplete(pc);
  } catch (error) {
    await pc.close().catch(() => undefined);
    throw error instanceof MediaOfferError ? error : new MediaOfferError(`The offer could not be answered: ${(error as Error).message}`);
  }
  armWatchdog(connectMs);
  const codec = sendCodec.mimeType.split("/")[1]?.toLowerCase() ?? "";
  const sdp = pc.localDescription?.sdp ?? "";

  return {
    sdp,
    codec,
    packets,
    receiveQuality: () => receiveStats?.quality() ?? null,
    mediaFlowing,
    playRingback() {
      if (mode !== "idle") return;
      mode = "ringback";
      let previous: number | undefined;
      ringback = startFrameClock({
        frameMs: FRAME_MS,
        onFrame: (index) => {
          // Frames skipped after a stall still count in the timestamp: the receiver hears a gap, not a speed-up.
          const elapsed = previous === undefined ? 0 : (index - previous) * samplesPerFrame(sendCodec);
          previous = index;
          send(codec === "pcmu" ? ringbackFrame(index) : OPUS_SILENCE, elapsed);
        },
      });
    },
    echo() {
      if (mode === "closed") return;
      ringback?.stop();
      tones?.stop();
      lastReceivedTimestamp = undefined;
      mode = "echo";
    },
    playTones(frames) {
      if (mode !== "echo" && mode !== "tones") return false;
      if (codec !== "pcmu") return false;
      tones?.stop();
      mode = "tones";
      tones = startFrameClock({
        frameMs: FRAME_MS,
        onFrame: (index) => {
          const frame = frames[index];
          if (frame === undefined) {
            tones?.stop();
            lastReceivedTimestamp = undefined;
            if (mode === "tones") mode = "echo";
            return;
          }
          send(frame, SAMPLES_PER_FRAME);
        },
      });
      return true;
    },
    close,
  };
}

function isPcmu(codec: RTCRtpCodecParameters): boolean {
  return codec.mimeType.toLowerCase() === "audio/pcmu";
}

function samplesPerFrame(codec: RTCRtpCodecParameters | undefined): number {
  return ((codec?.clockRate ?? 8000) * FRAME_MS) / 1000;
}

export class MediaOfferError extends Error {
  override name = "MediaOfferError";
}

function gatheringComplete(pc: RTCPeerConnection, timeoutMs = 5000): Promise<void> {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    const { unSubscribe } = pc.iceGatheringStateChange.subscribe((state) => {
      if (state === "complete") done();
    });
    function done() {
      clearTimeout(timer);
      unSubscribe();
      resolve();
    }
  });
}

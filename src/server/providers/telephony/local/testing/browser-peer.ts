import { MediaStreamTrack, RTCPeerConnection, useOPUS, usePCMU, type RtpPacket } from "werift";
import { RtpStream } from "../rtp-stream";
import { startFrameClock, type FrameClock } from "../frame-clock";
import { additionalHostAddresses } from "../ice-addresses";

/**
 * A werift peer playing the browser in tests: it offers audio the way Chromium does
 * (Opus first, PCMU after), sends a recognisable payload every 20 ms once connected,
 * and keeps what it receives so a test can tell the ringback from its own echo.
 */
export interface BrowserPeer {
  offer: string;
  accept(answerSdp: string): Promise<void>;
  received: RtpPacket[];
  sent: number;
  /** Stops sending (a browser that vanished without a word). */
  fallSilent(): void;
  close(): Promise<void>;
}

/** The payload the browser sends: recognisable in the echo by its first byte. */
export const BROWSER_MARK = 0x5a;

/**
 * `dropEvery: n` loses every n-th packet on the way (its sequence number is spent but it is never
 * sent), as a lossy network would: the carrier's measured loss is then 1/n.
 */
export async function openBrowserPeer(options: { opusOnly?: boolean; dropEvery?: number } = {}): Promise<BrowserPeer> {
  const pc = new RTCPeerConnection({ codecs: { audio: options.opusOnly ? [useOPUS()] : [useOPUS(), usePCMU()], video: [] }, iceUseIpv6: false, iceAdditionalHostAddresses: additionalHostAddresses() });
  const track = new MediaStreamTrack({ kind: "audio" });
  const transceiver = pc.addTransceiver(track, { direction: "sendrecv" });
  const received: RtpPacket[] = [];
  pc.onTrack.subscribe((remote) => remote.onReceiveRtp.subscribe((rtp) => received.push(rtp)));
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise<void>((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    pc.iceGatheringStateChange.subscribe((state) => state === "complete" && resolve());
  });
  const stream = new RtpStream();
  let clock: FrameClock | undefined;
  const peer: BrowserPeer = {
    offer: pc.localDescription?.sdp ?? "",
    received,
    sent: 0,
    async accept(answerSdp) {
      await pc.setRemoteDescription({ type: "answer", sdp: answerSdp });
      const clockRate = transceiver.codecs[0]?.clockRate ?? 8000;
      clock = startFrameClock({
        frameMs: 20,
        onFrame: (index) => {
          const packet = stream.packet(Buffer.alloc(160, BROWSER_MARK), index === 0 ? 0 : clockRate / 50);
          // Never the first packet: the carrier counts from the first one it sees.
          if (options.dropEvery && index % options.dropEvery === options.dropEvery - 1) return;
          track.writeRtp(packet);
          peer.sent += 1;
        },
      });
    },
    fallSilent: () => clock?.stop(),
    async close() {
      clock?.stop();
      await pc.close();
    },
  };
  return peer;
}

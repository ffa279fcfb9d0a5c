// One WebRTC connection to a friend's browser, for a live game: a data channel made by both sides
// alike (negotiated, id 0), so that neither waits for the other to announce it. The offer and the
// answer travel as invitation.js's compact descriptions (in links, QR codes or pasted text); every
// address is gathered before one is shown, since there is no other channel to send more later.
import { CONNECT_MS, GATHER_MS, ICE_SERVERS } from "./live-config.js";
import { compactDescription, expandDescription } from "./invitation.js";

/** @typedef {import("./invitation.js").CompactDescription} CompactDescription */

/** Whether this browser can play live at all (WebKitGTK's builds, for one, have no WebRTC). */
export const canConnect = () => typeof RTCPeerConnection === "function";

export class Peer {
  /** @param {{onOpen: (channel: RTCDataChannel) => void, onMessage: (data: unknown) => void,
   *   onClose: () => void}} handlers  what the page does when the channel opens, hears, and closes */
  constructor({ onOpen, onMessage, onClose }) {
    this.pc = new RTCPeerConnection({ iceServers: ICE_SERVERS });
    this.channel = this.pc.createDataChannel("jetan", { negotiated: true, id: 0, ordered: true });
    this.opened = false;
    this.closedOnce = false;
    this.channel.onopen = () => { this.opened = true; onOpen(this.channel); };
    // Whatever arrives goes to the controller, which refuses (saying so) what is not text
    // of ours and counts it against a flood.
    this.channel.binaryType = "arraybuffer";
    this.channel.onmessage = (e) => onMessage(e.data);
    const lost = () => {
      if (this.closedOnce) return;
      this.closedOnce = true;
      onClose();
    };
    this.channel.onclose = lost;
    this.pc.onconnectionstatechange = () => {
      if (this.pc.connectionState === "failed" || this.pc.connectionState === "closed") lost();
    };
  }

  /** The host's side: an offer, with every address gathered. @returns {Promise<CompactDescription>} */
  async offer() {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    return this.gathered();
  }

  /** The friend's side: the answer to ``offer``. @param {CompactDescription} offer
   *  @returns {Promise<CompactDescription>} */
  async answer(offer) {
    await this.pc.setRemoteDescription(expandDescription(offer, "offer"));
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    return this.gathered();
  }

  /** The host takes the friend's answer: the browsers then connect (or fail: see connected()).
   *  @param {CompactDescription} answer */
  async accept(answer) {
    await this.pc.setRemoteDescription(expandDescription(answer, "answer"));
  }

  /** Resolves true once the channel is open, false if it did not open within CONNECT_MS. */
  connected() {
    if (this.opened) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), CONNECT_MS);
      this.channel.addEventListener("open", () => { clearTimeout(timer); resolve(true); });
    });
  }

  /** This side's description once every address is gathered (or GATHER_MS has passed).
   *  @returns {Promise<CompactDescription>} */
  async gathered() {
    if (this.pc.iceGatheringState !== "complete") {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, GATHER_MS);
        this.pc.addEventListener("icegatheringstatechange", () => {
          if (this.pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(undefined); }
        });
      });
    }
    const local = /** @type {RTCSessionDescription} */ (this.pc.localDescription);
    return compactDescription({ type: /** @type {"offer" | "answer"} */ (local.type), sdp: local.sdp });
  }

  close() {
    this.closedOnce = true;
    this.channel.close();
    this.pc.close();
  }
}

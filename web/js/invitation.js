// Invitations to a live game between two devices, and their answers, as link fragments. No DOM,
// so Node can test it.
//
// A WebRTC offer or answer is 1–3 KB of SDP, but the other side needs little of it to connect:
// the ICE username fragment and password, the DTLS certificate's fingerprint and setup role, the
// candidates (where this device can be reached), and the SCTP port and message size limit when
// they are not the usual ones. compactDescription keeps just that; expandDescription writes it
// back as an SDP that Chromium and Firefox accept and connect with (what each demands of it:
// see expandDescription).
//
// Fragments: #live=<code> (an invitation: the game offered and the host's connection) and
// #live-answer=<code> (the friend's connection, back to the host). Neither clashes with a game
// link (share.js: "#1;…", or the old "#rules=…"). A code is a format letter (VERSION), then
// base64url of a small binary record ending in a CRC-16 of the whole, so that a link cut short
// or mangled in a chat is refused, never half read:
//
//   kind (1: invitation, 2: answer) · game id · connection · [the game, invitations only] · CRC
//   game id:     its length in characters, then 6 bits a character (base64url's alphabet)
//   connection:  flags (setup role; mid, SCTP port, message size present), the fingerprint's
//                algorithm (index in HASHES) and bytes, ICE ufrag and password (packed strings:
//                length and mode, then 4 bits a character for lowercase hex or 6 for any other
//                ice-char), candidates (their count, then for each: a byte of type, protocol and
//                address kind; the address: 4 bytes IPv4, 16 IPv6, 16 for an mDNS name's UUID,
//                or a host name's text; the port in 2 bytes)
//   game:        flags (host plays orange; clock, rules, start present), then the rules and the
//                start as UTF-8 with their lengths, the clock's initial time and increment (ms)
//   numbers of no fixed size are LEB128 varints.
//
// A new optional field takes a flag bit that is 0 today (a record with a bit this version does
// not know was made by a newer one, and says so); a change of layout takes a new VERSION letter.
import { SIDES } from "../engine-data.js";

/** What went wrong with an invitation or an answer, as a sentence a player can read. */
export class InvitationError extends Error {}

/** The format's letter, first in every code. */
export const VERSION = "A";
/** The link fragments' keys: #live=<code>, #live-answer=<code>. */
export const FRAGMENT_KEYS = { invitation: "live", answer: "live-answer" };
/** What an invitation may hold (characters; candidates), and how long a text may be before it is
 *  refused unread: the longest invitation there can be (both texts full of 3-byte characters,
 *  16 candidates by host name, the longest ICE credentials) is near 3500 characters; a typical
 *  one is under 200. */
export const INVITATION_LIMITS = { rules: 200, start: 200, candidates: 16, hostName: 63, clockMs: 99999999,
                                   text: 4096 };

// The DTLS fingerprint's hash functions (RFC 8122's names), by index, with their digest sizes.
/** @type {[string, number][]} */
const HASHES = [["sha-256", 32], ["sha-1", 20], ["sha-224", 28], ["sha-384", 48], ["sha-512", 64],
                ["md5", 16], ["md2", 16]];
/** @type {CompactDescription["setup"][]} */
const SETUPS = ["actpass", "active", "passive"];
/** @type {CompactCandidate["type"][]} */
const CANDIDATE_TYPES = ["host", "srflx", "prflx", "relay"];
// A candidate's protocol: UDP, or TCP with its RFC 6544 tcptype. TCP "active" candidates (port 9:
// this side only connects out) are left out of a compact description: nothing can connect to
// them, and the other side learns this side's TCP address from its checks anyway.
/** @type {["udp" | "tcp", CompactCandidate["tcpType"]][]} */
const PROTOCOLS = [["udp", undefined], ["tcp", "passive"], ["tcp", "so"]];
const ADDRESS_KINDS = { ipv4: 0, ipv6: 1, mdns: 2, name: 3 };
// Defaults a compact description leaves out (RFC 8841): the SCTP port, and the largest message
// the other side may send. A peer that takes larger messages than MESSAGE_SIZE (Firefox: 1 GB)
// is said to take MESSAGE_SIZE: saying less than a peer takes is always safe, Chromium sends
// no more than this anyway, and our protocol's messages are far smaller.
const SCTP_PORT = 5000;
const MESSAGE_SIZE = 262144;
const MID = "0";
const KIND = { invitation: 1, answer: 2 };
const ID_PATTERN = /^[A-Za-z0-9_-]{8,32}$/;
/** ``count`` characters in code order from ``first`` on. @param {string} first @param {number} count */
const charRun = (first, count) => String.fromCharCode(...Array.from({ length: count }, (_, i) => first.charCodeAt(0) + i));
const ALPHANUMERIC = charRun("A", 26) + charRun("a", 26) + charRun("0", 10);
// Two alphabets of 64 characters, 6 bits a character: base64url's (RFC 4648), and ICE's own
// (RFC 8839 ice-char), which ufrags and passwords are written in.
const BASE64URL = ALPHANUMERIC + "-_";
const ICE_CHARS = ALPHANUMERIC + "+/";
const HEX = charRun("0", 10) + charRun("a", 6);
const UUID_LOCAL = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local$/;
const HOST_NAME = /^[A-Za-z0-9][A-Za-z0-9.-]*$/;

/**
 * A candidate as a compact description keeps it: where the other side can reach this one.
 * @typedef {{type: "host" | "srflx" | "prflx" | "relay", protocol: "udp" | "tcp",
 *   tcpType?: "passive" | "so", address: string, port: number}} CompactCandidate
 * A connection's description reduced to what the other side needs (see the top of the file);
 * mid, sctpPort and maxMessageSize only when not the defaults ("0", 5000, 262144).
 * @typedef {{ufrag: string, pwd: string, fingerprint: {algorithm: string, bytes: Uint8Array},
 *   setup: "actpass" | "active" | "passive", candidates: CompactCandidate[], mid?: string,
 *   sctpPort?: number, maxMessageSize?: number}} CompactDescription
 * The game a host offers: the rule text and the start as share links carry them ("" and "start"
 * for the standard game), the clock (ms) or none, and the side the host plays.
 * @typedef {{rules: string, start: string, clock: ?{initial: number, increment: number},
 *   hostSide: string}} OfferedGame
 * @typedef {{id: string, game: OfferedGame, connection: CompactDescription}} Invitation
 * @typedef {{id: string, connection: CompactDescription}} Answer
 */

// ---- SDP → compact ---------------------------------------------------------------------------

/** What the other side needs of a data-channel-only offer or answer (``desc``, as
 *  RTCPeerConnection.localDescription gives it, candidates gathered).
 *  @param {{type?: string, sdp?: string}} desc @returns {CompactDescription} */
export function compactDescription(desc) {
  /** @param {string} why @returns {never} */
  function refuse(why) {
    throw new InvitationError(`This device's connection cannot be put in an invitation: ${why}.`);
  }
  if (!desc || typeof desc.sdp !== "string") refuse("it has no description");
  const lines = desc.sdp.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const firstMedia = lines.findIndex((l) => l.startsWith("m="));
  const session = firstMedia < 0 ? lines : lines.slice(0, firstMedia);
  const mediaStart = lines.findIndex((l) => l.startsWith("m=application ") && l.includes("webrtc-datachannel"));
  if (mediaStart < 0) refuse("it has no data channel");
  const mediaEnd = lines.findIndex((l, i) => i > mediaStart && l.startsWith("m="));
  const media = lines.slice(mediaStart + 1, mediaEnd < 0 ? lines.length : mediaEnd);
  // An attribute of the data channel's section, or else of the session (Firefox writes the
  // fingerprint there).
  const attribute = (/** @type {string} */ name) => {
    const prefix = `a=${name}:`;
    const line = media.find((l) => l.startsWith(prefix)) ?? session.find((l) => l.startsWith(prefix));
    return line === undefined ? undefined : line.slice(prefix.length).trim();
  };

  const ufrag = attribute("ice-ufrag"), pwd = attribute("ice-pwd");
  if (!ufrag || !isIceText(ufrag, 4)) refuse("its ICE username fragment is missing or cannot be carried");
  if (!pwd || !isIceText(pwd, 22)) refuse("its ICE password is missing or cannot be carried");
  const [algorithm = "", hexBytes = ""] = (attribute("fingerprint") || "").toLowerCase().split(/\s+/);
  const hash = HASHES.find(([name]) => name === algorithm);
  const bytes = hexBytes.split(":").map((pair) => /^[0-9a-f]{2}$/.test(pair) ? parseInt(pair, 16) : NaN);
  if (!hash || bytes.length !== hash[1] || bytes.some(Number.isNaN)) refuse("its certificate's fingerprint is missing or unknown");
  const setup = SETUPS.find((s) => s === attribute("setup"));
  if (!setup) refuse("its DTLS role is missing or unknown");

  /** @type {CompactDescription} */
  const compact = {
    ufrag, pwd, fingerprint: { algorithm, bytes: Uint8Array.from(bytes) }, setup,
    candidates: media.filter((l) => l.startsWith("a=candidate:")).map(parseCandidate)
      .filter((c) => c !== null).sort((a, b) => b.priority - a.priority)
      .slice(0, INVITATION_LIMITS.candidates).map(({ candidate }) => candidate),
  };
  const mid = attribute("mid");
  if (mid !== undefined && mid !== MID) {
    if (!isIceText(mid, 1, 32)) refuse("its media id cannot be carried");
    compact.mid = mid;
  }
  const sctpPort = Number(attribute("sctp-port") ?? SCTP_PORT);
  if (!isPort(sctpPort)) refuse("its SCTP port is not a port");
  if (sctpPort !== SCTP_PORT) compact.sctpPort = sctpPort;
  // Absent, the limit is 64 KB (RFC 8841); 0 means no limit.
  const messageSize = Number(attribute("max-message-size") ?? 65536);
  if (!Number.isSafeInteger(messageSize) || messageSize < 0) refuse("its message size limit is not a number");
  if (messageSize > 0 && messageSize < MESSAGE_SIZE) compact.maxMessageSize = messageSize;
  return compact;
}

/** A candidate line's fields and its priority, or null for one not worth carrying (another
 *  component, an outgoing-only TCP candidate, an address that cannot be written back). The
 *  priority only orders the candidates: the order is all of it that a compact description keeps.
 *  @param {string} line @returns {?{candidate: CompactCandidate, priority: number}} */
function parseCandidate(line) {
  const fields = line.slice("a=candidate:".length).split(/\s+/);
  if (fields.length < 8) return null;
  const [, component, transport, rawPriority, rawAddress, rawPort, typKeyword, rawType] = fields;
  if (component !== "1" || typKeyword !== "typ") return null;
  const type = CANDIDATE_TYPES.find((t) => t === rawType);
  const protocol = transport.toLowerCase();
  const port = Number(rawPort);
  if (!type || !isPort(port) || (protocol !== "udp" && protocol !== "tcp")) return null;
  const address = addressKind(rawAddress) === ADDRESS_KINDS.ipv6 ? formatIPv6(parseIPv6(rawAddress) || []) : rawAddress;
  if (addressKind(address) === null) return null;
  /** @type {CompactCandidate} */
  const candidate = { type, protocol, address, port };
  if (protocol === "tcp") {
    const at = fields.indexOf("tcptype", 8);
    const tcpType = at < 0 ? undefined : fields[at + 1];
    if (tcpType !== "passive" && tcpType !== "so") return null;
    candidate.tcpType = tcpType;
  }
  return { candidate, priority: Number(rawPriority) || 0 };
}

// ---- compact → SDP ---------------------------------------------------------------------------

/** A full SDP of ``compact`` as an offer or an answer, for setRemoteDescription. What each
 *  browser refused without (Chromium 156, Firefox ESR 153, one line left out at a time):
 *  v=, o=, t=, a=ice-ufrag, a=ice-pwd, a=fingerprint both; s= Chromium; c=, a=sctp-port (the
 *  data channel is refused) and, in an offer, a=setup Firefox; a=mid Firefox while a
 *  group:BUNDLE names it. Neither needed the BUNDLE group and mid together, max-message-size
 *  (absent: 64 KB), end-of-candidates, or even the candidates when the other side's were
 *  enough. The BUNDLE group, mid and end-of-candidates are written as the browsers write them
 *  (nothing trickles: every candidate is here). Priorities and foundations are not carried:
 *  each candidate gets ICE's own formula's (RFC 8445 5.1.2.1), in the order given.
 *  @param {CompactDescription} compact @param {"offer" | "answer"} type
 *  @returns {{type: "offer" | "answer", sdp: string}} */
export function expandDescription(compact, type) {
  const fingerprint = [...compact.fingerprint.bytes].map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const mid = compact.mid ?? MID;
  const candidates = compact.candidates.map((c, i) => {
    const typePreference = { host: 126, prflx: 110, srflx: 100, relay: 0 }[c.type];
    const priority = typePreference * 2 ** 24 + (65535 - i) * 2 ** 8 + 255;
    const related = c.type === "host" ? "" : " raddr 0.0.0.0 rport 0";
    const tcp = c.protocol === "tcp" ? ` tcptype ${c.tcpType}` : "";
    return `a=candidate:${i + 1} 1 ${c.protocol} ${priority} ${c.address} ${c.port} typ ${c.type}${related}${tcp}`;
  });
  const lines = [
    "v=0",
    "o=- 1 1 IN IP4 0.0.0.0",
    "s=-",
    "t=0 0",
    `a=group:BUNDLE ${mid}`,
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    `a=mid:${mid}`,
    `a=ice-ufrag:${compact.ufrag}`,
    `a=ice-pwd:${compact.pwd}`,
    `a=fingerprint:${compact.fingerprint.algorithm} ${fingerprint}`,
    `a=setup:${compact.setup}`,
    `a=sctp-port:${compact.sctpPort ?? SCTP_PORT}`,
    `a=max-message-size:${compact.maxMessageSize ?? MESSAGE_SIZE}`,
    ...candidates,
    "a=end-of-candidates",
  ];
  return { type, sdp: lines.join("\r\n") + "\r\n" };
}

// ---- invitations and answers -------------------------------------------------------------------

/** An invitation as a link's fragment ("#live=A…").
 *  @param {Invitation} invitation @returns {string} */
export function encodeInvitation({ id, game, connection }) {
  const out = new Writer("This invitation cannot be made");
  out.byte(KIND.invitation);
  writeId(out, id);
  if (connection?.setup !== "actpass") out.refuse("its connection is not an offer's");
  writeConnection(out, connection);
  writeGame(out, game);
  return `#${FRAGMENT_KEYS.invitation}=${finish(out)}`;
}

/** An answer to an invitation as a link's fragment ("#live-answer=A…").
 *  @param {Answer} answer @returns {string} */
export function encodeAnswer({ id, connection }) {
  const out = new Writer("This answer cannot be made");
  out.byte(KIND.answer);
  writeId(out, id);
  if (connection?.setup === "actpass") out.refuse("its connection is an offer's, not an answer's");
  writeConnection(out, connection);
  return `#${FRAGMENT_KEYS.answer}=${finish(out)}`;
}

/** The invitation in a link, its fragment ("#live=A…", "live=A…") or its code alone ("A…"),
 *  checked through; anything else throws an InvitationError saying what is wrong.
 *  @param {unknown} text @returns {Invitation} */
export function decodeInvitation(text) {
  return decode(text, "invitation", (input) => {
    const id = readId(input);
    const connection = readConnection(input);
    if (connection.setup !== "actpass") input.damaged("its connection is an answer's, not an invitation's");
    const game = readGame(input);
    input.end();
    return { id, game, connection };
  });
}

/** The answer in a link, its fragment ("#live-answer=A…") or its code alone, checked through
 *  (see decodeInvitation). @param {unknown} text @returns {Answer} */
export function decodeAnswer(text) {
  return decode(text, "answer", (input) => {
    const id = readId(input);
    const connection = readConnection(input);
    if (connection.setup === "actpass") input.damaged("its connection is an invitation's, not an answer's");
    input.end();
    return { id, connection };
  });
}

/** Which live-play fragment a page's address holds, if any: for the page to hand an invitation
 *  or an answer to this module before share.js's game links see it.
 *  @param {?string | undefined} hash @returns {?"invitation" | "answer"} */
export function liveFragmentKind(hash) {
  const key = /^#?([a-z-]+)=/.exec(hash || "")?.[1];
  return key === FRAGMENT_KEYS.invitation ? "invitation" : key === FRAGMENT_KEYS.answer ? "answer" : null;
}

const WORDS = {
  invitation: { damaged: "This invitation link is damaged", again: "Ask your friend to send it again.",
                other: "This is an answer to an invitation, not an invitation: open it on the device that sent the invitation." },
  answer: { damaged: "This answer is damaged", again: "Ask your friend to send it again.",
            other: "This is an invitation, not an answer: send it to your friend, and open here the answer they send back." },
};

/** Read ``text`` as a code of ``kind``, its fields by ``read``; every failure an InvitationError.
 *  @template T @param {unknown} text @param {"invitation" | "answer"} kind
 *  @param {(input: Reader) => T} read @returns {T} */
function decode(text, kind, read) {
  const words = WORDS[kind];
  try {
    return read(recordOf(text, kind));
  } catch (err) {
    if (err instanceof InvitationError) throw err;
    if (err instanceof Malformed) {
      throw new InvitationError(err.newer
        ? `This ${kind} was made by a newer version of Jetan: reload the page to update, then open it again.`
        : `${words.damaged}: ${err.message}. ${words.again}`);
    }
    // Not expected (every check has its own words), but a reader's contract is this class.
    throw new InvitationError(`${words.damaged}: it could not be read. ${words.again}`, { cause: err });
  }
}

/** The record a text holds, checked whole (its length, format letter, characters and CRC, and
 *  that it is of ``kind``), to be read field by field.
 *  @param {unknown} text @param {"invitation" | "answer"} kind @returns {Reader} */
function recordOf(text, kind) {
  const other = kind === "invitation" ? "answer" : "invitation";
  if (typeof text !== "string") throw new Malformed("it is not text");
  if (text.length > INVITATION_LIMITS.text) throw new Malformed("it is far too long");
  // Chat apps wrap long links: no code holds white space, so any is dropped.
  let code = text.replace(/\s+/g, "");
  if (code.includes("#")) code = code.slice(code.indexOf("#") + 1);
  const keyed = /^([a-z-]+)=/.exec(code);
  if (keyed && keyed[1] !== FRAGMENT_KEYS[kind] && keyed[1] !== FRAGMENT_KEYS[other]) {
    throw new Malformed("it is not a Jetan invitation or answer");
  }
  if (keyed) code = code.slice(keyed[0].length);
  if (!code) throw new Malformed("it is empty");
  if (keyed && keyed[1] === FRAGMENT_KEYS[other]) throw new InvitationError(WORDS[kind].other);
  if (!/^[A-Za-z0-9_-]+$/.test(code)) throw new Malformed("it holds characters that do not belong in it");
  if (code[0] !== VERSION) {
    if (!/^[A-Z]$/.test(code[0])) throw new Malformed("it does not begin as one");
    throw new InvitationError(`This ${kind} was made by another version of Jetan (format ${code[0]}): ` +
                              "reload the page to update, then open it again.");
  }
  const bytes = fromBase64url(code.slice(1));
  if (!bytes) throw new Malformed("it was cut short");
  const body = bytes.subarray(0, -2);
  if (bytes.length < 3 || crc16(VERSION, body) !== ((bytes[bytes.length - 2] << 8) | bytes[bytes.length - 1])) {
    throw new Malformed("part of it is missing or changed");
  }
  const input = new Reader(body);
  const kindByte = input.byte();
  if (kindByte === KIND[other]) throw new InvitationError(WORDS[kind].other);
  if (kindByte !== KIND[kind]) input.damaged("it is of no known kind");
  return input;
}

// ---- the record's parts ------------------------------------------------------------------------

/** @param {Writer} out @param {string} id */
function writeId(out, id) {
  if (typeof id !== "string" || !ID_PATTERN.test(id)) out.refuse("its game id is not 8 to 32 base64url characters");
  out.byte(id.length);
  out.bytes(packChars(id, BASE64URL, 6));
}

/** @param {Reader} input @returns {string} */
function readId(input) {
  const length = input.byte();
  if (length < 8 || length > 32) input.damaged("its game id is of the wrong length");
  return unpackChars(input.bytes(Math.ceil(length * 6 / 8)), length, BASE64URL, 6);
}

/** @param {Writer} out @param {CompactDescription} c */
function writeConnection(out, c) {
  const hash = HASHES.findIndex(([name]) => name === c.fingerprint.algorithm);
  if (hash < 0 || c.fingerprint.bytes.length !== HASHES[hash][1]) out.refuse("its certificate's fingerprint is unknown");
  const setup = SETUPS.indexOf(c.setup);
  if (setup < 0) out.refuse("its DTLS role is unknown");
  if (!Array.isArray(c.candidates) || c.candidates.length > INVITATION_LIMITS.candidates) {
    out.refuse(`it has more than ${INVITATION_LIMITS.candidates} candidates`);
  }
  out.byte(setup | (c.mid !== undefined ? 4 : 0) | (c.sctpPort !== undefined ? 8 : 0) | (c.maxMessageSize !== undefined ? 16 : 0));
  out.byte(hash);
  out.bytes(c.fingerprint.bytes);
  writeIceText(out, c.ufrag, 4, "ICE username fragment");
  writeIceText(out, c.pwd, 22, "ICE password");
  if (c.mid !== undefined) writeIceText(out, c.mid, 1, "media id", 32);
  if (c.sctpPort !== undefined) {
    if (!isPort(c.sctpPort)) out.refuse("its SCTP port is not a port");
    out.varint(c.sctpPort);
  }
  if (c.maxMessageSize !== undefined) {
    if (!Number.isSafeInteger(c.maxMessageSize) || c.maxMessageSize < 1 || c.maxMessageSize >= MESSAGE_SIZE) {
      out.refuse("its message size limit is out of range");
    }
    out.varint(c.maxMessageSize);
  }
  out.byte(c.candidates.length);
  for (const candidate of c.candidates) writeCandidate(out, candidate);
}

/** @param {Reader} input @returns {CompactDescription} */
function readConnection(input) {
  const flags = input.byte();
  if (flags & 0xe0) input.newer();
  const setup = SETUPS[flags & 3];
  if (!setup) input.damaged("its DTLS role is unknown");
  const hash = HASHES[input.byte()];
  if (!hash) input.damaged("its certificate's fingerprint is of no known kind");
  const fingerprint = { algorithm: hash[0], bytes: Uint8Array.from(input.bytes(hash[1])) };
  const ufrag = readIceText(input, 4, "ICE username fragment");
  const pwd = readIceText(input, 22, "ICE password");
  /** @type {CompactDescription} */
  const c = { ufrag, pwd, fingerprint, setup, candidates: [] };
  if (flags & 4) c.mid = readIceText(input, 1, "media id", 32);
  if (flags & 8) {
    c.sctpPort = input.varint();
    if (!isPort(c.sctpPort)) input.damaged("its SCTP port is not a port");
  }
  if (flags & 16) {
    c.maxMessageSize = input.varint();
    if (c.maxMessageSize < 1 || c.maxMessageSize >= MESSAGE_SIZE) input.damaged("its message size limit is out of range");
  }
  const count = input.byte();
  if (count > INVITATION_LIMITS.candidates) input.damaged("it has too many candidates");
  for (let i = 0; i < count; i++) c.candidates.push(readCandidate(input));
  return c;
}

/** @param {Writer} out @param {CompactCandidate} c */
function writeCandidate(out, c) {
  const type = CANDIDATE_TYPES.indexOf(c.type);
  const protocol = PROTOCOLS.findIndex(([p, tcpType]) => p === c.protocol && tcpType === c.tcpType);
  const kind = addressKind(c.address);
  if (type < 0 || protocol < 0 || kind === null || !isPort(c.port)) {
    out.refuse(`its candidate ${String(c.address).slice(0, 60)} cannot be carried`);
  }
  out.byte(type | (protocol << 2) | (/** @type {number} */ (kind) << 4));
  if (kind === ADDRESS_KINDS.ipv4) out.bytes(c.address.split(".").map(Number));
  else if (kind === ADDRESS_KINDS.ipv6) out.bytes(parseIPv6(c.address) || []);
  else if (kind === ADDRESS_KINDS.mdns) out.bytes(c.address.slice(0, 36).replace(/-/g, "").match(/../g)?.map((h) => parseInt(h, 16)) || []);
  else {
    out.byte(c.address.length);
    out.bytes([...c.address].map((ch) => ch.charCodeAt(0)));
  }
  out.byte(c.port >> 8);
  out.byte(c.port & 255);
}

/** @param {Reader} input @returns {CompactCandidate} */
function readCandidate(input) {
  const head = input.byte();
  if (head & 0xc0) input.newer();
  const type = CANDIDATE_TYPES[head & 3];
  const protocol = PROTOCOLS[(head >> 2) & 3];
  if (!protocol) input.damaged("a candidate's protocol is unknown");
  const kind = (head >> 4) & 3;
  let address;
  if (kind === ADDRESS_KINDS.ipv4) address = [...input.bytes(4)].join(".");
  else if (kind === ADDRESS_KINDS.ipv6) address = formatIPv6([...input.bytes(16)]);
  else if (kind === ADDRESS_KINDS.mdns) {
    const hex = [...input.bytes(16)].map((b) => b.toString(16).padStart(2, "0")).join("");
    address = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
  } else {
    address = String.fromCharCode(...input.bytes(input.byte()));
    if (addressKind(address) !== ADDRESS_KINDS.name) input.damaged("a candidate's host name is not one");
  }
  const port = (input.byte() << 8) | input.byte();
  if (!isPort(port)) input.damaged("a candidate's port is not a port");
  /** @type {CompactCandidate} */
  const candidate = { type, protocol: protocol[0], address, port };
  if (protocol[1]) candidate.tcpType = protocol[1];
  return candidate;
}

/** @param {Writer} out @param {OfferedGame} game */
function writeGame(out, game) {
  const { rules, start, clock, hostSide } = game || {};
  if (typeof rules !== "string" || rules.length > INVITATION_LIMITS.rules) out.refuse(`its rules are longer than ${INVITATION_LIMITS.rules} characters`);
  if (typeof start !== "string" || !start || start.length > INVITATION_LIMITS.start) {
    out.refuse(`its start position is empty or longer than ${INVITATION_LIMITS.start} characters`);
  }
  if (!SIDES.includes(hostSide)) out.refuse(`the host's side must be ${SIDES.join(" or ")}`);
  if (clock !== null && (!clock || !isClockTime(clock.initial) || clock.initial === 0 || !isClockTime(clock.increment))) {
    out.refuse("its clock is not an initial time and an increment in milliseconds");
  }
  out.byte(SIDES.indexOf(hostSide) | (clock ? 2 : 0) | (rules ? 4 : 0) | (start !== "start" ? 8 : 0));
  if (rules) out.text(rules);
  if (start !== "start") out.text(start);
  if (clock) {
    out.varint(clock.initial);
    out.varint(clock.increment);
  }
}

/** @param {Reader} input @returns {OfferedGame} */
function readGame(input) {
  const flags = input.byte();
  if (flags & 0xf0) input.newer();
  const rules = flags & 4 ? input.text(INVITATION_LIMITS.rules, "its rule text") : "";
  const start = flags & 8 ? input.text(INVITATION_LIMITS.start, "its start position") : "start";
  // Written only when there is one, and not the standard start: each game has one record.
  if ((flags & 4 && !rules) || (flags & 8 && !start)) input.damaged("it holds an empty text");
  if (flags & 8 && start === "start") input.damaged("its start position is written the long way");
  let clock = null;
  if (flags & 2) {
    clock = { initial: input.varint(), increment: input.varint() };
    if (!isClockTime(clock.initial) || clock.initial === 0 || !isClockTime(clock.increment)) input.damaged("its clock is out of range");
  }
  return { rules, start, clock, hostSide: SIDES[flags & 1] };
}

// ---- small parts -------------------------------------------------------------------------------

/** @param {unknown} n */
const isPort = (n) => Number.isInteger(n) && /** @type {number} */ (n) >= 1 && /** @type {number} */ (n) <= 65535;
/** @param {unknown} n */
const isClockTime = (n) => Number.isInteger(n) && /** @type {number} */ (n) >= 0 && /** @type {number} */ (n) <= INVITATION_LIMITS.clockMs;

/** Whether ``text`` is ICE's alphabet only, of ``min`` to ``max`` characters.
 *  @param {unknown} text @param {number} min @param {number} [max] */
function isIceText(text, min, max = 127) {
  return typeof text === "string" && text.length >= min && text.length <= max && [...text].every((ch) => ICE_CHARS.includes(ch));
}

/** An ICE text (ufrag, password, mid) as its length and mode (bit 7: lowercase hex, 4 bits a
 *  character — Firefox's credentials — otherwise 6), then the characters packed.
 *  @param {Writer} out @param {string} text @param {number} min @param {string} what @param {number} [max] */
function writeIceText(out, text, min, what, max = 127) {
  if (!isIceText(text, min, max)) out.refuse(`its ${what} is not ${min} to ${max} ICE characters`);
  const hex = /^[0-9a-f]+$/.test(text);
  out.byte(text.length | (hex ? 128 : 0));
  out.bytes(hex ? packChars(text, HEX, 4) : packChars(text, ICE_CHARS, 6));
}

/** @param {Reader} input @param {number} min @param {string} what @param {number} [max] */
function readIceText(input, min, what, max = 127) {
  const head = input.byte();
  const length = head & 127, hex = head >= 128;
  if (length < min || length > max) input.damaged(`its ${what} is of the wrong length`);
  const [alphabet, bits] = hex ? [HEX, 4] : [ICE_CHARS, 6];
  return unpackChars(input.bytes(Math.ceil(length * bits / 8)), length, alphabet, bits);
}

/** ``text``'s characters as their indices in ``alphabet``, ``bits`` each, packed into bytes.
 *  @param {string} text @param {string} alphabet @param {number} bits @returns {number[]} */
function packChars(text, alphabet, bits) {
  const out = [];
  let buffer = 0, held = 0;
  for (const ch of text) {
    buffer = (buffer << bits) | alphabet.indexOf(ch);
    held += bits;
    while (held >= 8) {
      held -= 8;
      out.push((buffer >> held) & 255);
    }
    buffer &= (1 << held) - 1;
  }
  if (held) out.push((buffer << (8 - held)) & 255);
  return out;
}

/** The inverse of packChars: ``length`` characters (unused low bits must be 0, or the record was
 *  changed). @param {Uint8Array} bytes @param {number} length @param {string} alphabet @param {number} bits */
function unpackChars(bytes, length, alphabet, bits) {
  let text = "", buffer = 0, held = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    held += 8;
    while (held >= bits && text.length < length) {
      held -= bits;
      text += alphabet[(buffer >> held) & ((1 << bits) - 1)];
    }
    buffer &= (1 << held) - 1;
  }
  if (buffer !== 0) throw new Malformed("it holds stray bits");
  return text;
}

/** The kind of a candidate's address (ADDRESS_KINDS), or null for one that cannot be carried.
 *  @param {unknown} address @returns {?number} */
function addressKind(address) {
  if (typeof address !== "string") return null;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) {
    return address.split(".").every((part) => Number(part) <= 255 && String(Number(part)) === part) ? ADDRESS_KINDS.ipv4 : null;
  }
  if (address.includes(":")) return parseIPv6(address) ? ADDRESS_KINDS.ipv6 : null;
  if (UUID_LOCAL.test(address)) return ADDRESS_KINDS.mdns;
  return address.length <= INVITATION_LIMITS.hostName && HOST_NAME.test(address) ? ADDRESS_KINDS.name : null;
}

/** An IPv6 address's 16 bytes, or null (a zone, as in "fe80::1%eth0", is not an address another
 *  device can use). @param {string} text @returns {?number[]} */
function parseIPv6(text) {
  if (!/^[0-9a-fA-F:.]{2,45}$/.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  /** @param {string} part @returns {?number[]} */
  const groups = (part) => {
    if (!part) return [];
    const out = [];
    for (const group of part.split(":")) {
      if (/^[0-9a-fA-F]{1,4}$/.test(group)) out.push(parseInt(group, 16));
      else if (/^\d{1,3}(\.\d{1,3}){3}$/.test(group) && group === part.split(":").at(-1)) {
        const quad = group.split(".").map(Number);
        if (quad.some((n) => n > 255)) return null;
        out.push((quad[0] << 8) | quad[1], (quad[2] << 8) | quad[3]);
      } else return null;
    }
    return out;
  };
  const head = groups(halves[0]), tail = halves.length === 2 ? groups(halves[1]) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array(halves.length === 2 ? missing : 0).fill(0), ...tail].flatMap((g) => [g >> 8, g & 255]);
}

/** 16 bytes as an IPv6 address's text (RFC 5952: lowercase, the longest run of two or more
 *  zero groups as "::"). @param {number[]} bytes */
function formatIPv6(bytes) {
  const groups = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] ?? 0) << 8) | (bytes[2 * i + 1] ?? 0));
  let best = -1, bestLength = 1;
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [best, bestLength] = [i, j - i];
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(":");
  return `${hex.slice(0, best).join(":")}::${hex.slice(best + bestLength).join(":")}`;
}

/** CRC-16/CCITT-FALSE of the format's letter and ``bytes``.
 *  @param {string} version @param {Uint8Array} bytes */
function crc16(version, bytes) {
  let crc = 0xffff;
  for (const byte of [version.charCodeAt(0), ...bytes]) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** @param {Writer} out */
function finish(out) {
  const bytes = Uint8Array.from(out.out);
  const crc = crc16(VERSION, bytes);
  return VERSION + toBase64url(Uint8Array.from([...bytes, crc >> 8, crc & 255]));
}

/** @param {Uint8Array} bytes */
function toBase64url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil((bytes.length - i) * 4 / 3));
    for (let k = 0; k < chars; k++) text += BASE64URL[(n >> (18 - 6 * k)) & 63];
  }
  return text;
}

/** Bytes of unpadded base64url text, or null if it is not that (a stray character, a length no
 *  encoding has, or unused bits that are not 0). @param {string} text @returns {?Uint8Array} */
function fromBase64url(text) {
  if (text.length % 4 === 1) return null;
  const values = [...text].map((ch) => BASE64URL.indexOf(ch));
  if (values.some((v) => v < 0)) return null;
  const bytes = packChars(text, BASE64URL, 6);
  const whole = Math.floor(text.length * 6 / 8);
  const spare = (text.length * 6) % 8;
  if (spare && (values[values.length - 1] & ((1 << spare) - 1))) return null;
  return Uint8Array.from(bytes.slice(0, whole));
}

/** A record being read went wrong: why, in words for the end of "This … is damaged: …";
 *  ``newer``: it uses what a newer version added. */
class Malformed extends Error {
  /** @param {string} message @param {boolean} [newer] */
  constructor(message, newer = false) {
    super(message);
    this.newer = newer;
  }
}

/** Bytes read in order, every read checked against the end. */
class Reader {
  /** @param {Uint8Array} bytes */
  constructor(bytes) {
    this.data = bytes;
    this.at = 0;
  }

  /** @param {string} why @returns {never} */
  damaged(why) { throw new Malformed(why); }

  /** @returns {never} */
  newer() { throw new Malformed("", true); }

  /** Nothing may follow the last field. */
  end() { if (this.at !== this.data.length) this.damaged("it goes on past its end"); }

  byte() {
    if (this.at >= this.data.length) this.damaged("it was cut short");
    return this.data[this.at++];
  }

  /** @param {number} n */
  bytes(n) {
    if (this.at + n > this.data.length) this.damaged("it was cut short");
    this.at += n;
    return this.data.subarray(this.at - n, this.at);
  }

  /** A LEB128 number of at most 5 bytes (below 2^35, which is more than any field takes). */
  varint() {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const byte = this.byte();
      value += (byte & 127) * 2 ** shift;
      if (byte < 128) {
        if (byte === 0 && shift > 0) this.damaged("a number is written the long way");
        return value;
      }
    }
    return this.damaged("a number is too long");
  }

  /** UTF-8 text of at most ``max`` characters. @param {number} max @param {string} what */
  text(max, what) {
    const length = this.varint();
    if (length > max * 3) this.damaged(`${what} is too long`);
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(this.bytes(length));
    } catch (err) {
      if (err instanceof Malformed) throw err;
      this.damaged(`${what} is not readable text`);
    }
    if (text.length > max) this.damaged(`${what} is too long`);
    return text;
  }
}

/** Bytes written in order; ``refusal`` begins the sentence of an InvitationError for a value that
 *  cannot be written. */
class Writer {
  /** @param {string} refusal */
  constructor(refusal) {
    this.refusal = refusal;
    /** @type {number[]} */
    this.out = [];
  }

  /** @param {string} why @returns {never} */
  refuse(why) { throw new InvitationError(`${this.refusal}: ${why}.`); }

  /** @param {number} n */
  byte(n) { this.out.push(n & 255); }

  /** @param {ArrayLike<number>} bytes */
  bytes(bytes) { for (let i = 0; i < bytes.length; i++) this.out.push(bytes[i] & 255); }

  /** @param {number} n */
  varint(n) {
    do {
      const low = n % 128;
      n = Math.floor(n / 128);
      this.byte(n ? low | 128 : low);
    } while (n);
  }

  /** @param {string} text */
  text(text) {
    const bytes = new TextEncoder().encode(text);
    this.varint(bytes.length);
    this.bytes(bytes);
  }
}

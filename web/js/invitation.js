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
//
// What goes wrong is said as a message (i18n.js: live.invitation.*), worded by the page that
// shows it in its reader's language; nothing in a code is in any language.
import { SIDES } from "../engine-data.js";
import { message } from "./i18n.js";

/** @typedef {import("./i18n.js").Message} Words   what a player reads, as a message */
/** @typedef {import("./i18n.js").MessageArg} WordsArg */

/** What went wrong with an invitation or an answer: ``reason``, the message a player reads. */
export class InvitationError extends Error {
  /** @param {Words} reason @param {ErrorOptions} [options] */
  constructor(reason, options) {
    super(reason.key, options);
    this.reason = reason;
  }
}

/** Why a code is refused: live.invitation.why.<why>, with ``args``.
 *  @param {string} why @param {Record<string, WordsArg>} [args] @returns {Words} */
const because = (why, args) => message(`live.invitation.why.${why}`, args);
/** A part of a connection or a game, as a refusal names it: live.invitation.part.<name>.
 *  @param {string} name */
const part = (name) => message(`live.invitation.part.${name}`);

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
    throw new InvitationError(message("live.invitation.cannotCarry", { why: because(why) }));
  }
  if (!desc || typeof desc.sdp !== "string") refuse("noDescription");
  const lines = desc.sdp.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const firstMedia = lines.findIndex((l) => l.startsWith("m="));
  const session = firstMedia < 0 ? lines : lines.slice(0, firstMedia);
  const mediaStart = lines.findIndex((l) => l.startsWith("m=application ") && l.includes("webrtc-datachannel"));
  if (mediaStart < 0) refuse("noDataChannel");
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
  if (!ufrag || !isIceText(ufrag, 4)) refuse("ufragMissing");
  if (!pwd || !isIceText(pwd, 22)) refuse("pwdMissing");
  const [algorithm = "", hexBytes = ""] = (attribute("fingerprint") || "").toLowerCase().split(/\s+/);
  const hash = HASHES.find(([name]) => name === algorithm);
  const bytes = hexBytes.split(":").map((pair) => /^[0-9a-f]{2}$/.test(pair) ? parseInt(pair, 16) : NaN);
  if (!hash || bytes.length !== hash[1] || bytes.some(Number.isNaN)) refuse("fingerprintMissing");
  const setup = SETUPS.find((s) => s === attribute("setup"));
  if (!setup) refuse("setupMissing");

  /** @type {CompactDescription} */
  const compact = {
    ufrag, pwd, fingerprint: { algorithm, bytes: Uint8Array.from(bytes) }, setup,
    candidates: media.filter((l) => l.startsWith("a=candidate:")).map(parseCandidate)
      .filter((c) => c !== null).sort((a, b) => b.priority - a.priority)
      .slice(0, INVITATION_LIMITS.candidates).map(({ candidate }) => candidate),
  };
  const mid = attribute("mid");
  if (mid !== undefined && mid !== MID) {
    if (!isIceText(mid, 1, 32)) refuse("midUncarried");
    compact.mid = mid;
  }
  const sctpPort = Number(attribute("sctp-port") ?? SCTP_PORT);
  if (!isPort(sctpPort)) refuse("sctpPort");
  if (sctpPort !== SCTP_PORT) compact.sctpPort = sctpPort;
  // Absent, the limit is 64 KB (RFC 8841); 0 means no limit.
  const messageSize = Number(attribute("max-message-size") ?? 65536);
  if (!Number.isSafeInteger(messageSize) || messageSize < 0) refuse("messageSizeNaN");
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
  const out = new Writer("invitation");
  out.byte(KIND.invitation);
  writeId(out, id);
  if (connection?.setup !== "actpass") out.refuse("notOffer");
  writeConnection(out, connection);
  writeGame(out, game);
  return `#${FRAGMENT_KEYS.invitation}=${finish(out)}`;
}

/** An answer to an invitation as a link's fragment ("#live-answer=A…").
 *  @param {Answer} answer @returns {string} */
export function encodeAnswer({ id, connection }) {
  const out = new Writer("answer");
  out.byte(KIND.answer);
  writeId(out, id);
  if (connection?.setup === "actpass") out.refuse("offerNotAnswer");
  writeConnection(out, connection);
  return `#${FRAGMENT_KEYS.answer}=${finish(out)}`;
}

/** The invitation in a link, its fragment ("#live=A…", "live=A…") or its code alone ("A…"),
 *  checked through; anything else throws an InvitationError saying what is wrong (its reason).
 *  @param {unknown} text @returns {Invitation} */
export function decodeInvitation(text) {
  return decode(text, "invitation", (input) => {
    const id = readId(input);
    const connection = readConnection(input);
    if (connection.setup !== "actpass") input.damaged("answerNotInvitation");
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
    if (connection.setup === "actpass") input.damaged("invitationNotAnswer");
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

/** What a page reads of a code refused, by the kind it was read or written as: damaged, made by a
 *  newer version or in another format, the other kind, or not to be made. */
const REFUSED = {
  invitation: { damaged: "live.invitation.damaged.invitation", newer: "live.invitation.newer.invitation",
                otherFormat: "live.invitation.otherFormat.invitation", other: "live.invitation.other.invitation",
                cannotMake: "live.invitation.cannotMake.invitation" },
  answer: { damaged: "live.invitation.damaged.answer", newer: "live.invitation.newer.answer",
            otherFormat: "live.invitation.otherFormat.answer", other: "live.invitation.other.answer",
            cannotMake: "live.invitation.cannotMake.answer" },
};

/** The message of a code of ``kind`` refused so. @param {keyof REFUSED["answer"]} what
 *  @param {"invitation" | "answer"} kind @param {Record<string, WordsArg>} [args] */
const refusal = (what, kind, args) => message(REFUSED[kind][what], args);

/** Read ``text`` as a code of ``kind``, its fields by ``read``; every failure an InvitationError.
 *  @template T @param {unknown} text @param {"invitation" | "answer"} kind
 *  @param {(input: Reader) => T} read @returns {T} */
function decode(text, kind, read) {
  try {
    return read(recordOf(text, kind));
  } catch (err) {
    if (err instanceof InvitationError) throw err;
    if (err instanceof Malformed) {
      throw new InvitationError(err.newer ? refusal("newer", kind) : refusal("damaged", kind, { why: err.why }));
    }
    // Not expected (every check has its own words), but a reader's contract is this class.
    throw new InvitationError(refusal("damaged", kind, { why: because("unreadable") }), { cause: err });
  }
}

/** The record a text holds, checked whole (its length, format letter, characters and CRC, and
 *  that it is of ``kind``), to be read field by field.
 *  @param {unknown} text @param {"invitation" | "answer"} kind @returns {Reader} */
function recordOf(text, kind) {
  const other = kind === "invitation" ? "answer" : "invitation";
  if (typeof text !== "string") throw new Malformed("notText");
  if (text.length > INVITATION_LIMITS.text) throw new Malformed("farTooLong");
  // Chat apps wrap long links: no code holds white space, so any is dropped.
  let code = text.replace(/\s+/g, "");
  if (code.includes("#")) code = code.slice(code.indexOf("#") + 1);
  const keyed = /^([a-z-]+)=/.exec(code);
  if (keyed && keyed[1] !== FRAGMENT_KEYS[kind] && keyed[1] !== FRAGMENT_KEYS[other]) {
    throw new Malformed("notJetan");
  }
  if (keyed) code = code.slice(keyed[0].length);
  if (!code) throw new Malformed("empty");
  if (keyed && keyed[1] === FRAGMENT_KEYS[other]) throw new InvitationError(refusal("other", kind));
  if (!/^[A-Za-z0-9_-]+$/.test(code)) throw new Malformed("strayCharacters");
  if (code[0] !== VERSION) {
    if (!/^[A-Z]$/.test(code[0])) throw new Malformed("badBeginning");
    throw new InvitationError(refusal("otherFormat", kind, { format: code[0] }));
  }
  const bytes = fromBase64url(code.slice(1));
  if (!bytes) throw new Malformed("cutShort");
  const body = bytes.subarray(0, -2);
  if (bytes.length < 3 || crc16(VERSION, body) !== ((bytes[bytes.length - 2] << 8) | bytes[bytes.length - 1])) {
    throw new Malformed("changed");
  }
  const input = new Reader(body);
  const kindByte = input.byte();
  if (kindByte === KIND[other]) throw new InvitationError(refusal("other", kind));
  if (kindByte !== KIND[kind]) input.damaged("unknownKind");
  return input;
}

// ---- the record's parts ------------------------------------------------------------------------

/** @param {Writer} out @param {string} id */
function writeId(out, id) {
  if (typeof id !== "string" || !ID_PATTERN.test(id)) out.refuse("idCharacters");
  out.byte(id.length);
  out.bytes(packChars(id, BASE64URL, 6));
}

/** @param {Reader} input @returns {string} */
function readId(input) {
  const length = input.byte();
  if (length < 8 || length > 32) input.damaged("idLength");
  return unpackChars(input.bytes(Math.ceil(length * 6 / 8)), length, BASE64URL, 6);
}

/** @param {Writer} out @param {CompactDescription} c */
function writeConnection(out, c) {
  const hash = HASHES.findIndex(([name]) => name === c.fingerprint.algorithm);
  if (hash < 0 || c.fingerprint.bytes.length !== HASHES[hash][1]) out.refuse("fingerprintUnknown");
  const setup = SETUPS.indexOf(c.setup);
  if (setup < 0) out.refuse("setupUnknown");
  if (!Array.isArray(c.candidates) || c.candidates.length > INVITATION_LIMITS.candidates) {
    out.refuse("tooManyCandidates", { most: INVITATION_LIMITS.candidates });
  }
  out.byte(setup | (c.mid !== undefined ? 4 : 0) | (c.sctpPort !== undefined ? 8 : 0) | (c.maxMessageSize !== undefined ? 16 : 0));
  out.byte(hash);
  out.bytes(c.fingerprint.bytes);
  writeIceText(out, c.ufrag, 4, "ufrag");
  writeIceText(out, c.pwd, 22, "pwd");
  if (c.mid !== undefined) writeIceText(out, c.mid, 1, "mid", 32);
  if (c.sctpPort !== undefined) {
    if (!isPort(c.sctpPort)) out.refuse("sctpPort");
    out.varint(c.sctpPort);
  }
  if (c.maxMessageSize !== undefined) {
    if (!Number.isSafeInteger(c.maxMessageSize) || c.maxMessageSize < 1 || c.maxMessageSize >= MESSAGE_SIZE) {
      out.refuse("messageSizeRange");
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
  if (!setup) input.damaged("setupUnknown");
  const hash = HASHES[input.byte()];
  if (!hash) input.damaged("fingerprintKind");
  const fingerprint = { algorithm: hash[0], bytes: Uint8Array.from(input.bytes(hash[1])) };
  const ufrag = readIceText(input, 4, "ufrag");
  const pwd = readIceText(input, 22, "pwd");
  /** @type {CompactDescription} */
  const c = { ufrag, pwd, fingerprint, setup, candidates: [] };
  if (flags & 4) c.mid = readIceText(input, 1, "mid", 32);
  if (flags & 8) {
    c.sctpPort = input.varint();
    if (!isPort(c.sctpPort)) input.damaged("sctpPort");
  }
  if (flags & 16) {
    c.maxMessageSize = input.varint();
    if (c.maxMessageSize < 1 || c.maxMessageSize >= MESSAGE_SIZE) input.damaged("messageSizeRange");
  }
  const count = input.byte();
  if (count > INVITATION_LIMITS.candidates) input.damaged("tooManyCandidatesRead");
  for (let i = 0; i < count; i++) c.candidates.push(readCandidate(input));
  return c;
}

/** @param {Writer} out @param {CompactCandidate} c */
function writeCandidate(out, c) {
  const type = CANDIDATE_TYPES.indexOf(c.type);
  const protocol = PROTOCOLS.findIndex(([p, tcpType]) => p === c.protocol && tcpType === c.tcpType);
  const kind = addressKind(c.address);
  if (type < 0 || protocol < 0 || kind === null || !isPort(c.port)) {
    out.refuse("candidate", { address: String(c.address).slice(0, 60) });
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
  if (!protocol) input.damaged("candidateProtocol");
  const kind = (head >> 4) & 3;
  let address;
  if (kind === ADDRESS_KINDS.ipv4) address = [...input.bytes(4)].join(".");
  else if (kind === ADDRESS_KINDS.ipv6) address = formatIPv6([...input.bytes(16)]);
  else if (kind === ADDRESS_KINDS.mdns) {
    const hex = [...input.bytes(16)].map((b) => b.toString(16).padStart(2, "0")).join("");
    address = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
  } else {
    address = String.fromCharCode(...input.bytes(input.byte()));
    if (addressKind(address) !== ADDRESS_KINDS.name) input.damaged("candidateHost");
  }
  const port = (input.byte() << 8) | input.byte();
  if (!isPort(port)) input.damaged("candidatePort");
  /** @type {CompactCandidate} */
  const candidate = { type, protocol: protocol[0], address, port };
  if (protocol[1]) candidate.tcpType = protocol[1];
  return candidate;
}

/** @param {Writer} out @param {OfferedGame} game */
function writeGame(out, game) {
  const { rules, start, clock, hostSide } = game || {};
  if (typeof rules !== "string" || rules.length > INVITATION_LIMITS.rules) out.refuse("rulesLong", { most: INVITATION_LIMITS.rules });
  if (typeof start !== "string" || !start || start.length > INVITATION_LIMITS.start) {
    out.refuse("startLong", { most: INVITATION_LIMITS.start });
  }
  if (!SIDES.includes(hostSide)) out.refuse("hostSide");
  if (clock !== null && (!clock || !isClockTime(clock.initial) || clock.initial === 0 || !isClockTime(clock.increment))) {
    out.refuse("clock");
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
  const rules = flags & 4 ? input.text(INVITATION_LIMITS.rules, "rules") : "";
  const start = flags & 8 ? input.text(INVITATION_LIMITS.start, "start") : "start";
  // Written only when there is one, and not the standard start: each game has one record.
  if ((flags & 4 && !rules) || (flags & 8 && !start)) input.damaged("emptyText");
  if (flags & 8 && start === "start") input.damaged("startLongWay");
  let clock = null;
  if (flags & 2) {
    clock = { initial: input.varint(), increment: input.varint() };
    if (!isClockTime(clock.initial) || clock.initial === 0 || !isClockTime(clock.increment)) input.damaged("clockRange");
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
 *  character — Firefox's credentials — otherwise 6), then the characters packed. ``what`` it is
 *  names it in a refusal (live.invitation.part.<what>).
 *  @param {Writer} out @param {string} text @param {number} min @param {string} what @param {number} [max] */
function writeIceText(out, text, min, what, max = 127) {
  if (!isIceText(text, min, max)) out.refuse("iceCharacters", { what: part(what), min, max });
  const hex = /^[0-9a-f]+$/.test(text);
  out.byte(text.length | (hex ? 128 : 0));
  out.bytes(hex ? packChars(text, HEX, 4) : packChars(text, ICE_CHARS, 6));
}

/** @param {Reader} input @param {number} min @param {string} what @param {number} [max] */
function readIceText(input, min, what, max = 127) {
  const head = input.byte();
  const length = head & 127, hex = head >= 128;
  if (length < min || length > max) input.damaged("iceLength", { what: part(what) });
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
  if (buffer !== 0) throw new Malformed("strayBits");
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

/** A record being read went wrong: why (live.invitation.why.<why>, with ``args``), said as the
 *  end of "This … is damaged: …"; ``newer``: it uses what a newer version added. */
class Malformed extends Error {
  /** @param {string} why @param {Record<string, WordsArg>} [args] @param {boolean} [newer] */
  constructor(why, args, newer = false) {
    super(why);
    this.why = because(why, args);
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

  /** @param {string} why @param {Record<string, WordsArg>} [args] @returns {never} */
  damaged(why, args) { throw new Malformed(why, args); }

  /** @returns {never} */
  newer() { throw new Malformed("unreadable", undefined, true); }

  /** Nothing may follow the last field. */
  end() { if (this.at !== this.data.length) this.damaged("pastEnd"); }

  byte() {
    if (this.at >= this.data.length) this.damaged("cutShort");
    return this.data[this.at++];
  }

  /** @param {number} n */
  bytes(n) {
    if (this.at + n > this.data.length) this.damaged("cutShort");
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
        if (byte === 0 && shift > 0) this.damaged("numberLongWay");
        return value;
      }
    }
    return this.damaged("numberTooLong");
  }

  /** UTF-8 text of at most ``max`` characters; ``what`` it is names it in a refusal
   *  (live.invitation.part.<what>). @param {number} max @param {string} what */
  text(max, what) {
    const length = this.varint();
    if (length > max * 3) this.damaged("textTooLong", { what: part(what) });
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(this.bytes(length));
    } catch (err) {
      if (err instanceof Malformed) throw err;
      this.damaged("textUnreadable", { what: part(what) });
    }
    if (text.length > max) this.damaged("textTooLong", { what: part(what) });
    return text;
  }
}

/** Bytes written in order, of an invitation or an answer (``kind``): a value that cannot be
 *  written is refused with an InvitationError (live.invitation.cannotMake.<kind>). */
class Writer {
  /** @param {"invitation" | "answer"} kind */
  constructor(kind) {
    this.kind = kind;
    /** @type {number[]} */
    this.out = [];
  }

  /** Refuse: live.invitation.why.<why>, with ``args``.
   *  @param {string} why @param {Record<string, WordsArg>} [args] @returns {never} */
  refuse(why, args) { throw new InvitationError(refusal("cannotMake", this.kind, { why: because(why, args) })); }

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

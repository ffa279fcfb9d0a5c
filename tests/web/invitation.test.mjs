// Invitations to a live game and their answers (web/js/invitation.js): real offers and answers
// reduced, carried as link fragments and written back as SDP with every field they carried; the
// sizes; and every kind of bad input refused with an InvitationError in words (a message, worded
// here in English; and in German, where the code is opened in German).
//
// data/sdp/: offers and answers of data-channel-only connections, captured from Debian's
// Chromium 156 and Firefox ESR 153 connecting to each other inside a network namespace of their
// own (a veth pair 10.99.0.1/24 and fd00:99::1/64, no ICE server), so they name no address of any
// real machine: "mdns" ones as the browsers give them by default (<uuid>.local), "ipv4" and
// "ipv6" ones with host addresses shown (Chromium --disable-features=WebRtcHideLocalIpsWithMdns,
// Firefox media.peerconnection.ice.obfuscate_host_addresses=false).
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";
import {
  FRAGMENT_KEYS, INVITATION_LIMITS, InvitationError, VERSION, compactDescription, decodeAnswer,
  decodeInvitation, encodeAnswer, encodeInvitation, expandDescription, liveFragmentKind,
} from "../js/invitation.js";
import { newGameId } from "../js/live-protocol.js";
import { say, setCatalogue } from "../js/i18n.js";
import { catalogue } from "./helpers.mjs";

/** An InvitationError as its reader reads it (English, the catalogue helpers.mjs loads). */
const words = (err) => say(err.reason);

const SAMPLES = new URL("./data/sdp/", import.meta.url);
const samples = readdirSync(SAMPLES).filter((name) => name.endsWith(".sdp")).sort()
  .map((name) => ({ name, type: name.includes("-offer-") ? "offer" : "answer",
                    sdp: readFileSync(new URL(name, SAMPLES), "utf8") }));
const sample = (name) => samples.find((s) => s.name === name);

const ID = "Abc_def-1234";
const STANDARD = { rules: "", start: "start", clock: null, hostSide: "black" };
const TIMED = { rules: "setup=facing,duel=even", start: "start", clock: { initial: 300000, increment: 3000 },
                hostSide: "orange" };
/** A typical link: the app's address and the fragment. */
const LINK_BASE = "https://your.host/jetan/";

/** What an SDP says of the connection, read here independently of the module: its section's
 *  attributes, or else the session's. */
function fieldsOf(sdp) {
  const lines = sdp.split(/\r?\n/).filter(Boolean);
  const firstMedia = lines.findIndex((l) => l.startsWith("m="));
  const session = lines.slice(0, firstMedia), media = lines.slice(firstMedia);
  const attribute = (name) => {
    const line = media.find((l) => l.startsWith(`a=${name}:`)) ?? session.find((l) => l.startsWith(`a=${name}:`));
    return line?.slice(name.length + 3);
  };
  const candidates = media.filter((l) => l.startsWith("a=candidate:")).map((l) => {
    const f = l.slice("a=candidate:".length).split(" ");
    const tcptype = f.indexOf("tcptype") > 0 ? f[f.indexOf("tcptype") + 1] : undefined;
    return { protocol: f[2].toLowerCase(), priority: Number(f[3]), address: f[4], port: Number(f[5]), type: f[7], tcptype };
  });
  return { ufrag: attribute("ice-ufrag"), pwd: attribute("ice-pwd"), fingerprint: attribute("fingerprint").toUpperCase(),
           setup: attribute("setup"), mid: attribute("mid"), sctpPort: attribute("sctp-port"),
           maxMessageSize: attribute("max-message-size"), candidates, media: media[0] };
}

const code = (fragment) => fragment.slice(fragment.indexOf("=") + 1);

/** Decoding ``text`` throws an InvitationError whose message is a sentence (and no other error).
 *  @returns {string} the sentence */
function refused(decode, text, pattern = /./) {
  let error;
  try {
    decode(text);
  } catch (err) {
    error = err;
  }
  assert.ok(error instanceof InvitationError, `${JSON.stringify(String(text).slice(0, 80))}: ${error}`);
  assert.match(words(error), /^This .*\.$/s);
  assert.match(words(error), pattern);
  return words(error);
}

// A record as the format holds it, for bad ones only a hand could make: the bytes, their CRC-16
// (CCITT-FALSE, over the format's letter and the bytes), base64url.
function crc16(bytes) {
  let crc = 0xffff;
  for (const byte of [VERSION.charCodeAt(0), ...bytes]) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}
const sealed = (bytes) => {
  const crc = crc16(bytes);
  return VERSION + Buffer.from([...bytes, crc >> 8, crc & 255]).toString("base64url");
};
const recordOf = (fragment) => {
  const bytes = [...Buffer.from(code(fragment).slice(1), "base64url")];
  return bytes.slice(0, -2);
};

// ---- round trips over real descriptions -----------------------------------------------------

test("the samples are there: Chromium and Firefox, offers and answers, mDNS, IPv4 and IPv6", () => {
  const names = samples.map((s) => s.name).join(" ");
  for (const browser of ["chromium", "firefox"]) {
    for (const type of ["offer", "answer"]) assert.match(names, new RegExp(`${browser}-${type}-`));
  }
  for (const kind of ["mdns", "ipv4", "ipv6"]) assert.match(names, new RegExp(`-${kind}`));
});

for (const { name, type, sdp } of samples) {
  test(`${name}: compact, as a link and back, and written out again with every field it carried`, () => {
    const original = fieldsOf(sdp);
    const compact = compactDescription({ type, sdp });
    const fragment = type === "offer" ? encodeInvitation({ id: ID, game: TIMED, connection: compact })
      : encodeAnswer({ id: ID, connection: compact });
    const read = type === "offer" ? decodeInvitation(fragment) : decodeAnswer(fragment);
    assert.deepEqual(read.connection, compact);
    assert.equal(read.id, ID);
    if (type === "offer") assert.deepEqual(read.game, TIMED);

    const expanded = expandDescription(read.connection, type);
    assert.equal(expanded.type, type);
    const written = fieldsOf(expanded.sdp);
    for (const field of ["ufrag", "pwd", "fingerprint", "setup", "mid"]) assert.equal(written[field], original[field], field);
    assert.equal(written.sctpPort, original.sctpPort ?? "5000");
    // A larger limit than 256 KB is said to be 256 KB (never more than the peer takes).
    assert.equal(Number(written.maxMessageSize), Math.min(Number(original.maxMessageSize ?? 65536), 262144));
    assert.equal(written.media, "m=application 9 UDP/DTLS/SCTP webrtc-datachannel");
    // Every candidate anyone can connect to, in the order of the browser's priorities (TCP
    // "active" ones, port 9, connect out only).
    const reachable = original.candidates.filter((c) => c.tcptype !== "active").sort((a, b) => b.priority - a.priority);
    assert.ok(reachable.length >= 1);
    assert.deepEqual(written.candidates.map(({ priority, ...c }) => c), reachable.map(({ priority, ...c }) => c));
    const priorities = written.candidates.map((c) => c.priority);
    assert.deepEqual(priorities, [...priorities].sort((a, b) => b - a));
    assert.match(expanded.sdp, /^v=0\r\n(.+\r\n)+$/);
    assert.match(expanded.sdp, /\r\na=group:BUNDLE 0\r\n/);
    assert.match(expanded.sdp, /\r\na=end-of-candidates\r\n$/);
  });
}

test("a compact description holds only what the other side needs", () => {
  const compact = compactDescription(sample("firefox-offer-mdns.sdp"));
  assert.deepEqual(Object.keys(compact).sort(), ["candidates", "fingerprint", "pwd", "setup", "ufrag"]);
  assert.equal(compact.fingerprint.algorithm, "sha-256");       // Firefox writes it at session level
  assert.equal(compact.fingerprint.bytes.length, 32);
  assert.equal(compact.setup, "actpass");
  assert.deepEqual(compact.candidates.map((c) => Object.keys(c).sort()), [["address", "port", "protocol", "type"]]);
  assert.match(compact.candidates[0].address, /^[0-9a-f-]{36}\.local$/);
  // An answer's role.
  assert.equal(compactDescription(sample("chromium-answer-mdns.sdp")).setup, "active");
});

test("links are short: a typical invitation well under 300 characters in both browsers", () => {
  const lengths = {};
  for (const name of ["chromium-offer-mdns.sdp", "chromium-offer-ipv4.sdp", "firefox-offer-mdns.sdp", "firefox-offer-ipv4.sdp"]) {
    const connection = compactDescription(sample(name));
    const link = LINK_BASE + encodeInvitation({ id: newGameId(), game: TIMED, connection });
    lengths[name] = link.length;
    assert.ok(link.length <= 200, `${name}: ${link.length}`);
  }
  for (const name of ["chromium-answer-mdns.sdp", "chromium-answer-ipv4.sdp", "firefox-answer-mdns.sdp"]) {
    const link = LINK_BASE + encodeAnswer({ id: newGameId(), connection: compactDescription(sample(name)) });
    lengths[name] = link.length;
    assert.ok(link.length <= 200, `${name}: ${link.length}`);
  }
  // An IPv4 host candidate is 12 bytes shorter than an mDNS name's 16-byte UUID.
  assert.ok(lengths["chromium-offer-ipv4.sdp"] < lengths["chromium-offer-mdns.sdp"]);
});

test("every kind of candidate, address and setting survives the trip", () => {
  const connection = {
    ufrag: "u+F/", pwd: "0123456789abcdefABCDEF+/xy",
    fingerprint: { algorithm: "sha-512", bytes: Uint8Array.from({ length: 64 }, (_, i) => 255 - i) },
    setup: "passive",
    candidates: [
      { type: "host", protocol: "udp", address: "192.168.1.20", port: 1 },
      { type: "host", protocol: "tcp", tcpType: "passive", address: "2001:db8::1:0:0:1", port: 9000 },
      { type: "host", protocol: "tcp", tcpType: "so", address: "fe80::1", port: 65535 },
      { type: "srflx", protocol: "udp", address: "::", port: 3478 },
      { type: "prflx", protocol: "udp", address: "1:2:3:4:5:6:7:8", port: 40000 },
      { type: "relay", protocol: "udp", address: "relay.example.net", port: 443 },
      { type: "host", protocol: "udp", address: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d.local", port: 50000 },
    ],
    mid: "data", sctpPort: 5001, maxMessageSize: 65536,
  };
  const read = decodeAnswer(encodeAnswer({ id: ID, connection }));
  assert.deepEqual(read.connection, connection);
  const written = fieldsOf(expandDescription(read.connection, "answer").sdp);
  assert.deepEqual(written.candidates.map((c) => [c.type, c.protocol, c.tcptype, c.address, c.port]),
                   connection.candidates.map((c) => [c.type, c.protocol, c.tcpType, c.address, c.port]));
  assert.equal(written.mid, "data");
  assert.equal(written.sctpPort, "5001");
  assert.equal(written.maxMessageSize, "65536");
  assert.equal(written.setup, "passive");
  assert.match(written.fingerprint, /^SHA-512 FF:FE:FD(:[0-9A-F]{2}){61}$/);
  // The group names the mid; ICE's priorities keep the order (host first among equals of type).
  const sdp = expandDescription(read.connection, "answer").sdp;
  assert.match(sdp, /a=group:BUNDLE data\r\n/);
  assert.match(sdp, / typ srflx raddr 0\.0\.0\.0 rport 0\r\n/);
  assert.match(sdp, / typ relay raddr 0\.0\.0\.0 rport 0\r\n/);
});

test("the SDP's own forms are read: IPv6 written any way, priorities ordering, candidates left out", () => {
  const base = sample("chromium-offer-ipv4.sdp").sdp.replace(/a=candidate:.*\r\n/, "");
  const withCandidates = (...lines) => base.replace("a=ice-ufrag:", `${lines.map((l) => `a=candidate:${l}\r\n`).join("")}a=ice-ufrag:`);
  const sdp = withCandidates(
    "1 1 udp 100 10.0.0.1 5000 typ host",
    "2 1 UDP 300 FD00:0099:0000:0000:0000:0000:0000:0001 5001 typ host generation 0",
    "3 1 tcp 200 10.0.0.1 9 typ host tcptype active",
    "4 2 udp 400 10.0.0.2 5002 typ host",                         // RTCP: not for a data channel
    "5 1 udp 500 fe80::1%eth0 5003 typ host",                     // a zone: only for this link
    "6 1 udp 250 10.0.0.3 0 typ host",                            // no port
    "7 1 tcp 260 10.0.0.4 5004 typ host tcptype passive",
    "8 1 udp 270 999.0.0.1 5005 typ host",                        // not an address
    "9 1 udp 280 10.0.0.5 5006 typ srflx raddr 0.0.0.0 rport 0",
    "10 1 udp 290 short",                                         // cut off
  );
  const compact = compactDescription({ type: "offer", sdp });
  assert.deepEqual(compact.candidates.map((c) => `${c.protocol} ${c.address} ${c.port} ${c.type}`), [
    "udp fd00:99::1 5001 host", "udp 10.0.0.5 5006 srflx", "tcp 10.0.0.4 5004 host", "udp 10.0.0.1 5000 host"]);
  // At most INVITATION_LIMITS.candidates, the best kept.
  const many = withCandidates(...Array.from({ length: 20 }, (_, i) => `${i} 1 udp ${i} 10.0.1.${i} 6000 typ host`));
  const kept = compactDescription({ type: "offer", sdp: many }).candidates;
  assert.equal(kept.length, INVITATION_LIMITS.candidates);
  assert.equal(kept[0].address, "10.0.1.19");
});

test("a description missing what a connection needs cannot be compacted, and says why", () => {
  const sdp = sample("chromium-offer-ipv4.sdp").sdp;
  const cases = [
    undefined, {}, { type: "offer" }, { type: "offer", sdp: 42 },
    { type: "offer", sdp: "" },
    { type: "offer", sdp: sdp.replace("webrtc-datachannel", "109") },
    { type: "offer", sdp: sdp.replace(/a=ice-ufrag:.*\r\n/, "") },
    { type: "offer", sdp: sdp.replace(/a=ice-pwd:.*\r\n/, "a=ice-pwd:short\r\n") },
    { type: "offer", sdp: sdp.replace(/a=fingerprint:.*\r\n/, "") },
    { type: "offer", sdp: sdp.replace(/a=fingerprint:sha-256/, "a=fingerprint:sha-999") },
    { type: "offer", sdp: sdp.replace(/a=fingerprint:(.*):..\r\n/, "a=fingerprint:$1\r\n") },
    { type: "offer", sdp: sdp.replace(/a=setup:.*\r\n/, "a=setup:holdconn\r\n") },
    { type: "offer", sdp: sdp.replace(/a=sctp-port:.*\r\n/, "a=sctp-port:70000\r\n") },
    { type: "offer", sdp: sdp.replace(/a=max-message-size:.*\r\n/, "a=max-message-size:lots\r\n") },
  ];
  for (const desc of cases) {
    assert.throws(() => compactDescription(desc), (err) => err instanceof InvitationError &&
      /^This device's connection cannot be put in an invitation: .+\.$/.test(words(err)), JSON.stringify(desc)?.slice(0, 200));
  }
  // Defaults that are not the usual ones are carried; an absent size limit is RFC 8841's 64 KB.
  const odd = compactDescription({ type: "offer", sdp: sdp.replace("a=sctp-port:5000", "a=sctp-port:5002")
    .replace(/a=max-message-size:.*\r\n/, "").replace("a=mid:0", "a=mid:dc") });
  assert.equal(odd.sctpPort, 5002);
  assert.equal(odd.maxMessageSize, 65536);
  assert.equal(odd.mid, "dc");
});

// ---- the game offered --------------------------------------------------------------------------

test("the game offered: rules, start, clock and side, as given", () => {
  const connection = compactDescription(sample("chromium-offer-mdns.sdp"));
  const games = [
    STANDARD, TIMED,
    { rules: "r".repeat(INVITATION_LIMITS.rules), start: "é".repeat(INVITATION_LIMITS.start), clock: { initial: 1, increment: 0 }, hostSide: "black" },
    { rules: "", start: "xyz7/10/10/10/10/10/10/10/10/10 b", clock: { initial: 99999999, increment: 99999999 }, hostSide: "orange" },
    { rules: "duel=dice", start: "start ", clock: null, hostSide: "orange" },
  ];
  for (const game of games) {
    const read = decodeInvitation(encodeInvitation({ id: ID, game, connection }));
    assert.deepEqual(read.game, game);
  }
  // The standard game costs one byte.
  const standard = encodeInvitation({ id: ID, game: STANDARD, connection });
  const timed = encodeInvitation({ id: ID, game: { ...STANDARD, clock: { initial: 300000, increment: 3000 } }, connection });
  assert.ok(timed.length - standard.length <= 8);
});

test("an invitation or answer that cannot be made says why", () => {
  const connection = compactDescription(sample("chromium-offer-mdns.sdp"));
  const answer = compactDescription(sample("chromium-answer-mdns.sdp"));
  const invitation = (change) => () => encodeInvitation({ id: ID, game: TIMED, connection, ...change });
  const bad = [
    invitation({ id: "short" }), invitation({ id: "has spaces in it" }), invitation({ id: 12345678 }),
    invitation({ game: { ...TIMED, rules: "r".repeat(INVITATION_LIMITS.rules + 1) } }),
    invitation({ game: { ...TIMED, start: "" } }),
    invitation({ game: { ...TIMED, start: "s".repeat(INVITATION_LIMITS.start + 1) } }),
    invitation({ game: { ...TIMED, hostSide: "Black" } }),
    invitation({ game: { ...TIMED, clock: { initial: 0, increment: 0 } } }),
    invitation({ game: { ...TIMED, clock: { initial: 1.5, increment: 0 } } }),
    invitation({ game: { ...TIMED, clock: { initial: 1000, increment: -1 } } }),
    invitation({ game: { ...TIMED, clock: { initial: 100000000, increment: 0 } } }),
    invitation({ game: { ...TIMED, clock: undefined } }),
    invitation({ game: undefined }),
    invitation({ connection: { ...connection, candidates: Array(17).fill(connection.candidates[0]) } }),
    invitation({ connection: { ...connection, candidates: [{ ...connection.candidates[0], address: "a b" }] } }),
    invitation({ connection: { ...connection, candidates: [{ ...connection.candidates[0], port: 0 }] } }),
    invitation({ connection: { ...connection, candidates: [{ ...connection.candidates[0], type: "mystery" }] } }),
    invitation({ connection: { ...connection, candidates: [{ ...connection.candidates[0], protocol: "tcp" }] } }),
    invitation({ connection: { ...connection, fingerprint: { algorithm: "sha-256", bytes: new Uint8Array(31) } } }),
    invitation({ connection: { ...connection, ufrag: "abc" } }),
    invitation({ connection: { ...connection, pwd: "x".repeat(128) } }),
    invitation({ connection: { ...connection, sctpPort: 0 } }),
    invitation({ connection: { ...connection, maxMessageSize: 262144 } }),
    () => encodeAnswer({ id: ID, connection: { ...answer, setup: "holdconn" } }),
    () => encodeAnswer({ id: ID, connection }),
    () => encodeInvitation({ id: ID, game: TIMED, connection: answer }),
  ];
  for (const make of bad) {
    assert.throws(make, (err) => err instanceof InvitationError && /^This (invitation|answer) cannot be made: .+\.$/.test(words(err)),
                  make.toString());
  }
});

test("the live game's ids (live-protocol.js) travel in an invitation", () => {
  const id = newGameId();
  const connection = compactDescription(sample("chromium-offer-mdns.sdp"));
  assert.equal(decodeInvitation(encodeInvitation({ id, game: TIMED, connection })).id, id);
});

// ---- the fragment ------------------------------------------------------------------------------

test("fragments: their keys, and a link, a fragment or a code alone are all read", () => {
  const connection = compactDescription(sample("firefox-offer-mdns.sdp"));
  const fragment = encodeInvitation({ id: ID, game: TIMED, connection });
  assert.ok(fragment.startsWith(`#${FRAGMENT_KEYS.invitation}=${VERSION}`));
  assert.match(fragment, /^#live=[A-Za-z0-9_-]+$/);
  const answer = encodeAnswer({ id: ID, connection: compactDescription(sample("chromium-answer-mdns.sdp")) });
  assert.match(answer, /^#live-answer=[A-Za-z0-9_-]+$/);
  const forms = [fragment, fragment.slice(1), code(fragment), LINK_BASE + fragment, ` ${LINK_BASE}?x=1${fragment}\n`,
                 // A chat app's line breaks in a long link.
                 fragment.replace(/(.{40})/g, "$1\n  ")];
  for (const form of forms) assert.deepEqual(decodeInvitation(form).connection, connection, form);
  assert.equal(liveFragmentKind(fragment), "invitation");
  assert.equal(liveFragmentKind(answer), "answer");
  assert.equal(liveFragmentKind(answer.slice(1)), "answer");
  for (const other of ["", "#", "#live", "#1;m=d2d3", "#rules=x&moves=d2d3", "#lived=A", null, undefined]) {
    assert.equal(liveFragmentKind(other), null);
  }
});

// ---- bad input -----------------------------------------------------------------------------------

const INVITATION = encodeInvitation({ id: ID, game: TIMED, connection: compactDescription(sample("chromium-offer-mdns.sdp")) });
const ANSWER = encodeAnswer({ id: ID, connection: compactDescription(sample("firefox-answer-mdns.sdp")) });

test("not text, empty, or nothing like an invitation", () => {
  for (const [decode, key] of [[decodeInvitation, "live"], [decodeAnswer, "live-answer"]]) {
    for (const input of [undefined, null, 42, {}, [], [`#${key}=A`], new String(INVITATION), Symbol("x")]) refused(decode, input);
    for (const input of ["", " ", "#", "#live=", "live-answer=", "#1;m=d2d3,g9g8", "#rules=x", `#${key}=%41`,
                         "https://your.host/jetan/", `#${key}=a${code(INVITATION).slice(1)}`, `#${key}=\u00c5bc`,
                         `#${key}=A`, `#${key}=AA`, `#${key}=AAA`, `#${key}=AAAAA`, `#${key}=A====`, `#${key}=A B`.repeat(3),
                         `#${key.toUpperCase()}=${code(INVITATION)}`, `#${key}=${code(INVITATION)}&r=x`]) {
      refused(decode, input, /damaged/);
    }
  }
  assert.match(refused(decodeInvitation, undefined), /^This invitation link is damaged: it is not text\./);
  assert.match(refused(decodeAnswer, 42), /^This answer is damaged: it is not text\./);
});

test("an answer opened as an invitation, and an invitation as an answer, say which they are", () => {
  assert.match(refused(decodeInvitation, ANSWER), /is an answer to an invitation, not an invitation/);
  assert.match(refused(decodeAnswer, INVITATION), /is an invitation, not an answer/);
  // Without their keys too (a code pasted alone).
  assert.match(refused(decodeInvitation, code(ANSWER)), /is an answer to an invitation/);
  assert.match(refused(decodeAnswer, code(INVITATION)), /is an invitation, not an answer/);
});

test("another format's letter: made by another version of Jetan", () => {
  for (const letter of ["B", "Z"]) {
    assert.match(refused(decodeInvitation, `#live=${letter}${code(INVITATION).slice(1)}`),
                 /^This invitation was made by another version of Jetan \(format [BZ]\): reload the page/);
  }
});

test("cut short anywhere, or with one character changed anywhere: refused", () => {
  for (const [decode, text] of [[decodeInvitation, INVITATION], [decodeAnswer, ANSWER]]) {
    for (let end = 0; end < text.length; end++) refused(decode, text.slice(0, end));
    const start = text.indexOf("=") + 1;
    for (let at = start; at < text.length; at++) {
      for (const ch of ["A", "z", "0", "-", "_", "Q"]) {
        if (ch === text[at]) continue;
        refused(decode, text.slice(0, at) + ch + text.slice(at + 1));
      }
    }
    // One character more, and two characters swapped.
    for (const ch of ["A", "g", "_"]) refused(decode, text + ch);
    for (let at = start + 1; at < text.length - 1; at++) {
      if (text[at] !== text[at + 1]) refused(decode, text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2));
    }
  }
});

test("far too long: refused unread", () => {
  const long = INVITATION + "A".repeat(INVITATION_LIMITS.text);
  assert.match(refused(decodeInvitation, long), /far too long/);
  assert.match(refused(decodeAnswer, "#live-answer=" + "A".repeat(INVITATION_LIMITS.text)), /far too long/);
});

test("the longest invitation there can be still fits the limit", () => {
  const name = "h".repeat(INVITATION_LIMITS.hostName);
  const connection = {
    ufrag: "u".repeat(127), pwd: "P".repeat(127),
    fingerprint: { algorithm: "sha-512", bytes: new Uint8Array(64) }, setup: "actpass",
    candidates: Array.from({ length: INVITATION_LIMITS.candidates }, (_, i) => ({ type: "relay", protocol: "tcp", tcpType: "so", address: name, port: 65535 - i })),
    mid: "m".repeat(32), sctpPort: 65535, maxMessageSize: 262143,
  };
  const game = { rules: "\u4e00".repeat(INVITATION_LIMITS.rules), start: "\u4e00".repeat(INVITATION_LIMITS.start),
                 clock: { initial: 99999999, increment: 99999999 }, hostSide: "orange" };
  const link = LINK_BASE + encodeInvitation({ id: "x".repeat(32), game, connection });
  assert.ok(link.length < INVITATION_LIMITS.text, `${link.length}`);
  assert.deepEqual(decodeInvitation(link).game, game);
  assert.deepEqual(decodeInvitation(link).connection, connection);
  // A host name one longer cannot be carried.
  assert.throws(() => encodeInvitation({ id: ID, game, connection: { ...connection, candidates: [{ ...connection.candidates[0], address: name + "h" }] } }),
                InvitationError);
});

test("records sealed right but holding what no encoder writes: each refused in words", () => {
  const invitation = recordOf(INVITATION);
  const answer = recordOf(ANSWER);
  // The invitation's layout: kind, id (length 12: 9 bytes), connection flags, hash, 32 bytes of
  // fingerprint, ufrag, password, candidate count, candidates (mDNS: 1 + 16 + 2), game flags…
  const at = { kind: 0, idLength: 1, flags: 11, hash: 12, ufrag: 45 };
  const changed = (bytes, index, value) => bytes.map((b, i) => i === index ? value : b);
  const cases = [
    [decodeInvitation, [], /missing or changed/],
    [decodeInvitation, changed(invitation, at.kind, 9), /no known kind/],
    [decodeInvitation, changed(invitation, at.idLength, 7), /game id/],
    [decodeInvitation, changed(invitation, at.idLength, 33), /game id/],
    [decodeInvitation, changed(invitation, at.flags, invitation[at.flags] | 0x80), /newer version/],
    [decodeInvitation, changed(invitation, at.flags, invitation[at.flags] | 3), /DTLS role/],
    [decodeInvitation, changed(invitation, at.flags, (invitation[at.flags] & ~3) | 1), /an answer's, not an invitation's/],
    [decodeAnswer, changed(answer, at.flags, answer[at.flags] & ~3), /an invitation's, not an answer's/],
    [decodeInvitation, changed(invitation, at.hash, 7), /fingerprint/],
    [decodeInvitation, changed(invitation, at.ufrag, 3), /username fragment/],
    [decodeInvitation, [...invitation, 0], /past its end/],
    [decodeAnswer, [...answer, 0], /past its end/],
    [decodeInvitation, invitation.slice(0, -1), /cut short|stray bits/],
  ];
  // The game's flags are the last byte of a standard game's invitation.
  const standard = recordOf(encodeInvitation({ id: ID, game: STANDARD, connection: compactDescription(sample("chromium-offer-mdns.sdp")) }));
  const gameAt = standard.length - 1;
  cases.push([decodeInvitation, changed(standard, gameAt, 0x10), /newer version/]);
  cases.push([decodeInvitation, changed(standard, gameAt, 2), /cut short/]);
  cases.push([decodeInvitation, [...changed(standard, gameAt, 2), 0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 0], /too long|out of range/]);
  cases.push([decodeInvitation, [...changed(standard, gameAt, 2), 0x80, 0x00, 0], /the long way/]);
  cases.push([decodeInvitation, [...changed(standard, gameAt, 2), 0, 0], /clock/]);
  cases.push([decodeInvitation, [...changed(standard, gameAt, 4), 2, 0xff, 0xfe], /not readable text/]);
  cases.push([decodeInvitation, [...changed(standard, gameAt, 4), 0], /empty text/]);
  cases.push([decodeInvitation, [...changed(standard, gameAt, 8), 0], /empty text/]);
  cases.push([decodeInvitation, [...changed(standard, gameAt, 4), 0xff, 0x04, ...Array(601).fill(65)], /too long/]);
  cases.push([decodeInvitation, [...changed(standard, gameAt, 8), 5, ..."start"].map((b) => typeof b === "string" ? b.charCodeAt(0) : b), /the long way/]);
  cases.push([decodeInvitation, [...changed(standard, gameAt, 4), 201, 1, ...Array(201).fill(65)], /too long/]);
  // The candidates: count, then head byte, address, port.
  const countAt = standard.length - 1 - 19 - 1;
  assert.equal(standard[countAt], 1);
  cases.push([decodeInvitation, changed(standard, countAt, 17), /too many candidates/]);
  cases.push([decodeInvitation, changed(standard, countAt + 1, standard[countAt + 1] | 0x40), /newer version/]);
  cases.push([decodeInvitation, changed(standard, countAt + 1, (standard[countAt + 1] & ~0x0c) | 0x0c), /protocol/]);
  cases.push([decodeInvitation, changed(changed(standard, countAt + 18, 0), countAt + 19, 0), /port/]);
  const hostName = [...standard.slice(0, countAt + 1), 0x30, 3, ...Buffer.from("a b"), 0, 80, standard.at(-1)];
  cases.push([decodeInvitation, hostName, /host name/]);
  for (const [decode, bytes, pattern] of cases) {
    const message = refused(decode, `#${decode === decodeInvitation ? "live" : "live-answer"}=${sealed(bytes)}`, pattern);
    assert.doesNotMatch(message, /undefined|\[object|Error/, message);
  }
});

test("random records, sealed right or not: an invitation read or an InvitationError, nothing else", () => {
  let seed = 1;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const valid = recordOf(INVITATION);
  let read = 0;
  for (let n = 0; n < 3000; n++) {
    // Some wholly random, some a valid record with a few bytes changed or cut.
    let bytes = n % 3 === 0 ? Array.from({ length: Math.floor(random() * 120) }, () => Math.floor(random() * 256)) : [...valid];
    if (n % 3) {
      for (let k = 0; k < 1 + Math.floor(random() * 3); k++) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
      if (n % 3 === 2) bytes = bytes.slice(0, Math.floor(random() * bytes.length));
    }
    const text = `#live=${sealed(bytes)}`;
    try {
      const invitation = decodeInvitation(text);
      read++;
      // Whatever was read can be written back as the same invitation.
      assert.deepEqual(decodeInvitation(encodeInvitation(invitation)), invitation);
    } catch (err) {
      assert.ok(err instanceof InvitationError, `${text}: ${err}`);
      assert.match(words(err), /^This .*\.$/s);
    }
  }
  assert.ok(read < 3000);
});

test("a code refused is worded in its reader's language, and its own text holds no words", () => {
  const fragment = encodeInvitation({ id: ID, game: TIMED, connection: compactDescription(sample("chromium-offer-ipv4.sdp")) });
  assert.match(fragment, /^#live=[A-Za-z0-9_-]+$/, "an invitation carries no language");
  let err;
  try { decodeInvitation(fragment.slice(0, 40)); } catch (e) { err = e; }
  assert.ok(err instanceof InvitationError);
  assert.equal(err.reason.key, "live.invitation.damaged.invitation");
  try {
    setCatalogue("de", catalogue("de"));
    assert.match(words(err), /^Diese Einladung ist beschädigt: [A-Z].+\. Bitte dein Gegenüber, sie noch einmal zu schicken\.$/);
    let other;
    try { decodeAnswer(fragment); } catch (e) { other = e; }
    assert.equal(words(other), "Das ist eine Einladung, keine Antwort: Schick sie deinem Gegenüber und öffne hier die "
                              + "Antwort, die zurückkommt.");
  } finally {
    setCatalogue("en", catalogue("en"));
  }
  assert.match(words(err), /^This invitation link is damaged: .+\. Ask your friend to send it again\.$/);
});

// Where a live game's two browsers look for each other: the one place a host changes (see the
// README, "Live games"). On one network (the same Wi-Fi, the same machine) the browsers need no
// server at all. Across the internet each needs to learn its public address from a STUN server;
// the default is Google's public one, which learns each player's public IP address and port and
// when they connect — nothing of the game, which goes browser to browser, encrypted. Some
// networks (strict company or mobile NATs) also need a TURN relay, which we do not run: a host
// that runs one adds it here ({urls: "turn:…", username, credential}). An empty list keeps every
// packet on the local network (the tests use that).

/** @type {RTCIceServer[]} */
export const ICE_SERVERS = [{ urls: "stun:stun.l.google.com:19302" }];

/** How long the browser gathers its addresses before the invitation or answer is shown (ms):
 *  enough for a STUN server's answer; the addresses found by then are sent. */
export const GATHER_MS = 4000;

/** How long after the answer reaches the host the two browsers may take to connect (ms), before
 *  the page says it could not and offers to go on by correspondence. */
export const CONNECT_MS = 30000;

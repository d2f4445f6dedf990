import { formatRefusal } from './transports/index.js';
import { pairVerdict } from './rounds.js';

/**
 * The codecs each transport measures, and the cells it skips. Without --formats (`explicit` false) a transport
 * takes the codecs of its declared formatPair (JSON side, protobuf side, whichever it declares); with --formats
 * it takes every given codec it can carry and skips the others with the reason its supports.formats gives. Given
 * the payload's schema, a transport that cannot serve it skips every format, with its reason.
 * @param {import('./transports/index.js').Transport[]} transports
 * @param {import('../codecs/index.js').CodecInfo[]} codecs the codecs selected: the user's, or every pair's
 * @param {{ explicit: boolean, schema?: import('../schema/index.js').Schema }} options schema: the payload's, for a
 *   transport that serves a service generated from it (transport.servesSchema)
 * @returns {{ codecsFor: Record<string, import('../codecs/index.js').CodecInfo[]>, skipped: Array<{ transport: string, format: string, reason: string }> }}
 */
export function assignFormats(transports, codecs, { explicit, schema }) {
  /** @type {Record<string, import('../codecs/index.js').CodecInfo[]>} */
  const codecsFor = {};
  const skipped = [];
  for (const transport of transports) {
    // a transport that cannot serve the payload's schema at all (gRPC, Connect: buf refuses it) measures none of
    // its formats, so no pass, search or sweep starts its server
    const whole = schema ? transport.servesSchema?.(schema) ?? null : null;
    if (whole) {
      codecsFor[transport.name] = [];
      for (const codec of codecs.filter((c) => (explicit ? true : pairFormats(transport).includes(c.name)))) skipped.push({ transport: transport.name, format: codec.name, reason: whole });
      continue;
    }
    if (!explicit) {
      const names = pairFormats(transport);
      codecsFor[transport.name] = codecs.filter((c) => names.includes(c.name));
      continue;
    }
    codecsFor[transport.name] = [];
    for (const codec of codecs) {
      // a text format is one whose codec declares it is not binary (its bytes are known only once built)
      const reason = formatRefusal(transport, { name: codec.name, textual: codec.kind?.binary === false });
      if (reason) skipped.push({ transport: transport.name, format: codec.name, reason });
      else codecsFor[transport.name].push(codec);
    }
  }
  return { codecsFor, skipped };
}

/**
 * The codec names of a transport's declared JSON-vs-protobuf pair, JSON side first.
 * @param {import('./transports/index.js').Transport} transport
 * @returns {string[]}
 */
export function pairFormats(transport) {
  const { json, protobuf } = transport.formatPair ?? {};
  return [json, protobuf].flatMap((side) => (side ? [side.format] : []));
}

/**
 * @typedef {{ transport: string, format: string, label: string }} PairSide
 * @typedef {{ label: string, kind: 'format'|'cross', json: PairSide, protobuf: PairSide }} NamedPair
 */

/**
 * The pairs that matter, read from the transports' formatPair declarations, in this order: every deployed JSON
 * side against every deployed protobuf side on another transport (REST JSON over HTTP/1.1 vs gRPC protobuf),
 * then each transport's JSON side against its own protobuf side (Connect JSON vs Connect binary).
 * @param {import('./transports/index.js').Transport[]} transports
 * @returns {NamedPair[]}
 */
export function namedPairs(transports) {
  /** @typedef {import('./transports/index.js').FormatSide & { transport: string }} TransportSide */
  /** @type {(key: 'json'|'protobuf') => TransportSide[]} */
  const sides = (key) => transports.flatMap((t) => {
    const declared = t.formatPair?.[key];
    return declared ? [{ transport: t.name, ...declared }] : [];
  });
  /** @type {(s: TransportSide) => PairSide} */
  const side = ({ transport, format, label }) => ({ transport, format, label });
  /** @type {(kind: NamedPair['kind'], json: TransportSide, protobuf: TransportSide) => NamedPair} */
  const pair = (kind, json, protobuf) => ({ label: `${json.label} vs ${protobuf.label}`, kind, json: side(json), protobuf: side(protobuf) });
  const deployedJson = sides('json').filter((s) => s.deployed);
  const deployedProtobuf = sides('protobuf').filter((s) => s.deployed);
  const cross = deployedJson.flatMap((j) => deployedProtobuf.filter((p) => p.transport !== j.transport).map((p) => pair('cross', j, p)));
  const within = transports.flatMap((t) => {
    const { json, protobuf } = t.formatPair ?? {};
    return json && protobuf ? [pair('format', { transport: t.name, ...json }, { transport: t.name, ...protobuf })] : [];
  });
  return [...cross, ...within];
}

/**
 * Wire bytes per message sent, both directions (requests, answers, headers, frames: what the sockets carried).
 * @param {import('./rounds.js').TransmissionRow} row
 */
export function wireBytesPerMessage(row) {
  const sent = row.messages - (row.notSent ?? 0);
  return row.wireBytes && sent > 0 ? (row.wireBytes.up + row.wireBytes.down) / sent : null;
}

/**
 * @typedef {NamedPair & {
 *   verdict: { formats: string[], winner: string|null, ratio: number, rounds: number } | null,
 *   winner: 'json'|'protobuf'|null, msgsPerSecRatio: number|null, bytesRatio: number|null, missing: string|null,
 * }} NamedVerdict
 */

/**
 * A verdict per named pair whose two rows the run has: pairVerdict on the two rows (same rounds), with the
 * protobuf side's median msgs/s and wire bytes per message as ratios to the JSON side's. A pair whose row has
 * no figures (the codec cannot carry the payload, the pass failed) keeps its place with the reason in
 * `missing`; a pair whose rows were not run at all (--formats left them out) is left out.
 * @param {NamedPair[]} pairs
 * @param {import('./rounds.js').TransmissionRow[]} rows the matrix's rows (transport and codec on each)
 * @returns {NamedVerdict[]}
 */
export function namedVerdicts(pairs, rows) {
  const rowOf = (/** @type {PairSide} */ s) => rows.find((r) => r.transport === s.transport && (r.codec ?? r.format) === s.format);
  const verdicts = [];
  for (const p of pairs) {
    const [json, protobuf] = [rowOf(p.json), rowOf(p.protobuf)];
    if (!json || !protobuf) continue;
    const unmeasured = [json, protobuf].find((r) => !(r.minMax && r.msgsPerSec != null && r.msgsPerSec > 0));
    if (unmeasured) {
      verdicts.push({ ...p, verdict: null, winner: null, msgsPerSecRatio: null, bytesRatio: null, missing: `${unmeasured.format}: ${unmeasured.reason ?? unmeasured.ended ?? 'no figures'}` });
      continue;
    }
    const verdict = pairVerdict(json, protobuf);
    // both measured (above): msgsPerSec > 0 on each
    const [jsonRate, protobufRate] = [Number(json.msgsPerSec), Number(protobuf.msgsPerSec)];
    const [jsonBytes, protobufBytes] = [wireBytesPerMessage(json), wireBytesPerMessage(protobuf)];
    verdicts.push({
      ...p, verdict, winner: verdict.winner == null ? null : verdict.winner === json.format ? /** @type {const} */ ('json') : /** @type {const} */ ('protobuf'),
      msgsPerSecRatio: protobufRate / jsonRate, bytesRatio: jsonBytes && protobufBytes ? protobufBytes / jsonBytes : null, missing: null,
    });
  }
  return verdicts;
}

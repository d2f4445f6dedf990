#!/usr/bin/env node
// Writes a JSON document in the shape public open-data exports take: metadata, and the
// records in an array under a top-level key ("trips": bike-share rides, made up, seeded),
// for `node benchmark_dtq.js --data FILE --records trips`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { numberOption, parseCli, runCli } from '../lib/cli/index.js';
import { UserError } from '../lib/errors.js';
import { writeFileAtomic } from '../lib/files.js';
import { seededRandom } from '../lib/random.js';

const USAGE = `usage: node scripts/generate-records.js [--records N] [--seed S] [--out FILE]
  Writes a made-up bike-share export: metadata, and the trips in an array under "trips", for
  node benchmark_dtq.js --data FILE --records trips
  --records N  how many trips (default 200, the size of test/fixtures/bike-trips.json;
               100000 makes a document of about 30 MB)
  --seed S     a whole number; the same seed gives the same trips (default 7)
  --out FILE   where to write it (default: stdout)`;

/**
 * @param {number} seed
 * @returns {{ next: () => number, int: (min: number, max: number) => number, pick: <T>(list: readonly T[]) => T }}
 */
function random(seed) {
  const next = seededRandom(seed);
  return { next, int: (min, max) => min + Math.floor(next() * (max - min + 1)), pick: (list) => list[Math.floor(next() * list.length)] };
}

const STATIONS = [
  ['Alexanderplatz', 52.521918, 13.413215], ['Warschauer Straße', 52.505768, 13.449469], ['Hermannplatz', 52.486834, 13.424528],
  ['Mauerpark', 52.543434, 13.402447], ['Südkreuz', 52.475465, 13.365575], ['Ostkreuz', 52.502886, 13.469148],
  ['Kottbusser Tor', 52.499, 13.418], ['Rosenthaler Platz', 52.529701, 13.401343], ['Tempelhofer Feld Nord', 52.482, 13.392],
  ['Schloss Charlottenburg', 52.520886, 13.29566], ['Görlitzer Park', 52.496606, 13.437408], ['Museumsinsel', 52.516934, 13.402189],
].map(([name, lat, lon], i) => ({ id: 1001 + i * 7, name, lat, lon }));
const BIKES = ['classic', 'classic', 'classic', 'electric', 'cargo'];
const START_MS = Date.parse('2026-06-01T05:00:00.000Z');

/**
 * The document: { meta, trips: [...] }, every trip of one shape.
 * @param {number} count
 * @param {number} seed
 */
export function bikeTrips(count, seed = 7) {
  const r = random(seed);
  let time = START_MS;
  const trips = Array.from({ length: count }, (_, i) => {
    time += r.int(1000, 40000);
    const from = r.pick(STATIONS);
    let to = r.pick(STATIONS);
    if (to === from) to = STATIONS[(STATIONS.indexOf(from) + 1) % STATIONS.length];
    const durationSec = r.int(120, 3600);
    const station = (/** @type {typeof STATIONS[number]} */ s) => ({ id: s.id, name: s.name, lat: s.lat, lon: s.lon });
    return {
      tripId: `T${(900000 + i).toString(36).toUpperCase()}`,
      startedAt: new Date(time).toISOString(),
      endedAt: new Date(time + durationSec * 1000).toISOString(),
      durationSec,
      distanceM: r.int(300, 14000),
      bikeId: r.int(10000, 99999),
      bikeType: r.pick(BIKES),
      member: r.next() < 0.7,
      start: station(from),
      end: station(to),
      priceEur: Math.round((1 + r.next() * 6) * 100) / 100 + 0.001, // never a whole number
    };
  });
  return {
    meta: { source: 'made-up bike-share export (scripts/generate-records.js)', licence: 'CC0-1.0', generatedAt: new Date(time).toISOString(), count, seed },
    trips,
  };
}

// run as a script (the test fixture imports bikeTrips): its options through parseCli and runCli, so bad input is one
// line and exit 2, and a file that cannot be written is named (writeFileAtomic leaves nothing behind)
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runCli(import.meta.url, () => {
    const { values, positionals } = parseCli(process.argv.slice(2), { records: { type: 'string', default: '200' }, seed: { type: 'string', default: '7' }, out: { type: 'string' } });
    if (values.help) return void console.log(USAGE);
    if (positionals.length) throw new UserError(`unexpected argument "${positionals[0]}" (--help lists the options)`);
    const count = numberOption(values.records, 'records', { min: 1, integer: true });
    // the generator takes a 32-bit integer: a seed it would truncate or read as 0 is refused
    const seed = numberOption(values.seed, 'seed', { integer: true });
    if (Math.abs(seed) > 2 ** 31 - 1) throw new UserError(`--seed: expected a whole number of at most ${2 ** 31 - 1} either way, got "${values.seed}"`);
    const text = `${JSON.stringify(bikeTrips(count, seed))}\n`;
    if (values.out) writeFileAtomic(values.out, text);
    else process.stdout.write(text);
  });
}

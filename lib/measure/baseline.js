// Moved to lib/codecs/baseline.js (codecs sit below measure and must not import it). This re-export keeps
// lib/runtimes/page/browser-ws-page.js (the transports helper's file) working until it imports the new place.
export { BASELINE, toBytes } from '../codecs/baseline.js';

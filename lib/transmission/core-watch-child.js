// The core watch's child (core-watch.js): every `period` ms (argv[2]) a fixed unit of work, timed by this process's
// CPU clock, sent to the parent with the time it ended. Nothing of the run's payload: the work is the same in every
// run, so a unit that takes longer means the core ran slower, not that the work changed.
const record = (/** @type {number} */ i) => ({ id: i, name: `item ${i}`, tags: ['a', 'bb', 'ccc'], price: i * 1.25, ok: i % 2 === 0, nested: { x: i, y: `y${i}` } });
const value = Array.from({ length: 40 }, (_, i) => record(i));
let sink = 0;
/** One unit: JSON text out and back, and an integer loop (about 0.4 ms on a 2.5 GHz Xeon core). */
function work() {
  for (let i = 0; i < 8; i++) sink += JSON.parse(JSON.stringify(value)).length;
  let x = 0;
  for (let i = 0; i < 50_000; i++) x = (x + i * 7) | 0;
  sink += x & 1;
}
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const period = Number(process.argv[2]) || 250;
// optimised before the first reading counts
for (let i = 0; i < 50; i++) work();
// paused until the parent says { watch: true }, and again on { watch: false }: the core is the server's
let watching = false;
process.on('message', (/** @type {{ watch?: boolean }} */ m) => { watching = Boolean(m.watch); });
process.send?.({ ready: true });
setInterval(() => {
  if (!watching) return;
  // a core woken from idle runs the first unit slower (caches, clock): one unit untimed, then the faster of two
  work();
  let ms = Infinity;
  for (let k = 0; k < 2; k++) {
    const t0 = cpuMs();
    work();
    ms = Math.min(ms, cpuMs() - t0);
  }
  process.send?.({ at: performance.timeOrigin + performance.now(), ms, sink: sink & 1 });
}, period);
process.on('disconnect', () => process.exit(0));

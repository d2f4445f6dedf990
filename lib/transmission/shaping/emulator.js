import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { BUSY_SEGMENT_BYTES, SEGMENT_HEADER_BYTES, TCP_MSS } from '../model.js';

/**
 * A TCP relay that behaves like a slow link between a client and a server:
 * each direction adds a one-way delay of rtt/2 and carries at most its
 * bandwidth, packets queueing behind each other as on a real link (a packet
 * leaves when the one before it has been transmitted, then travels for the
 * delay). A bounded queue stops reading from the sender when full, so TCP's
 * own flow control pushes back as it would at a real bottleneck. Every
 * connection through one emulator shares its link: a direction's packets, from
 * whichever connection, are transmitted one after another at the direction's
 * bandwidth, so N connections split the bandwidth instead of getting N links
 * (as connections through one phone's radio do). Needs no
 * privileges. The link carries the stream's bytes and their segments'
 * Ethernet, IPv4 and TCP headers, as a kernel shaper counts them (the model's
 * linkBytes, ../model.js): bytes that find the link idle go in segments of at
 * most TCP_MSS, each with its SEGMENT_HEADER_BYTES; bytes that arrive while it
 * is busy queue behind it and, as a busy sender's stream does, carry a header
 * per BUSY_SEGMENT_BYTES.
 * @param {object} options
 * @param {{ host: string, port: number }} options.target the server
 * @param {number} [options.rtt] round-trip delay added, ms (half each way)
 * @param {number|null} [options.down] server → client, kbit/s (null: unlimited)
 * @param {number|null} [options.up] client → server, kbit/s (null: unlimited)
 * @param {number} [options.queueBytes] bytes a direction may hold before it stops reading
 * @param {string} [options.host] where the relay listens (default 127.0.0.1)
 */
export async function startLinkEmulator({ target, rtt = 0, down = null, up = null, queueBytes = 256 * 1024, host = '127.0.0.1' }) {
  const sockets = new Set();
  // bytes of the stream each way, and the header bytes the link carried with them
  const stats = { connections: 0, upBytes: 0, downBytes: 0, upHeaderBytes: 0, downHeaderBytes: 0 };
  // when each direction's link is next free, shared by every connection
  const wires = { up: { freeAt: 0 }, down: { freeAt: 0 } };
  const server = net.createServer((client) => {
    stats.connections++;
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.setNoDelay(true);
      s.on('error', () => {});
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    relay(client, upstream, { delay: rtt / 2, kbit: up, queueBytes, wire: wires.up, count: (n) => { stats.upBytes += n; }, headers: (n) => { stats.upHeaderBytes += n; } });
    relay(upstream, client, { delay: rtt / 2, kbit: down, queueBytes, wire: wires.down, count: (n) => { stats.downBytes += n; }, headers: (n) => { stats.downHeaderBytes += n; } });
  });
  await /** @type {Promise<void>} */ (new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  }));
  return {
    host,
    port: /** @type {import('node:net').AddressInfo} */ (server.address()).port,
    stats,
    /** Stops listening and cuts every relayed connection. */
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

/**
 * One direction of the link.
 * @param {net.Socket} input
 * @param {net.Socket} output
 * @param {{ delay: number, kbit: number|null, queueBytes: number, count: (n: number) => void, headers?: (n: number) => void, wire?: { freeAt: number }, now?: () => number }} link
 *   count: called with the stream's bytes as they leave; headers: with the header bytes a rate-limited link carries for them;
 *   wire: the link this direction transmits on, shared with the other connections' same direction (default: its own):
 *   when it is next free;
 *   now: the clock in ms (performance.now; a test's own clock)
 */
export function relay(input, output, { delay, kbit, queueBytes, count, headers = () => {}, wire = { freeAt: 0 }, now: clock = () => performance.now() }) {
  /** @type {Array<{ at: number, bytes: Buffer }>} */
  const queue = [];
  let head = 0;
  let queued = 0;
  /** @type {ReturnType<typeof setTimeout>|null} */
  let timer = null;
  let ended = false;

  input.on('data', (/** @type {Buffer} */ chunk) => {
    const now = clock();
    if (kbit) {
      // a write that finds the link idle goes in its own segments; one that queues shares them (linkBytes)
      const busy = wire.freeAt > now;
      for (let off = 0; off < chunk.length; off += TCP_MSS) {
        const packet = chunk.subarray(off, off + TCP_MSS);
        const header = busy ? (SEGMENT_HEADER_BYTES * packet.length) / BUSY_SEGMENT_BYTES : SEGMENT_HEADER_BYTES;
        headers(header);
        // kbit/s is bits per millisecond
        wire.freeAt = Math.max(now, wire.freeAt) + ((packet.length + header) * 8) / kbit;
        queue.push({ at: wire.freeAt + delay, bytes: packet });
      }
    } else {
      queue.push({ at: now + delay, bytes: chunk });
    }
    queued += chunk.length;
    if (queued > queueBytes) input.pause();
    schedule();
  });
  input.on('end', () => {
    ended = true;
    if (head === queue.length) output.end();
  });

  function schedule() {
    if (timer || head === queue.length) return;
    timer = setTimeout(deliver, Math.max(0, queue[head].at - clock()));
  }

  function deliver() {
    timer = null;
    const now = clock();
    const ready = [];
    while (head < queue.length && queue[head].at <= now + 0.5) ready.push(queue[head++].bytes);
    if (head > 1024 && head * 2 > queue.length) {
      queue.splice(0, head);
      head = 0;
    }
    if (ready.length) {
      const bytes = ready.length === 1 ? ready[0] : Buffer.concat(ready);
      queued -= bytes.length;
      count(bytes.length);
      if (!output.destroyed) output.write(bytes);
      if (queued <= queueBytes / 2 && input.isPaused()) input.resume();
    }
    if (head === queue.length && ended) output.end();
    schedule();
  }
}

import { UserError } from '../../errors.js';

/**
 * Listens on host:port; the errors a user can cause (a port in use, an address not of this machine) become
 * one line. Shared by every transport's server.
 * @param {import('node:net').Server} server
 * @param {string} host
 * @param {number} port
 * @returns {Promise<import('node:net').AddressInfo & { shown: string }>} shown: the address as a URL holds it
 */
export async function listen(server, host, port) {
  await /** @type {Promise<void>} */ (new Promise((resolve, reject) => {
    server.once('error', (/** @type {NodeJS.ErrnoException} */ err) => {
      if (err.code === 'EADDRINUSE') reject(new UserError(`port ${port} on ${host} is already in use`));
      else if (err.code === 'EACCES') reject(new UserError(`no permission to listen on ${host}:${port}`));
      else if (err.code === 'EADDRNOTAVAIL') reject(new UserError(`--host ${host}: not an address of this machine`));
      else if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN' || err.code === 'EAI_NONAME') {
        reject(new UserError(`--host ${host}: cannot resolve this name to an address of this machine (${err.code})`));
      } else reject(err);
    });
    server.listen(port, host, resolve);
  }));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { ...address, shown: address.family === 'IPv6' ? `[${address.address}]` : address.address };
}

/**
 * A certificate made at run time for a --tls server (never written to the repository): EC P-256 (what
 * deployed HTTPS mostly negotiates), SHA-256, valid one day, for localhost and 127.0.0.1 (the link emulator
 * relays on 127.0.0.1, so clients verify against the name localhost).
 * selfsigned (and the X.509 stack under it) is imported here, not at load: half a second of every server's
 * start, for a certificate only --tls asks for.
 * @returns {Promise<{ key: string, cert: string }>} PEM strings
 */
export async function makeCertificate() {
  const { default: selfsigned } = await import('selfsigned');
  const now = new Date();
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate: new Date(now.getTime() + 24 * 3600 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }, { type: 7, ip: '::1' }] },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

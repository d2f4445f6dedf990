// Connect over HTTP/2 (h2c unless --tls): the same transport as connect.js, one session multiplexing --window streams.
export { connectH2 as default } from './connect.js';

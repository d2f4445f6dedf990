/**
 * Connect's unary formats: the codec whose calls a format makes, and the media type it is sent as. Apart from
 * connect.js so that code which only needs the media types (h2load.js) does not load connect-node.
 * @type {Record<string, { binary: boolean, contentType: string }>}
 */
export const CONNECT_FORMATS = {
  'protobuf-es': { binary: true, contentType: 'application/proto' },
  'protobuf-es-json': { binary: false, contentType: 'application/json' },
};

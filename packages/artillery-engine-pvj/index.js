// Artillery loads an engine named `pvj` in config.engines as the package artillery-engine-pvj (resolved from
// Artillery's own folder or NODE_PATH: scripts/artillery.js puts this folder's parent there) and calls
// `new Engine(script, ee, helpers)`. The work is the toolkit's, in lib/transmission/artillery/engine.js, which this
// package reaches inside the repository it ships in.
export { PvjEngine as default } from '../../lib/transmission/artillery/engine.js';

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's folder, whatever the working directory. */
export const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** Generated on demand and git-ignored: code for user schemas, by codec and schema hash. */
export const CACHE_DIR = path.join(ROOT, '.cache');

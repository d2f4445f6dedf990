import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's folder, whatever the working directory. */
export const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** Committed static code for the bundled payloads. */
export const GENERATED_DIR = path.join(ROOT, 'generated', 'protobufjs');
/** Generated on demand and git-ignored: static code for user schemas. */
export const CACHE_DIR = path.join(ROOT, '.cache');

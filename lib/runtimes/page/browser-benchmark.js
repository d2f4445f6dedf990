/**
 * Benchmark.js for a page. Bundled, it would look for lodash and platform on
 * the page's globals and compile its timing loops through a global
 * `Benchmark`; runInContext hands it both libraries, and the global is set.
 * The bundler maps the bare import 'benchmark' here, except this file's own
 * (browser-runner.js's page plugin), which is the library.
 */
import Benchmark from 'benchmark';
import lodash from 'lodash';
import platform from 'platform';

// runInContext returns a Benchmark constructor bound to the context (@types/benchmark declares it as Function)
const PageBenchmark = /** @type {typeof Benchmark} */ (Benchmark.runInContext({ _: lodash, platform }));
Object.assign(globalThis, { Benchmark: PageBenchmark });

export default PageBenchmark;

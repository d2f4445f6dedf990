/**
 * Benchmark.js for a page. Bundled, it would look for lodash and platform on
 * the page's globals and compile its timing loops through a global
 * `Benchmark`; runInContext hands it both libraries, and the global is set.
 * The bundler maps the bare import 'benchmark' here.
 */
import Benchmark from 'benchmark/benchmark.js';
import lodash from 'lodash';
import platform from 'platform';

const PageBenchmark = Benchmark.runInContext({ _: lodash, platform });
/** @type {any} */ (globalThis).Benchmark = PageBenchmark;

export default PageBenchmark;

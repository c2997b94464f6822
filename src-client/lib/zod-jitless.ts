import type { z } from 'zod';

// The page's CSP forbids eval. Without jitless, zod probes `new Function` once to decide whether to compile
// its parsers, and the browser reports that probe as a CSP violation even though zod catches it. Zod takes
// its configuration from this global when it loads, so setting it here, rather than with z.config, keeps
// zod itself out of the first paint: it arrives with the first page that parses something.
const scope = globalThis as { __zod_globalConfig?: z.core.$ZodConfig };
(scope.__zod_globalConfig ??= {}).jitless = true;

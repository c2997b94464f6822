import { z } from 'zod';

// The page's CSP forbids eval. Without this, zod probes `new Function` once to decide whether to compile
// its parsers, and the browser reports that probe as a CSP violation even though zod catches it.
z.config({ jitless: true });

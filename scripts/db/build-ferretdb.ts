import { ensureFerretDB } from './ferretdb';

// Used by .ci/run so the first test does not pay for the build.
ensureFerretDB();

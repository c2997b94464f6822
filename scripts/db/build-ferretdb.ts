import { ensureFerretDB } from '../../src-server/embedded/ferretdb';

// Used by .ci/run so the first test does not pay for the build.
ensureFerretDB();

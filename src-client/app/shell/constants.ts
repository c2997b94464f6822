import { version } from '../../../package.json';

/** The label under the logo; package.json's version is the one source of truth. */
export const VERSION_LABEL = `Beta ${version}`;

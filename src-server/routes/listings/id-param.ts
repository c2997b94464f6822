import type { AppError } from '../../errors';

/**
 * A resource id from the path. Ids are positive integers; anything else cannot name an existing
 * resource, so it gets the same 404 as a missing one (`/api/listings/abc` is "Listing not found").
 */
export function idParam(raw: string | undefined, missing: () => AppError): number {
  const id = /^\d{1,15}$/.test(raw ?? '') ? Number(raw) : 0;
  if (id <= 0) throw missing();
  return id;
}

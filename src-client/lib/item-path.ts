/** The address of an item's market page, /item/{name}; names are URL-encoded (some hold "/" or "'"). */
export const itemPath = (item: string) => `/item/${encodeURIComponent(item)}`;

import { escapeHtml } from '../lib/escape-html';

export const SITE = 'Brighter Shores Market';

const meta = (attr: 'name' | 'property', key: string, value: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;

/** What a link preview shows of one page. */
export interface Preview {
  title: string;
  description: string;
  /** The page's own address. */
  url: string;
  /** An image link, or '' for none. */
  image: string;
}

/** The title, description, Open Graph and Twitter tags of a page, escaped. */
export function previewTags({ title, description, url, image }: Preview): string {
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
  ].join('\n');
}

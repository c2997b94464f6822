import { Marked, type Tokens } from 'marked';

/** An anchor from a heading's text: "Resuming after a reconnect" -> "resuming-after-a-reconnect". */
export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** CommonMark of an API document's descriptions; headings get anchors so a page's contents can link them. */
const markdown = new Marked({
  renderer: {
    heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
      const text = this.parser.parseInline(token.tokens);
      return `<h${token.depth} id="${slug(token.text)}">${text}</h${token.depth}>\n`;
    },
  },
});

/** Block markdown as HTML. A code block may scroll sideways: it takes focus so the keyboard can scroll it. */
export const markdownBlock = (source: string) =>
  markdown.parse(source, { async: false }).replaceAll('<pre>', '<pre tabindex="0">');

/** Inline markdown (a sentence, a table cell) as HTML. */
export const markdownInline = (source: string) => markdown.parseInline(source, { async: false });

/**
 * The layout of a server-rendered API reference page (skip link, header, contents beside the main
 * column, tables that scroll sideways on their own), drawn with the colours the page defines: --bg, --fg,
 * --muted, --line, --code, --link, --accent and optionally --focus (else --link).
 */
export const REFERENCE_STYLE = `* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.55 system-ui, sans-serif; }
a { color: var(--link); }
a:focus-visible, [tabindex]:focus-visible { outline: 3px solid var(--focus, var(--link)); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0.5rem; background: var(--bg); padding: 0.5rem; }
.skip:focus { left: 0.5rem; }
header { border-bottom: 1px solid var(--line); padding: 1rem 1.5rem; }
header h1 { margin: 0.25rem 0; font-size: 1.75rem; }
header p { margin: 0.25rem 0; color: var(--muted); }
.layout { display: flex; gap: 2rem; padding: 0 1.5rem; }
nav { flex: 0 0 17rem; position: sticky; top: 0; align-self: flex-start; max-height: 100vh; overflow: auto;
  padding: 1rem 0; }
nav h2 { font-size: 1rem; margin: 0 0 0.5rem; }
nav ol { margin: 0; padding-left: 2rem; }
nav li { margin: 0.15rem 0; }
nav a { display: inline-block; min-height: 24px; vertical-align: top; }
nav ol ol { font-size: 0.9rem; }
nav code { overflow-wrap: anywhere; }
main { flex: 1; min-width: 0; max-width: 60rem; padding-bottom: 4rem; }
h2 { margin-top: 2.5rem; border-bottom: 1px solid var(--line); padding-bottom: 0.25rem; }
h3 { margin-top: 2rem; }
code { font: 0.9em/1.4 ui-monospace, monospace; background: var(--code); padding: 0.1em 0.3em; border-radius: 3px; }
pre { background: var(--code); padding: 0.75rem 1rem; overflow: auto; border-radius: 4px; }
pre code { padding: 0; }
.table { overflow-x: auto; margin: 0.75rem 0; }
/* On a phone a table keeps readable columns and scrolls sideways in its region. */
table { border-collapse: collapse; width: 100%; min-width: 40rem; font-size: 0.95rem; }
caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
th, td { border: 1px solid var(--line); padding: 0.35rem 0.5rem; text-align: left; vertical-align: top; }
thead th { background: var(--code); }
tbody th { font-weight: normal; white-space: nowrap; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
.direction { color: var(--accent); font-weight: 600; }
@media (max-width: 50rem) { .layout { display: block; } nav { position: static; max-height: none; } }
`;

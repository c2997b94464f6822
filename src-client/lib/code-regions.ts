/**
 * The excerpts a source file marks for the guides: the lines between `// #region NAME` (or `# region NAME`
 * in Python) and the next `#endregion`. A name marked several times gives its parts in order, one blank
 * line apart, so an excerpt can skip what the guide does not explain. Runs of blank lines close up.
 */
export function codeRegions(source: string): Record<string, string> {
  const parts: Record<string, string[][]> = {};
  let open: string[] | null = null;
  for (const line of source.split('\n')) {
    const start = /^\s*(?:\/\/|#) ?#?region (\S+)/.exec(line);
    if (start) {
      open = [];
      (parts[start[1]] ??= []).push(open);
    } else if (/^\s*(?:\/\/|#) ?#?endregion\b/.test(line)) {
      open = null;
    } else {
      open?.push(line);
    }
  }
  return Object.fromEntries(
    Object.entries(parts).map(([name, blocks]) => [
      name,
      blocks
        .map((lines) => lines.join('\n').replace(/^\n+|\s+$/g, ''))
        .join('\n\n')
        .replace(/\n{3,}/g, '\n\n'),
    ]),
  );
}

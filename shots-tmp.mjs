import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://127.0.0.1:3000';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const pages = [['item', '/item/Rapier'], ['market', '/market'], ['item-empty', '/item/Pine%20Needle%20Worms']];
for (const theme of ['light', 'dark']) {
  for (const width of [1280, 390]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
    const page = await ctx.newPage();
    for (const [name, path] of pages) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/shots/${name}-${theme}-${width}.png`, fullPage: true });
    }
    await ctx.close();
  }
}
await browser.close();
console.log('done');

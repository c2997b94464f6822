import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowserAndAppDatabase } from '../helpers/e2e-pages';
import { createE2eUser, openLoggedIn } from '../helpers/e2e-session';
import { postListingAs, uniqueTag } from '../helpers/e2e-users';
import type { TestUser } from '../helpers/factories';
import { linkIn, waitForMail } from '../helpers/mailbox';

/*
 * The whole trade journey by keyboard only: no mouse, no element.focus() from the test. The page
 * is reached by typing an address (the start, and the mailed link); everything else is keys. After every
 * action focus must be on a visible control that the sticky top bar does not cover, never on the page
 * body; every toast and every field error must have reached the shell's polite live region. The test
 * prints the key presses it needed besides typing text.
 */

const baseUrl = inject('baseUrl');
const mailUrl = inject('mailUrl');
const browser = useBrowserAndAppDatabase();
const tag = uniqueTag('journey');
let owner: TestUser;
let ownerListingId: number;

beforeAll(async () => {
  owner = await createE2eUser();
  ownerListingId = (
    await postListingAs(owner, {
      item: 'Rapier',
      type: 'sell',
      quantity: 3,
      gold: 3,
      priceMode: 'Each',
      notes: tag,
    })
  ).id;
  // Newer listings that the search also finds, shown before the Rapier: the player tabs past their cards.
  for (const item of ['Empty Gas Leech', 'Pine Needle Worms', 'Feast Worms']) {
    await postListingAs(owner, { item, type: 'sell', quantity: 1, gold: 1, notes: tag });
  }
});

/** Records, from the first paint of every page load, what the live region said and which toasts showed. */
function recordAnnouncements(): void {
  const heard: string[] = [];
  const toasts: string[] = [];
  Object.assign(window, { __heard: heard, __toasts: toasts });
  new MutationObserver(() => {
    const region = document.querySelector('body > [aria-live="polite"]');
    for (const child of region?.children ?? []) {
      const text = child.textContent?.trim();
      if (text && !heard.includes(text)) heard.push(text);
    }
    for (const el of document.querySelectorAll('.toast-message')) {
      const text = el.textContent?.trim();
      if (text && !toasts.includes(text)) toasts.push(text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

interface FocusState {
  name: string;
  onBody: boolean;
  covered: number;
  visible: boolean;
}

function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: 'body', onBody: true, covered: 0, visible: false };
    const bar = document.querySelector('.topbar')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    const above = el.closest('.topbar, .skip-link, .sidebar, [aria-modal="true"], .toasts');
    const covered = above ? 0 : Math.max(0, Math.min(bar.bottom, box.bottom) - Math.max(bar.top, box.top));
    const visible = box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
    const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return {
      name: `${el.tagName.toLowerCase()} "${label}"`,
      onBody: false,
      covered: Math.round(covered),
      visible,
    };
  });
}

/** One player's keyboard: counts every key press except typed text, and checks focus after each action. */
class Keyboard {
  presses = 0;
  /** The presses of each step of the journey, as "step N". */
  readonly steps: string[] = [];
  private stepStart = 0;
  constructor(readonly page: Page) {}

  /** Ends a step of the journey: its presses are reported under `name`. */
  step(name: string): void {
    this.steps.push(`${name} ${this.presses - this.stepStart}`);
    this.stepStart = this.presses;
  }

  /** Presses `key` (an arrow key) until `target` has focus: the controls inside a card or a row. */
  async arrowTo(target: Locator, key = 'ArrowRight'): Promise<void> {
    await target.waitFor();
    for (let i = 0; i < 12; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await this.press(key);
    }
    throw new Error(`${key} never reached the target; focus is on ${(await focusState(this.page)).name}`);
  }

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
    this.presses++;
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }

  /** Presses Tab (or Shift+Tab) until `target` has focus. */
  async tabTo(target: Locator, backwards = false): Promise<void> {
    await target.waitFor();
    for (let i = 0; i < 60; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await this.press(backwards ? 'Shift+Tab' : 'Tab');
    }
    throw new Error(`Tab never reached the target; focus is on ${(await focusState(this.page)).name}`);
  }

  /** After an action: focus settles on a visible, uncovered control, not on the body. */
  async settled(): Promise<FocusState> {
    await expect
      .poll(async () => {
        const state = await focusState(this.page);
        return !state.onBody && state.visible && state.covered === 0;
      })
      .toBe(true);
    return focusState(this.page);
  }

  /** Every toast shown on this page so far was also said by the live region. */
  async toastsWereHeard(): Promise<void> {
    const { heard, toasts } = await this.page.evaluate(() => ({
      heard: (window as unknown as { __heard: string[] }).__heard,
      toasts: (window as unknown as { __toasts: string[] }).__toasts,
    }));
    for (const toast of toasts) expect(heard.some((text) => text.includes(toast))).toBe(true);
  }

  async heard(text: string): Promise<void> {
    await expect
      .poll(() => this.page.evaluate(() => (window as unknown as { __heard: string[] }).__heard.join(' | ')))
      .toContain(text);
  }

  /** Answers the open alert or confirm dialog with the button named `button`, by keyboard. */
  async answerDialog(message: string | RegExp, button: string | RegExp): Promise<void> {
    const dialog = this.page
      .getByRole('alertdialog')
      .or(this.page.getByRole('dialog'))
      .filter({ hasText: message });
    await dialog.waitFor();
    await this.tabTo(dialog.getByRole('button', { name: button }));
    await this.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await this.settled();
  }
}

async function newPlayerPage(): Promise<Page> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(recordAnnouncements);
  return context.newPage();
}

/** From anywhere in the app to a page the menu links to. */
async function throughMenu(keys: Keyboard, link: string | RegExp): Promise<void> {
  const { page } = keys;
  await keys.tabTo(page.getByRole('button', { name: 'Open menu' }), true);
  await keys.press('Enter');
  await keys.tabTo(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: link, exact: true }));
  await keys.press('Enter');
  await keys.settled();
}

describe('the whole trade journey by keyboard', () => {
  it('registers, verifies, logs in, posts a combat listing, offers, has it accepted, and cancels a second offer', async () => {
    const run = Date.now().toString(36);
    const player = { username: `Keys${run}`, email: `keys.${run}@example.test`, password: 'arrow-keys-42' };
    const page = await newPlayerPage();
    const keys = new Keyboard(page);

    // Register, with one mistake the form must point at.
    await page.goto(`${baseUrl}/register`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await keys.tabTo(page.getByLabel('Username'));
    await keys.type(player.username);
    await keys.press('Tab');
    await keys.type(player.email);
    await keys.press('Tab');
    await keys.type(player.password);
    await keys.press('Tab');
    await keys.type('not-the-same');
    await keys.press('Enter');
    const confirm = page.getByLabel('Confirm password');
    await expect.poll(() => confirm.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    expect(
      await confirm.evaluate((el) =>
        el
          .getAttribute('aria-describedby')
          ?.split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      ),
    ).toContain('Passwords do not match');
    await keys.heard('1 field needs attention.');
    await keys.press('Control+A');
    await keys.type(player.password);
    await keys.press('Enter');
    await page.waitForURL(/\/login\?message=/);
    await keys.settled();
    await keys.toastsWereHeard();
    keys.step('register');

    // Verify through the mailed link, then on to the login page.
    await page.goto(linkIn(await waitForMail(mailUrl, player.email), '/api/auth/verify-email'));
    await page.waitForURL(/\/verify-email\?status=success/);
    await keys.tabTo(page.getByRole('button', { name: 'Continue to Login' }));
    await keys.press('Enter');
    await page.waitForURL(`${baseUrl}/login`);
    await keys.settled();
    keys.step('verify');

    // Log in: the address just registered is filled in, and focus waits in the password.
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(player.email);
    await keys.type(player.password);
    await Promise.all([page.waitForEvent('load'), keys.press('Enter')]);
    // The login reloads the app, starting afresh as the player: focus lands on the page heading.
    await keys.settled();
    expect((await focusState(page)).name).toMatch(/^h1 /);
    keys.step('log in');

    // Post a combat listing: the item picker, all four price tiers, combat facts.
    await throughMenu(keys, 'Post Listing');
    await page.getByRole('heading', { name: 'Post Listing' }).waitFor();
    await keys.tabTo(page.getByRole('combobox', { name: 'Item' }));
    await keys.type('Rapier');
    await keys.press('Tab');
    expect(await page.getByRole('combobox', { name: 'Item' }).inputValue()).toBe('Rapier');
    await keys.tabTo(page.getByLabel('Quantity'));
    await keys.type('2');
    for (const [tier, amount] of [
      ['Platinum', '1'],
      ['Gold', '2'],
      ['Silver', '3'],
      ['Copper', '4'],
    ]) {
      await keys.tabTo(page.getByLabel(tier, { exact: true }));
      await keys.type(amount);
    }
    const combat = page.getByRole('group', { name: 'Combat' });
    await keys.tabTo(combat.getByLabel('Level'));
    await keys.type('1200');
    await keys.tabTo(combat.getByLabel('Dmg %'));
    await keys.type('35');
    await keys.press('Enter');
    await page.waitForURL(/\/listing\/\d+|\/alllistings|\/myprofile/);
    await keys.settled();
    await keys.toastsWereHeard();
    keys.step('post');

    // Find the other player's listing by search and a filter: each card on the way is one Tab stop.
    await throughMenu(keys, 'All Listings');
    await keys.tabTo(page.getByRole('searchbox', { name: 'Search' }));
    await keys.type(tag);
    await keys.tabTo(page.getByLabel('Type', { exact: true }));
    // A closed select picks the option that starts with the letter pressed.
    await keys.press('s');
    // The select shows what the address says, and the router applies the change a render later.
    await expect.poll(() => page.getByLabel('Type', { exact: true }).inputValue()).toBe('sell');
    const card = page.getByRole('article', { name: 'Rapier', exact: true });
    await expect.poll(() => page.getByRole('article').count()).toBe(4);
    await keys.tabTo(card.getByRole('link', { name: 'Rapier', exact: true }));
    keys.step('find');

    // Offer for one of the three: the card's "Make an offer", reached by arrow keys (End, then Left from
    // View), opens the listing with the offer form open and its first field focused.
    await keys.press('End');
    await keys.arrowTo(card.getByRole('link', { name: 'Make an offer Rapier' }), 'ArrowLeft');
    await keys.press('Enter');
    await page.waitForURL(`${baseUrl}/listing/${ownerListingId}?offer=1`);
    const form = page.getByRole('form', { name: 'Make an offer' });
    await expect
      .poll(() => form.getByLabel('Quantity').evaluate((el) => el === document.activeElement))
      .toBe(true);
    // An offer above the asking price is sent only once the player confirms it.
    const makeOffer = async (gold: string, aboveAsking = false) => {
      await keys.press('Control+A');
      await keys.type('1');
      await keys.tabTo(form.getByLabel('Gold'));
      await keys.type(gold);
      await keys.press('Enter');
      if (aboveAsking) await keys.answerDialog(/more than the listing asks/, 'Send offer');
      await keys.heard('Offer submitted successfully!');
    };
    await makeOffer('3');
    keys.step('offer');

    // The owner accepts it, by keyboard too.
    const ownerPage = await newPlayerPage();
    const ownerKeys = new Keyboard(ownerPage);
    await openLoggedIn(ownerPage, owner, `/listing/${ownerListingId}`);
    const pending = ownerPage.getByRole('listitem', { name: `Offer from ${player.username}: Pending` });
    await ownerKeys.tabTo(pending.getByRole('button', { name: 'Accept' }));
    await ownerKeys.press('Enter');
    await ownerKeys.heard('Offer accepted successfully!');
    await ownerKeys.toastsWereHeard();
    ownerKeys.step('accept');

    // The buyer hears it, then makes a second offer and cancels it.
    await keys.heard(`Your offer on Rapier was accepted`);
    await keys.tabTo(page.getByRole('button', { name: 'Make an Offer' }));
    await keys.press('Enter');
    await keys.tabTo(form.getByLabel('Quantity'));
    await makeOffer('4', true);
    keys.step('second offer');
    // Back to it through the account menu's "My Offers", where the newest offer comes first.
    await keys.tabTo(page.getByRole('button', { name: `Account menu, ${player.username}` }), true);
    await keys.press('Enter');
    await keys.arrowTo(page.getByRole('menuitem', { name: 'My Offers' }), 'ArrowDown');
    await keys.press('Enter');
    await page.waitForURL(`${baseUrl}/myprofile?tab=offers`);
    const cancel = page.getByRole('main').getByRole('button', { name: 'Cancel offer on Rapier' });
    await keys.tabTo(cancel);
    await keys.press('Enter');
    await keys.answerDialog('Cancel your offer on Rapier?', 'Cancel offer');
    await keys.heard('Offer cancelled successfully!');
    await cancel.waitFor({ state: 'detached' });
    await keys.toastsWereHeard();
    keys.step('cancel');

    const total = keys.presses + ownerKeys.presses;
    console.log(
      `keyboard journey: ${total} key presses besides typing (player ${keys.presses}: ${keys.steps.join(', ')}; ` +
        `owner ${ownerKeys.presses}: ${ownerKeys.steps.join(', ')})`,
    );
    expect(total).toBeLessThanOrEqual(160);
    await ownerPage.context().close();
    await page.context().close();
  }, 180_000);
});

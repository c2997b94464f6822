import mongoose from 'mongoose';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { detectDbEngine } from '../../src-server/lib/db-engine';
import { signSessionToken } from '../../src-server/lib/tokens';
import { UserModel } from '../../src-server/models/user';
import { createUser, type TestUser } from './factories';

/*
 * Users for browser tests, written straight into the running app's database (registering through the
 * browser and a mailbox is the accounts suite's job) with session tokens the app accepts.
 */

const tokenConfig = () => ({ JWT_SECRET: inject('jwtSecret'), JWT_EXPIRES_IN: '1h' });

export async function connectAppDatabase(): Promise<void> {
  if (mongoose.connection.readyState === 1) return;
  await mongoose.connect(inject('dbUri'), { dbName: 'market' });
  // The factories' writes (id counters) go through lib/transactions.ts, which asks which engine this is.
  await detectDbEngine(mongoose.connection);
}

export async function disconnectAppDatabase(): Promise<void> {
  await mongoose.disconnect();
}

export function createE2eUser(): Promise<TestUser> {
  return createUser(tokenConfig());
}

/** The user whose Discord ID the app's ADMIN_DISCORD_IDS names; created once per run, shared by test files. */
export async function adminE2eUser(): Promise<TestUser> {
  const discordId = inject('adminDiscordId');
  let existing = await UserModel.findOne({ discordId }).lean();
  if (!existing) {
    try {
      return await createUser(tokenConfig(), { discordId });
    } catch (error) {
      // Another file, running at the same time, created it first.
      existing = await UserModel.findOne({ discordId }).lean();
      if (!existing) throw error;
    }
  }
  const { JWT_SECRET, JWT_EXPIRES_IN } = tokenConfig();
  const id = Number(existing._id);
  return {
    id,
    username: existing.username,
    email: existing.email ?? '',
    password: '',
    discordId,
    token: signSessionToken(
      { id, username: existing.username, sv: existing.sessionVersion ?? 0 },
      JWT_SECRET,
      JWT_EXPIRES_IN,
    ),
  };
}

/**
 * Takes `page` to the favicon: a document of the site's origin that starts no app and renders nothing
 * live. Its renderer process is the one the site's next page loads in, and keeps the scripts that page
 * compiled before; a page parked on about:blank swaps process twice and compiles them again (0.6 CPU-s
 * more per load of the listings page).
 */
export async function goToQuietDocument(page: Page): Promise<void> {
  await page.goto(new URL('/favicon.svg', inject('baseUrl')).href);
}

/**
 * Logs `page`'s context in as `user`, storing the token the way a real login stores it. It is written from
 * the quiet document, so the next page the app boots on is already logged in and the app boots once.
 */
export async function storeSession(page: Page, user: TestUser): Promise<void> {
  await goToQuietDocument(page);
  await page.evaluate((token) => localStorage.setItem('jwtToken', token), user.token);
}

/** Opens `path` logged in as `user`. */
export async function openLoggedIn(page: Page, user: TestUser, path: string): Promise<void> {
  await storeSession(page, user);
  await page.goto(new URL(path, inject('baseUrl')).href);
}

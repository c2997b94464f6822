import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import type { Config } from '../../config';

/** Discord's side of the authorisation-code flow: the authorize URL, the signed state, and code -> profile. */

export type OAuthIntent = { mode: 'login' } | { mode: 'link'; userId: number };
export type OAuthState = OAuthIntent & { nonce: string };

const STATE_AUDIENCE = 'discord-oauth-state';
const STATE_TTL = '10m';
const TIMEOUT_MS = 10_000;

const stateSchema = z.union([
  z.object({ mode: z.literal('login'), nonce: z.string() }),
  z.object({ mode: z.literal('link'), userId: z.number().int(), nonce: z.string() }),
]);

const profileSchema = z.object({
  id: z.string().min(1),
  username: z.string().min(1),
  global_name: z.string().nullish(),
  avatar: z.string().nullish(),
});
export type DiscordProfile = z.infer<typeof profileSchema>;

export class DiscordAuthError extends Error {}

export const discordConfigured = (config: Config) =>
  Boolean(config.DISCORD_CLIENT_ID && config.DISCORD_CLIENT_SECRET);

const redirectUri = (config: Config) =>
  config.DISCORD_REDIRECT_URI ?? `${config.PUBLIC_URL}/api/auth/discord/callback`;
const apiBase = (config: Config) => config.DISCORD_API_BASE.replace(/\/$/, '');

/**
 * Where to send the browser, and the nonce the caller keeps in a cookie: the state is signed and expires,
 * and the cookie ties it to the browser that started, so a stranger's callback URL cannot log someone in.
 */
export function startDiscordAuth(config: Config, intent: OAuthIntent): { url: string; nonce: string } {
  const nonce = randomBytes(16).toString('base64url');
  const state = jwt.sign({ ...intent, nonce }, config.JWT_SECRET, {
    audience: STATE_AUDIENCE,
    expiresIn: STATE_TTL,
  });
  const params = new URLSearchParams({
    client_id: config.DISCORD_CLIENT_ID,
    redirect_uri: redirectUri(config),
    response_type: 'code',
    scope: 'identify',
    state,
  });
  return { url: `${apiBase(config)}/oauth2/authorize?${params}`, nonce };
}

export function readState(config: Config, state: string): OAuthState | null {
  try {
    const decoded = jwt.verify(state, config.JWT_SECRET, { audience: STATE_AUDIENCE });
    const parsed = stateSchema.safeParse(decoded);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Exchanges the code for an access token and reads the Discord user it belongs to. */
export async function fetchDiscordProfile(config: Config, code: string): Promise<DiscordProfile> {
  const tokenResponse = await fetch(`${apiBase(config)}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      client_id: config.DISCORD_CLIENT_ID,
      client_secret: config.DISCORD_CLIENT_SECRET,
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri(config),
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!tokenResponse.ok) throw new DiscordAuthError(`token exchange failed with ${tokenResponse.status}`);
  const tokenBody = z.object({ access_token: z.string().min(1) }).safeParse(await tokenResponse.json());
  if (!tokenBody.success) throw new DiscordAuthError('token response had no access_token');

  const userResponse = await fetch(`${apiBase(config)}/users/@me`, {
    headers: { authorization: `Bearer ${tokenBody.data.access_token}`, accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!userResponse.ok) throw new DiscordAuthError(`users/@me failed with ${userResponse.status}`);
  const profile = profileSchema.safeParse(await userResponse.json());
  if (!profile.success) throw new DiscordAuthError('users/@me returned an unexpected shape');
  return profile.data;
}

/** Discord's CDN URL for an avatar hash; animated avatars ("a_" prefix) are GIFs. */
export function discordAvatarUrl(profile: DiscordProfile): string | null {
  if (!profile.avatar) return null;
  const ext = profile.avatar.startsWith('a_') ? 'gif' : 'png';
  return `https://cdn.discordapp.com/avatars/${profile.id}/${profile.avatar}.${ext}`;
}

/**
 * Every rate limit the server applies, in one table: a name (sent as the policy name in the
 * `RateLimit-Policy` header), how many points a key may use, and the window in seconds. Routes pick
 * limits from here by name (middlewares/rate-limit.ts); the README's configuration section lists them.
 */
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const RATE_LIMITS = {
  /** Every login attempt from one address: slows password spraying across many accounts. */
  'login-ip': { points: 10, duration: MINUTE },
  /** Failed logins from one address on one account; a successful login clears it. */
  'login-ip-account': { points: 5, duration: 15 * MINUTE },
  /**
   * Failed logins on one account from anywhere: ASVS 2.2.1's ceiling of 100 an hour. High enough that
   * one attacker's failures (stopped at 5 by the limit above) never lock the owner out, and an address
   * in `login-known-address` skips it, so failures spread over many addresses cannot either.
   */
  'login-account': { points: 100, duration: HOUR },
  /**
   * Not a limit: remembers for 14 days each address (and account) that logged in successfully, the
   * "known device" ASVS 2.2.1 names, which the per-account ceiling lets through. (The in-memory store
   * expires keys with a Node timer, which cannot wait longer than about 24.8 days.)
   */
  'login-known-address': { points: 1, duration: 14 * DAY },
  /**
   * Unknown or expired login tickets traded from one address (POST /api/auth/ticket); a ticket that
   * works costs nothing. Tickets are 256 random bits, so this only keeps a guesser from hammering it.
   */
  'ticket-ip': { points: 10, duration: 15 * MINUTE },
  'register-ip': { points: 5, duration: MINUTE },
  'register-ip-hour': { points: 20, duration: HOUR },
  /** Requests that send mail (verification, reset, link), per client address. */
  'mail-ip': { points: 5, duration: MINUTE },
  /** Mail of any kind to one address, whoever asks for it. */
  'mail-address': { points: 3, duration: HOUR },
  /** Listing creates and edits per account (those that happen). */
  'listing-write': { points: 30, duration: MINUTE },
  'listing-write-hour': { points: 300, duration: HOUR },
  /** Offers made per account (those accepted by the server). */
  'offer-create': { points: 30, duration: MINUTE },
  'offer-create-hour': { points: 300, duration: HOUR },
  /**
   * Messages written in offer threads per account (those stored): a quick back-and-forth while arranging
   * a meeting fits; a script flooding the other trader's notifications does not.
   */
  'offer-message': { points: 20, duration: MINUTE },
  'offer-message-hour': { points: 300, duration: HOUR },
  /**
   * Username changes per account (refused ones cost nothing): each rewrites every listing and reaches
   * every socket.
   */
  rename: { points: 3, duration: DAY },
  /** Email change attempts (link-email) per account, refused ones too: each one checks the password. */
  'email-change': { points: 5, duration: DAY },
  /**
   * Password change attempts per account, refused ones too: each checks the current password, so a
   * stolen session cannot use it to guess the password.
   */
  'password-change': { points: 10, duration: DAY },
  /** Account deletion attempts per account, refused ones too: each checks the password, like a change. */
  'account-delete': { points: 10, duration: DAY },
  /** Reports filed per account (refused ones cost nothing): enough for a bad day, not for flooding the queue. */
  'report-create': { points: 10, duration: HOUR },
  /** Every request made with one personal access token (a bot), whatever the route. */
  'token-requests': { points: 120, duration: MINUTE },
  'token-requests-hour': { points: 3000, duration: HOUR },
} as const satisfies Record<string, { points: number; duration: number }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './config';

describe('parseEnv', () => {
  it('applies the defaults of the embedded set-up', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DB_PORT: 27018, MAILDEV_PORT: 1080, MAILDEV_SMTP_PORT: 1025 });
    expect(env.ADMIN_DISCORD_IDS).toEqual([]);
  });

  it('names the variable in one line when a value is bad', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT="abc" \(/);
    expect(() => parseEnv({ MONGODB_URI: 'not a url' })).toThrow(/MONGODB_URI/);
  });

  it('splits ADMIN_DISCORD_IDS', () => {
    expect(parseEnv({ ADMIN_DISCORD_IDS: ' 1, 2 ,,3' }).ADMIN_DISCORD_IDS).toEqual(['1', '2', '3']);
  });
});

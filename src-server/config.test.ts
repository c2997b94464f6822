import { describe, expect, it } from 'vitest';
import { checkProductionEnv, ConfigError, loadConfig, parseEnv } from './config';

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

  it('accepts TEST_SHARE_EMBEDDED only with NODE_ENV=test', () => {
    expect(parseEnv({ NODE_ENV: 'test', TEST_SHARE_EMBEDDED: 'true' }).TEST_SHARE_EMBEDDED).toBe(true);
    expect(() => parseEnv({ TEST_SHARE_EMBEDDED: 'true' })).toThrow(
      'Invalid configuration: TEST_SHARE_EMBEDDED="true" (only with NODE_ENV=test)',
    );
  });

  it('reads DISCORD_WEBHOOK_HOSTS (Discord by default) and TEST_WEBHOOK_WINDOW_SECONDS only with NODE_ENV=test', () => {
    expect(parseEnv({}).DISCORD_WEBHOOK_HOSTS).toEqual(['discord.com', 'discordapp.com']);
    expect(
      parseEnv({ DISCORD_WEBHOOK_HOSTS: ' Discord.com, 127.0.0.1:8080 ' }).DISCORD_WEBHOOK_HOSTS,
    ).toEqual(['discord.com', '127.0.0.1:8080']);
    expect(parseEnv({ NODE_ENV: 'test', TEST_WEBHOOK_WINDOW_SECONDS: '5' }).TEST_WEBHOOK_WINDOW_SECONDS).toBe(
      5,
    );
    expect(() => parseEnv({ NODE_ENV: 'production', TEST_WEBHOOK_WINDOW_SECONDS: '5' })).toThrow(
      'Invalid configuration: TEST_WEBHOOK_WINDOW_SECONDS="5" (only with NODE_ENV=test)',
    );
  });

  it('splits ADMIN_DISCORD_IDS', () => {
    expect(parseEnv({ ADMIN_DISCORD_IDS: ' 1, 2 ,,3' }).ADMIN_DISCORD_IDS).toEqual(['1', '2', '3']);
  });
});

describe('loadConfig in production', () => {
  const complete = {
    NODE_ENV: 'production',
    MONGODB_URI: 'mongodb://db.example:27017/?replicaSet=rs0',
    SMTP_URL: 'smtp://relay.example:587',
    JWT_SECRET: 'a-production-secret-of-32-chars!',
  };

  it('names every missing variable in one line instead of starting the embedded defaults', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /^Invalid configuration: NODE_ENV=production requires MONGODB_URI, SMTP_URL, JWT_SECRET$/,
    );
    expect(() => loadConfig({ ...complete, SMTP_URL: '' })).toThrow(/requires SMTP_URL$/);
  });

  it('starts with all three given', () => {
    expect(loadConfig(complete)).toMatchObject({
      MONGODB_URI: complete.MONGODB_URI,
      JWT_SECRET: complete.JWT_SECRET,
    });
  });

  it('leaves development and test to their embedded defaults', () => {
    expect(() => checkProductionEnv(parseEnv({ NODE_ENV: 'development' }))).not.toThrow();
    expect(() => checkProductionEnv(parseEnv({ NODE_ENV: 'test' }))).not.toThrow();
  });
});

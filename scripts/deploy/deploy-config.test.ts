import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startNodeOptions } from '../lib/start-options';

/**
 * No Docker engine runs here, so the deployment files are read and checked for what a production
 * deployment relies on: a replica set (transactions), several app processes sharing Redis, a proxy
 * whose forwarded address the app can trust, websockets through it, health checks, and an image that
 * runs compiled code with production dependencies only, as an unprivileged user.
 */
interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string | number>;
  healthcheck?: { test: string | string[] };
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(readFileSync('docker-compose.yml', 'utf8')) as { services: Record<string, Service> };
const services = compose.services;
const apps = Object.entries(services).filter(([, service]) => service.build !== undefined);
// Continuation lines joined, so each instruction is one line.
const dockerfile = readFileSync('Dockerfile', 'utf8').replace(/\\\n\s*/g, ' ');
const nginx = readFileSync('scripts/deploy/nginx.conf', 'utf8').replace(/#.*$/gm, '');

/** The directives of one nginx block (`location /socket.io/`, `server`, ...), without nested blocks. */
function block(source: string, opener: string): string {
  const start = source.indexOf(`${opener} {`);
  expect(start, `nginx block "${opener}"`).toBeGreaterThanOrEqual(0);
  let depth = 0;
  let body = '';
  for (let i = source.indexOf('{', start); i < source.length; i++) {
    if (source[i] === '{') depth += 1;
    else if (source[i] === '}') depth -= 1;
    if (depth === 0) break;
    body += source[i];
  }
  return body.slice(1);
}
const directives = (body: string) =>
  body
    .replace(/\{[^{}]*\}/g, ';')
    .split(';')
    .map((d) => d.trim().replace(/\s+/g, ' '))
    .filter(Boolean);

describe('docker-compose.yml', () => {
  it('runs MongoDB as a replica set and initiates it', () => {
    const mongo = services.mongo;
    expect(mongo.command).toContain('--replSet');
    const set = mongo.command![mongo.command!.indexOf('--replSet') + 1];
    expect(String(mongo.healthcheck?.test)).toMatch(new RegExp(`rs\\.initiate\\(\\{ _id: '${set}'`));
    for (const [, app] of apps)
      expect(app.environment?.MONGODB_URI).toMatch(new RegExp(`[?&]replicaSet=${set}\\b`));
  });

  it('runs two app processes in production sharing Redis, behind one trusted proxy hop', () => {
    expect(apps.length).toBeGreaterThanOrEqual(2);
    for (const [, app] of apps) {
      expect(app.environment).toMatchObject({ NODE_ENV: 'production', REDIS_URL: 'redis://redis:6379' });
      expect(String(app.environment?.TRUST_PROXY)).toBe('1');
      expect(app.environment?.SMTP_URL).toBeTruthy();
      expect(app.environment?.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
    }
  });

  it('health-checks every service (the app through its image) and starts on healthy dependencies', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.build !== undefined) continue;
      expect(service.healthcheck?.test, name).toBeTruthy();
    }
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\/api\/health/m);
    for (const [, app] of apps) {
      for (const dependency of ['mongo', 'redis']) {
        expect(app.depends_on?.[dependency]?.condition).toBe('service_healthy');
      }
    }
    for (const [name] of apps) expect(services.proxy.depends_on?.[name]?.condition).toBe('service_healthy');
  });
});

describe('scripts/deploy/nginx.conf', () => {
  it('is the proxy service configuration and balances over every app process', () => {
    expect(services.proxy.volumes).toContain('./scripts/deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    const upstream = directives(block(nginx, 'upstream market'));
    for (const [name] of apps) expect(upstream).toContain(`server ${name}:3000`);
  });

  /** The headers a location sends upstream: its own, or (only if it sets none) the server's. */
  function headersOf(location: string): string[] {
    const own = directives(block(nginx, location)).filter((d) => d.startsWith('proxy_set_header'));
    return own.length > 0
      ? own
      : directives(block(nginx, 'server')).filter((d) => d.startsWith('proxy_set_header'));
  }

  it('overwrites X-Forwarded-For with the peer address and sets X-Forwarded-Proto', () => {
    expect(nginx).not.toContain('$proxy_add_x_forwarded_for');
    for (const location of ['location /socket.io/', 'location /']) {
      expect(headersOf(location), location).toContain('proxy_set_header X-Forwarded-For $remote_addr');
      expect(headersOf(location), location).toContain('proxy_set_header X-Forwarded-Proto $scheme');
    }
  });

  it('passes websocket upgrades through for /socket.io/', () => {
    expect(directives(block(nginx, 'location /socket.io/'))).toContain('proxy_pass http://market');
    expect(headersOf('location /socket.io/')).toEqual(
      expect.arrayContaining([
        'proxy_set_header Upgrade $http_upgrade',
        'proxy_set_header Connection $connection_upgrade',
      ]),
    );
    expect(directives(block(nginx, 'server'))).toContain('proxy_http_version 1.1');
    expect(directives(block(nginx, 'map $http_upgrade $connection_upgrade'))).toContain('default upgrade');
  });
});

describe('package.json', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: Record<string, string>;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };

  it('builds the client and the server, and starts the compiled server', () => {
    expect(pkg.scripts.build).toMatch(/^vite build && node --import tsx scripts\/build-server\.ts$/);
    expect(pkg.scripts.start).toMatch(/^npm run build && exec node (--\S+ )*dist\/server\/main\.js$/);
    expect(startNodeOptions()).toContain('--max-semi-space-size=32');
  });

  it('keeps development tools out of the production dependencies, and mongodb-memory-server out entirely', () => {
    for (const dev of ['maildev', 'tsx', 'vite', 'vitest', 'playwright-core', 'esbuild']) {
      expect(pkg.dependencies, dev).not.toHaveProperty(dev);
    }
    expect(pkg.devDependencies).toHaveProperty('maildev');
    for (const deps of [pkg.dependencies, pkg.devDependencies]) {
      expect(Object.keys(deps).filter((name) => name.startsWith('mongodb-memory-server'))).toEqual([]);
    }
  });
});

describe('Dockerfile', () => {
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages[stages.length - 1];

  it('builds in one stage and runs the compiled server with production dependencies only in another', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages[0]).toMatch(/^RUN npm ci\b/m);
    expect(stages[0]).toMatch(/^RUN npm run build$/m);
    expect(runtime).toMatch(/^RUN npm ci --omit=dev\b/m);
    expect(runtime).toMatch(/^COPY --from=\w+ \/app\/dist \.\/dist$/m);
    expect(runtime).toMatch(/^ENV .*\bNODE_ENV=production\b/m);
    // With the Node options `npm start` gives the server.
    const cmd = ['node', ...startNodeOptions(), 'dist/server/main.js'].map((arg) => `"${arg}"`).join(', ');
    expect(runtime).toContain(`\nCMD [${cmd}]`);
    expect(runtime).not.toMatch(/tsx/);
  });

  it('runs as a non-root user with a health check on /api/health', () => {
    const user = runtime.match(/^USER (\S+)$/m)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(runtime.indexOf('USER ')).toBeLessThan(runtime.indexOf('CMD '));
    expect(runtime).toMatch(/^HEALTHCHECK .*\/api\/health/m);
  });
});

import Router from '@koa/router';
import mongoose from 'mongoose';

const PING_TIMEOUT_MS = 1500;

async function databaseUp(): Promise<boolean> {
  const db = mongoose.connection.db;
  if (mongoose.connection.readyState !== 1 || !db) return false;
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), PING_TIMEOUT_MS).unref());
  const ping = db
    .admin()
    .ping()
    .then(() => true)
    .catch(() => false);
  return Promise.race([ping, timeout]);
}

export function healthRoutes(): Router {
  return new Router().get('/health', async (ctx) => {
    const up = await databaseUp();
    ctx.status = up ? 200 : 503;
    ctx.body = { status: up ? 'ok' : 'unavailable', db: up ? 'up' : 'down' };
  });
}

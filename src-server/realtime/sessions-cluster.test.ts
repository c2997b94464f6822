import { describe, expect, it } from 'vitest';
import { createUser } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { useTwoServerProcesses } from '../../tests/helpers/two-processes';
import { connectSocket } from '../../tests/helpers/sockets';

const cluster = useTwoServerProcesses();

describe('ending sessions across server processes', () => {
  it('a logout on one process reaches the other: its sockets are dropped and the token refused there', async () => {
    const user = await createUser(cluster.server.config);
    const there = http(cluster.otherUrl);
    // The other process has checked this session and keeps its generation in its cache.
    expect((await there.get('/api/auth/me', user.token)).status).toBe(200);
    const socket = await connectSocket(cluster.otherUrl, user.token);
    const dropped = new Promise((resolve) => socket.once('disconnect', resolve));

    expect((await http(cluster.server.url).post('/api/auth/logout', undefined, user.token)).status).toBe(204);
    expect((await http(cluster.server.url).get('/api/auth/me', user.token)).status).toBe(401);

    // The relay has arrived once the other process dropped the socket; it learned the generation first.
    expect(await dropped).toBe('io server disconnect');
    expect((await there.get('/api/auth/me', user.token)).status).toBe(401);
    await expect(connectSocket(cluster.otherUrl, user.token)).rejects.toThrow('invalid_token');
  });
});

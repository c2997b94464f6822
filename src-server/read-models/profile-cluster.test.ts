import { describe, expect, it } from 'vitest';
import type { ProfileResponse } from '../../src-common/schemas/profile';
import { createUser, postListing } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { useTwoServerProcesses } from '../../tests/helpers/two-processes';

const cluster = useTwoServerProcesses();

describe('profiles kept in memory, with two server processes', () => {
  it('the other process follows a rename and a new listing made through this one', async () => {
    const seller = await createUser(cluster.server.config);
    await postListing(cluster.server.url, seller.token);
    const there = http(cluster.otherUrl);
    const profileThere = async () =>
      (await there.get<ProfileResponse>(`/api/profile/${seller.id}`, seller.token)).body;
    // The other process has read the account and rendered the profile, and keeps both.
    await expect.poll(async () => (await profileThere()).listings.length).toBe(1);

    const renamed = `Moved${seller.id}`;
    const here = http(cluster.server.url);
    expect((await here.post('/api/auth/update-username', { username: renamed }, seller.token)).status).toBe(
      200,
    );
    const second = await postListing(cluster.server.url, seller.token);

    await expect
      .poll(async () => {
        const profile = await profileThere();
        return { username: profile.profile.username, newest: profile.listings[0]?.id };
      })
      .toEqual({ username: renamed, newest: second.id });
  });
});

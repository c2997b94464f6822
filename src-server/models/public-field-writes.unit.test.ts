import { describe, expect, it } from 'vitest';
import { idsOfFilter, touchesPublicField } from './public-field-writes';

describe('touchesPublicField', () => {
  it('sees a change of anything a profile shows', () => {
    expect(touchesPublicField({ $set: { username: 'Ann', usernameLower: 'ann' } })).toBe(true);
    expect(touchesPublicField({ $set: { avatar: 'https://cdn/a.png' } })).toBe(true);
    expect(touchesPublicField({ $addToSet: { flags: 'Admin' } })).toBe(true);
    expect(touchesPublicField({ $pull: { flags: 'Admin' } })).toBe(true);
    expect(touchesPublicField({ $set: { lastActiveAt: new Date() } })).toBe(true);
    expect(touchesPublicField({ $set: { 'settings.statsPublic': false } })).toBe(true);
    expect(touchesPublicField({ $unset: { avatar: 1 } })).toBe(true);
    // A replacement, or a plain object update (Mongoose wraps it in $set).
    expect(touchesPublicField({ username: 'Ann', passwordHash: 'x' })).toBe(true);
    expect(touchesPublicField(null)).toBe(true);
  });

  it('lets pass writes of what no one else sees', () => {
    expect(touchesPublicField({ $set: { passwordHash: 'x' }, $inc: { sessionVersion: 1 } })).toBe(false);
    expect(touchesPublicField({ $max: { lastSeenAt: new Date() } })).toBe(false);
    expect(touchesPublicField({ $set: { pendingEmail: 'a@b.c', updatedAt: new Date() } })).toBe(false);
    // `usernameLower` and `usernameSkeleton` are not `username`, nor within it.
    expect(touchesPublicField({ $set: { usernameSkeleton: 'ann' } })).toBe(false);
  });
});

describe('idsOfFilter', () => {
  it('names the accounts of a filter by _id', () => {
    expect(idsOfFilter({ _id: 7 })).toEqual([7]);
    expect(idsOfFilter({ _id: 7, emailLower: 'a@b.c' })).toEqual([7]);
    expect(idsOfFilter({ _id: { $in: [1, 2] } })).toEqual([1, 2]);
  });

  it('cannot say for any other filter', () => {
    expect(idsOfFilter({ discordId: '123' })).toBeNull();
    expect(idsOfFilter({ _id: { $ne: 7 } })).toBeNull();
    expect(idsOfFilter({})).toBeNull();
  });
});

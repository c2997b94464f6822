import { describe, expect, it } from 'vitest';
import { duplicateKeyField, isDuplicateKeyError } from './duplicate-key';

// Observed from FerretDB 1.24 (SQLite) when an update breaks a unique index: code 1, no 11000.
const ferretUpdate = {
  code: 1,
  message:
    '[msg_update.go:133 handler.(*Handler).updateDocument] [collection.go:177 sqlite.(*collection).UpdateAll.func1] ' +
    "constraint failed: UNIQUE constraint failed: index 'users_46430fd9_usernameLower_1' (2067)",
};

describe('duplicate keys', () => {
  it("recognises MongoDB's 11000 and reads its field", () => {
    const err = { code: 11000, keyValue: { usernameLower: 'bob' }, message: 'E11000 duplicate key error' };
    expect(isDuplicateKeyError(err)).toBe(true);
    expect(duplicateKeyField(err)).toBe('usernameLower');
  });

  it("recognises FerretDB's E11000, which names no field", () => {
    const err = { code: 11000, message: 'E11000 duplicate key error collection: market.users' };
    expect(isDuplicateKeyError(err)).toBe(true);
    expect(duplicateKeyField(err)).toBeUndefined();
  });

  it("recognises SQLite's UNIQUE constraint (2067) passed through by FerretDB, field from the index name", () => {
    expect(isDuplicateKeyError(ferretUpdate)).toBe(true);
    expect(duplicateKeyField(ferretUpdate)).toBe('usernameLower');
  });

  it('leaves other errors alone', () => {
    expect(isDuplicateKeyError({ code: 1, message: 'something else (2067)' })).toBe(false);
    expect(isDuplicateKeyError(new Error('UNIQUE constraint failed'))).toBe(false);
    expect(isDuplicateKeyError(null)).toBe(false);
  });
});

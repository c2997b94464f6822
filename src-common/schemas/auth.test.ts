import { describe, expect, it } from 'vitest';
import {
  changeEmailFormSchema,
  changePasswordFormSchema,
  linkEmailFormSchema,
  registerFormSchema,
  resetPasswordFormSchema,
  updateUsernameSchema,
} from './auth';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error!.issues[0].message;

describe('registerFormSchema', () => {
  it('names each field with its message (the first problem per field is the one shown)', () => {
    const issues = registerFormSchema.safeParse({
      username: '',
      email: 'x',
      password: '123',
      confirmPassword: '',
    }).error!.issues;
    const first = new Map<unknown, string>();
    for (const issue of issues) if (!first.has(issue.path[0])) first.set(issue.path[0], issue.message);
    expect(Object.fromEntries(first)).toEqual({
      username: 'Username is required',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('checks the confirmation once the fields are valid', () => {
    const result = registerFormSchema.safeParse({
      username: 'abc',
      email: 'a@b.co',
      password: 'secret1',
      confirmPassword: 'secret2',
    });
    expect(result.error!.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: 'Passwords do not match',
    });
  });
});

describe('changePasswordFormSchema', () => {
  it('asks for every field first, then a match, then the length', () => {
    const parse = (currentPassword: string, newPassword: string, confirmPassword: string) =>
      firstMessage(changePasswordFormSchema.safeParse({ currentPassword, newPassword, confirmPassword }));
    expect(parse('', 'abcdefgh', 'abcdefgh')).toBe('Please fill in all password fields');
    expect(parse('old', 'abcdefgh', 'abcdefgX')).toBe('New passwords do not match');
    expect(parse('old', 'short', 'short')).toBe('New password must be at least 8 characters long');
    expect(parse('old', 'abcdefgh', 'abcdefgh')).toBeNull();
  });
});

describe('linkEmailFormSchema', () => {
  it('checks in order: required, length, match, email', () => {
    const parse = (email: string, password: string, confirmPassword: string) =>
      firstMessage(linkEmailFormSchema.safeParse({ email, password, confirmPassword }));
    expect(parse('', 'abcdefgh', 'abcdefgh')).toBe('All fields are required');
    expect(parse('a@b.co', 'short', 'short')).toBe('Password must be at least 8 characters long');
    expect(parse('a@b.co', 'abcdefgh', 'abcdefgX')).toBe('Passwords do not match');
    expect(parse('nope', 'abcdefgh', 'abcdefgh')).toBe('Please enter a valid email address');
  });
});

describe('changeEmailFormSchema', () => {
  it('needs both fields, then a valid address, and sends the current password along', () => {
    const parse = (email: string, currentPassword: string) =>
      changeEmailFormSchema.safeParse({ email, currentPassword });
    expect(firstMessage(parse('', 'secret'))).toBe('All fields are required');
    expect(firstMessage(parse('a@b.co', ''))).toBe('All fields are required');
    expect(firstMessage(parse('nope', 'secret'))).toBe('Please enter a valid email address');
    expect(parse(' a@b.co ', 'secret').data).toEqual({ email: 'a@b.co', currentPassword: 'secret' });
  });
});

describe('resetPasswordFormSchema', () => {
  it('needs 8 characters and a match', () => {
    const parse = (newPassword: string, confirmPassword: string) =>
      firstMessage(resetPasswordFormSchema.safeParse({ token: 't', newPassword, confirmPassword }));
    expect(parse('short', 'short')).toBe('Password must be at least 8 characters long');
    expect(parse('abcdefgh', 'abcdefgX')).toBe('Passwords do not match');
    expect(parse('abcdefgh', 'abcdefgh')).toBeNull();
  });
});

describe('updateUsernameSchema', () => {
  it('trims before checking the length', () => {
    expect(updateUsernameSchema.parse({ username: '  Bob the Trader ' })).toEqual({
      username: 'Bob the Trader',
    });
    expect(firstMessage(updateUsernameSchema.safeParse({ username: ' ab ' }))).toBe(
      'Username must be at least 3 characters',
    );
  });
});

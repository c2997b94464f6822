import { describe, expect, it } from 'vitest';
import { suspensionEndText, suspensionMessage } from './suspension-text';

describe('suspensionEndText', () => {
  it('says permanently without an end date', () => {
    expect(suspensionEndText(null)).toBe('permanently');
  });

  it('names the day an ending suspension is over', () => {
    expect(suspensionEndText('2026-12-03T10:00:00.000Z')).toMatch(/^until 3 December 2026, \d\d:\d\d$/);
  });
});

describe('suspensionMessage', () => {
  it('gives the reason when the server sent one', () => {
    expect(suspensionMessage('Scamming', null)).toBe(
      'Your account is suspended permanently. Reason: Scamming',
    );
    expect(suspensionMessage(undefined, undefined)).toBe('Your account is suspended permanently.');
  });
});

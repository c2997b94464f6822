import type { KeyboardEvent } from 'react';

/**
 * The key filter for number fields lets digits, Backspace, Delete, arrows and Tab through. Enter, Home, End
 * and shortcuts (paste, select all) pass too: they never put a non-digit in the field, and blocking them
 * would break submitting and keyboard editing. Pasted text is cleaned by the change handler.
 */
const PASS_KEYS = new Set([
  'Backspace',
  'Delete',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Tab',
  'Enter',
  'Home',
  'End',
]);

export function filterDigitKeys(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (/^\d$/.test(event.key) || PASS_KEYS.has(event.key)) return;
  event.preventDefault();
}

/** Digits only, at most `maxDigits` of them. */
export function digitsOnly(raw: string, maxDigits: number): string {
  return raw.replace(/\D/g, '').slice(0, maxDigits);
}

/** Props every digits-only input shares. */
export const digitInputProps = {
  inputMode: 'numeric',
  autoComplete: 'off',
  onKeyDown: filterDigitKeys,
} as const;

import { describe, expect, it } from 'vitest';
import { explainStripped, NOTES_MAX, stripNotes } from './notes';

describe('stripNotes', () => {
  it('keeps ordinary text as typed, spaces included', () => {
    expect(stripNotes('Selling 5 logs, fast trade! ')).toBe('Selling 5 logs, fast trade! ');
    expect(stripNotes('Common bonus, onion and one = two?')).toBe('Common bonus, onion and  two?');
  });

  it('strips quotes, backticks, semicolons and backslashes', () => {
    expect(stripNotes(`it's "great"; \`really\` \\ yes`)).toBe('its great really  yes');
  });

  it('strips SQL comment markers', () => {
    expect(stripNotes('price -- drop')).toBe('price  drop');
    expect(stripNotes('a /* hidden */ b')).toBe('a  hidden  b');
    expect(stripNotes('a - b')).toBe('a - b');
  });

  it('strips script tags', () => {
    expect(stripNotes('<script>alert(1)</script>')).toBe('alert(1)');
    expect(stripNotes('<SCRIPT src=x>hi</ script >')).toBe('hi');
    expect(stripNotes('<script')).toBe('');
  });

  it('strips the javascript: scheme in any case and spacing', () => {
    expect(stripNotes('go to javascript:alert(1)')).toBe('go to alert(1)');
    expect(stripNotes('JavaScript :x')).toBe('x');
    expect(stripNotes('java script:x')).toBe('x');
  });

  it('strips inline event handler patterns', () => {
    expect(stripNotes('<img src=x onerror=alert(1)>')).toBe('<img src=x alert(1)>');
    expect(stripNotes('<b onClick = go()>')).toBe('<b  go()>');
  });

  it('strips patterns that only appear once others are removed', () => {
    expect(stripNotes('java;script:x')).toBe('x');
    expect(stripNotes('-;-')).toBe('');
    expect(stripNotes('/;*')).toBe('');
    expect(stripNotes('<scr"ipt>')).toBe('');
    expect(stripNotes('on"click=')).toBe('');
  });

  it('is idempotent', () => {
    const samples = ['java;script:x', `'--/**/<script>onload=`, 'plain text'];
    for (const sample of samples) {
      expect(stripNotes(stripNotes(sample))).toBe(stripNotes(sample));
    }
  });

  it('limits notes to 300 characters', () => {
    expect(NOTES_MAX).toBe(300);
  });
});

describe('explainStripped (what the form says under Notes)', () => {
  it('says nothing when nothing is removed', () => {
    expect(explainStripped('Selling 5 logs, fast trade!')).toBeNull();
  });

  it('names each removed piece once, in the order found', () => {
    expect(explainStripped(`it's "great"; isn't it`)).toBe(`Not allowed in notes, so removed: '  "  ;`);
  });

  it('names pieces that only form once another is removed', () => {
    expect(explainStripped('java;script:alert(1)')).toBe('Not allowed in notes, so removed: ;  javascript:');
  });
});

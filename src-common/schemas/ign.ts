import { z } from 'zod';
import { JS_SPACE_CHARS } from './documented-as';

/**
 * A player's in-game name (IGN): the Brighter Shores character name the other party of a trade looks for
 * in the game. A character name is letters, digits and single spaces; a character without a unique name
 * carries a `#` and a number after it (`Name#566`), which a player must give to be found.
 */
export const IGN_NAME_MAX = 20;
export const IGN_NUMBER_MAX_DIGITS = 6;

export const IGN_CHARACTERS_MESSAGE =
  'In-game name can only contain letters, numbers and single spaces, with an optional #number at the end (Name#566)';
export const IGN_LENGTH_MESSAGE = `In-game name can be at most ${IGN_NAME_MAX} characters (not counting its #number)`;

const NAME = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;
const NUMBER = new RegExp(`^[0-9]{1,${IGN_NUMBER_MAX_DIGITS}}$`);

/** The stored form of a typed name: no spaces around it or around its `#`, runs of spaces as one. */
export const normaliseIgn = (raw: string): string => raw.trim().replace(/\s+/g, ' ').replace(/ ?# ?/g, '#');

/** The first rule a normalised, non-empty name breaks, or null. */
export function ignProblem(ign: string): string | null {
  const hash = ign.lastIndexOf('#');
  const name = hash === -1 ? ign : ign.slice(0, hash);
  const number = hash === -1 ? null : ign.slice(hash + 1);
  if (!NAME.test(name) || (number !== null && !NUMBER.test(number))) return IGN_CHARACTERS_MESSAGE;
  if (name.length > IGN_NAME_MAX) return IGN_LENGTH_MESSAGE;
  return null;
}

const SPACE = `[${JS_SPACE_CHARS}]`;
/**
 * Exactly the typed names `ignFieldSchema` accepts, as a pattern for the API's document: blank, or a name of
 * letters and digits in words apart by any spaces, at most IGN_NAME_MAX characters once each gap counts as one
 * (the lookahead), optionally `#` and a number, with spaces around any of it.
 */
export const IGN_FIELD_PATTERN =
  `^${SPACE}*(?:(?=(?:[A-Za-z0-9]|${SPACE}+(?=[A-Za-z0-9])){1,${IGN_NAME_MAX}}${SPACE}*(?:#|$))` +
  `[A-Za-z0-9]+(?:${SPACE}+[A-Za-z0-9]+)*(?:${SPACE}*#${SPACE}*[0-9]{1,${IGN_NUMBER_MAX_DIGITS}})?${SPACE}*)?$`;

/** The longest IGN: a name of IGN_NAME_MAX characters, `#` and its number. */
export const IGN_MAX_LENGTH = IGN_NAME_MAX + 1 + IGN_NUMBER_MAX_DIGITS;

/**
 * The IGN as a body field (Settings, the post form): a name to keep, or blank or null to clear it (null).
 * Longer input than any name is refused before it is looked at.
 */
export const ignFieldSchema = z
  .string({ error: 'In-game name must be text' })
  .max(IGN_MAX_LENGTH * 4, IGN_LENGTH_MESSAGE)
  .nullable()
  .transform((raw, ctx) => {
    const ign = normaliseIgn(raw ?? '');
    if (ign === '') return null;
    const problem = ignProblem(ign);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return ign;
  })
  .meta({
    maxLength: IGN_MAX_LENGTH * 4,
    pattern: IGN_FIELD_PATTERN,
    description:
      'Your Brighter Shores character name, shown only to the other party of an accepted offer: letters, ' +
      `digits and single spaces, at most ${IGN_NAME_MAX} characters, optionally followed by # and up to ` +
      `${IGN_NUMBER_MAX_DIGITS} digits (Name#566). Spaces around it are removed; blank or null clears it.`,
  });

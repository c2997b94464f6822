import { codeRegions } from '../../lib/code-regions';
import pythonBot from '../../../scripts/examples/python_bot.py?raw';
import typescriptBot from '../../../scripts/examples/realtime-bot.ts?raw';

/** The excerpts of the guide, in the order it explains them. */
export const BOT_STEPS = ['client', 'find', 'watch', 'offer', 'events'] as const;
export type BotStep = (typeof BOT_STEPS)[number];
export const BOT_LANGUAGES = ['typescript', 'python'] as const;
export type BotLanguage = (typeof BOT_LANGUAGES)[number];

/**
 * The "Build a bot" guide shows the example bots' own code (their `#region` excerpts, bundled as text
 * with the guide's chunk), so what it teaches is what their tests run.
 */
export const BOT_CODE: Record<BotLanguage, Record<string, string>> = {
  typescript: codeRegions(typescriptBot),
  python: codeRegions(pythonBot),
};

import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

it('makes zod parse without compiling code (new Function), which the page CSP forbids', async () => {
  await import('./zod-jitless');
  const { z } = await import('zod');
  const compiled = vi.fn();
  vi.stubGlobal(
    'Function',
    new Proxy(Function, {
      construct(target, args) {
        compiled(args);
        return Reflect.construct(target, args);
      },
    }),
  );
  const schema = z.object({ name: z.string(), quantity: z.number().int() });
  for (let i = 0; i < 3; i++)
    expect(schema.parse({ name: 'Rope', quantity: 2 })).toEqual({ name: 'Rope', quantity: 2 });
  expect(compiled).not.toHaveBeenCalled();
});
